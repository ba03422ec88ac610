import { ApiError } from '../../http/envelope';
import { recordAudit } from '../../data/audit';
import type { EntityHook } from '../../data/hooks';
import { allOf } from '../../data/query';
import { apiRow } from '../../data/read';
import { rowFilters } from '../../data/access';
import { columnOf } from '../columns';

/**
 * A future price is edited or deleted while pending only; `cancel` ({ids}) cancels the pending ones
 * among the rows the caller may see and answers how many.
 */
export const futurePrice: EntityHook = {
  async beforeWrite({ trx, entity, action, id }) {
    if (action === 'insert' || id === null) return;
    const stored = await trx.selectFrom(entity.table).select(columnOf(entity, 'status')).where('id', '=', id).executeTakeFirst();
    const status = stored?.[columnOf(entity, 'status')] as string | undefined;
    if (status !== undefined && status !== 'pending') throw new ApiError(409, `This future price is ${status} and can no longer change`);
  },
  actions: {
    async cancel(call) {
      const { ctx, trx, entity, ids, now } = call;
      const status = columnOf(entity, 'status');
      const pending = await trx
        .selectFrom(`${entity.table} as t`)
        .select('t.id')
        .where('t.id', 'in', ids)
        .where(`t.${status}`, '=', 'pending')
        .where(allOf(await rowFilters(call.request, entity)))
        .execute();
      for (const { id } of pending) {
        const before = await apiRow(ctx, trx, entity, Number(id), { labels: false });
        await trx
          .updateTable(entity.table)
          .set((eb) => ({ [status]: 'cancelled', version: eb('version', '+', 1), updated_at: now, updated_by: call.auth.userName }))
          .where('id', '=', id)
          .execute();
        await recordAudit(call, 'update', Number(id), before!, (await apiRow(ctx, trx, entity, Number(id), { labels: false }))!);
      }
      return { cancelled: pending.length };
    },
  },
};
