import { formatScaled, getEntity, toStorageRow, type Dialect, type DifferenceReason } from '@backroom/schema';
import type { Kysely } from 'kysely';
import type { Database, StoredRow } from '../../db/types';

const difference = getEntity('saledifference');
const sale = getEntity('sale');

/** The sale a difference belongs to, as the Price differences screen lists it. */
export interface DifferenceSale {
  id: number;
  outlet: number;
  terminal: number;
  cashier: number | null;
  /** The sale's date at its outlet (`yyyy-mm-dd`). */
  day: string;
}

/**
 * One difference between what the till charged and what the back office expects, in the
 * currency's minor units: `expected` as the pricing engine (or a limit) has it, `charged` as the
 * till did; the row's `difference` is charged less expected. `lineNo`: the sale line (null: the
 * sale as a whole); `reference`: what it concerns (a discount's, voucher's or rule's code).
 */
export interface Difference {
  reason: DifferenceReason;
  lineNo: number | null;
  product: number | null;
  reference?: string | null;
  expected: number;
  charged: number;
}

/**
 * Records a sale's differences (`saledifference` rows) in the caller's transaction and flags the
 * sale (`priceDifference`). The one writer of the Price differences screen's rows: the sale check
 * (`sales.ts`) and whoever finds a sale went past a limit (an offline over-redemption) call it.
 * Answers the rows as stored.
 */
export async function recordDifferences(
  trx: Kysely<Database>,
  dialect: Dialect,
  of: DifferenceSale,
  differences: readonly Difference[],
  decimals: number,
): Promise<StoredRow<'sale_difference'>[]> {
  if (differences.length === 0) return [];
  const money = (minor: number) => formatScaled(minor, decimals);
  const rows = differences.map((d) =>
    toStorageRow(
      difference,
      {
        sale: of.id,
        outlet: of.outlet,
        terminal: of.terminal,
        cashier: of.cashier,
        day: of.day,
        lineNo: d.lineNo,
        product: d.product,
        reason: d.reason,
        reference: d.reference ?? null,
        expected: money(d.expected),
        charged: money(d.charged),
        difference: money(d.charged - d.expected),
      },
      dialect,
    ),
  );
  await trx.insertInto('sale_difference').values(rows).execute();
  await trx
    .updateTable('sale')
    .set(toStorageRow(sale, { priceDifference: true }, dialect))
    .where('id', '=', of.id)
    .execute();
  return rows;
}
