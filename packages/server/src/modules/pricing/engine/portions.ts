import { mulDiv } from './arithmetic';
import type { LineAdjustment, LineHead, Minor, Thousandths } from './types';
import type { AdjustmentKind } from '@backroom/schema';

/** A rule as the claims name it: `newpromotion:12`. */
export type RuleKey = string;

/** One priced line while the engine works on it. */
export interface WorkLine extends LineHead {
  portions: Portion[];
  adjustments: Map<string, LineAdjustment>;
}

/**
 * A part of a line's quantity with its own state: rules claim whole portions, splitting a portion
 * when they take only some of its units. `remaining` is what the part still costs.
 */
export interface Portion {
  line: WorkLine;
  qty: Thousandths;
  remaining: Minor;
  /** The non-stackable rule that took it: nothing else may discount it. */
  blockedBy: RuleKey | null;
  /** Every rule that discounted it (or used it to qualify). */
  touchedBy: RuleKey[];
}

export const UNIT = 1000;
export const wholeUnits = (qty: Thousandths) => Math.floor(qty / UNIT);

/** What `qty` of the portion still costs, exactly as `split` would leave it. */
export const partRemaining = (p: Portion, qty: Thousandths) =>
  qty >= p.qty ? p.remaining : mulDiv(p.remaining, qty, p.qty);

/** Cuts `qty` off the portion (in place), answering the cut part, which sits right after it in its line. */
export function split(p: Portion, qty: Thousandths): Portion {
  if (qty >= p.qty) return p;
  const part: Portion = {
    line: p.line,
    qty,
    remaining: partRemaining(p, qty),
    blockedBy: p.blockedBy,
    touchedBy: [...p.touchedBy],
  };
  p.qty -= qty;
  p.remaining -= part.remaining;
  const portions = p.line.portions;
  portions.splice(portions.indexOf(p) + 1, 0, part);
  return part;
}

/** What one unit of the portion costs now (for choosing the cheapest or dearest units). */
export const unitValue = (p: Portion) => mulDiv(p.remaining, UNIT, p.qty);

export const remainingOf = (line: WorkLine) => line.portions.reduce((a, p) => a + p.remaining, 0);

export interface Adjuster {
  kind: AdjustmentKind;
  id: number;
  code: string;
  name: string;
}

/** Takes `amount` off the portion and notes it on its line under the adjuster. */
export function reduce(p: Portion, amount: Minor, who: Adjuster, quantity: Thousandths = p.qty): void {
  if (amount <= 0) return;
  if (amount > p.remaining) throw new Error('A reduction exceeds what the portion costs');
  p.remaining -= amount;
  const key = `${who.kind}:${who.id}`;
  const seen = p.line.adjustments.get(key);
  if (seen) {
    seen.amount += amount;
    seen.quantity += quantity;
  } else {
    p.line.adjustments.set(key, { kind: who.kind, id: who.id, code: who.code, name: who.name, amount, quantity });
  }
}
