import { canonicalOrder } from './lines';
import { allocate, percentOf, sum, times } from './arithmetic';
import {
  partRemaining,
  split,
  reduce,
  unitValue,
  wholeUnits,
  UNIT,
  type Adjuster,
  type Portion,
  type RuleKey,
} from './portions';
import type { Minor, Thousandths } from './types';

/** What a reward would do: the units it discounts and, for buy X get Y, the units bought to earn it. At most one take per portion. */
export interface Plan {
  takes: { portion: Portion; qty: Thousandths; amount: Minor }[];
  qualifying: { portion: Portion; qty: Thousandths }[];
}

export const emptyPlan = (): Plan => ({ takes: [], qualifying: [] });
export function planAmount(plan: Plan): Minor {
  let total = 0;
  for (const take of plan.takes) total += take.amount;
  return total;
}

/** Portions by unit value, ties in the lines' canonical order (by product, then bundle), never by basket order. */
const byValue = (dir: 1 | -1) => (a: Portion, b: Portion) =>
  dir * (unitValue(a) - unitValue(b)) || canonicalOrder(a.line, b.line);

/** Up to `units` whole units from the portions, taken in the given order: [portion, qty] pairs. */
function pickUnits(
  portions: readonly Portion[],
  units: number,
  used: Map<Portion, Thousandths> = new Map(),
): [Portion, Thousandths][] {
  const out: [Portion, Thousandths][] = [];
  let left = units;
  for (const p of portions) {
    if (left <= 0) break;
    const free = wholeUnits(p.qty - (used.get(p) ?? 0));
    const n = Math.min(free, left);
    if (n <= 0) continue;
    out.push([p, n * UNIT]);
    used.set(p, (used.get(p) ?? 0) + n * UNIT);
    left -= n;
  }
  return out;
}

/** Caps a plan's amount at `max`, shared over its takes in proportion. */
export function capped(plan: Plan, max: Minor | null): Plan {
  if (max === null) return plan;
  const total = planAmount(plan);
  if (total <= max) return plan;
  const shares = allocate(
    max,
    plan.takes.map((t) => t.amount),
  );
  return { ...plan, takes: plan.takes.map((t, i) => ({ ...t, amount: shares[i]! })) };
}

/** `percent` off each portion, or off the dearest `maxUnits` units when limited. */
export function percentPlan(portions: readonly Portion[], percent: number, maxUnits: number | null): Plan {
  const chosen: [Portion, Thousandths][] =
    maxUnits === null ? portions.map((p) => [p, p.qty]) : pickUnits([...portions].sort(byValue(-1)), maxUnits);
  return {
    takes: chosen.map(([portion, qty]) => ({ portion, qty, amount: percentOf(partRemaining(portion, qty), percent) })),
    qualifying: [],
  };
}

/** Each unit at `price` (never raised): the units dearer than it, dearest first when limited. */
export function fixedPricePlan(portions: readonly Portion[], price: Minor, maxUnits: number | null): Plan {
  const dearer = portions.filter((p) => partRemaining(p, p.qty) > times(price, p.qty));
  const chosen: [Portion, Thousandths][] =
    maxUnits === null ? dearer.map((p) => [p, p.qty]) : pickUnits([...dearer].sort(byValue(-1)), maxUnits);
  return {
    takes: chosen.map(([portion, qty]) => ({
      portion,
      qty,
      amount: Math.max(0, partRemaining(portion, qty) - times(price, qty)),
    })),
    qualifying: [],
  };
}

/** `amount` off each unit (a simple promotion's amount off), never below zero. */
export function amountPerUnitPlan(portions: readonly Portion[], amount: Minor): Plan {
  return {
    takes: portions.map((portion) => ({
      portion,
      qty: portion.qty,
      amount: Math.min(portion.remaining, times(amount, portion.qty)),
    })),
    qualifying: [],
  };
}

/** `amount` off the portions together, shared in proportion to what each still costs. */
export function sharedAmountPlan(portions: readonly Portion[], amount: Minor): Plan {
  const total = sum(portions.map((p) => p.remaining));
  const shares = allocate(
    Math.min(amount, total),
    portions.map((p) => p.remaining),
  );
  return { takes: portions.map((portion, i) => ({ portion, qty: portion.qty, amount: shares[i]! })), qualifying: [] };
}

/**
 * Buy X get Y. The units bought and the units discounted are different units: from one pool
 * (buy X get X) the cheapest units are the ones discounted and the dearest the ones bought; with a
 * get product, its units are discounted and the others bought first. Applied as many times as the
 * units allow, up to `maxApplications`.
 */
export function buyGetPlan(
  pool: readonly Portion[],
  getPool: readonly Portion[] | null,
  reward: { buy: number; get: number; percent: number; maxApplications: number | null },
): { plan: Plan; applications: number } {
  const { buy, get, percent } = reward;
  const limit = reward.maxApplications ?? Infinity;
  const unitsOf = (ps: readonly Portion[]) => sum(ps.map((p) => wholeUnits(p.qty)));
  let applications: number;
  let getFrom: Portion[];
  let buyFrom: Portion[];
  if (getPool === null) {
    applications = Math.min(limit, Math.floor(unitsOf(pool) / (buy + get)));
    getFrom = [...pool].sort(byValue(1));
    buyFrom = [...pool].sort(byValue(-1));
  } else {
    const inGet = new Set(getPool);
    const others = pool.filter((p) => !inGet.has(p));
    const getUnits = unitsOf(getPool);
    const otherUnits = unitsOf(others);
    const getQualifies = getPool.some((p) => pool.includes(p));
    applications = Math.min(limit, Math.floor(getUnits / get));
    while (applications > 0 && applications * buy > otherUnits + (getQualifies ? getUnits - applications * get : 0))
      applications--;
    getFrom = [...getPool].sort(byValue(1));
    buyFrom = [...others.sort(byValue(-1)), ...(getQualifies ? [...getPool].sort(byValue(-1)) : [])];
  }
  if (applications <= 0) return { plan: emptyPlan(), applications: 0 };
  const used = new Map<Portion, Thousandths>();
  const gets = pickUnits(getFrom, applications * get, used);
  const buys = pickUnits(buyFrom, applications * buy, used);
  return {
    applications,
    plan: {
      takes: gets.map(([portion, qty]) => ({ portion, qty, amount: percentOf(partRemaining(portion, qty), percent) })),
      qualifying: buys.map(([portion, qty]) => ({ portion, qty })),
    },
  };
}

/** Carries a plan out: splits off the units it takes, reduces them, and marks them claimed by the rule. */
export function commit(plan: Plan, who: Adjuster, key: RuleKey, stackable: boolean): Committed {
  const claim = (p: Portion) => {
    if (!p.touchedBy.includes(key)) p.touchedBy.push(key);
    if (!stackable) p.blockedBy = key;
  };
  const done: Committed = { amount: 0, lines: new Set(), qualifyingLines: new Set() };
  for (const take of plan.takes) {
    const part = split(take.portion, take.qty);
    const amount = Math.min(take.amount, part.remaining);
    reduce(part, amount, who, take.qty);
    claim(part);
    done.amount += amount;
    if (amount > 0) done.lines.add(part.line.line);
  }
  for (const q of plan.qualifying) {
    const part = split(q.portion, q.qty);
    claim(part);
    done.qualifyingLines.add(part.line.line);
  }
  return done;
}

export interface Committed {
  amount: Minor;
  lines: Set<number>;
  qualifyingLines: Set<number>;
}
