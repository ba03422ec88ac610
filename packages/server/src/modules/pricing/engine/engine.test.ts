import { formatScaled, type ConsideredReason } from '@backroom/schema';
import { describe, expect, it } from 'vitest';
import { priceBasket } from './index';
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
} from './testing';
import type { Basket, MemberInput, PricedBasket, PricingData } from './types';

const COF = product(1, 'COF', '10.00', { categories: [10, 1], collections: [100] });
const TEA = product(2, 'TEA', '6.00', { categories: [10, 1] });
const CAKE = product(3, 'CAKE', '12.50', { categories: [20, 2], collections: [100] });
const BREAD = product(4, 'BREAD', '4.00', { categories: [20, 2] });
const WINE = product(5, 'WINE', '20.00', { categories: [30], allowDiscount: false });
const CUP = product(6, 'CUP', '3.00', { categories: [40] });
const CATALOGUE = [COF, TEA, CAKE, BREAD, WINE, CUP];

const SST6 = taxCode(1, 'SST6', '6');
const SST8 = taxCode(2, 'SST8', '8');

const data = (more: Partial<PricingData> = {}) => pricingData({ productList: CATALOGUE, ...more });
/** Local Kuala Lumpur time (UTC+8) as an instant. */
const kl = (local: string) => new Date(`${local}+08:00`).toISOString();
const gold = (more: Partial<NonNullable<MemberInput['group']>> = {}, who: Partial<MemberInput> = {}) =>
  member({
    ...who,
    group: {
      id: 1,
      code: 'GOLD',
      name: 'Gold',
      isActive: true,
      discountPercent: 0,
      pointsPerUnit: 100,
      benefits: [],
      ...more,
    },
  });

interface Expected {
  subtotal?: string;
  discount?: string;
  surcharge?: string;
  taxAdded?: string;
  taxIncluded?: string;
  rounding?: string;
  total?: string;
  points?: string;
  /** Each line by code: unit price, its source, line total. */
  lines?: Record<string, { unit?: string; source?: string; total?: string }>;
  fired?: string[];
  /** Rules that did not fire, by code, with their reason. */
  reasons?: Record<string, ConsideredReason>;
  lostTo?: Record<string, string>;
  check?: (r: PricedBasket) => void;
}

interface Case {
  name: string;
  data?: Partial<PricingData>;
  basket: Basket;
  expect: Expected;
}

const m = (minor: number) => formatScaled(minor, 2);

function verify(r: PricedBasket, e: Expected) {
  const totals = {
    subtotal: r.subtotal,
    discount: r.discountTotal,
    surcharge: r.surchargeTotal,
    taxAdded: r.taxAdded,
    taxIncluded: r.taxIncluded,
    rounding: r.rounding,
    total: r.total,
  };
  for (const [name, value] of Object.entries(totals))
    if (e[name as keyof Expected] !== undefined) expect(m(value), name).toBe(e[name as keyof Expected]);
  if (e.points !== undefined) expect(m(r.pointsEarned)).toBe(e.points);
  for (const [lineCode, want] of Object.entries(e.lines ?? {})) {
    const line = r.lines.find((l) => l.code === lineCode)!;
    expect(line, lineCode).toBeDefined();
    if (want.unit) expect(m(line.unitPrice), `${lineCode} unit`).toBe(want.unit);
    if (want.source) expect(line.priceSource, `${lineCode} source`).toBe(want.source);
    if (want.total) expect(m(line.total), `${lineCode} total`).toBe(want.total);
  }
  for (const fired of e.fired ?? [])
    expect(
      r.considered.find((c) => c.code === fired),
      `${fired} fired`,
    ).toMatchObject({ fired: true });
  for (const [ruleCode, reason] of Object.entries(e.reasons ?? {}))
    expect(
      r.considered.find((c) => c.code === ruleCode),
      ruleCode,
    ).toMatchObject({ fired: false, reason });
  for (const [ruleCode, winner] of Object.entries(e.lostTo ?? {}))
    expect(r.considered.find((c) => c.code === ruleCode)?.lostTo?.code, ruleCode).toBe(winner);
  e.check?.(r);
}

const on = (target: Parameters<typeof item>[0]) => [item(target)];

const PRICES: Case[] = [
  {
    name: 'the product’s own price',
    basket: basket([[1, 2]]),
    expect: { subtotal: '20.00', total: '20.00', lines: { COF: { unit: '10.00', source: 'product' } } },
  },
  {
    name: 'the outlet’s override',
    data: { outletPrices: [{ id: 7, product: 1, outlet: 1, price: money('9.00') }] },
    basket: basket([[1, 1]]),
    expect: {
      total: '9.00',
      lines: { COF: { unit: '9.00', source: 'outletPrice' } },
      check: (r) => expect(r.lines[0]!.priceSourceId).toBe(7),
    },
  },
  {
    name: 'another outlet’s override does not count',
    data: { outletPrices: [{ id: 7, product: 1, outlet: 2, price: money('9.00') }] },
    basket: basket([[1, 1]]),
    expect: { lines: { COF: { unit: '10.00', source: 'product' } } },
  },
  {
    name: 'a chain-wide future price in effect today',
    data: { futurePrices: [{ id: 3, product: 1, outlet: null, price: money('11.00'), effectiveDate: '2024-06-05' }] },
    basket: basket([[1, 1]]),
    expect: { lines: { COF: { unit: '11.00', source: 'futurePrice' } } },
  },
  {
    name: 'a future price from tomorrow is not in effect',
    data: { futurePrices: [{ id: 3, product: 1, outlet: null, price: money('11.00'), effectiveDate: '2024-06-06' }] },
    basket: basket([[1, 1]]),
    expect: { lines: { COF: { unit: '10.00', source: 'product' } } },
  },
  {
    name: 'the outlet’s future price beats its override',
    data: {
      outletPrices: [{ id: 7, product: 1, outlet: 1, price: money('9.00') }],
      futurePrices: [{ id: 4, product: 1, outlet: 1, price: money('8.50'), effectiveDate: '2024-06-01' }],
    },
    basket: basket([[1, 1]]),
    expect: { lines: { COF: { unit: '8.50', source: 'futurePrice' } } },
  },
  {
    name: 'the outlet’s override beats a chain-wide future price',
    data: {
      outletPrices: [{ id: 7, product: 1, outlet: 1, price: money('9.00') }],
      futurePrices: [{ id: 3, product: 1, outlet: null, price: money('11.00'), effectiveDate: '2024-06-01' }],
    },
    basket: basket([[1, 1]]),
    expect: { lines: { COF: { unit: '9.00', source: 'outletPrice' } } },
  },
  {
    name: 'the future price’s date is the outlet’s date, not UTC’s',
    data: { futurePrices: [{ id: 3, product: 1, outlet: null, price: money('11.00'), effectiveDate: '2024-06-06' }] },
    basket: basket([[1, 1]], { at: kl('2024-06-06T01:00') }),
    expect: { lines: { COF: { unit: '11.00', source: 'futurePrice' } } },
  },
  {
    name: 'a bundle sells at its price',
    data: {
      bundles: new Map([
        [
          1,
          {
            id: 1,
            code: 'BND',
            name: 'Set',
            isActive: true,
            price: money('15.00'),
            validFrom: null,
            validTo: null,
            outlets: [],
            items: [
              { product: 1, quantity: qty(1) },
              { product: 3, quantity: qty(1) },
            ],
          },
        ],
      ]),
    },
    basket: basket([{ bundle: 1, quantity: qty(1) }]),
    expect: { total: '15.00', lines: { BND: { unit: '15.00', source: 'bundle' } }, fired: ['BND'] },
  },
  {
    name: 'a bundle past its dates sells at its items’ prices',
    data: {
      bundles: new Map([
        [
          1,
          {
            id: 1,
            code: 'BND',
            name: 'Set',
            isActive: true,
            price: money('15.00'),
            validFrom: null,
            validTo: '2024-06-04',
            outlets: [],
            items: [
              { product: 1, quantity: qty(1) },
              { product: 3, quantity: qty(1) },
            ],
          },
        ],
      ]),
    },
    basket: basket([{ bundle: 1, quantity: qty(1) }]),
    expect: { total: '22.50', lines: { BND: { unit: '22.50', source: 'product' } }, reasons: { BND: 'ended' } },
  },
  {
    name: 'a product added twice is one line',
    basket: basket([
      [1, 1],
      [2, 1],
      [1, 2],
    ]),
    expect: {
      total: '36.00',
      check: (r) =>
        expect(r.lines.map((l) => [l.code, l.quantity])).toEqual([
          ['COF', 3000],
          ['TEA', 1000],
        ]),
    },
  },
];

