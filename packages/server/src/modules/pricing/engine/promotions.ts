import { formatScaled } from '@backroom/schema';
import { sum } from './arithmetic';
import { checkWindow } from './calendar';
import { consider, keyOf, notFired, record, type PricingRun } from './context';
import {
  amountPerUnitPlan,
  buyGetPlan,
  capped,
  commit,
  emptyPlan,
  fixedPricePlan,
  percentPlan,
  planAmount,
  sharedAmountPlan,
  type Plan,
} from './plans';
import { wholeUnits, type Adjuster, type Portion, type RuleKey, type WorkLine } from './portions';
import type { Considered, PromotionInput, RuleInput, RuleReward } from './types';

/** A promotion or rule that passed its checks and competes for the basket's units. */
interface Candidate {
  who: Adjuster;
  key: RuleKey;
  priority: number;
  stackable: boolean;
  qualifying: WorkLine[];
  entry: Considered;
  /** Plans and commits its rewards on the current state; `dryRun` only estimates. */
  apply(dryRun: boolean): number;
  /** Why it took nothing when no other rule holds its units. */
  why?(): void;
}

/** Simple promotions rank with rules of priority 0 and never stack. */
const PROMOTION_PRIORITY = 0;

const productLines = (run: PricingRun) => run.lines.filter((l) => l.product !== null);

/** Portions of the lines a rule may still take: not held by another non-stackable rule, and untouched by others unless it stacks. */
function eligible(lines: readonly WorkLine[], key: RuleKey, stackable: boolean): Portion[] {
  const out: Portion[] = [];
  for (const line of lines)
    for (const p of line.portions) {
      if (p.remaining <= 0 || (p.blockedBy !== null && p.blockedBy !== key)) continue;
      if (!stackable && p.touchedBy.some((t) => t !== key)) continue;
      out.push(p);
    }
  return out;
}

const money = (run: PricingRun, minor: number) => formatScaled(minor, run.data.currency.decimals);
const quantity = (qty: number) => formatScaled(qty, 3).replace(/\.?0+$/, '');
const DAY_NAMES = { mon: 'Mon', tue: 'Tue', wed: 'Wed', thu: 'Thu', fri: 'Fri', sat: 'Sat', sun: 'Sun' } as const;

/** The checks every promotion kind shares: switched on, dates, days and hours, outlet. */
function windowReason(run: PricingRun, entry: Considered, row: PromotionInput | RuleInput): boolean {
  if (!row.isActive) {
    notFired(entry, 'inactive');
    return false;
  }
  const window = checkWindow(run.now, row);
  if (!window.ok) {
    const p = row as Partial<PromotionInput>;
    const params: Record<string, string> = {
      notStarted: { validFrom: row.validFrom ?? '' },
      ended: { validTo: row.validTo ?? '' },
      wrongDay: { weekday: DAY_NAMES[run.now.weekday], days: (p.daysOfWeek ?? []).map((d) => DAY_NAMES[d]).join(', ') },
      wrongTime: { hours: `${p.timeFrom ?? '00:00'}–${p.timeTo ?? '24:00'}`, time: run.now.time },
    }[window.reason];
    notFired(entry, window.reason, params);
    return false;
  }
  if (row.outlets.length > 0 && !row.outlets.includes(run.basket.outlet.id)) {
    notFired(entry, 'outletNotIncluded');
    return false;
  }
  return true;
}

function promotionCandidate(run: PricingRun, promotion: PromotionInput, qualifying: WorkLine[]): Candidate | null {
  const who: Adjuster = { kind: 'promotion', id: promotion.id, code: promotion.code, name: promotion.name };
  const entry = consider(run, who);
  if (!windowReason(run, entry, promotion)) return null;
  if (qualifying.length === 0) {
    notFired(entry, 'noQualifyingItems');
    return null;
  }
  const key = keyOf(who);
  const plan = () => {
    const portions = eligible(qualifying, key, false);
    if (promotion.kind === 'percentOff') return percentPlan(portions, promotion.value, null);
    if (promotion.kind === 'amountOff') return amountPerUnitPlan(portions, promotion.value);
    return fixedPricePlan(portions, promotion.value, null);
  };
  return {
    who,
    key,
    priority: PROMOTION_PRIORITY,
    stackable: false,
    qualifying,
    entry,
    apply(dryRun) {
      const p = plan();
      if (dryRun) return planAmount(p);
      const done = commit(p, who, key, false);
      record(run, entry, who, 'item', done);
      return done.amount;
    },
  };
}

