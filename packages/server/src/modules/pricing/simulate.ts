import { formatScaled, reasonText, type SimulateSalesRequest, type SimulateSalesResult } from '@backroom/schema';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseBody } from '../../http/validate';
import { priceBasket, type Basket, type PricedBasket, type PricingData, type RoundingRule } from './engine/index';
import { localTime } from './engine/calendar';
import { loadMember, loadProducts, loadRuleUsage, ruleSet, voucherOf, type RuleSet } from './loader';
import { pricesAt } from './prices-at';
import { resolveRequest, type Resolved } from './resolve';
import type { AppContext } from '../../context';
import { anyDb } from '../../data/store';

const ref = z.union([z.number().int().positive(), z.string().trim().min(1).max(100)]);
const quantity = z.union([z.string().max(30), z.number()]).optional();
const id = z.number().int().positive();
const line = z.object({
  product: ref.optional(),
  productId: id.optional(),
  code: z.string().max(100).optional(),
  barcode: z.string().max(100).optional(),
  bundle: ref.optional(),
  bundleId: id.optional(),
  quantity,
});

export const MAX_LINES = 500;

const requestSchema = z.object({
  outlet: ref,
  channel: z.union([ref, z.literal('')]).optional(),
  at: z.string().max(40).optional(),
  member: z.union([ref, z.literal(''), z.null()]).optional(),
  memberId: id.optional(),
  voucherCodes: z.array(z.string().trim().min(1).max(60)).max(20).optional(),
  discounts: z
    .array(z.object({ discount: ref, product: z.union([ref, z.null()]).optional(), productId: id.optional() }))
    .max(20)
    .optional(),
  lines: z.array(line).max(MAX_LINES).optional(),
  item: line.optional(),
});

/**
 * The engine's inputs for a resolved request: the cached rules plus this basket's products, the
 * prices in force at its moment (`resolved.at`: whenever it is asked, a sale is priced with the
 * prices of its own time), member and codes.
 */
export async function basketInputs(
  ctx: AppContext,
  set: RuleSet,
  resolved: Resolved,
): Promise<{ data: PricingData; basket: Basket }> {
  const date = localTime(resolved.at, resolved.outlet.timezone).date;
  const member = resolved.member === null ? null : await loadMember(ctx, set, resolved.member, date.slice(0, 4));
  const productIds = [
    ...resolved.lines.flatMap((l) =>
      l.product !== undefined ? [l.product] : set.bundles.get(l.bundle!)!.items.map((i) => i.product),
    ),
    ...set.rules.flatMap((r) =>
      r.rewards.flatMap((w) => (w.kind === 'buyXGetY' && w.getProduct !== null ? [w.getProduct] : [])),
    ),
    ...(member?.group?.benefits.flatMap((b) => (b.product !== null ? [b.product] : [])) ?? []),
  ];
  const { products, ...prices } = await pricesAt(
    anyDb(ctx),
    set,
    await loadProducts(ctx, set, productIds),
    resolved.outlet.id,
    resolved.at,
  );
  const data: PricingData = {
    currency: set.currency,
    rounding: set.rounding,
    maxDiscountWithoutApproval: set.maxDiscountWithoutApproval,
    products,
    bundles: set.bundles,
    ...prices,
    promotions: set.promotions,
    rules: set.rules,
    discounts: set.discounts,
    surcharges: set.surcharges,
    taxCodes: set.taxCodes,
    ruleUsage: await loadRuleUsage(ctx, set, resolved.member),
  };
  const basket: Basket = {
    outlet: { id: resolved.outlet.id, timezone: resolved.outlet.timezone },
    channel: { kind: resolved.channel.kind, online: resolved.channel.online },
    at: resolved.at,
    member,
    vouchers: resolved.vouchers.map((v) => ({
      code: v.code,
      voucher: voucherOf(v.voucher!, set.currency.decimals),
      singleUse: v.singleUse,
      redeemed: v.redeemed,
    })),
    discounts: resolved.discounts,
    lines: resolved.lines,
  };
  return { data, basket };
}

