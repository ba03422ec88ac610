import { getEntity, toStorageRow } from '@backroom/schema';
import type { EntityHook } from '../../data/hooks';
import { insertMany } from '../../data/insert-many';

const history = getEntity('pricehistory');

/**
 * A product's selling price set or changed: one price history row, in the write's transaction. A
 * job acting as the system (no user row, id 0) leaves the author blank. A batch write (an import)
 * writes its rows with multi-row inserts.
 */
export const priceHistory: EntityHook = {
  async afterWriteMany(events) {
    const rows = events.flatMap(({ auth, action, id, before, after, now, ctx }) => {
      if (action === 'delete' || !after) return [];
      const oldPrice = (before?.sellingPrice as string | null | undefined) ?? null;
      const newPrice = after.sellingPrice as string | null;
      if (newPrice === null || newPrice === oldPrice) return [];
      return [
        toStorageRow(
          history,
          { product: id, oldPrice, newPrice, changedAt: now, changedBy: auth.userId > 0 ? auth.userId : null },
          ctx.dialect,
        ),
      ];
    });
    if (rows.length > 0) await insertMany(events[0]!.trx, history.table, rows, false);
  },
};
