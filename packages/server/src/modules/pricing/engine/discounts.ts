import { formatScaled } from '@backroom/schema';
import { percentOf, sum } from './arithmetic';
import { checkWindow } from './calendar';
import { consider, keyOf, notFired, portionsOf, record, type PricingRun } from './context';
import { amountPerUnitPlan, capped, commit, percentPlan, planAmount, sharedAmountPlan, type Plan } from './plans';
import type { Adjuster, Portion } from './portions';
import type { DiscountInput, VoucherCodeInput } from './types';

const whoOf = (d: { id: number; code: string; name: string }, kind: 'discount' | 'voucher'): Adjuster => ({
  kind,
  id: d.id,
  code: d.code,
  name: d.name,
});

/** Item discounts first, then bill discounts, each by code: the order they were given in never matters. */
const discountOrder = (a: DiscountInput, b: DiscountInput) =>
  a.appliesTo === b.appliesTo
    ? a.code < b.code
      ? -1
      : a.code > b.code
        ? 1
        : a.id - b.id
    : a.appliesTo === 'item'
      ? -1
      : 1;

/**
 * Discounts the cashier gives (never automatic): on what is left after promotions and member
 * discounts, only on products that allow discounts, capped at `maxAmount`. One above the
 * terminal's limit without approval, or flagged, is reported as needing a manager's approval.
 */
const sortedDiscounts = new WeakMap<readonly DiscountInput[], DiscountInput[]>();

export function applyDiscounts(run: PricingRun): void {
  const chosen = run.basket.discounts;
  let ordered = sortedDiscounts.get(run.data.discounts);
  if (!ordered) sortedDiscounts.set(run.data.discounts, (ordered = [...run.data.discounts].sort(discountOrder)));
  for (const discount of ordered) {
    const who = whoOf(discount, 'discount');
    const entry = consider(run, who);
    const asked = chosen.filter((c) => c.discount === discount.id);
    if (!discount.isActive) notFired(entry, 'inactive');
    else if (discount.outlets.length > 0 && !discount.outlets.includes(run.basket.outlet.id))
      notFired(entry, 'outletNotIncluded');
    else if (asked.length === 0) notFired(entry, 'notChosen');
    else {
      const onEvery = discount.appliesTo === 'bill' || asked.some((a) => a.product === null);
      const products = new Set(asked.map((a) => a.product));
      const lines = run.lines.filter(
        (l) =>
          (l.product ? l.product.allowDiscount : discount.appliesTo === 'bill') &&
          (onEvery || products.has(l.product?.id ?? null)),
      );
      const portions = portionsOf(lines).filter((p) => p.remaining > 0);
      if (portions.length === 0) {
        notFired(entry, lines.length === 0 ? 'notDiscountable' : 'noSaving');
        continue;
      }
      const plan = capped(discountPlan(discount, portions), discount.maxAmount);
      const base = sum(portions.map((p) => p.remaining));
      const amount = planAmount(plan);
      const max = run.data.maxDiscountWithoutApproval;
      const needsApproval =
        discount.needsManagerApproval || (max !== null && BigInt(amount) * 10_000n > BigInt(max) * BigInt(base));
      const done = commit(plan, who, keyOf(who), true);
      record(run, entry, who, discount.appliesTo, done, needsApproval ? { needsApproval } : {});
      if (done.amount === 0) notFired(entry, 'noSaving');
    }
  }
}

function discountPlan(discount: DiscountInput, portions: Portion[]): Plan {
  if (discount.appliesTo === 'item')
    return discount.kind === 'percent'
      ? percentPlan(portions, discount.value, null)
      : amountPerUnitPlan(portions, discount.value);
  const base = sum(portions.map((p) => p.remaining));
  return sharedAmountPlan(portions, discount.kind === 'percent' ? percentOf(base, discount.value) : discount.value);
}

/** Percent vouchers before amount vouchers, then by code. */
const voucherOrder = (a: VoucherCodeInput, b: VoucherCodeInput) =>
  a.voucher.kind === b.voucher.kind
    ? a.code < b.code
      ? -1
      : a.code > b.code
        ? 1
        : 0
    : a.voucher.kind === 'percent'
      ? -1
      : 1;

/**
 * Vouchers, last of the reductions: on what is left to pay, shared over every line. Each code is
 * one use; a voucher's `usageLimit` counts its uses in earlier sales and in this one.
 */
export function applyVouchers(run: PricingRun): void {
  const seen = new Set<string>();
  const usedNow = new Map<number, number>();
  for (const given of [...run.basket.vouchers].sort(voucherOrder)) {
    const { voucher } = given;
    const who = whoOf(voucher, 'voucher');
    const entry = consider(run, who);
    entry.voucherCode = given.code;
    const window = checkWindow(run.now, voucher);
    const uses = voucher.timesUsed + (usedNow.get(voucher.id) ?? 0);
    const payable = sum(run.lines.map((l) => sum(l.portions.map((p) => p.remaining))));
    if (seen.has(given.code)) notFired(entry, 'duplicateCode');
    else if (!voucher.isActive) notFired(entry, 'inactive');
    else if (!window.ok)
      notFired(
        entry,
        window.reason,
        window.reason === 'notStarted' ? { validFrom: voucher.validFrom ?? '' } : { validTo: voucher.validTo ?? '' },
      );
    else if (given.redeemed) notFired(entry, 'codeRedeemed');
    else if (voucher.usageLimit !== null && uses >= voucher.usageLimit)
      notFired(entry, 'usageLimitReached', { limit: String(voucher.usageLimit) });
    else if (voucher.minSpend !== null && payable < voucher.minSpend)
      notFired(entry, 'minSpendNotMet', {
        required: formatScaled(voucher.minSpend, run.data.currency.decimals),
        actual: formatScaled(payable, run.data.currency.decimals),
      });
    else {
      const amount = voucher.kind === 'percent' ? percentOf(payable, voucher.value) : voucher.value;
      const done = commit(
        sharedAmountPlan(
          portionsOf(run.lines).filter((p) => p.remaining > 0),
          amount,
        ),
        who,
        keyOf(who),
        true,
      );
      record(run, entry, who, 'bill', done);
      if (done.amount === 0) notFired(entry, 'noSaving');
      else usedNow.set(voucher.id, (usedNow.get(voucher.id) ?? 0) + 1);
    }
    seen.add(given.code);
  }
}
