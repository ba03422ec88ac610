import { formatScaled } from '@backroom/schema';
import { allocate, mulDiv, Problems, times, type ProductInput } from '../pricing/index';

/** A cashier's discount as the till gave it: the discount, what it took off, who approved it. */
export interface TillDiscount {
  discount: number;
  code: string;
  amount: number;
  approvedBy: number | null;
  /** The request line it was given on; null: a bill discount. */
  line: number | null;
}

/** A request line as the till rang it (money in minor units, quantities in thousandths). */
export interface TillLine {
  index: number;
  /** A product line's product, or null for a bundle. */
  product: number | null;
  bundle: number | null;
  /** A bundle line: its items, each with its quantity for the whole line. */
  components: { product: number; quantity: number }[];
  /** The pricing engine can price it (an active product, or a bundle). */
  known: boolean;
  quantity: number;
  unitPrice: number;
  discounts: TillDiscount[];
  lineTotal: number | null;
  tax: number | null;
  taxInclusive: boolean | null;
}

/** What a stored line holds: a product line is one part, a bundle line one part per item. */
export interface ChargedPart {
  product: number;
  quantity: number;
  gross: number;
  total: number;
  tax: number;
  inclusive: boolean;
}

/** A line's figures as charged: before reductions, the cashier's discounts (its own and its share of the bill's), after every reduction, and its tax. */
export interface ChargedLine extends TillLine {
  gross: number;
  cashier: number;
  /** The part of `cashier` given above the approval limit without an approver. */
  unapproved: number;
  total: number;
  taxAmount: number;
  parts: ChargedPart[];
}

/** A tax code's rate (thousandths of a percent) and whether prices include it. */
export type TaxOf = (product: number) => { rate: number; inclusive: boolean } | null;

const taxOn = (amount: number, code: { rate: number; inclusive: boolean } | null) =>
  amount <= 0 || !code || code.rate === 0
    ? 0
    : code.inclusive
      ? mulDiv(amount, code.rate, 100_000 + code.rate)
      : mulDiv(amount, code.rate, 100_000);

/**
 * The till's figures per line. A line's total is the till's (`lineTotal`) when it sends one, else
 * quantity × unit price less its discounts and its share of the bill discounts (shared over the
 * lines in proportion to what is left of them). Its tax is the till's, else the tax of its tax code
 * on its total (as the engine would charge it on that amount). `offBill`, what the till took off
 * the bill beyond its discounts (a voucher when it sends only the total), is shared the same way over
 * the lines without a total of their own. A bundle line's figures are shared over its items (`split`). A discount worth more than what it discounts, or a line total above its
 * quantity × unit price, cannot be what a till charged: a 400 naming it.
 */
export function chargedLines(
  lines: readonly TillLine[],
  bill: readonly TillDiscount[],
  unapprovedIds: ReadonlySet<number>,
  split: (l: TillLine) => (amount: number) => number[],
  taxOf: TaxOf,
  decimals: number,
  offBill = 0,
): ChargedLine[] {
  const problems = new Problems();
  const money = (minor: number) => formatScaled(minor, decimals);
  const gross = lines.map((l) => times(l.unitPrice, l.quantity));
  const own = lines.map((l) => l.discounts.reduce((a, d) => a + d.amount, 0));
  lines.forEach(
    (l, i) =>
      own[i]! > gross[i]! &&
      problems.add(
        `lines.${l.index}.discounts`,
        `The line's discounts (${money(own[i]!)}) are more than the line (${money(gross[i]!)})`,
      ),
  );
  const left = lines.map((_, i) => Math.max(0, gross[i]! - own[i]!));
  const billTotal = bill.reduce((a, d) => a + d.amount, 0);
  if (billTotal > left.reduce((a, b) => a + b, 0))
    problems.add('discounts', `The bill discounts (${money(billTotal)}) are more than the lines left to discount`);
  problems.throwIfAny();
  const shares = bill.map((d) => allocate(d.amount, left));
  const rest = allocate(
    offBill,
    lines.map((l, i) => (l.lineTotal === null ? Math.max(0, left[i]! - shares.reduce((a, s) => a + s[i]!, 0)) : 0)),
  );
  const out = lines.map((l, i): ChargedLine => {
    const billShare = shares.reduce((a, s) => a + s[i]!, 0);
    const unapproved =
      l.discounts
        .filter((d) => d.approvedBy === null && unapprovedIds.has(d.discount))
        .reduce((a, d) => a + d.amount, 0) +
      bill.reduce((a, d, k) => a + (d.approvedBy === null && unapprovedIds.has(d.discount) ? shares[k]![i]! : 0), 0);
    const cashier = own[i]! + billShare;
    const total = l.lineTotal ?? gross[i]! - cashier - rest[i]!;
    if (total < 0 || total > gross[i]!)
      problems.add(
        `lines.${l.index}.lineTotal`,
        `A line total is between 0 and quantity × unit price (${money(gross[i]!)})`,
      );
    let parts: ChargedPart[];
    if (l.product !== null) {
      const code = taxOf(l.product);
      const inclusive = l.taxInclusive ?? code?.inclusive ?? false;
      parts = [
        {
          product: l.product,
          quantity: l.quantity,
          gross: gross[i]!,
          total,
          tax: l.tax ?? taxOn(total, code && { ...code, inclusive }),
          inclusive,
        },
      ];
    } else {
      const share = split(l);
      const [grossShares, totalShares, taxShares] = [
        share(gross[i]!),
        share(total),
        l.tax === null ? null : share(l.tax),
      ];
      parts = l.components.map((c, k) => {
        const code = taxOf(c.product);
        const inclusive = l.taxInclusive ?? code?.inclusive ?? false;
        return {
          product: c.product,
          quantity: c.quantity,
          gross: grossShares[k]!,
          total: totalShares[k]!,
          tax: taxShares ? taxShares[k]! : taxOn(totalShares[k]!, code && { ...code, inclusive }),
          inclusive,
        };
      });
    }
    return {
      ...l,
      gross: gross[i]!,
      cashier,
      unapproved,
      total,
      taxAmount: parts.reduce((a, p) => a + p.tax, 0),
      parts,
    };
  });
  problems.throwIfAny();
  return out;
}

/**
 * A bundle line's amounts shared over its items in proportion to their own prices (equally when
 * none has one), so each item's line carries its part of what the bundle was charged.
 */
export function bundleShares(
  components: readonly { product: number; quantity: number }[],
  products: ReadonlyMap<number, ProductInput>,
): (amount: number) => number[] {
  const weights = components.map((c) => times(products.get(c.product)?.price ?? 0, c.quantity));
  const fair = weights.every((w) => w === 0) ? weights.map(() => 1) : weights;
  return (amount) => (amount < 0 ? allocate(-amount, fair).map((a) => -a) : allocate(amount, fair));
}
