import { findEntity } from '@backroom/schema';
import type { Row } from '../../data/store';
import type { Writer } from '../../data/write';
import { onHand, quantityText, thousandths } from '../stock/index';
import { fillCount } from '../stockcount/index';
import type { ScalarField } from './columns';
import type { Importer, RowOutcome } from './importer';

const balance = findEntity('stockbalance')!;
const field = (name: string, label?: string) => {
  const found = balance.fields.find((f) => f.name === name) as ScalarField;
  return label ? ({ ...found, label } as ScalarField) : found;
};

/**
 * The outlet item balance importer: a stock count. Each row names a location (warehouse or outlet
 * store, by code) and a product (by SKU or barcode, its own or an alternate one: `Lookups`) with the counted
 * quantity; the commit fills a stock count document per location with those lines and posts it,
 * as a count entered on screen: adjustments with the reason `COUNT` and the count's number as
 * reference, those over the reason's approval value waiting for approval.
 */
export function stockCountImporter(): Importer {
  const location = field('location', 'Location');
  const product = field('product', 'Product');
  const counted = field('quantity', 'Counted quantity');
  return {
    type: 'outletitembalance',
    label: 'Outlet item balances',
    entity: balance,
    key: [location, product],
    columns: [location, product, counted],
    screen: 'importer/outletitembalance',
    options: [{ text: 'Stock count', value: 'count' }],
    meaning:
      'A stock count: each row gives the quantity counted of a product (by SKU or barcode) at a location (by code). The import makes a stock count per location with those lines and posts it: each difference from what the system holds becomes an adjustment with the reason COUNT and the count’s number as reference, and one worth more than the reason’s approval value waits for approval; rows that match are unchanged. Every row is checked first; then all are posted or none.',
    custom: {
      privilege: { screen: 'virtualstock', action: 'edit' },
      check(input: Row) {
        const value = input.quantity;
        const parsed = thousandths(value);
        if (value === null || value === undefined)
          return [{ field: 'quantity', message: 'Counted quantity is required' }];
        if (parsed === undefined || parsed < 0)
          return [
            { field: 'quantity', message: 'Counted quantity must be a number of at least 0 with at most 3 decimals' },
          ];
        return [];
      },
      async write(w: Writer, rows: Row[]) {
        const outcomes: RowOutcome[] = [];
        const byLocation = new Map<number, { product: number; countedQty: string }[]>();
        let unchanged = 0;
        for (const row of rows) {
          const held = await onHand(w.trx, row.product as number, row.location as number);
          const wanted = thousandths(row.quantity)!;
          if (wanted === held) {
            unchanged++;
            outcomes.push({ action: 'unchanged' });
            continue;
          }
          outcomes.push({
            action: 'update',
            changes: [{ field: 'quantity', old: quantityText(held), new: quantityText(wanted) }],
          });
          const lines = byLocation.get(row.location as number) ?? [];
          lines.push({ product: row.product as number, countedQty: quantityText(wanted) });
          byLocation.set(row.location as number, lines);
        }
        for (const [location, lines] of byLocation) await fillCount(w, location, lines, 'Stock count import');
        return { inserted: 0, updated: rows.length - unchanged, unchanged, rows: outcomes };
      },
    },
  };
}