const PROMOTIONS: Case[] = [
  {
    name: 'percent off a product',
    data: { promotions: [promotion(1, 'P10', 'percentOff', '10', { items: on({ product: 1 }) })] },
    basket: basket([[1, 2]]),
    expect: { discount: '2.00', total: '18.00', fired: ['P10'] },
  },
  {
    name: 'amount off each unit of a category',
    data: { promotions: [promotion(1, 'FOOD150', 'amountOff', '1.50', { items: on({ category: 2 }) })] },
    basket: basket([
      [3, 1],
      [4, 2],
    ]),
    expect: { discount: '4.50', total: '16.00', lines: { CAKE: { total: '11.00' }, BREAD: { total: '5.00' } } },
  },
  {
    name: 'fixed price on a collection',
    data: { promotions: [promotion(1, 'FIX8', 'fixedPrice', '8.00', { items: on({ collection: 100 }) })] },
    basket: basket([
      [1, 1],
      [3, 1],
    ]),
    expect: { discount: '6.50', total: '16.00', lines: { COF: { total: '8.00' }, CAKE: { total: '8.00' } } },
  },
  {
    name: 'a fixed price above the price saves nothing',
    data: { promotions: [promotion(1, 'FIX12', 'fixedPrice', '12.00', { items: on({ product: 2 }) })] },
    basket: basket([[2, 1]]),
    expect: { total: '6.00', reasons: { FIX12: 'noSaving' } },
  },
  {
    name: 'amount off never takes a line below zero',
    data: { promotions: [promotion(1, 'OFF8', 'amountOff', '8.00', { items: on({ product: 4 }) })] },
    basket: basket([[4, 2]]),
    expect: { discount: '8.00', total: '0.00', lines: { BREAD: { total: '0.00' } } },
  },
  {
    name: 'no items means every product',
    data: { promotions: [promotion(1, 'ALL5', 'percentOff', '5')] },
    basket: basket([
      [1, 1],
      [2, 1],
    ]),
    expect: { discount: '0.80', total: '15.20' },
  },
  {
    name: 'not started',
    data: { promotions: [promotion(1, 'P', 'percentOff', '10', { validFrom: '2024-06-06' })] },
    basket: basket([[1, 1]]),
    expect: { total: '10.00', reasons: { P: 'notStarted' } },
  },
  {
    name: 'ended',
    data: { promotions: [promotion(1, 'P', 'percentOff', '10', { validTo: '2024-06-04' })] },
    basket: basket([[1, 1]]),
    expect: { total: '10.00', reasons: { P: 'ended' } },
  },
  {
    name: 'valid through its last day',
    data: { promotions: [promotion(1, 'P', 'percentOff', '10', { validTo: '2024-06-05' })] },
    basket: basket([[1, 1]]),
    expect: { total: '9.00', fired: ['P'] },
  },
  {
    name: 'weekends only, on a Wednesday',
    data: { promotions: [promotion(1, 'P', 'percentOff', '10', { daysOfWeek: ['sat', 'sun'] })] },
    basket: basket([[1, 1]]),
    expect: { total: '10.00', reasons: { P: 'wrongDay' } },
  },
  {
    name: 'Wednesdays',
    data: { promotions: [promotion(1, 'P', 'percentOff', '10', { daysOfWeek: ['wed'] })] },
    basket: basket([[1, 1]]),
    expect: { total: '9.00' },
  },
  {
    name: 'afternoon hours at noon',
    data: { promotions: [promotion(1, 'P', 'percentOff', '10', { timeFrom: '14:00', timeTo: '17:00' })] },
    basket: basket([[1, 1]]),
    expect: { reasons: { P: 'wrongTime' } },
  },
  {
    name: 'hours end before their end time',
    data: { promotions: [promotion(1, 'P', 'percentOff', '10', { timeFrom: '10:00', timeTo: '12:00' })] },
    basket: basket([[1, 1]]),
    expect: { reasons: { P: 'wrongTime' } },
  },
  {
    name: 'hours start at their start time',
    data: { promotions: [promotion(1, 'P', 'percentOff', '10', { timeFrom: '12:00', timeTo: '14:00' })] },
    basket: basket([[1, 1]]),
    expect: { total: '9.00' },
  },
  {
    name: 'a Tuesday night window is open at 01:00 on Wednesday',
    data: {
      promotions: [
        promotion(1, 'NIGHT', 'percentOff', '10', { timeFrom: '22:00', timeTo: '02:00', daysOfWeek: ['tue'] }),
      ],
    },
    basket: basket([[1, 1]], { at: kl('2024-06-05T01:00') }),
    expect: { total: '9.00', fired: ['NIGHT'] },
  },
  {
    name: 'a Wednesday night window is closed at 01:00 on Wednesday',
    data: {
      promotions: [
        promotion(1, 'NIGHT', 'percentOff', '10', { timeFrom: '22:00', timeTo: '02:00', daysOfWeek: ['wed'] }),
      ],
    },
    basket: basket([[1, 1]], { at: kl('2024-06-05T01:00') }),
    expect: { reasons: { NIGHT: 'wrongDay' } },
  },
  {
    name: 'a Wednesday night window is open at 23:30 on Wednesday',
    data: {
      promotions: [
        promotion(1, 'NIGHT', 'percentOff', '10', { timeFrom: '22:00', timeTo: '02:00', daysOfWeek: ['wed'] }),
      ],
    },
    basket: basket([[1, 1]], { at: kl('2024-06-05T23:30') }),
    expect: { total: '9.00' },
  },
  {
    name: 'a night window is closed at noon',
    data: { promotions: [promotion(1, 'NIGHT', 'percentOff', '10', { timeFrom: '22:00', timeTo: '02:00' })] },
    basket: basket([[1, 1]]),
    expect: { reasons: { NIGHT: 'wrongTime' } },
  },
  {
    name: 'hours are the outlet’s, not UTC’s',
    data: { promotions: [promotion(1, 'LUNCH', 'percentOff', '10', { timeFrom: '11:00', timeTo: '14:00' })] },
    basket: basket([[1, 1]], { at: '2024-06-05T04:30:00Z', outlet: { id: 1, timezone: 'Europe/London' } }),
    expect: { reasons: { LUNCH: 'wrongTime' } },
  },
  {
    name: 'another outlet’s promotion',
    data: { promotions: [promotion(1, 'P', 'percentOff', '10', { outlets: [2] })] },
    basket: basket([[1, 1]]),
    expect: { reasons: { P: 'outletNotIncluded' } },
  },
  {
    name: 'this outlet’s promotion',
    data: { promotions: [promotion(1, 'P', 'percentOff', '10', { outlets: [2, 1] })] },
    basket: basket([[1, 1]]),
    expect: { fired: ['P'] },
  },
  {
    name: 'switched off',
    data: { promotions: [promotion(1, 'P', 'percentOff', '10', { isActive: false })] },
    basket: basket([[1, 1]]),
    expect: { reasons: { P: 'inactive' } },
  },
  {
    name: 'no qualifying item',
    data: { promotions: [promotion(1, 'P', 'percentOff', '10', { items: on({ product: 2 }) })] },
    basket: basket([[1, 1]]),
    expect: { reasons: { P: 'noQualifyingItems' } },
  },
  {
    name: 'two promotions on one product: the bigger saving wins, the other says so',
    data: {
      promotions: [
        promotion(1, 'P10', 'percentOff', '10', { items: on({ product: 1 }) }),
        promotion(2, 'FIX7', 'fixedPrice', '7.00', { items: on({ product: 1 }) }),
      ],
    },
    basket: basket([[1, 1]]),
    expect: { total: '7.00', fired: ['FIX7'], reasons: { P10: 'lostToPriority' }, lostTo: { P10: 'FIX7' } },
  },
];

