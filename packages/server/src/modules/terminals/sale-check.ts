import { allocate, type PricedBasket, type PricedLine } from '../pricing/index';
import type { ChargedLine } from './charged';
import type { Difference } from './differences';

/** What the engine expects of one request line: its unit price and total (null: it cannot price the item). */
export interface ExpectedLine {
  unitPrice: number | null;
  total: number | null;
}

const keyOf = (l: { product: number | null; bundle: number | null }) =>
  l.product !== null ? `p${l.product}` : `b${l.bundle}`;
const engineKey = (l: PricedLine) => (l.product ? `p${l.product.id}` : `b${l.bundle!.id}`);

/**
 * A sale as charged, checked against the engine's pricing of the same basket: what each line is
 * expected to come to, and every difference with its reason. Per product or bundle (the engine
 * prices a product rung twice as one line), on the first line that has it:
 * - `price`: the lines before reductions, at the till's unit price against the engine's;
 * - `discountOverLimit`: the cashier's discounts above the approval limit given without an
 *   approver (the engine expects none of them);
 * - `discount`: the other cashier discounts, against what the engine gives for them;
 * - `promotion`: everything else taken off (promotions, rules, member discounts, vouchers);
 * - `unknownItem`: a line the engine cannot price (an inactive product), expected at nothing.
 * Then `charges` for the sale as a whole: what its total adds to its lines (tax added, surcharges,
 * rounding) against the engine's. The differences add up to the total charged less the expected.
 */
export function checkSale(
  lines: readonly ChargedLine[],
  priced: PricedBasket,
  total: number,
  unapprovedCodes: string,
): { expected: ExpectedLine[]; differences: Difference[] } {
  const expected: ExpectedLine[] = lines.map(() => ({ unitPrice: null, total: null }));
  const differences: Difference[] = [];
  const groups = new Map<string, number[]>();
  lines.forEach((l, i) => {
    if (!l.known) {
      differences.push({ reason: 'unknownItem', lineNo: l.index, product: l.product, expected: 0, charged: l.total });
      return;
    }
    groups.set(keyOf(l), [...(groups.get(keyOf(l)) ?? []), i]);
  });
  const engine = new Map(priced.lines.map((l) => [engineKey(l), l]));
  for (const [key, members] of groups) {
    const e = engine.get(key)!;
    const mine = members.map((i) => lines[i]!);
    const sum = (pick: (l: ChargedLine) => number) => mine.reduce((a, l) => a + pick(l), 0);
    const [gross, cashier, unapproved, charged] = [
      sum((l) => l.gross),
      sum((l) => l.cashier),
      sum((l) => l.unapproved),
      sum((l) => l.total),
    ];
    const discounts = e.adjustments.filter((a) => a.kind === 'discount').reduce((a, x) => a + x.amount, 0);
    const others = e.gross - e.total - discounts;
    const at = { lineNo: mine[0]!.index, product: mine[0]!.product, reference: e.bundle?.code ?? null };
    if (gross !== e.gross) differences.push({ ...at, reason: 'price', expected: e.gross, charged: gross });
    if (unapproved > 0)
      differences.push({
        ...at,
        reason: 'discountOverLimit',
        reference: unapprovedCodes,
        expected: 0,
        charged: -unapproved,
      });
    if (cashier - unapproved !== discounts)
      differences.push({ ...at, reason: 'discount', expected: -discounts, charged: -(cashier - unapproved) });
    if (gross - charged - cashier !== others)
      differences.push({ ...at, reason: 'promotion', expected: -others, charged: -(gross - charged - cashier) });
    const shares = allocate(
      e.total,
      mine.map((l) => l.quantity),
    );
    members.forEach((i, k) => (expected[i] = { unitPrice: e.unitPrice, total: shares[k]! }));
  }
  const linesCharged = lines.reduce((a, l) => a + l.total, 0);
  const linesExpected = priced.lines.reduce((a, l) => a + l.total, 0);
  if (total - linesCharged !== priced.total - linesExpected)
    differences.push({
      reason: 'charges',
      lineNo: null,
      product: null,
      expected: priced.total - linesExpected,
      charged: total - linesCharged,
    });
  return { expected, differences };
}
