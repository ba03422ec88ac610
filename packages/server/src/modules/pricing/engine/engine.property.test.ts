import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceBasket } from './index';
import {
  basket,
  code,
  discount,
  item,
  member,
  pricingData,
  product,
  promotion,
  reward,
  rule,
  surcharge,
  taxCode,
  voucher,
} from './testing';
import type { Basket, PricingData, RoundingRule } from './types';

const PRODUCTS = 6;
const cents = (n: number) => `${Math.floor(n / 100)}.${String(n % 100).padStart(2, '0')}`;
const target = fc.oneof(
  fc.record({ product: fc.integer({ min: 1, max: PRODUCTS }) }),
  fc.record({ category: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ collection: fc.integer({ min: 1, max: 2 }) }),
);
const targets = fc.array(target, { maxLength: 2 }).map((ts) => ts.map(item));
const price = fc.integer({ min: 0, max: 5_000 }).map(cents);
const percent = fc.integer({ min: 0, max: 10_000 }).map(cents);

const promotions = fc
  .array(
    fc.tuple(
      fc.constantFrom('percentOff', 'amountOff', 'fixedPrice') as fc.Arbitrary<
        'percentOff' | 'amountOff' | 'fixedPrice'
      >,
      percent,
      price,
      targets,
    ),
    { maxLength: 4 },
  )
  .map((rows) =>
    rows.map(([kind, p, amount, items], i) =>
      promotion(i + 1, `P${i}`, kind, kind === 'percentOff' ? p : amount, { items }),
    ),
  );

const anyReward = fc.oneof(
  fc
    .tuple(percent, fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }))
    .map(([p, maxApplications]) => reward.percentOff(p, { maxApplications })),
  price.map((a) => reward.amountOff(a)),
  fc
    .tuple(price, fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }))
    .map(([a, maxApplications]) => reward.fixedPrice(a, { maxApplications })),
  fc
    .tuple(
      fc.integer({ min: 1, max: 3 }),
      fc.integer({ min: 1, max: 2 }),
      fc.option(fc.integer({ min: 1, max: PRODUCTS }), { nil: undefined }),
      percent,
      fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
    )
    .map(([buy, get, getProduct, p, maxApplications]) =>
      reward.buyGet(buy, get, { getProduct, percent: p, maxApplications }),
    ),
  fc.tuple(price, price).map(([a, b]) =>
    reward.tiered([
      ['10.00', a],
      ['40.00', b],
    ]),
  ),
);

const rules = fc
  .array(
    fc.tuple(
      fc.array(anyReward, { minLength: 1, maxLength: 2 }),
      fc.integer({ min: 0, max: 2 }),
      fc.boolean(),
      targets,
      fc.option(fc.integer({ min: 1000, max: 4000 }), { nil: null }),
    ),
    { maxLength: 4 },
  )
  .map((rows) =>
    rows.map(([rewards, priority, stackable, items, minQuantity], i) =>
      rule(i + 1, `R${i}`, rewards, { priority, stackable, conditions: { items, minQuantity } }),
    ),
  );

const world = fc
  .record({
    prices: fc.array(price, { minLength: PRODUCTS, maxLength: PRODUCTS }),
    allowDiscount: fc.array(fc.boolean(), { minLength: PRODUCTS, maxLength: PRODUCTS }),
    taxed: fc.array(fc.constantFrom(null, 1, 2), { minLength: PRODUCTS, maxLength: PRODUCTS }),
    inclusive: fc.array(fc.boolean(), { minLength: PRODUCTS, maxLength: PRODUCTS }),
    promotions,
    rules,
    billPercent: fc.option(percent, { nil: null }),
    itemAmount: fc.option(price, { nil: null }),
    voucherAmount: fc.option(price, { nil: null }),
    voucherPercent: fc.option(percent, { nil: null }),
    serviceCharge: fc.option(percent, { nil: null }),
    memberDiscount: fc.option(percent, { nil: null }),
    rounding: fc.constantFrom<RoundingRule>('none', 'nearest0.05', 'nearest0.10', 'nearest1.00'),
    lines: fc.array(fc.tuple(fc.integer({ min: 1, max: PRODUCTS }), fc.integer({ min: 1, max: 5_500 })), {
      minLength: 1,
      maxLength: 8,
    }),
  })
  .map((w) => {
    const products = w.prices.map((p, i) =>
      product(i + 1, `C${i + 1}`, p, {
        categories: [(i % 3) + 1],
        collections: [(i % 2) + 1],
        allowDiscount: w.allowDiscount[i]!,
        taxCode: w.taxed[i]!,
        taxInclusive: w.inclusive[i]!,
      }),
    );
    const data: PricingData = pricingData({
      productList: products,
      promotions: w.promotions,
      rules: w.rules,
      rounding: w.rounding,
      taxCodes: [taxCode(1, 'SST6', '6', { isDefault: true }), taxCode(2, 'SST8', '8')],
      discounts: [
        ...(w.billPercent ? [discount(1, 'BILL', 'percent', w.billPercent, { appliesTo: 'bill' })] : []),
        ...(w.itemAmount ? [discount(2, 'ITEM', 'amount', w.itemAmount)] : []),
      ],
      surcharges: w.serviceCharge ? [surcharge(1, 'SVC', 'percent', w.serviceCharge, { taxable: true })] : [],
    });
    const vouchers = [
      ...(w.voucherAmount ? [code(voucher(1, 'VA', 'amount', w.voucherAmount))] : []),
      ...(w.voucherPercent ? [code(voucher(2, 'VP', 'percent', w.voucherPercent))] : []),
    ];
    const who = w.memberDiscount
      ? member({
          group: {
            id: 1,
            code: 'G',
            name: 'G',
            isActive: true,
            discountPercent: Math.round(Number(w.memberDiscount) * 100),
            pointsPerUnit: 150,
            benefits: [],
          },
        })
      : null;
    const order: Basket = basket(
      w.lines.map(([p, q]) => ({ product: p, quantity: q })),
      { vouchers, member: who, discounts: data.discounts.map((d) => ({ discount: d.id, product: null })) },
    );
    return { data, basket: order };
  });