const RULES: Case[] = [
  {
    name: 'percent off at a minimum quantity of a category',
    data: {
      rules: [
        rule(1, 'R3', [reward.percentOff('10')], { conditions: { items: on({ category: 1 }), minQuantity: qty(3) } }),
      ],
    },
    basket: basket([
      [1, 2],
      [2, 1],
    ]),
    expect: { discount: '2.60', total: '23.40' },
  },
  {
    name: 'minimum quantity not met',
    data: {
      rules: [
        rule(1, 'R3', [reward.percentOff('10')], { conditions: { items: on({ category: 1 }), minQuantity: qty(3) } }),
      ],
    },
    basket: basket([[1, 2]]),
    expect: {
      total: '20.00',
      reasons: { R3: 'minQuantityNotMet' },
      check: (r) => expect(r.considered[0]!.params).toEqual({ required: '3', actual: '2' }),
    },
  },
  {
    name: 'amount off at a minimum spend',
    data: { rules: [rule(1, 'S30', [reward.amountOff('5.00')], { conditions: { minSpend: money('30.00') } })] },
    basket: basket([[1, 3]]),
    expect: { discount: '5.00', total: '25.00' },
  },
  {
    name: 'amount off repeats for each multiple of the spend',
    data: { rules: [rule(1, 'S30', [reward.amountOff('5.00')], { conditions: { minSpend: money('30.00') } })] },
    basket: basket([[1, 7]]),
    expect: { discount: '10.00' },
  },
  {
    name: 'amount off up to its maximum applications',
    data: {
      rules: [
        rule(1, 'S30', [reward.amountOff('5.00', { maxApplications: 1 })], {
          conditions: { minSpend: money('30.00') },
        }),
      ],
    },
    basket: basket([[1, 7]]),
    expect: { discount: '5.00' },
  },
  {
    name: 'minimum spend not met',
    data: { rules: [rule(1, 'S30', [reward.amountOff('5.00')], { conditions: { minSpend: money('30.00') } })] },
    basket: basket([[1, 2]]),
    expect: {
      reasons: { S30: 'minSpendNotMet' },
      check: (r) => expect(r.considered[0]!.params).toEqual({ required: '30.00', actual: '20.00' }),
    },
  },
  {
    name: 'buy 2 get 1: the third unit is free, the first two were bought',
    data: { rules: [rule(1, 'B2G1', [reward.buyGet(2, 1)], { conditions: { items: on({ product: 1 }) } })] },
    basket: basket([[1, 3]]),
    expect: {
      discount: '10.00',
      total: '20.00',
      check: (r) => expect(r.adjustments[0]).toMatchObject({ lines: [0], qualifyingLines: [0] }),
    },
  },
  {
    name: 'buy 1 get 1 with one unit: the unit that qualifies is not the one discounted',
    data: { rules: [rule(1, 'B1G1', [reward.buyGet(1, 1)], { conditions: { items: on({ product: 1 }) } })] },
    basket: basket([[1, 1]]),
    expect: { total: '10.00', reasons: { B1G1: 'minQuantityNotMet' } },
  },
  {
    name: 'buy 2 get 1 applies as often as the basket allows',
    data: { rules: [rule(1, 'B2G1', [reward.buyGet(2, 1)], { conditions: { items: on({ product: 1 }) } })] },
    basket: basket([[1, 7]]),
    expect: { discount: '20.00', total: '50.00' },
  },
  {
    name: 'buy 2 get 1 up to its maximum applications',
    data: {
      rules: [
        rule(1, 'B2G1', [reward.buyGet(2, 1, { maxApplications: 1 })], { conditions: { items: on({ product: 1 }) } }),
      ],
    },
    basket: basket([[1, 7]]),
    expect: { discount: '10.00' },
  },
  {
    name: 'buy 2 get 1 across a category: the cheapest unit is free',
    data: { rules: [rule(1, 'DRINKS', [reward.buyGet(2, 1)], { conditions: { items: on({ category: 10 }) } })] },
    basket: basket([
      [1, 2],
      [2, 1],
    ]),
    expect: { discount: '6.00', total: '20.00', lines: { TEA: { total: '0.00' }, COF: { total: '20.00' } } },
  },
  {
    name: 'buy 2 food items get a cup free',
    data: {
      rules: [
        rule(1, 'CUPFREE', [reward.buyGet(2, 1, { getProduct: 6 })], { conditions: { items: on({ category: 20 }) } }),
      ],
    },
    basket: basket([
      [3, 1],
      [4, 1],
      [6, 1],
    ]),
    expect: {
      discount: '3.00',
      total: '16.50',
      lines: { CUP: { total: '0.00' } },
      check: (r) => expect(r.adjustments[0]).toMatchObject({ lines: [2], qualifyingLines: [0, 1] }),
    },
  },
  {
    name: 'the get product is missing',
    data: {
      rules: [
        rule(1, 'CUPFREE', [reward.buyGet(2, 1, { getProduct: 6 })], { conditions: { items: on({ category: 20 }) } }),
      ],
    },
    basket: basket([
      [3, 1],
      [4, 1],
    ]),
    expect: { total: '16.50', reasons: { CUPFREE: 'freeItemNotInBasket' } },
  },
  {
    name: 'buy 4 of a category get one item of it free, the free item added last',
    data: {
      rules: [rule(1, 'B4', [reward.buyGet(4, 1, { getProduct: 4 })], { conditions: { items: on({ category: 20 }) } })],
    },
    basket: basket([
      [3, 4],
      [4, 1],
    ]),
    expect: { discount: '4.00', total: '50.00' },
  },
  {
    name: 'buy 4 get one of the same product free from five units',
    data: {
      rules: [rule(1, 'B4', [reward.buyGet(4, 1, { getProduct: 4 })], { conditions: { items: on({ category: 20 }) } })],
    },
    basket: basket([[4, 5]]),
    expect: { discount: '4.00', total: '16.00' },
  },
  {
    name: 'buy 1 get 1 at half price',
    data: {
      rules: [rule(1, 'HALF', [reward.buyGet(1, 1, { percent: '50' })], { conditions: { items: on({ product: 2 }) } })],
    },
    basket: basket([[2, 2]]),
    expect: { discount: '3.00', total: '9.00' },
  },
  {
    name: 'buy 1 get 1 capped at its maximum amount',
    data: {
      rules: [
        rule(1, 'B1G1', [reward.buyGet(1, 1, { maxAmount: money('5.00') })], {
          conditions: { items: on({ product: 1 }) },
        }),
      ],
    },
    basket: basket([[1, 2]]),
    expect: { discount: '5.00' },
  },
  {
    name: 'fixed price for at most two units',
    data: {
      rules: [
        rule(1, 'FIX5', [reward.fixedPrice('5.00', { maxApplications: 2 })], {
          conditions: { items: on({ product: 1 }) },
        }),
      ],
    },
    basket: basket([[1, 3]]),
    expect: { discount: '10.00', total: '20.00' },
  },
  {
    name: 'percent off capped at its maximum amount',
    data: { rules: [rule(1, 'HALF', [reward.percentOff('50', { maxAmount: money('3.00') })])] },
    basket: basket([[1, 2]]),
    expect: { discount: '3.00' },
  },
  {
    name: 'tiered spend: the first tier',
    data: {
      rules: [
        rule(1, 'TIER', [
          reward.tiered([
            ['50.00', '5.00'],
            ['100.00', '15.00'],
          ]),
        ]),
      ],
    },
    basket: basket([[1, 6]]),
    expect: { discount: '5.00', total: '55.00' },
  },
  {
    name: 'tiered spend: the highest tier met',
    data: {
      rules: [
        rule(1, 'TIER', [
          reward.tiered([
            ['50.00', '5.00'],
            ['100.00', '15.00'],
          ]),
        ]),
      ],
    },
    basket: basket([[1, 10]]),
    expect: { discount: '15.00', total: '85.00' },
  },
  {
    name: 'tiered spend below its first tier',
    data: {
      rules: [
        rule(1, 'TIER', [
          reward.tiered([
            ['50.00', '5.00'],
            ['100.00', '15.00'],
          ]),
        ]),
      ],
    },
    basket: basket([[1, 4]]),
    expect: {
      reasons: { TIER: 'minSpendNotMet' },
      check: (r) => expect(r.considered[0]!.params).toEqual({ required: '50.00', actual: '40.00' }),
    },
  },
  {
    name: 'members of a group only, without a member',
    data: { rules: [rule(1, 'GOLD10', [reward.percentOff('10')], { conditions: { membershipGroups: [1] } })] },
    basket: basket([[1, 1]]),
    expect: { reasons: { GOLD10: 'noMember' } },
  },
  {
    name: 'members of a group only, with one',
    data: { rules: [rule(1, 'GOLD10', [reward.percentOff('10')], { conditions: { membershipGroups: [1] } })] },
    basket: basket([[1, 1]], { member: gold() }),
    expect: { total: '9.00' },
  },
  {
    name: 'members of another group',
    data: { rules: [rule(1, 'GOLD10', [reward.percentOff('10')], { conditions: { membershipGroups: [2] } })] },
    basket: basket([[1, 1]], { member: gold() }),
    expect: { reasons: { GOLD10: 'memberGroupNotIncluded' } },
  },
  {
    name: 'an online channel’s rule at the counter',
    data: { rules: [rule(1, 'APP', [reward.percentOff('10')], { conditions: { channels: [5] } })] },
    basket: basket([[1, 1]]),
    expect: { reasons: { APP: 'channelNotIncluded' } },
  },
  {
    name: 'an online channel’s rule on that channel',
    data: { rules: [rule(1, 'APP', [reward.percentOff('10')], { conditions: { channels: [5] } })] },
    basket: basket([[1, 1]], { channel: { kind: 'online', online: 5 } }),
    expect: { total: '9.00' },
  },
  {
    name: 'usage limit not yet reached',
    data: {
      rules: [rule(1, 'LTD', [reward.percentOff('10')], { usageLimit: 10 })],
      ruleUsage: new Map([[1, { total: 9, byMember: 0 }]]),
    },
    basket: basket([[1, 1]]),
    expect: { fired: ['LTD'] },
  },
  {
    name: 'usage limit reached',
    data: {
      rules: [rule(1, 'LTD', [reward.percentOff('10')], { usageLimit: 10 })],
      ruleUsage: new Map([[1, { total: 10, byMember: 0 }]]),
    },
    basket: basket([[1, 1]]),
    expect: { reasons: { LTD: 'usageLimitReached' } },
  },
  {
    name: 'the member’s own limit reached',
    data: {
      rules: [rule(1, 'ONCE', [reward.percentOff('10')], { usageLimitPerMember: 1 })],
      ruleUsage: new Map([[1, { total: 3, byMember: 1 }]]),
    },
    basket: basket([[1, 1]], { member: gold() }),
    expect: { reasons: { ONCE: 'memberUsageLimitReached' } },
  },
  {
    name: 'a rule past its dates',
    data: { rules: [rule(1, 'OLD', [reward.percentOff('10')], { validTo: '2024-05-31' })] },
    basket: basket([[1, 1]]),
    expect: { reasons: { OLD: 'ended' } },
  },
];

