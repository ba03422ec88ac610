import { findEntity, statusLabel } from '@backroom/schema';
import { z } from 'zod';
import { ApiError } from '../../http/envelope';
import { recordAudit } from '../../data/audit';
import { rowAction, type EntityHook } from '../../data/hooks';
import { allOf } from '../../data/query';
import { apiRow } from '../../data/read';
import { rowFilters } from '../../data/access';
import { typedDb } from '../../db/types';

/**
 * A future price is edited or deleted while pending only; `cancel` ({ids}) cancels the pending ones
 * among the rows the caller may see and answers how many.
 */
export const futurePrice: EntityHook = {
  async beforeWrite({ trx, action, id }) {
    if (action === 'insert' || id === null) return;
    const stored = await typedDb(trx)
      .selectFrom('future_product_price')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirst();
    if (stored && stored.status !== 'pending')
      throw new ApiError(
        409,
        `This future price is ${statusLabel(findEntity('futureproductprice')!, String(stored.status)).toLowerCase()} and can no longer change`,
      );
  },
  actions: {
    cancel: rowAction(z.object({ cancelled: z.number().int().min(0) }), async (call) => {
      const { ctx, trx, entity, ids, now } = call;
      const db = typedDb(trx);
      const pending = await db
        .selectFrom('future_product_price as t')
        .select('t.id')
        .where('t.id', 'in', ids)
        .where('t.status', '=', 'pending')
        .where(allOf(await rowFilters(call.request, entity)))
        .execute();
      for (const { id } of pending) {
        const before = await apiRow(ctx, trx, entity, id, { labels: false });
        await db
          .updateTable('future_product_price')
          .set((eb) => ({
            status: 'cancelled',
            version: eb('version', '+', 1),
            updated_at: now,
            updated_by: call.auth.userName,
          }))
          .where('id', '=', id)
          .execute();
        await recordAudit(call, 'update', id, before!, (await apiRow(ctx, trx, entity, id, { labels: false }))!);
      }
      return { cancelled: pending.length };
    }),
  },
};