/** The conditions of a rule that do not depend on other rules; false (with the reason) when one fails. */
function ruleConditions(run: PricingRun, entry: Considered, rule: RuleInput, qualifying: WorkLine[]): boolean {
  const { conditions } = rule;
  const { basket } = run;
  if (
    conditions.channels.length > 0 &&
    (basket.channel.online === null || !conditions.channels.includes(basket.channel.online))
  ) {
    notFired(entry, 'channelNotIncluded');
    return false;
  }
  const needsMember = conditions.membershipGroups.length > 0 || rule.usageLimitPerMember !== null;
  if (needsMember && !basket.member) {
    notFired(entry, 'noMember');
    return false;
  }
  if (needsMember && !run.memberActive) {
    notFired(entry, 'memberNotActive');
    return false;
  }
  if (conditions.membershipGroups.length > 0 && !conditions.membershipGroups.includes(basket.member!.group!.id)) {
    notFired(entry, 'memberGroupNotIncluded');
    return false;
  }
  const usage = run.data.ruleUsage.get(rule.id) ?? { total: 0, byMember: 0 };
  if (rule.usageLimit !== null && usage.total >= rule.usageLimit) {
    notFired(entry, 'usageLimitReached', { limit: String(rule.usageLimit) });
    return false;
  }
  if (rule.usageLimitPerMember !== null && usage.byMember >= rule.usageLimitPerMember) {
    notFired(entry, 'memberUsageLimitReached', { limit: String(rule.usageLimitPerMember) });
    return false;
  }
  if (qualifying.length === 0) {
    notFired(entry, 'noQualifyingItems');
    return false;
  }
  const qty = sum(qualifying.map((l) => l.quantity));
  if (conditions.minQuantity !== null && qty < conditions.minQuantity) {
    notFired(entry, 'minQuantityNotMet', { required: quantity(conditions.minQuantity), actual: quantity(qty) });
    return false;
  }
  const spend = sum(qualifying.map((l) => l.gross));
  if (conditions.minSpend !== null && spend < conditions.minSpend) {
    notFired(entry, 'minSpendNotMet', { required: money(run, conditions.minSpend), actual: money(run, spend) });
    return false;
  }
  return true;
}

/** How many times an amount-off reward applies: once per threshold met (minimum quantity, minimum spend), else once per unit. */
function amountApplications(rule: RuleInput, qualifying: WorkLine[], maxApplications: number | null): number {
  const qty = sum(qualifying.map((l) => l.quantity));
  const spend = sum(qualifying.map((l) => l.gross));
  const { minQuantity, minSpend } = rule.conditions;
  const counts: number[] = [];
  if (minQuantity !== null && minQuantity > 0) counts.push(Math.floor(qty / minQuantity));
  if (minSpend !== null && minSpend > 0) counts.push(Math.floor(spend / minSpend));
  const n = counts.length > 0 ? Math.min(...counts) : Math.max(1, wholeUnits(qty));
  return maxApplications === null ? n : Math.min(n, maxApplications);
}

function rewardPlan(
  run: PricingRun,
  rule: RuleInput,
  reward: RuleReward,
  qualifying: WorkLine[],
  key: RuleKey,
): { plan: Plan; shortOf?: number } {
  const portions = eligible(qualifying, key, rule.stackable);
  switch (reward.kind) {
    case 'percentOff':
      return { plan: capped(percentPlan(portions, reward.percent, reward.maxApplications), reward.maxAmount) };
    case 'fixedPrice':
      return { plan: capped(fixedPricePlan(portions, reward.price, reward.maxApplications), reward.maxAmount) };
    case 'amountOff':
      return {
        plan: capped(
          sharedAmountPlan(portions, amountApplications(rule, qualifying, reward.maxApplications) * reward.amount),
          reward.maxAmount,
        ),
      };
    case 'tieredSpend': {
      const spend = sum(qualifying.map((l) => l.gross));
      const tier = reward.tiers.filter((t) => t.threshold <= spend).sort((a, b) => b.threshold - a.threshold)[0];
      if (!tier) return { plan: emptyPlan(), shortOf: Math.min(...reward.tiers.map((t) => t.threshold)) };
      return { plan: capped(sharedAmountPlan(portions, tier.amount), reward.maxAmount) };
    }
    case 'buyXGetY': {
      if (reward.buy < 1 || reward.get < 1) return { plan: emptyPlan() };
      const getPool =
        reward.getProduct === null
          ? null
          : eligible(
              run.lines.filter((l) => l.product?.id === reward.getProduct),
              key,
              rule.stackable,
            );
      const { plan } = buyGetPlan(portions, getPool, reward);
      return { plan: capped(plan, reward.maxAmount) };
    }
  }
}