const STACKING: Case[] = [
  {
    name: 'priority first, even when a later rule saves more',
    data: {
      rules: [
        rule(1, 'FIRST', [reward.percentOff('10')], { priority: 1 }),
        rule(2, 'SECOND', [reward.percentOff('50')], { priority: 2 }),
      ],
    },
    basket: basket([[1, 1]]),
    expect: { total: '9.00', fired: ['FIRST'], reasons: { SECOND: 'lostToPriority' }, lostTo: { SECOND: 'FIRST' } },
  },
  {
    name: 'stackable rules both apply, each on what is left',
    data: {
      rules: [
        rule(1, 'A', [reward.percentOff('10')], { priority: 1, stackable: true }),
        rule(2, 'B', [reward.percentOff('10')], { priority: 2, stackable: true }),
      ],
    },
    basket: basket([[1, 1]]),
    expect: { discount: '1.90', total: '8.10', fired: ['A', 'B'] },
  },
  {
    name: 'a non-stackable rule after a stackable one does not combine',
    data: {
      rules: [
        rule(1, 'A', [reward.percentOff('10')], { priority: 1, stackable: true }),
        rule(2, 'B', [reward.percentOff('20')], { priority: 2 }),
      ],
    },
    basket: basket([[1, 1]]),
    expect: { total: '9.00', reasons: { B: 'notStackable' }, lostTo: { B: 'A' } },
  },
  {
    name: 'a stackable rule after a non-stackable one does not combine',
    data: {
      rules: [
        rule(1, 'A', [reward.percentOff('10')], { priority: 1 }),
        rule(2, 'B', [reward.percentOff('20')], { priority: 2, stackable: true }),
      ],
    },
    basket: basket([[1, 1]]),
    expect: { total: '9.00', reasons: { B: 'lostToPriority' }, lostTo: { B: 'A' } },
  },
  {
    name: 'two buy-1-get-1 rules on one product share its units',
    data: {
      rules: [
        rule(1, 'A', [reward.buyGet(1, 1, { maxApplications: 1 })], {
          priority: 1,
          conditions: { items: on({ product: 1 }) },
        }),
        rule(2, 'B', [reward.buyGet(1, 1)], { priority: 2, conditions: { items: on({ product: 1 }) } }),
      ],
    },
    basket: basket([[1, 4]]),
    expect: { discount: '20.00', total: '20.00', fired: ['A', 'B'] },
  },
  {
    name: 'a rule and a promotion at the same priority: the bigger saving first',
    data: {
      promotions: [promotion(1, 'P10', 'percentOff', '10', { items: on({ product: 1 }) })],
      rules: [rule(1, 'R6', [reward.fixedPrice('6.00')], { conditions: { items: on({ product: 1 }) } })],
    },
    basket: basket([[1, 1]]),
    expect: { total: '6.00', fired: ['R6'], reasons: { P10: 'lostToPriority' }, lostTo: { P10: 'R6' } },
  },
  {
    name: 'rules on different products do not compete',
    data: {
      rules: [
        rule(1, 'A', [reward.percentOff('10')], { priority: 1, conditions: { items: on({ product: 1 }) } }),
        rule(2, 'B', [reward.percentOff('50')], { priority: 2, conditions: { items: on({ product: 2 }) } }),
      ],
    },
    basket: basket([
      [1, 1],
      [2, 1],
    ]),
    expect: { discount: '4.00', fired: ['A', 'B'] },
  },
];

