import { preparedInsert, preparedPairUpdate, preparedQuery } from '../../db/compiled';
import { dialectOf } from '../../db/connect';
import { typedDb } from '../../db/types';
import type { ActionCall } from '../../data/hooks';

/**
 * Spreads `total` minor units over lines by `weights` (their value or quantity), exactly: line i
 * gets round(total × (w1+…+wi) / W) − round(total × (w1+…+wi−1) / W), so the shares add up to the
 * total and each is within a minor unit of its proportion. Equal shares by count when every weight is 0.
 */
export function spread(total: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  const all = weights.reduce((a, b) => a + b, 0);
  const w = all > 0 ? weights : weights.map(() => 1);
  const sum = all > 0 ? all : weights.length;
  let before = 0;
  let cumulative = 0;
  return w.map((weight) => {
    cumulative += weight;
    const upTo = Math.round((total * cumulative) / sum);
    const share = upTo - before;
    before = upTo;
    return share;
  });
}

/**
 * The moving average cost per unit (minor units) after `quantity` thousandths (signed: a return is
 * negative) worth `value` minor units (signed, landed costs included) enter a pair holding
 * `onHand` thousandths at `average`:
 *
 *     new = (onHand × average + value) / (onHand + quantity), half up
 *
 * - An inflow onto nothing (on hand ≤ 0) starts afresh at its own cost: units sold below zero had no
 *   cost to average with.
 * - An outflow that leaves nothing (on hand after ≤ 0) keeps the average: there is nothing left to value.
 * - A pair with no average yet counts what it holds at `fallback` (the product's cost price), else at
 *   the inflow's own unit cost. The result is never below zero.
 */
export function nextAverage(
  onHand: number,
  average: number | null,
  fallback: number | null,
  quantity: number,
  value: number,
): number {
  const own = quantity !== 0 ? Math.round((value * 1000) / quantity) : 0;
  const before = average ?? fallback ?? own;
  const after = onHand + quantity;
  if (quantity > 0 && onHand <= 0) return Math.max(0, own);
  if (after <= 0) return before;
  return Math.max(0, Math.round((onHand * before + value * 1000) / after));
}

export interface CostedLine {
  product: number;
  /** Signed thousandths, as moved. */
  quantity: number;
  /** Signed minor units (line value with its landed cost). */
  value: number;
}

const CHUNK = 50;

// The statements below, compiled once per line count (db/compiled.ts) and on PostgreSQL prepared by
// name: built through Kysely on every receipt they were most of its query builder's time (0.9 ms
// of a 200-line receipt), and planned again on each run.
const balancesOf = preparedQuery(
  () => '',
  // Stand-ins for the location's and the products' ids.
  (db, [location, ...ids]) => {
    const read = typedDb(db)
      .selectFrom('stock_balance as b')
      .innerJoin('product as p', 'p.id', 'b.product_id')
      .select(['b.product_id', 'b.quantity', 'b.average_cost', 'p.cost_price'])
      .where('b.location_id', '=', location as number)
      .where('b.product_id', 'in', ids as number[])
      .orderBy('b.product_id');
    return dialectOf(db) === 'postgres' ? read.forUpdate('b') : read;
  },
);
const setAverages = preparedPairUpdate('stock_balance', 'product_id', 'average_cost', 'location_id');
const insertAverages = preparedInsert('average_cost');

/**
 * Moves the average cost of each (product, location) a receipt or return moved, after `move` has
 * moved the balances: on hand before = the balance less what moved. Writes the balance's
 * `average_cost` and one `average_cost` row per pair (the history a valuation at a past date reads).
 *
 * Two receipts of one pair at once must not both average from the same figures (a lost update:
 * the later write would forget the earlier receipt's value). So this runs only after `move`, whose
 * upsert creates a missing balance row and locks it to the commit (a lock `for update` cannot take on
 * a row not there yet); the read here then takes the lock again on PostgreSQL (`for update of` the
 * balance rows, in product order), so an existing row's read-then-write is safe on its own. The second receipt
 * waits for the first's commit and reads its on hand and average. SQLite's write transactions begin
 * immediate (db/connect.ts), one at a time. test/purchasing/concurrency.test.ts races six receipts.
 */
export async function recordAverageCosts(
  w: Pick<ActionCall, 'trx' | 'now' | 'auth'>,
  location: number,
  lines: readonly CostedLine[],
  reference: string,
): Promise<void> {
  if (lines.length === 0) return;
  const { rows: balances } = await balancesOf(w.trx, undefined, [location, ...lines.map((l) => l.product)]);
  const byProduct = new Map(balances.map((b) => [Number(b.product_id), b]));
  const costed = lines.map((line) => {
    const b = byProduct.get(line.product);
    const onHandBefore = Number(b?.quantity ?? 0) - line.quantity;
    const average = b?.average_cost === null || b?.average_cost === undefined ? null : Number(b.average_cost);
    const fallback = b?.cost_price === null || b?.cost_price === undefined ? null : Number(b.cost_price);
    return { ...line, onHandBefore, cost: nextAverage(onHandBefore, average, fallback, line.quantity, line.value) };
  });
  for (let start = 0; start < costed.length; start += CHUNK) {
    const chunk = costed.slice(start, start + CHUNK);
    await setAverages(
      w.trx,
      chunk.map((c) => [c.product, c.cost]),
      location,
    );
    await insertAverages(
      w.trx,
      chunk.map((c) => ({
        product_id: c.product,
        location_id: location,
        at: w.now,
        average_cost: c.cost,
        on_hand_before: c.onHandBefore,
        quantity: c.quantity,
        reference,
        version: 1,
        created_at: w.now,
        created_by: w.auth.userName,
        updated_at: w.now,
        updated_by: w.auth.userName,
      })),
    );
  }
}