function ruleCandidate(run: PricingRun, rule: RuleInput, qualifying: WorkLine[]): Candidate | null {
  const who: Adjuster = { kind: 'newpromotion', id: rule.id, code: rule.code, name: rule.name };
  const entry = consider(run, who);
  if (!windowReason(run, entry, rule)) return null;
  if (!ruleConditions(run, entry, rule, qualifying)) return null;
  const key = keyOf(who);
  return {
    who,
    key,
    priority: rule.priority,
    stackable: rule.stackable,
    qualifying,
    entry,
    apply(dryRun) {
      let total = 0;
      for (const reward of rule.rewards) {
        const { plan } = rewardPlan(run, rule, reward, qualifying, key);
        if (dryRun) {
          total += planAmount(plan);
          continue;
        }
        const done = commit(plan, who, key, rule.stackable);
        record(run, entry, who, reward.kind === 'tieredSpend' || reward.kind === 'amountOff' ? 'bill' : 'item', done);
        total += done.amount;
      }
      return total;
    },
    why() {
      const [reward] = rule.rewards;
      if (rule.rewards.length !== 1 || !reward) return;
      if (reward.kind === 'buyXGetY') explainBuyGet(run, entry, reward, qualifying);
      if (reward.kind === 'tieredSpend') {
        const { shortOf } = rewardPlan(run, rule, reward, qualifying, key);
        if (shortOf !== undefined)
          notFired(entry, 'minSpendNotMet', {
            required: money(run, shortOf),
            actual: money(run, sum(qualifying.map((l) => l.gross))),
          });
      }
    },
  };
}

/** Why a buy X get Y did not apply, when no other rule is to blame: too few units, or the get product is missing. */
function explainBuyGet(
  run: PricingRun,
  entry: Considered,
  reward: Extract<RuleReward, { kind: 'buyXGetY' }>,
  qualifying: WorkLine[],
): void {
  if (reward.getProduct !== null && !run.lines.some((l) => l.product?.id === reward.getProduct)) {
    const product = run.data.products.get(reward.getProduct);
    notFired(entry, 'freeItemNotInBasket', {
      product: product ? `${product.code} ${product.name}` : String(reward.getProduct),
    });
    return;
  }
  const units = sum(qualifying.map((l) => l.quantity));
  const required = reward.getProduct === null ? reward.buy + reward.get : reward.buy;
  notFired(entry, 'minQuantityNotMet', { required: String(required), actual: quantity(units) });
}

/** Why a candidate that passed its checks took nothing: another rule holds its units, or nothing was left. */
function explainLoss(run: PricingRun, c: Candidate): void {
  let blocker: RuleKey | undefined;
  let toucher: RuleKey | undefined;
  for (const line of c.qualifying)
    for (const p of line.portions) {
      if (p.blockedBy !== null && p.blockedBy !== c.key) blocker ??= p.blockedBy;
      if (!c.stackable) toucher ??= p.touchedBy.find((t) => t !== c.key);
    }
  const winner = blocker ?? toucher;
  const who = winner ? run.claimants.get(winner) : undefined;
  if (who) {
    notFired(c.entry, blocker ? 'lostToPriority' : 'notStackable', { winner: `${who.code} ${who.name}` });
    c.entry.lostTo = { kind: who.kind, id: who.id, code: who.code };
    return;
  }
  c.why?.();
  if (!c.entry.reason) notFired(c.entry, 'noSaving');
}

/**
 * Promotions and promotion rules, by priority (lower first; simple promotions at 0). Within one
 * priority the rule that saves the customer most goes first (then by code), so the answer never
 * depends on the order rules were saved or items were added. A non-stackable rule takes its units
 * for itself; a stackable rule discounts what is left of units no non-stackable rule holds.
 */
export function applyPromotions(run: PricingRun): void {
  const lines = productLines(run);
  const promotionLines = run.prepared.promotions.matching(lines, (l) => l.product!);
  const ruleLines = run.prepared.rules.matching(lines, (l) => l.product!);
  const candidates: Candidate[] = [];
  for (const promotion of run.data.promotions) {
    const c = promotionCandidate(run, promotion, promotionLines.get(promotion) ?? []);
    if (c) candidates.push(c);
  }
  for (const rule of run.data.rules) {
    const c = ruleCandidate(run, rule, ruleLines.get(rule) ?? []);
    if (c) candidates.push(c);
  }
  for (const c of candidates) run.claimants.set(c.key, c.who);
  const priorities = [...new Set(candidates.map((c) => c.priority))].sort((a, b) => a - b);
  for (const priority of priorities) {
    const tier = candidates
      .filter((c) => c.priority === priority)
      .map((c) => ({ c, estimate: c.apply(true) }))
      .sort(
        (a, b) =>
          b.estimate - a.estimate ||
          (a.c.who.kind < b.c.who.kind ? -1 : a.c.who.kind > b.c.who.kind ? 1 : 0) ||
          (a.c.who.code < b.c.who.code ? -1 : a.c.who.code > b.c.who.code ? 1 : a.c.who.id - b.c.who.id),
      );
    for (const { c } of tier) if (c.apply(false) === 0) explainLoss(run, c);
  }
}
