import type { AdjustmentKind, ConsideredKind, ConsideredReason, PriceSource } from '@backroom/schema';
import type { Weekday } from '../../../time/calendar';

/**
 * The engine's inputs and answer. Everything is exact integers:
 * - money in the currency's minor units (`Minor`: 12.50 → 1250 with 2 decimals),
 * - quantities in thousandths (1.500 → 1500),
 * - percents in hundredths (12.5 % → 1250), tax rates in thousandths (6 % → 6000),
 * - points in hundredths.
 * Dates are `yyyy-mm-dd` and times `HH:mm`, both in the outlet's time zone.
 */
export type Minor = number;
export type Thousandths = number;
export type Hundredths = number;

export type { Weekday };

export interface Validity {
  validFrom: string | null;
  validTo: string | null;
}

export interface ProductInput {
  id: number;
  code: string;
  name: string;
  price: Minor;
  /** The product's category and every category above it. */
  categories: number[];
  collections: number[];
  taxCode: number | null;
  taxInclusive: boolean;
  allowDiscount: boolean;
}

export interface BundleInput extends Validity {
  id: number;
  code: string;
  name: string;
  isActive: boolean;
  price: Minor;
  outlets: number[];
  items: { product: number; quantity: Thousandths }[];
}

export interface OutletPriceInput {
  id: number;
  product: number;
  outlet: number;
  price: Minor;
}

/** A pending future price: in effect from its date on, until the job makes it the stored price. */
export interface FuturePriceInput {
  id: number;
  product: number;
  /** null: every outlet (the product's own price). */
  outlet: number | null;
  price: Minor;
  effectiveDate: string;
}

/** What a promotion's items name: a product, a category (and those under it) or a collection. */
export interface ItemTarget {
  product: number | null;
  category: number | null;
  collection: number | null;
}

export interface PromotionInput extends Validity {
  id: number;
  code: string;
  name: string;
  isActive: boolean;
  kind: 'percentOff' | 'amountOff' | 'fixedPrice';
  /** Hundredths of a percent for percentOff, else minor units (per unit). */
  value: number;
  /** Empty: every product. */
  items: ItemTarget[];
  /** Empty: every day. */
  daysOfWeek: Weekday[];
  timeFrom: string | null;
  timeTo: string | null;
  outlets: number[];
}

export type RuleReward =
  | { kind: 'percentOff'; percent: Hundredths; maxAmount: Minor | null; maxApplications: number | null }
  | { kind: 'amountOff'; amount: Minor; maxAmount: Minor | null; maxApplications: number | null }
  | { kind: 'fixedPrice'; price: Minor; maxAmount: Minor | null; maxApplications: number | null }
  | {
      kind: 'buyXGetY';
      buy: number;
      get: number;
      /** null: the get units come from the qualifying items themselves (buy X get X). */
      getProduct: number | null;
      /** Off the get units; 100 % (free) when the rule gives no value. */
      percent: Hundredths;
      maxAmount: Minor | null;
      maxApplications: number | null;
    }
  | { kind: 'tieredSpend'; tiers: { threshold: Minor; amount: Minor }[]; maxAmount: Minor | null };

export interface RuleInput extends Validity {
  id: number;
  code: string;
  name: string;
  isActive: boolean;
  /** Lower runs first. */
  priority: number;
  stackable: boolean;
  usageLimit: number | null;
  usageLimitPerMember: number | null;
  outlets: number[];
  conditions: {
    /** Empty: every product qualifies. */
    items: ItemTarget[];
    minQuantity: Thousandths | null;
    minSpend: Minor | null;
    membershipGroups: number[];
    channels: number[];
  };
  rewards: RuleReward[];
}

/** A row whose value is a percent or an amount, as its kind says. */
interface PercentOrAmount {
  id: number;
  code: string;
  name: string;
  isActive: boolean;
  kind: 'percent' | 'amount';
  /** Hundredths of a percent, or minor units. */
  value: number;
}

export interface DiscountInput extends PercentOrAmount {
  appliesTo: 'item' | 'bill';
  maxAmount: Minor | null;
  needsManagerApproval: boolean;
  outlets: number[];
}

export interface MemberInput {
  id: number;
  memberNo: string;
  name: string;
  status: 'active' | 'suspended' | 'expired';
  expiryDate: string | null;
  birthDate: string | null;
  group: MemberGroupInput | null;
  /** The birthday voucher was used this calendar year. */
  birthdayVoucherUsed: boolean;
}

export interface MemberGroupInput {
  id: number;
  code: string;
  name: string;
  isActive: boolean;
  discountPercent: Hundredths;
  /** Points per unit of currency spent, in hundredths. */
  pointsPerUnit: Hundredths;
  benefits: BenefitInput[];
}

export interface BenefitInput {
  id: number;
  name: string;
  isActive: boolean;
  kind: 'discount' | 'pointsMultiplier' | 'birthdayVoucher' | 'freeItem';
  /** Percent (discount) and multiplier in hundredths; minor units for the birthday voucher. */
  value: number | null;
  product: number | null;
}