const RUNS = { numRuns: Number(process.env.PROP_RUNS ?? 400) };

describe('pricing engine properties', () => {
  it('total = subtotal − discounts + surcharges + added tax + rounding, and the lines add up', () => {
    fc.assert(
      fc.property(world, ({ data, basket: b }) => {
        const r = priceBasket(data, b);
        expect(r.total).toBe(r.subtotal - r.discountTotal + r.surchargeTotal + r.taxAdded + r.rounding);
        expect(r.lines.reduce((a, l) => a + l.total, 0)).toBe(r.subtotal - r.discountTotal);
        expect(r.adjustments.reduce((a, x) => a + x.amount, 0)).toBe(r.discountTotal);
      }),
      RUNS,
    );
  });

  it('no line and no tax below zero, and no line above its gross', () => {
    fc.assert(
      fc.property(world, ({ data, basket: b }) => {
        const r = priceBasket(data, b);
        for (const line of r.lines) {
          expect(line.total).toBeGreaterThanOrEqual(0);
          expect(line.total).toBeLessThanOrEqual(line.gross);
        }
        for (const t of r.tax) expect(t.amount).toBeGreaterThanOrEqual(0);
        expect(r.total).toBeGreaterThanOrEqual(0);
      }),
      RUNS,
    );
  });

  it('a discount never exceeds what it discounts', () => {
    fc.assert(
      fc.property(world, ({ data, basket: b }) => {
        const r = priceBasket(data, b);
        for (const a of r.adjustments) {
          const gross = a.lines.reduce((sum, i) => sum + r.lines[i]!.gross, 0);
          expect(a.amount).toBeGreaterThan(0);
          expect(a.amount).toBeLessThanOrEqual(gross);
          const onLines = r.lines
            .flatMap((l) => l.adjustments.filter((x) => x.kind === a.kind && x.id === a.id))
            .reduce((sum, x) => sum + x.amount, 0);
          expect(onLines).toBe(a.amount);
        }
        for (const line of r.lines)
          expect(line.adjustments.reduce((sum, x) => sum + x.amount, 0)).toBe(line.gross - line.total);
      }),
      RUNS,
    );
  });

  it('the order of the lines never changes the answer', () => {
    fc.assert(
      fc.property(world, fc.integer(), ({ data, basket: b }, seed) => {
        const shuffled = [...b.lines]
          .map((l, i) => ({ l, k: (i * 7919 + seed) % 101 }))
          .sort((x, y) => x.k - y.k)
          .map((x) => x.l);
        const a = priceBasket(data, b);
        const z = priceBasket(data, {
          ...b,
          lines: shuffled,
          vouchers: [...b.vouchers].reverse(),
          discounts: [...b.discounts].reverse(),
        });
        const summary = (r: typeof a) => ({
          totals: [
            r.subtotal,
            r.discountTotal,
            r.surchargeTotal,
            r.taxAdded,
            r.taxIncluded,
            r.rounding,
            r.total,
            r.pointsEarned,
          ],
          lines: Object.fromEntries(r.lines.map((l) => [l.code, [l.quantity, l.total]])),
          considered: r.considered.map((c) => [c.kind, c.code, c.fired, c.amount, c.reason]).sort(),
        });
        expect(summary(z)).toEqual(summary(a));
      }),
      RUNS,
    );
  });
});
