import type { EntityHook } from '../../data/hooks';
import { ApiError } from '../../http/envelope';
import { nextDocumentNo } from '../document-numbers';
import { COLUMN, assertStockLines, assertTwoLocations } from './order';

export const DOC_PREFIX = 'DO';

/**
 * What every write of a delivery order obeys, whichever address it comes through (the legacy
 * `/deliveryorder`, DataRepository, the `deliveryorder` family): it gets its number on insert; only
 * a draft changes or goes; From and To differ; every line is a product that keeps stock.
 * Status changes are the actions of transitions.ts, never a field write.
 */
export const deliveryOrderRules: EntityHook = {
  async beforeWrite({ trx, entity, action, id, row }) {
    const stored =
      id === null
        ? undefined
        : await trx
            .selectFrom(entity.table)
            .select([COLUMN.docNo, COLUMN.status, COLUMN.from, COLUMN.to])
            .where('id', '=', id)
            .executeTakeFirst();
    if (stored && stored[COLUMN.status] !== 'draft') {
      const doing = action === 'delete' ? 'deleted' : 'changed';
      throw new ApiError(
        409,
        `Delivery order ${String(stored[COLUMN.docNo])} is ${String(stored[COLUMN.status])}: only a draft can be ${doing}`,
      );
    }
    if (action === 'delete') return;
    assertTwoLocations(
      'fromLocation' in row ? row.fromLocation : stored?.[COLUMN.from],
      'toLocation' in row ? row.toLocation : stored?.[COLUMN.to],
    );
    if (Array.isArray(row.lines)) await assertStockLines(trx, row.lines as { product: number }[]);
    if (action === 'insert') return { [COLUMN.docNo]: await nextDocumentNo(trx, DOC_PREFIX) };
  },
};