const MEMBERS: Case[] = [
  {
    name: 'the group’s discount',
    basket: basket([[1, 2]], { member: gold({ discountPercent: pct('5') }) }),
    expect: { discount: '1.00', total: '19.00', fired: ['GOLD'] },
  },
  {
    name: 'the group’s discount skips items that allow none',
    basket: basket([[5, 1]], { member: gold({ discountPercent: pct('5') }) }),
    expect: { total: '20.00', reasons: { GOLD: 'notDiscountable' } },
  },
  {
    name: 'the group’s discount skips items a non-stackable promotion holds',
    data: { promotions: [promotion(1, 'P10', 'percentOff', '10', { items: on({ product: 1 }) })] },
    basket: basket(
      [
        [1, 1],
        [2, 1],
      ],
      { member: gold({ discountPercent: pct('5') }) },
    ),
    expect: { discount: '1.30', total: '14.70', lines: { COF: { total: '9.00' }, TEA: { total: '5.70' } } },
  },
  {
    name: 'the group’s discount combines with a stackable rule',
    data: { rules: [rule(1, 'S10', [reward.percentOff('10')], { stackable: true })] },
    basket: basket([[1, 1]], { member: gold({ discountPercent: pct('10') }) }),
    expect: { discount: '1.90', total: '8.10' },
  },
  {
    name: 'a suspended member gets nothing',
    basket: basket([[1, 1]], { member: gold({ discountPercent: pct('5') }, { status: 'suspended' }) }),
    expect: { total: '10.00', reasons: { GOLD: 'memberNotActive' }, points: '0.00' },
  },
  {
    name: 'a member past their expiry date gets nothing',
    basket: basket([[1, 1]], { member: gold({ discountPercent: pct('5') }, { expiryDate: '2024-06-04' }) }),
    expect: { reasons: { GOLD: 'memberNotActive' }, points: '0.00' },
  },
  {
    name: 'points per unit spent',
    basket: basket([[1, 3]], { member: gold({ pointsPerUnit: pct('1.5') }) }),
    expect: { points: '45.00' },
  },
  {
    name: 'points on what was paid after discounts, rounded down',
    data: { promotions: [promotion(1, 'P', 'percentOff', '33')] },
    basket: basket([[1, 1]], { member: gold({ pointsPerUnit: pct('1') }) }),
    expect: { total: '6.70', points: '6.70' },
  },
  {
    name: 'a points multiplier benefit',
    basket: basket([[1, 3]], {
      member: gold({
        benefits: [
          { id: 9, name: 'Double points', isActive: true, kind: 'pointsMultiplier', value: pct('2'), product: null },
        ],
      }),
    }),
    expect: { points: '60.00', fired: ['GOLD-pointsMultiplier'] },
  },
  {
    name: 'a discount benefit',
    basket: basket([[1, 1]], {
      member: gold({
        benefits: [{ id: 9, name: 'Ten off', isActive: true, kind: 'discount', value: pct('10'), product: null }],
      }),
    }),
    expect: { total: '9.00', fired: ['GOLD-discount'] },
  },
  {
    name: 'a free item benefit takes one unit',
    basket: basket(
      [
        [1, 1],
        [2, 2],
      ],
      {
        member: gold({
          benefits: [{ id: 9, name: 'Free tea', isActive: true, kind: 'freeItem', value: null, product: 2 }],
        }),
      },
    ),
    expect: { discount: '6.00', total: '16.00', lines: { TEA: { total: '6.00' } } },
  },
  {
    name: 'a free item not in the basket',
    basket: basket([[1, 1]], {
      member: gold({
        benefits: [{ id: 9, name: 'Free tea', isActive: true, kind: 'freeItem', value: null, product: 2 }],
      }),
    }),
    expect: { total: '10.00', reasons: { 'GOLD-freeItem': 'freeItemNotInBasket' } },
  },
  {
    name: 'a birthday voucher in the birthday month',
    basket: basket([[1, 3]], {
      member: gold(
        {
          benefits: [
            { id: 9, name: 'Birthday', isActive: true, kind: 'birthdayVoucher', value: money('10.00'), product: null },
          ],
        },
        { birthDate: '1990-06-20' },
      ),
    }),
    expect: { discount: '10.00', total: '20.00' },
  },
  {
    name: 'a birthday voucher in another month',
    basket: basket([[1, 3]], {
      member: gold(
        {
          benefits: [
            { id: 9, name: 'Birthday', isActive: true, kind: 'birthdayVoucher', value: money('10.00'), product: null },
          ],
        },
        { birthDate: '1990-07-20' },
      ),
    }),
    expect: { total: '30.00', reasons: { 'GOLD-birthdayVoucher': 'notBirthday' } },
  },
  {
    name: 'a birthday voucher already used this year',
    basket: basket([[1, 3]], {
      member: gold(
        {
          benefits: [
            { id: 9, name: 'Birthday', isActive: true, kind: 'birthdayVoucher', value: money('10.00'), product: null },
          ],
        },
        { birthDate: '1990-06-20', birthdayVoucherUsed: true },
      ),
    }),
    expect: { total: '30.00', reasons: { 'GOLD-birthdayVoucher': 'birthdayVoucherUsed' } },
  },
];