export interface VoucherInput extends Validity {
  id: number;
  code: string;
  name: string;
  isActive: boolean;
  kind: 'amount' | 'percent';
  value: number;
  minSpend: Minor | null;
  usageLimit: number | null;
  timesUsed: number;
}

/** A code given with the sale, as the loader resolved it. */
export interface VoucherCodeInput {
  code: string;
  voucher: VoucherInput;
  /** A generated single-use code (else the voucher's own code). */
  singleUse: boolean;
  redeemed: boolean;
}

export type ChannelKind = 'store' | 'dineIn' | 'takeaway' | 'delivery' | 'online';

export interface SurchargeInput extends PercentOrAmount {
  /** null: every channel. */
  appliesTo: Exclude<ChannelKind, 'store'> | null;
  taxable: boolean;
  outlets: number[];
}

export interface TaxCodeInput {
  id: number;
  code: string;
  name: string;
  isActive: boolean;
  /** Thousandths of a percent. */
  rate: number;
  inclusiveByDefault: boolean;
  effectiveFrom: string | null;
  isDefault: boolean;
}

export type RoundingRule = 'none' | 'nearest0.05' | 'nearest0.10' | 'nearest0.50' | 'nearest1.00';

/** Everything the engine reads, loaded by the server (or built by a test). */
export interface PricingData {
  currency: { code: string; decimals: number };
  rounding: RoundingRule;
  /** A discount above this percent needs a manager's approval (null: no such limit). */
  maxDiscountWithoutApproval: Hundredths | null;
  products: ReadonlyMap<number, ProductInput>;
  bundles: ReadonlyMap<number, BundleInput>;
  outletPrices: readonly OutletPriceInput[];
  futurePrices: readonly FuturePriceInput[];
  promotions: readonly PromotionInput[];
  rules: readonly RuleInput[];
  discounts: readonly DiscountInput[];
  surcharges: readonly SurchargeInput[];
  taxCodes: readonly TaxCodeInput[];
  /** How many sales used each promotion rule, and how many of them were the basket's member's (missing: none). */
  ruleUsage: ReadonlyMap<number, { total: number; byMember: number }>;
}

export interface BasketLine {
  product?: number;
  bundle?: number;
  quantity: Thousandths;
}

export interface Basket {
  outlet: { id: number; timezone: string };
  channel: { kind: ChannelKind; online: number | null };
  /** ISO instant. */
  at: string;
  member: MemberInput | null;
  vouchers: VoucherCodeInput[];
  discounts: { discount: number; product: number | null }[];
  lines: BasketLine[];
}

export interface LineAdjustment {
  kind: AdjustmentKind;
  id: number;
  code: string;
  name: string;
  amount: Minor;
  quantity: Thousandths;
}

/** A line as priced: what the engine's working line and its answer share. */
export interface LineHead {
  /** Position in the answer: the order lines were first added. */
  line: number;
  product: ProductInput | null;
  bundle: BundleInput | null;
  code: string;
  name: string;
  quantity: Thousandths;
  unitPrice: Minor;
  priceSource: PriceSource;
  priceSourceId: number | null;
  gross: Minor;
}

export interface PricedLine extends LineHead {
  total: Minor;
  taxCode: TaxCodeInput | null;
  taxInclusive: boolean;
  adjustments: LineAdjustment[];
  /** What the line's total is made of, by product and its tax: the product itself, or a bundle's items sharing its total by their own prices. */
  parts: { product: ProductInput; net: Minor; taxCode: TaxCodeInput | null; taxInclusive: boolean }[];
}

export interface Adjustment {
  kind: AdjustmentKind;
  id: number;
  code: string;
  name: string;
  level: 'item' | 'bill';
  amount: Minor;
  lines: number[];
  qualifyingLines?: number[];
  needsApproval?: boolean;
}

export interface Considered {
  kind: ConsideredKind;
  id: number;
  code: string;
  name: string;
  fired: boolean;
  amount: Minor;
  reason?: ConsideredReason;
  params?: Record<string, string>;
  lostTo?: { kind: ConsideredKind; id: number; code: string };
  voucherCode?: string;
}

export interface TaxLine {
  code: TaxCodeInput | null;
  inclusive: boolean;
  base: Minor;
  amount: Minor;
}

export interface PricedBasket {
  localTime: { date: string; time: string; weekday: Weekday };
  lines: PricedLine[];
  adjustments: Adjustment[];
  surcharges: { surcharge: SurchargeInput; amount: Minor }[];
  tax: TaxLine[];
  considered: Considered[];
  subtotal: Minor;
  discountTotal: Minor;
  surchargeTotal: Minor;
  taxIncluded: Minor;
  taxAdded: Minor;
  rounding: Minor;
  total: Minor;
  pointsEarned: Hundredths;
}
