import { findEntity } from '@backroom/schema';
import type { Row } from '../../data/store';
import type { Writer } from '../../data/write';
import { ensureBalances, move, onHand, quantityText, thousandths } from '../stock/index';
import type { ScalarField } from './columns';
import type { Importer, RowOutcome } from './importer';

const balance = findEntity('stockbalance')!;
const field = (name: string, label?: string) => {
  const found = balance.fields.find((f) => f.name === name) as ScalarField;
  return label ? ({ ...found, label } as ScalarField) : found;
};

/**
 * The outlet item balance importer: a stock count. Each row names a location (warehouse or outlet
 * store, by code) and a product (by SKU) with the counted quantity; the commit posts the difference
 * from on hand as a `count` movement in the stock ledger, so the ledger explains every change.
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
      'A stock count: each row gives the quantity counted of a product (by SKU) at a location (by code). The import posts the difference from what the system holds as a count movement in the stock ledger; rows that match are unchanged. Every row is checked first; then all are posted or none.',
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
        const pairs = rows.map((r) => ({ product: r.product as number, location: r.location as number }));
        await ensureBalances(w, pairs);
        const inputs = [];
        let unchanged = 0;
        const outcomes: RowOutcome[] = [];
        for (const row of rows) {
          const held = await onHand(w.trx, row.product as number, row.location as number);
          const difference = thousandths(row.quantity)! - held;
          outcomes.push(
            difference === 0
              ? { action: 'unchanged' }
              : {
                  action: 'update',
                  changes: [
                    { field: 'quantity', old: quantityText(held), new: quantityText(thousandths(row.quantity)!) },
                  ],
                },
          );
          if (difference === 0) unchanged++;
          else
            inputs.push({
              product: row.product as number,
              location: row.location as number,
              quantity: difference,
              kind: 'count' as const,
              remarks: 'Stock count import',
            });
        }
        await move(w, inputs);
        return { inserted: 0, updated: inputs.length, unchanged, rows: outcomes };
      },
    },
  };
}
