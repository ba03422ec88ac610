import type { EntityHook } from '../../data/hooks';
import { typedDb } from '../../db/types';
import { ApiError } from '../../http/envelope';
import { nextDocumentNo } from '../document-numbers';
import { assertStockLines, assertTwoLocations } from './order';

export const DOC_PREFIX = 'DO';

/**
 * What every write of a delivery order obeys, whichever address it comes through (the legacy
 * `/deliveryorder`, DataRepository, the `deliveryorder` family): it gets its number on insert; only
 * a draft changes or goes; From and To differ; every line is a product that keeps stock.
 * Status changes are the actions of transitions.ts, never a field write.
 */
export const deliveryOrderRules: EntityHook = {
  async beforeWrite({ trx, action, id, row }) {
    const stored =
      id === null
        ? undefined
        : await typedDb(trx)
            .selectFrom('delivery_order')
            .select(['doc_no', 'status', 'from_location_id', 'to_location_id'])
            .where('id', '=', id)
            .executeTakeFirst();
    if (stored && stored.status !== 'draft') {
      const doing = action === 'delete' ? 'deleted' : 'changed';
      throw new ApiError(
        409,
        `Delivery order ${String(stored.doc_no)} is ${String(stored.status)}: only a draft can be ${doing}`,
      );
    }
    if (action === 'delete') return;
    assertTwoLocations(
      'fromLocation' in row ? row.fromLocation : stored?.from_location_id,
      'toLocation' in row ? row.toLocation : stored?.to_location_id,
    );
    if (Array.isArray(row.lines)) await assertStockLines(trx, row.lines as { product: number }[]);
    if (action === 'insert') return { doc_no: await nextDocumentNo(trx, DOC_PREFIX) };
  },
};