const DISCOUNTS: Case[] = [
  {
    name: 'a discount nobody gave',
    data: { discounts: [discount(1, 'STAFF', 'percent', '20')] },
    basket: basket([[1, 1]]),
    expect: { total: '10.00', reasons: { STAFF: 'notChosen' } },
  },
  {
    name: 'an item discount on one product',
    data: { discounts: [discount(1, 'STAFF', 'percent', '20')] },
    basket: basket(
      [
        [1, 1],
        [2, 1],
      ],
      { discounts: [{ discount: 1, product: 1 }] },
    ),
    expect: { discount: '2.00', total: '14.00', lines: { COF: { total: '8.00' }, TEA: { total: '6.00' } } },
  },
  {
    name: 'an amount off each unit',
    data: { discounts: [discount(1, 'ONE', 'amount', '1.00')] },
    basket: basket([[1, 3]], { discounts: [{ discount: 1, product: null }] }),
    expect: { discount: '3.00' },
  },
  {
    name: 'an item discount on a product that allows none',
    data: { discounts: [discount(1, 'STAFF', 'percent', '20')] },
    basket: basket([[5, 1]], { discounts: [{ discount: 1, product: 5 }] }),
    expect: { total: '20.00', reasons: { STAFF: 'notDiscountable' } },
  },
  {
    name: 'a bill discount capped at its maximum',
    data: { discounts: [discount(1, 'HALF', 'percent', '50', { appliesTo: 'bill', maxAmount: money('5.00') })] },
    basket: basket([[1, 2]], { discounts: [{ discount: 1, product: null }] }),
    expect: { discount: '5.00', total: '15.00' },
  },
  {
    name: 'a bill discount never takes more than the bill',
    data: { discounts: [discount(1, 'BIG', 'amount', '100.00', { appliesTo: 'bill' })] },
    basket: basket([[2, 1]], { discounts: [{ discount: 1, product: null }] }),
    expect: { discount: '6.00', total: '0.00' },
  },
  {
    name: 'a bill discount skips items that allow none',
    data: { discounts: [discount(1, 'TEN', 'percent', '10', { appliesTo: 'bill' })] },
    basket: basket(
      [
        [1, 1],
        [5, 1],
      ],
      { discounts: [{ discount: 1, product: null }] },
    ),
    expect: { discount: '1.00', lines: { WINE: { total: '20.00' } } },
  },
  {
    name: 'a discount flagged for approval says so',
    data: { discounts: [discount(1, 'MGR', 'percent', '5', { needsManagerApproval: true })] },
    basket: basket([[1, 1]], { discounts: [{ discount: 1, product: null }] }),
    expect: { check: (r) => expect(r.adjustments[0]!.needsApproval).toBe(true) },
  },
  {
    name: 'a discount above the terminal’s limit needs approval',
    data: {
      maxDiscountWithoutApproval: pct('10'),
      discounts: [discount(1, 'TWENTY', 'percent', '20'), discount(2, 'FIVE', 'percent', '5')],
    },
    basket: basket(
      [
        [1, 1],
        [2, 1],
      ],
      {
        discounts: [
          { discount: 1, product: 1 },
          { discount: 2, product: 2 },
        ],
      },
    ),
    expect: {
      check: (r) =>
        expect(r.adjustments.map((a) => [a.code, a.needsApproval ?? false])).toEqual([
          ['FIVE', false],
          ['TWENTY', true],
        ]),
    },
  },
  {
    name: 'another outlet’s discount',
    data: { discounts: [discount(1, 'STAFF', 'percent', '20', { outlets: [3] })] },
    basket: basket([[1, 1]], { discounts: [{ discount: 1, product: null }] }),
    expect: { reasons: { STAFF: 'outletNotIncluded' } },
  },
];

