import { consider, keyOf, notFired, portionsOf, record, type PricingRun } from './context';
import { commit, percentPlan, sharedAmountPlan, type Plan } from './plans';
import { partRemaining, unitValue, UNIT, type Adjuster, type Portion } from './portions';
import type { BenefitInput, Considered, MemberInput } from './types';

/** A member counts when active, not past their expiry date, and in an active group. */
export function isMemberActive(member: MemberInput | null, date: string): boolean {
  return (
    !!member &&
    member.status === 'active' &&
    (!member.expiryDate || member.expiryDate >= date) &&
    !!member.group?.isActive
  );
}

/** Portions a member discount may reduce: discountable products not held by a non-stackable promotion. */
const memberPortions = (run: PricingRun): Portion[] =>
  run.lines
    .filter((l) => l.product?.allowDiscount)
    .flatMap((l) => l.portions.filter((p) => p.remaining > 0 && p.blockedBy === null));

function applyPercent(run: PricingRun, who: Adjuster, entry: Considered, percent: number): void {
  const portions = memberPortions(run);
  const done = commit(percentPlan(portions, percent, null), who, keyOf(who), true);
  record(run, entry, who, 'item', done);
  if (done.amount > 0) return;
  const held = run.lines.flatMap((l) => l.portions).find((p) => p.blockedBy !== null && p.line.product?.allowDiscount);
  const winner = held ? run.claimants.get(held.blockedBy!) : undefined;
  if (winner) {
    notFired(entry, 'notStackable', { winner: `${winner.code} ${winner.name}` });
    entry.lostTo = { kind: winner.kind, id: winner.id, code: winner.code };
  } else notFired(entry, run.lines.some((l) => l.product?.allowDiscount) ? 'noSaving' : 'notDiscountable');
}

function benefitWho(benefit: BenefitInput, groupCode: string): Adjuster {
  return { kind: 'membershipbenefit', id: benefit.id, code: `${groupCode}-${benefit.kind}`, name: benefit.name };
}

/**
 * The member's group discount and benefits, after promotions: discounts apply to what is left of
 * discountable items that no non-stackable promotion holds; a free item takes one unit of its
 * product; points multipliers are noted (they act on the points earned).
 */
export function applyMemberDiscounts(run: PricingRun): void {
  const member = run.basket.member;
  const group = member?.group;
  if (!member || !group) return;
  if (group.discountPercent > 0) {
    const who: Adjuster = { kind: 'membershipgroup', id: group.id, code: group.code, name: group.name };
    const entry = consider(run, who);
    if (!run.memberActive) notFired(entry, 'memberNotActive');
    else applyPercent(run, who, entry, group.discountPercent);
  }
  for (const benefit of group.benefits) {
    if (benefit.kind === 'birthdayVoucher') continue;
    const who = benefitWho(benefit, group.code);
    const entry = consider(run, who);
    if (!benefit.isActive) notFired(entry, 'inactive');
    else if (!run.memberActive) notFired(entry, 'memberNotActive');
    else if (benefit.kind === 'discount') applyPercent(run, who, entry, benefit.value ?? 0);
    else if (benefit.kind === 'pointsMultiplier') {
      entry.fired = true;
      entry.reason = 'pointsOnly';
      entry.params = { multiplier: String((benefit.value ?? 100) / 100) };
    } else applyFreeItem(run, who, entry, benefit);
  }
}

function applyFreeItem(run: PricingRun, who: Adjuster, entry: Considered, benefit: BenefitInput): void {
  const line = run.lines.find((l) => l.product !== null && l.product.id === benefit.product);
  if (!line) {
    const product = benefit.product === null ? undefined : run.data.products.get(benefit.product);
    notFired(entry, 'freeItemNotInBasket', { product: product ? `${product.code} ${product.name}` : '' });
    return;
  }
  const portion = line.portions.filter((p) => p.remaining > 0).sort((a, b) => unitValue(a) - unitValue(b))[0];
  if (!portion) return notFired(entry, 'noSaving');
  const qty = Math.min(UNIT, portion.qty);
  const plan: Plan = { takes: [{ portion, qty, amount: partRemaining(portion, qty) }], qualifying: [] };
  record(run, entry, who, 'item', commit(plan, who, keyOf(who), true));
}

/** The birthday voucher: its amount off the bill in the member's birthday month, once a year. */
export function applyBirthdayVoucher(run: PricingRun): void {
  const member = run.basket.member;
  const group = member?.group;
  if (!member || !group) return;
  for (const benefit of group.benefits.filter((b) => b.kind === 'birthdayVoucher')) {
    const who = benefitWho(benefit, group.code);
    const entry = consider(run, who);
    if (!benefit.isActive) notFired(entry, 'inactive');
    else if (!run.memberActive) notFired(entry, 'memberNotActive');
    else if (!member.birthDate || member.birthDate.slice(5, 7) !== run.now.date.slice(5, 7))
      notFired(entry, 'notBirthday');
    else if (member.birthdayVoucherUsed) notFired(entry, 'birthdayVoucherUsed');
    else {
      const done = commit(sharedAmountPlan(portionsOf(run.lines), benefit.value ?? 0), who, keyOf(who), true);
      record(run, entry, who, 'bill', done);
      if (done.amount === 0) notFired(entry, 'noSaving');
    }
  }
}
