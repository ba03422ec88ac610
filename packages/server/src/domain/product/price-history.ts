import { getEntity, toStorageRow } from '@backroom/schema';
import type { EntityHook } from '../../data/hooks';

const history = getEntity('pricehistory');

/**
 * A product's selling price set or changed: one price history row, in the write's transaction. A
 * job acting as the system (no user row, id 0) leaves the author blank.
 */
export const priceHistory: EntityHook = {
  async afterWrite({ trx, auth, action, id, before, after, now, ctx }) {
    if (action === 'delete' || !after) return;
    const oldPrice = (before?.sellingPrice as string | null | undefined) ?? null;
    const newPrice = after.sellingPrice as string | null;
    if (newPrice === null || newPrice === oldPrice) return;
    await trx
      .insertInto(history.table)
      .values(toStorageRow(history, { product: id, oldPrice, newPrice, changedAt: now, changedBy: auth.userId > 0 ? auth.userId : null }, ctx.dialect))
      .execute();
  },
};
