import { mulDivFloor, sum } from './arithmetic';
import { localTime } from './calendar';
import { applySurcharges, computeTax, isInclusive, roundingOf, taxCodeOf, taxParts } from './charges';
import type { PricingRun } from './context';
import { applyDiscounts, applyVouchers } from './discounts';
import { buildLines } from './lines';
import { applyBirthdayVoucher, applyMemberDiscounts, isMemberActive } from './member';
import { remainingOf } from './portions';
import { prepare } from './prepare';
import { applyPromotions } from './promotions';
import type { Basket, Considered, PricedBasket, PricedLine, PricingData } from './types';

export type * from './types';
export { localTime } from './calendar';

/**
 * Prices a basket. Pure: everything it reads is in `data` and `basket`; the same inputs always
 * give the same answer, whatever order the lines were added in. The order of application is
 * written in ../README.md.
 */
export function priceBasket(data: PricingData, basket: Basket): PricedBasket {
  const now = localTime(basket.at, basket.outlet.timezone);
  const considered: Considered[] = [];
  const prepared = prepare(data);
  const run: PricingRun = {
    data,
    prepared,
    basket,
    now,
    lines: buildLines(data, prepared, basket, now, considered),
    memberActive: isMemberActive(basket.member, now.date),
    adjustments: [],
    considered,
    claimants: new Map(),
  };
  applyPromotions(run);
  applyMemberDiscounts(run);
  applyDiscounts(run);
  applyBirthdayVoucher(run);
  applyVouchers(run);
  const surcharges = applySurcharges(run);
  const tax = computeTax(run, surcharges);

  const subtotal = sum(run.lines.map((l) => l.gross));
  const discountTotal = sum(run.adjustments.map((a) => a.amount));
  const surchargeTotal = sum(surcharges.map((s) => s.amount));
  const taxAdded = sum(tax.filter((t) => !t.inclusive).map((t) => t.amount));
  const taxIncluded = sum(tax.filter((t) => t.inclusive).map((t) => t.amount));
  const beforeRounding = subtotal - discountTotal + surchargeTotal + taxAdded;
  const rounding = roundingOf(beforeRounding, data.rounding, data.currency.decimals);

  return {
    localTime: { date: now.date, time: now.time, weekday: now.weekday },
    lines: [...run.lines]
      .sort((a, b) => a.line - b.line)
      .map((l): PricedLine => {
        const taxCode = l.product ? taxCodeOf(run, l.product) : null;
        return {
          line: l.line,
          product: l.product,
          bundle: l.bundle,
          code: l.code,
          name: l.name,
          quantity: l.quantity,
          unitPrice: l.unitPrice,
          priceSource: l.priceSource,
          priceSourceId: l.priceSourceId,
          gross: l.gross,
          total: remainingOf(l),
          taxCode,
          taxInclusive: l.product ? isInclusive(l.product, taxCode) : false,
          adjustments: [...l.adjustments.values()].map((a) => ({ ...a, quantity: Math.min(a.quantity, l.quantity) })),
          parts: taxParts(run, l).map(({ product, net }) => {
            const code = taxCodeOf(run, product);
            return { product, net, taxCode: code, taxInclusive: isInclusive(product, code) };
          }),
        };
      }),
    adjustments: run.adjustments,
    surcharges,
    tax,
    considered,
    subtotal,
    discountTotal,
    surchargeTotal,
    taxIncluded,
    taxAdded,
    rounding,
    total: beforeRounding + rounding,
    pointsEarned: pointsEarned(run, subtotal - discountTotal),
  };
}

/**
 * Points on what the goods came to after every reduction (surcharges and added tax earn none):
 * the group's points per unit spent, times the best points multiplier among its benefits,
 * rounded down to hundredths of a point.
 */
function pointsEarned(run: PricingRun, spent: number): number {
  const group = run.basket.member?.group;
  if (!run.memberActive || !group || spent <= 0) return 0;
  const multipliers = group.benefits
    .filter((b) => b.isActive && b.kind === 'pointsMultiplier' && b.value !== null)
    .map((b) => b.value!);
  const multiplier = Math.max(100, ...multipliers);
  return mulDivFloor(spent, group.pointsPerUnit * multiplier, 10 ** run.data.currency.decimals * 100);
}
