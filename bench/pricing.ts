/**
 * Budget: price a 50-line basket with 1,000 active promotions and 100 discounts loaded:
 * p50 ≤ 5 ms, p99 ≤ 20 ms.
 *
 * Times the pricing engine itself (`priceBasket`), as the simulator and the terminal API call it
 * once the loader has the rules: 600 simple promotions and 400 promotion rules of every kind over
 * 2,000 products in 40 categories and 10 collections, 100 discounts (three given at the till),
 * surcharges, two tax codes and cash rounding; each sample a different 50-line basket with a member
 * and a voucher. The rule indexes are built on the first basket, as they are after a reload.
 *
 *   npm run bench:pricing -w @backroom/bench
 *   BENCH_SAMPLES=5000 npm run bench:pricing -w @backroom/bench
 */
import { priceBasket } from '../packages/server/src/modules/pricing/engine/index';
import {
  basket,
  code,
  discount,
  item,
  member,
  money,
  pct,
  pricingData,
  product,
  promotion,
  qty,
  reward,
  rule,
  surcharge,
  taxCode,
  voucher,
} from '../packages/server/src/modules/pricing/engine/testing';
import type { RuleReward } from '../packages/server/src/modules/pricing/engine/types';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 2000);
const WARMUP = 100;
const BUDGET = { p50: 5, p99: 20 };
const PRODUCTS = 2000;
const CATEGORIES = 40;
const COLLECTIONS = 10;

let seed = 42;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const pick = (n: number) => 1 + Math.floor(random() * n);
const cents = (n: number) => `${Math.floor(n / 100)}.${String(n % 100).padStart(2, '0')}`;

const products = Array.from({ length: PRODUCTS }, (_, i) =>
  product(i + 1, `P${i + 1}`, cents(100 + pick(5000)), {
    categories: [(i % CATEGORIES) + 1, 100 + (i % 4)],
    collections: i % 3 === 0 ? [(i % COLLECTIONS) + 1] : [],
    taxCode: (i % 2) + 1,
    allowDiscount: i % 17 !== 0,
  }),
);
const target = () => {
  const r = random();
  return r < 0.5
    ? item({ product: pick(PRODUCTS) })
    : r < 0.85
      ? item({ category: pick(CATEGORIES) })
      : item({ collection: pick(COLLECTIONS) });
};
const KINDS = ['percentOff', 'amountOff', 'fixedPrice'] as const;
const promotions = Array.from({ length: 600 }, (_, i) => {
  const kind = KINDS[i % 3]!;
  return promotion(i + 1, `PR${i + 1}`, kind, kind === 'percentOff' ? String(5 + (i % 30)) : cents(50 + pick(800)), {
    items: [target(), target()],
    daysOfWeek: i % 5 === 0 ? ['sat', 'sun'] : [],
    timeFrom: i % 7 === 0 ? '11:00' : null,
    timeTo: i % 7 === 0 ? '14:00' : null,
    outlets: i % 11 === 0 ? [2] : [],
  });
});
const rewardOf = (i: number): RuleReward[] => {
  switch (i % 5) {
    case 0:
      return [reward.percentOff(String(5 + (i % 20)), { maxApplications: i % 2 ? 3 : null })];
    case 1:
      return [reward.amountOff(cents(100 + (i % 500)))];
    case 2:
      return [reward.fixedPrice(cents(200 + (i % 900)), { maxApplications: 2 })];
    case 3:
      return [reward.buyGet(2, 1, { maxApplications: 3, getProduct: i % 2 ? pick(PRODUCTS) : undefined })];
    default:
      return [
        reward.tiered([
          ['50.00', '5.00'],
          ['150.00', '20.00'],
        ]),
      ];
  }
};
const rules = Array.from({ length: 400 }, (_, i) =>
  rule(i + 1, `RU${i + 1}`, rewardOf(i), {
    priority: i % 4,
    stackable: i % 3 === 0,
    usageLimit: i % 9 === 0 ? 100 : null,
    conditions: {
      items: [target(), target()],
      minQuantity: i % 6 === 0 ? qty(2) : null,
      minSpend: i % 8 === 0 ? money('30.00') : null,
      membershipGroups: i % 13 === 0 ? [1] : [],
    },
  }),
);
const discounts = Array.from({ length: 100 }, (_, i) =>
  discount(i + 1, `D${i + 1}`, i % 2 ? 'percent' : 'amount', i % 2 ? String(5 + (i % 20)) : cents(100 + i * 10), {
    appliesTo: i % 4 === 0 ? 'bill' : 'item',
    maxAmount: i % 3 === 0 ? money('20.00') : null,
  }),
);

const data = pricingData({
  productList: products,
  promotions,
  rules,
  discounts,
  surcharges: [
    surcharge(1, 'SVC', 'percent', '10', { appliesTo: 'dineIn', taxable: true }),
    surcharge(2, 'BAG', 'amount', '0.20', { appliesTo: 'takeaway' }),
  ],
  taxCodes: [taxCode(1, 'SST6', '6'), taxCode(2, 'SST8', '8', { isDefault: true })],
  rounding: 'nearest0.05',
  maxDiscountWithoutApproval: pct('15'),
  ruleUsage: new Map(rules.filter((r) => r.usageLimit !== null).map((r) => [r.id, { total: 40, byMember: 0 }])),
});
const gold = member({
  group: {
    id: 1,
    code: 'GOLD',
    name: 'Gold',
    isActive: true,
    discountPercent: pct('5'),
    pointsPerUnit: pct('1.5'),
    benefits: [],
  },
});
const v10 = voucher(1, 'V10', 'percent', '10');

const baskets = Array.from({ length: 64 }, () =>
  basket(
    Array.from({ length: 50 }, () => [pick(PRODUCTS), pick(4)] as [number, number]),
    {
      member: gold,
      vouchers: [code(v10)],
      channel: { kind: 'dineIn', online: null },
      discounts: [
        { discount: 2, product: null },
        { discount: 3, product: null },
        { discount: 4, product: null },
      ],
      at: `2024-06-0${pick(7)}T0${pick(9)}:30:00.000Z`,
    },
  ),
);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

let fired = 0;
for (let i = 0; i < WARMUP; i++) priceBasket(data, baskets[i % baskets.length]!);
const times: number[] = [];
for (let i = 0; i < SAMPLES; i++) {
  const b = baskets[i % baskets.length]!;
  const started = performance.now();
  const r = priceBasket(data, b);
  times.push(performance.now() - started);
  fired += r.adjustments.length;
}
times.sort((a, b) => a - b);
const p50 = percentile(times, 50);
const p99 = percentile(times, 99);
console.log(
  `pricing: 50-line basket, ${promotions.length} promotions + ${rules.length} rules, ${discounts.length} discounts, ${SAMPLES} samples`,
);
console.log(`  adjustments per basket (mean): ${(fired / SAMPLES).toFixed(1)}`);
console.log(
  `  p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms, max ${times.at(-1)!.toFixed(2)} ms — budget p50 ≤ ${BUDGET.p50} ms, p99 ≤ ${BUDGET.p99} ms: ${p50 <= BUDGET.p50 && p99 <= BUDGET.p99 ? 'within' : 'OVER'}`,
);
if (p50 > BUDGET.p50 || p99 > BUDGET.p99) process.exitCode = 1;