/**
 * A resolved basket priced as of its moment (`resolved.at`) at its outlet: the product, outlet and
 * future prices in force then, each future price from the outlet's own midnight of its date, and
 * the rules' dates, days and hours on the outlet's clock. Cash rounding applies unless `rounding`
 * says otherwise ('none' for a sale paid without cash).
 */
export async function priceBasketAt(
  ctx: AppContext,
  set: RuleSet,
  resolved: Resolved,
  options: { rounding?: RoundingRule } = {},
): Promise<{ data: PricingData; basket: Basket; priced: PricedBasket }> {
  const inputs = await basketInputs(ctx, set, resolved);
  const data = options.rounding ? { ...inputs.data, rounding: options.rounding } : inputs.data;
  return { data, basket: inputs.basket, priced: priceBasket(data, inputs.basket) };
}

/** `basketInputs` of a request's server. */
export const pricingInputs = (request: FastifyRequest, set: RuleSet, resolved: Resolved) =>
  basketInputs(request.server.ctx, set, resolved);

/** The engine's answer on the wire: money as decimal strings in the currency's decimals. */
export function toResult(set: RuleSet, resolved: Resolved, basket: Basket, r: PricedBasket): SimulateSalesResult {
  const d = set.currency.decimals;
  const money = (minor: number) => formatScaled(minor, d);
  const qty = (q: number) => formatScaled(q, 3);
  const member = basket.member;
  return {
    outlet: resolved.outlet,
    channel: resolved.channel.label,
    localTime: r.localTime,
    member: member
      ? { id: member.id, memberNo: member.memberNo, name: member.name, group: member.group?.code ?? null }
      : null,
    currency: set.currency.code,
    decimals: d,
    lines: r.lines.map((l) => ({
      line: l.line,
      product: l.product?.id ?? null,
      bundle: l.bundle?.id ?? null,
      code: l.code,
      name: l.name,
      quantity: qty(l.quantity),
      unitPrice: money(l.unitPrice),
      priceSource: l.priceSource,
      priceSourceId: l.priceSourceId,
      grossAmount: money(l.gross),
      lineTotal: money(l.total),
      taxCode: l.taxCode?.code ?? null,
      taxInclusive: l.taxInclusive,
      adjustments: l.adjustments.map((a) => ({
        kind: a.kind,
        id: a.id,
        code: a.code,
        name: a.name,
        amount: money(a.amount),
        quantity: qty(a.quantity),
      })),
    })),
    adjustments: r.adjustments.map((a) => ({ ...a, amount: money(a.amount) })),
    surcharges: r.surcharges.map(({ surcharge, amount }) => ({
      id: surcharge.id,
      code: surcharge.code,
      name: surcharge.name,
      amount: money(amount),
      taxable: surcharge.taxable,
    })),
    tax: r.tax.map((t) => ({
      id: t.code?.id ?? null,
      code: t.code?.code ?? '',
      name: t.code?.name ?? '',
      ratePercent: formatScaled(t.code?.rate ?? 0, 3),
      inclusive: t.inclusive,
      taxableAmount: money(t.base),
      amount: money(t.amount),
    })),
    considered: r.considered.map((c) => ({
      ...c,
      amount: money(c.amount),
      ...(c.reason ? { message: reasonText(c.reason, c.params) } : {}),
    })),
    subtotal: money(r.subtotal),
    discountTotal: money(r.discountTotal),
    surchargeTotal: money(r.surchargeTotal),
    taxTotal: money(r.taxAdded + r.taxIncluded),
    taxIncluded: money(r.taxIncluded),
    taxAdded: money(r.taxAdded),
    rounding: money(r.rounding),
    total: money(r.total),
    pointsEarned: formatScaled(r.pointsEarned, 2),
  };
}

/** `SimulateSales/AddItem`: the basket with the item added, priced, every rule explained. */
export async function simulateSale(request: FastifyRequest): Promise<SimulateSalesResult> {
  const body = parseBody(requestSchema, request.body) as SimulateSalesRequest;
  const set = await ruleSet(request.server.ctx);
  const resolved = await resolveRequest(request, set, body);
  const { data, basket } = await pricingInputs(request, set, resolved);
  return toResult(set, resolved, basket, priceBasket(data, basket));
}
