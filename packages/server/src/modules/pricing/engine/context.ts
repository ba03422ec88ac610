import type { ConsideredKind } from '@backroom/schema';
import type { LocalTime } from './calendar';
import type { Committed } from './plans';
import type { Adjuster, Portion, RuleKey, WorkLine } from './portions';
import type { Prepared } from './prepare';
import type { Adjustment, Basket, Considered, PricingData } from './types';

/** The state one pricing run works on. */
export interface PricingRun {
  data: PricingData;
  prepared: Prepared;
  basket: Basket;
  now: LocalTime;
  /** Lines in canonical order (by product or bundle id), whatever the order they were added in. */
  lines: WorkLine[];
  memberActive: boolean;
  adjustments: Adjustment[];
  considered: Considered[];
  /** Who each claim key is, for "lost to …". */
  claimants: Map<RuleKey, Adjuster>;
}

export const keyOf = (who: { kind: string; id: number }): RuleKey => `${who.kind}:${who.id}`;

export const portionsOf = (lines: readonly WorkLine[]): Portion[] => lines.flatMap((l) => l.portions);

export function consider(
  run: PricingRun,
  who: Adjuster | { kind: ConsideredKind; id: number; code: string; name: string },
): Considered {
  const entry: Considered = { kind: who.kind, id: who.id, code: who.code, name: who.name, fired: false, amount: 0 };
  run.considered.push(entry);
  return entry;
}

/** Records a committed reduction as an adjustment and marks its considered entry fired. */
export function record(
  run: PricingRun,
  entry: Considered,
  who: Adjuster,
  level: 'item' | 'bill',
  done: Committed,
  extra: Partial<Adjustment> = {},
): void {
  if (done.amount <= 0) return;
  entry.fired = true;
  entry.amount += done.amount;
  const existing = run.adjustments.find((a) => a.kind === who.kind && a.id === who.id);
  const sorted = (s: Set<number>) => [...s].sort((a, b) => a - b);
  if (existing) {
    existing.amount += done.amount;
    existing.lines = sorted(new Set([...existing.lines, ...done.lines]));
    if (done.qualifyingLines.size > 0)
      existing.qualifyingLines = sorted(new Set([...(existing.qualifyingLines ?? []), ...done.qualifyingLines]));
    return;
  }
  run.adjustments.push({
    kind: who.kind,
    id: who.id,
    code: who.code,
    name: who.name,
    level,
    amount: done.amount,
    lines: sorted(done.lines),
    ...(done.qualifyingLines.size > 0 ? { qualifyingLines: sorted(done.qualifyingLines) } : {}),
    ...extra,
  });
}

export function notFired(
  entry: Considered,
  reason: NonNullable<Considered['reason']>,
  params?: Record<string, string>,
): void {
  entry.fired = false;
  entry.reason = reason;
  if (params) entry.params = params;
}