const V5 = voucher(1, 'V5', 'amount', '5.00');
const VOUCHERS: Case[] = [
  {
    name: 'an amount voucher',
    basket: basket([[1, 2]], { vouchers: [code(V5)] }),
    expect: { discount: '5.00', total: '15.00', fired: ['V5'] },
  },
  {
    name: 'a percent voucher on what is left after promotions',
    data: { promotions: [promotion(1, 'P10', 'percentOff', '10')] },
    basket: basket([[1, 2]], { vouchers: [code(voucher(2, 'V10', 'percent', '10'))] }),
    expect: { discount: '3.80', total: '16.20' },
  },
  {
    name: 'a voucher’s minimum spend not met',
    basket: basket([[1, 2]], { vouchers: [code(voucher(1, 'V', 'amount', '5.00', { minSpend: money('50.00') }))] }),
    expect: { total: '20.00', reasons: { V: 'minSpendNotMet' } },
  },
  {
    name: 'a redeemed single-use code',
    basket: basket([[1, 2]], { vouchers: [code(V5, 'ABCD-EFGH-JKLM', { redeemed: true })] }),
    expect: { total: '20.00', reasons: { V5: 'codeRedeemed' } },
  },
  {
    name: 'a voucher at its usage limit',
    basket: basket([[1, 2]], { vouchers: [code(voucher(1, 'V', 'amount', '5.00', { usageLimit: 5, timesUsed: 5 }))] }),
    expect: { reasons: { V: 'usageLimitReached' } },
  },
  {
    name: 'two codes of a voucher with one use left',
    basket: basket([[1, 2]], {
      vouchers: [
        code(voucher(1, 'V', 'amount', '5.00', { usageLimit: 1 }), 'AAAA'),
        code(voucher(1, 'V', 'amount', '5.00', { usageLimit: 1 }), 'BBBB'),
      ],
    }),
    expect: {
      discount: '5.00',
      check: (r) =>
        expect(r.considered.map((c) => [c.voucherCode, c.fired, c.reason])).toEqual([
          ['AAAA', true, undefined],
          ['BBBB', false, 'usageLimitReached'],
        ]),
    },
  },
  {
    name: 'the same code twice',
    basket: basket([[1, 2]], { vouchers: [code(V5), code(V5)] }),
    expect: {
      discount: '5.00',
      check: (r) =>
        expect(r.considered.map((c) => [c.fired, c.reason])).toEqual([
          [true, undefined],
          [false, 'duplicateCode'],
        ]),
    },
  },
  {
    name: 'an expired voucher',
    basket: basket([[1, 2]], { vouchers: [code(voucher(1, 'V', 'amount', '5.00', { validTo: '2024-06-01' }))] }),
    expect: { reasons: { V: 'ended' } },
  },
  {
    name: 'a voucher worth more than the bill',
    basket: basket([[1, 2]], { vouchers: [code(voucher(1, 'V', 'amount', '50.00'))] }),
    expect: { discount: '20.00', total: '0.00' },
  },
];

const CHARGES: Case[] = [
  {
    name: 'a dine-in service charge',
    data: { surcharges: [surcharge(1, 'SVC', 'percent', '10', { appliesTo: 'dineIn' })] },
    basket: basket([[1, 2]], { channel: { kind: 'dineIn', online: null } }),
    expect: { surcharge: '2.00', total: '22.00' },
  },
  {
    name: 'a delivery charge on a dine-in sale',
    data: { surcharges: [surcharge(1, 'DLV', 'amount', '5.00', { appliesTo: 'delivery' })] },
    basket: basket([[1, 2]], { channel: { kind: 'dineIn', online: null } }),
    expect: { surcharge: '0.00', reasons: { DLV: 'channelNotIncluded' } },
  },
  {
    name: 'a charge on every channel',
    data: { surcharges: [surcharge(1, 'BAG', 'amount', '1.00')] },
    basket: basket([[1, 2]]),
    expect: { surcharge: '1.00', total: '21.00' },
  },
  {
    name: 'a taxable service charge is taxed at the default code',
    data: {
      taxCodes: [taxCode(1, 'SST6', '6', { isDefault: true })],
      surcharges: [surcharge(1, 'SVC', 'percent', '10', { taxable: true })],
    },
    basket: basket([[1, 2]]),
    expect: { surcharge: '2.00', taxAdded: '1.32', total: '23.32' },
  },
  {
    name: 'a service charge on what is left after discounts',
    data: {
      promotions: [promotion(1, 'HALF', 'percentOff', '50')],
      surcharges: [surcharge(1, 'SVC', 'percent', '10')],
    },
    basket: basket([[1, 2]]),
    expect: { surcharge: '1.00', total: '11.00' },
  },
  {
    name: 'another outlet’s surcharge',
    data: { surcharges: [surcharge(1, 'BAG', 'amount', '1.00', { outlets: [2] })] },
    basket: basket([[1, 1]]),
    expect: { surcharge: '0.00', reasons: { BAG: 'outletNotIncluded' } },
  },
];

