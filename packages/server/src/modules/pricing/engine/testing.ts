import { toMinorUnits } from '@backroom/schema';
import type {
  Basket,
  BasketLine,
  DiscountInput,
  ItemTarget,
  MemberInput,
  PricingData,
  ProductInput,
  PromotionInput,
  RuleInput,
  RuleReward,
  SurchargeInput,
  TaxCodeInput,
  VoucherCodeInput,
  VoucherInput,
} from './types';

/**
 * Builders of engine inputs for the engine's tests and the bench: written in the units a person
 * reads ("12.50", "10" %), turned into the engine's integers here.
 */
export const money = (amount: string) => toMinorUnits(amount, 2);
export const pct = (percent: string) => toMinorUnits(percent, 2);
export const qty = (quantity: string | number) => toMinorUnits(String(quantity), 3);

export const product = (id: number, code: string, price: string, more: Partial<ProductInput> = {}): ProductInput => ({
  id,
  code,
  name: code,
  price: money(price),
  categories: [],
  collections: [],
  taxCode: null,
  taxInclusive: false,
  allowDiscount: true,
  ...more,
});

export const item = (target: Partial<ItemTarget>): ItemTarget => ({
  product: null,
  category: null,
  collection: null,
  ...target,
});

export const promotion = (
  id: number,
  code: string,
  kind: PromotionInput['kind'],
  value: string,
  more: Partial<PromotionInput> = {},
): PromotionInput => ({
  id,
  code,
  name: code,
  isActive: true,
  kind,
  value: kind === 'percentOff' ? pct(value) : money(value),
  items: [],
  validFrom: '2024-01-01',
  validTo: null,
  daysOfWeek: [],
  timeFrom: null,
  timeTo: null,
  outlets: [],
  ...more,
});

export const rule = (
  id: number,
  code: string,
  rewards: RuleReward[],
  more: Partial<Omit<RuleInput, 'conditions'>> & { conditions?: Partial<RuleInput['conditions']> } = {},
): RuleInput => {
  const { conditions, ...rest } = more;
  return {
    id,
    code,
    name: code,
    isActive: true,
    priority: 0,
    stackable: false,
    usageLimit: null,
    usageLimitPerMember: null,
    validFrom: '2024-01-01',
    validTo: null,
    outlets: [],
    rewards,
    ...rest,
    conditions: { items: [], minQuantity: null, minSpend: null, membershipGroups: [], channels: [], ...conditions },
  };
};

const limits: { maxAmount: number | null; maxApplications: number | null } = { maxAmount: null, maxApplications: null };
export const reward = {
  percentOff: (percent: string, more: Partial<typeof limits> = {}): RuleReward => ({
    kind: 'percentOff',
    percent: pct(percent),
    ...limits,
    ...more,
  }),
  amountOff: (amount: string, more: Partial<typeof limits> = {}): RuleReward => ({
    kind: 'amountOff',
    amount: money(amount),
    ...limits,
    ...more,
  }),
  fixedPrice: (price: string, more: Partial<typeof limits> = {}): RuleReward => ({
    kind: 'fixedPrice',
    price: money(price),
    ...limits,
    ...more,
  }),
  buyGet: (
    buy: number,
    get: number,
    more: Partial<typeof limits> & { getProduct?: number; percent?: string } = {},
  ): RuleReward => ({
    kind: 'buyXGetY',
    buy,
    get,
    getProduct: more.getProduct ?? null,
    percent: pct(more.percent ?? '100'),
    maxAmount: more.maxAmount ?? null,
    maxApplications: more.maxApplications ?? null,
  }),
  tiered: (tiers: [threshold: string, amount: string][], maxAmount: number | null = null): RuleReward => ({
    kind: 'tieredSpend',
    tiers: tiers.map(([threshold, amount]) => ({ threshold: money(threshold), amount: money(amount) })),
    maxAmount,
  }),
};

export const discount = (
  id: number,
  code: string,
  kind: DiscountInput['kind'],
  value: string,
  more: Partial<DiscountInput> = {},
): DiscountInput => ({
  id,
  code,
  name: code,
  isActive: true,
  kind,
  value: kind === 'percent' ? pct(value) : money(value),
  appliesTo: 'item',
  maxAmount: null,
  needsManagerApproval: false,
  outlets: [],
  ...more,
});

export const voucher = (
  id: number,
  code: string,
  kind: VoucherInput['kind'],
  value: string,
  more: Partial<VoucherInput> = {},
): VoucherInput => ({
  id,
  code,
  name: code,
  isActive: true,
  kind,
  value: kind === 'percent' ? pct(value) : money(value),
  minSpend: null,
  validFrom: null,
  validTo: null,
  usageLimit: null,
  timesUsed: 0,
  ...more,
});

export const code = (
  voucherRow: VoucherInput,
  given = voucherRow.code,
  more: Partial<VoucherCodeInput> = {},
): VoucherCodeInput => ({
  code: given,
  voucher: voucherRow,
  singleUse: given !== voucherRow.code,
  redeemed: false,
  ...more,
});

export const surcharge = (
  id: number,
  code: string,
  kind: SurchargeInput['kind'],
  value: string,
  more: Partial<SurchargeInput> = {},
): SurchargeInput => ({
  id,
  code,
  name: code,
  isActive: true,
  kind,
  value: kind === 'percent' ? pct(value) : money(value),
  appliesTo: null,
  taxable: false,
  outlets: [],
  ...more,
});

export const taxCode = (id: number, code: string, rate: string, more: Partial<TaxCodeInput> = {}): TaxCodeInput => ({
  id,
  code,
  name: code,
  isActive: true,
  rate: toMinorUnits(rate, 3),
  inclusiveByDefault: false,
  effectiveFrom: null,
  isDefault: false,
  ...more,
});

export const member = (more: Partial<MemberInput> = {}): MemberInput => ({
  id: 1,
  memberNo: 'M1',
  name: 'Member',
  status: 'active',
  expiryDate: null,
  birthDate: null,
  birthdayVoucherUsed: false,
  group: { id: 1, code: 'GOLD', name: 'Gold', isActive: true, discountPercent: 0, pointsPerUnit: 100, benefits: [] },
  ...more,
});

export function pricingData(more: Partial<PricingData> & { productList?: ProductInput[] } = {}): PricingData {
  const { productList = [], ...rest } = more;
  return {
    currency: { code: 'MYR', decimals: 2 },
    rounding: 'none',
    maxDiscountWithoutApproval: null,
    products: new Map(productList.map((p) => [p.id, p])),
    bundles: new Map(),
    outletPrices: [],
    futurePrices: [],
    promotions: [],
    rules: [],
    discounts: [],
    surcharges: [],
    taxCodes: [],
    ruleUsage: new Map(),
    ...rest,
  };
}

/** Wednesday 5 June 2024, 12:00 in Kuala Lumpur (UTC+8), outlet 1, a counter sale. */
export const NOON_WEDNESDAY = '2024-06-05T04:00:00.000Z';

export function basket(
  lines: [product: number, quantity: string | number][] | BasketLine[],
  more: Partial<Basket> = {},
): Basket {
  return {
    outlet: { id: 1, timezone: 'Asia/Kuala_Lumpur' },
    channel: { kind: 'store', online: null },
    at: NOON_WEDNESDAY,
    member: null,
    vouchers: [],
    discounts: [],
    lines: lines.map((l) => (Array.isArray(l) ? { product: l[0], quantity: qty(l[1]) } : l)),
    ...more,
  };
}