const withTax = (products: typeof CATALOGUE) => ({ products: new Map(products.map((p) => [p.id, p])) });
const TAXES: Case[] = [
  {
    name: 'exclusive tax on a coded product',
    data: { taxCodes: [SST6], ...withTax([{ ...COF, taxCode: 1 }]) },
    basket: basket([[1, 3]]),
    expect: { taxAdded: '1.80', taxIncluded: '0.00', total: '31.80' },
  },
  {
    name: 'inclusive tax when the product says so',
    data: { taxCodes: [SST6], ...withTax([{ ...COF, taxCode: 1, taxInclusive: true }]) },
    basket: basket([[1, 3]]),
    expect: { taxAdded: '0.00', taxIncluded: '1.70', total: '30.00' },
  },
  {
    name: 'inclusive tax when the code includes it by default',
    data: { taxCodes: [taxCode(1, 'SST6', '6', { inclusiveByDefault: true })], ...withTax([{ ...COF, taxCode: 1 }]) },
    basket: basket([[1, 1]]),
    expect: { taxIncluded: '0.57', total: '10.00' },
  },
  {
    name: 'two codes, each on its own lines',
    data: {
      taxCodes: [SST6, SST8],
      ...withTax([
        { ...COF, taxCode: 1 },
        { ...CAKE, taxCode: 2 },
      ]),
    },
    basket: basket([
      [1, 1],
      [3, 1],
    ]),
    expect: {
      taxAdded: '1.60',
      total: '24.10',
      check: (r) =>
        expect(r.tax.map((t) => [t.code!.code, t.amount])).toEqual([
          ['SST6', 60],
          ['SST8', 100],
        ]),
    },
  },
  {
    name: 'tax on the discounted amount',
    data: {
      taxCodes: [SST6],
      promotions: [promotion(1, 'HALF', 'percentOff', '50')],
      ...withTax([{ ...COF, taxCode: 1 }]),
    },
    basket: basket([[1, 1]]),
    expect: { taxAdded: '0.30', total: '5.30' },
  },
  {
    name: 'tax on each code’s total, not line by line',
    data: {
      taxCodes: [SST6],
      ...withTax([product(7, 'GUM', '0.10', { taxCode: 1 }), product(8, 'MINT', '0.10', { taxCode: 1 })]),
    },
    basket: basket([
      [7, 1],
      [8, 1],
    ]),
    expect: { taxAdded: '0.01', total: '0.21' },
  },
  {
    name: 'a code not yet in effect gives way to the default code',
    data: {
      taxCodes: [
        taxCode(1, 'SST6', '6', { isDefault: true }),
        taxCode(2, 'SST8', '8', { effectiveFrom: '2024-07-01' }),
      ],
      ...withTax([{ ...COF, taxCode: 2 }]),
    },
    basket: basket([[1, 1]]),
    expect: { taxAdded: '0.60', check: (r) => expect(r.lines[0]!.taxCode!.code).toBe('SST6') },
  },
  {
    name: 'the new code from its date on',
    data: {
      taxCodes: [
        taxCode(1, 'SST6', '6', { isDefault: true }),
        taxCode(2, 'SST8', '8', { effectiveFrom: '2024-06-05' }),
      ],
      ...withTax([{ ...COF, taxCode: 2 }]),
    },
    basket: basket([[1, 1]]),
    expect: { taxAdded: '0.80' },
  },
  {
    name: 'no code and no default: no tax',
    data: { taxCodes: [SST6] },
    basket: basket([[1, 1]]),
    expect: { taxAdded: '0.00', total: '10.00' },
  },
  {
    name: 'a free line pays no tax',
    data: {
      taxCodes: [SST6],
      promotions: [promotion(1, 'FREE', 'percentOff', '100')],
      ...withTax([{ ...COF, taxCode: 1 }]),
    },
    basket: basket([[1, 1]]),
    expect: { taxAdded: '0.00', total: '0.00' },
  },
  {
    name: 'a bundle is taxed by its items’ codes',
    data: {
      taxCodes: [SST6, SST8],
      ...withTax([
        { ...COF, taxCode: 1 },
        { ...CAKE, taxCode: 2 },
      ]),
      bundles: new Map([
        [
          1,
          {
            id: 1,
            code: 'BND',
            name: 'Set',
            isActive: true,
            price: money('15.00'),
            validFrom: null,
            validTo: null,
            outlets: [],
            items: [
              { product: 1, quantity: qty(1) },
              { product: 3, quantity: qty(1) },
            ],
          },
        ],
      ]),
    },
    basket: basket([{ bundle: 1, quantity: qty(1) }]),
    // 15.00 shared 10 : 12.50 → 6.67 and 8.33; 6 % of 6.67 = 0.40, 8 % of 8.33 = 0.67.
    expect: { taxAdded: '1.07', total: '16.07' },
  },
];

const cents = (price: string) => ({ products: new Map([[9, product(9, 'X', price)]]) });
const ROUNDING: Case[] = [
  {
    name: '10.02 rounds down to 10.00',
    data: { rounding: 'nearest0.05', ...cents('10.02') },
    basket: basket([[9, 1]]),
    expect: { rounding: '-0.02', total: '10.00' },
  },
  {
    name: '10.03 rounds up to 10.05',
    data: { rounding: 'nearest0.05', ...cents('10.03') },
    basket: basket([[9, 1]]),
    expect: { rounding: '0.02', total: '10.05' },
  },
  {
    name: '10.07 rounds down to 10.05',
    data: { rounding: 'nearest0.05', ...cents('10.07') },
    basket: basket([[9, 1]]),
    expect: { rounding: '-0.02', total: '10.05' },
  },
  {
    name: '10.08 rounds up to 10.10',
    data: { rounding: 'nearest0.05', ...cents('10.08') },
    basket: basket([[9, 1]]),
    expect: { rounding: '0.02', total: '10.10' },
  },
  {
    name: 'to 0.10',
    data: { rounding: 'nearest0.10', ...cents('10.04') },
    basket: basket([[9, 1]]),
    expect: { total: '10.00' },
  },
  {
    name: 'to 1.00, half up',
    data: { rounding: 'nearest1.00', ...cents('10.50') },
    basket: basket([[9, 1]]),
    expect: { rounding: '0.50', total: '11.00' },
  },
  {
    name: 'no rounding',
    data: { ...cents('10.02') },
    basket: basket([[9, 1]]),
    expect: { rounding: '0.00', total: '10.02' },
  },
  {
    name: 'a currency without decimals is not rounded to 0.05',
    data: {
      rounding: 'nearest0.05',
      currency: { code: 'JPY', decimals: 0 },
      products: new Map([[9, product(9, 'X', '1.01')]]),
    },
    basket: basket([[9, 1]]),
    expect: { rounding: '0.00', total: '1.01' },
  },
  {
    name: 'rounding after tax',
    data: {
      rounding: 'nearest0.05',
      taxCodes: [SST6],
      products: new Map([[9, product(9, 'X', '10.00', { taxCode: 1 })]]),
    },
    basket: basket([
      [9, 1],
      [9, 0.5],
    ]),
    expect: { taxAdded: '0.90', total: '15.90' },
  },
];

describe('pricing engine', () => {
  const groups = {
    prices: PRICES,
    promotions: PROMOTIONS,
    rules: RULES,
    stacking: STACKING,
    members: MEMBERS,
    discounts: DISCOUNTS,
    vouchers: VOUCHERS,
    charges: CHARGES,
    taxes: TAXES,
    rounding: ROUNDING,
  };
  for (const [group, cases] of Object.entries(groups))
    describe(group, () => {
      it.each(cases.map((c) => [c.name, c] as const))('%s', (_, c) =>
        verify(priceBasket(data(c.data), c.basket), c.expect),
      );
    });

  it('holds at least 60 cases', () => expect(Object.values(groups).flat().length).toBeGreaterThanOrEqual(60));
});
