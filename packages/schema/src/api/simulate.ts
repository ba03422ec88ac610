/**
 * `POST {base}/WebAPI/SimulateSales/AddItem`: a basket priced by the pricing engine, with every
 * rule it considered. Money travels as decimal strings in the currency's decimals, quantities with
 * three places.
 */

/** What the sale's channel is: a counter sale, a dine-in / takeaway / delivery order, or an online sales channel (id or code). */
export type SaleChannel = 'store' | 'dineIn' | 'takeaway' | 'delivery' | (string & {}) | number;

/**
 * Text names a row, a number is an id only in a field named for ids: `product` is a product's
 * code or barcode ("754" is code 754, never id 754), `productId` its id; `bundle` a bundle's code,
 * `bundleId` its id. A number in `product` or `bundle` is a 400 naming it.
 */
export interface SimulateLineRequest {
  /** A product's code, else its barcode or one of its alternate barcodes. */
  product?: string;
  /** A product's id. */
  productId?: number;
  /** A product's code (SKU) or a bundle's code, else a product's barcode. */
  code?: string;
  /** A product's barcode or one of its alternate barcodes. */
  barcode?: string;
  /** A bundle's code. */
  bundle?: string;
  /** A bundle's id. */
  bundleId?: number;
  quantity?: string | number;
}

export interface SimulateDiscountRequest {
  /** A discount's id or code. */
  discount: number | string;
  /** For an item discount: the product it is given on (its code or barcode; its id as `productId`); blank gives it on every line it may discount. */
  product?: string | null;
  productId?: number;
}

export interface SimulateSalesRequest {
  outlet: number | string;
  channel?: SaleChannel;
  /** The moment priced (ISO date-time; default now). Rules read it in the outlet's time zone. */
  at?: string;
  /** A member's member no. (a number here is a 400: send an id as `memberId`). */
  member?: string | null;
  /** A member's id. */
  memberId?: number;
  voucherCodes?: string[];
  /** Discounts the cashier gives (discounts are chosen at the till, never automatic). */
  discounts?: SimulateDiscountRequest[];
  lines?: SimulateLineRequest[];
  /** The item added to `lines`; a product already in the basket adds to its line. */
  item?: SimulateLineRequest;
}

export type AdjustmentKind =
  'promotion' | 'newpromotion' | 'discount' | 'membershipgroup' | 'membershipbenefit' | 'voucher';
export type ConsideredKind = AdjustmentKind | 'bundle' | 'surcharge';
export type PriceSource = 'product' | 'outletPrice' | 'futurePrice' | 'bundle';

export interface LineAdjustmentDto {
  kind: AdjustmentKind;
  id: number;
  code: string;
  name: string;
  /** This line's share. */
  amount: string;
  /** How much of the line's quantity it discounted. */
  quantity: string;
}

export interface PricedLineDto {
  /** Position in `lines` (0-based): what adjustments' `lines` refer to. */
  line: number;
  product: number | null;
  bundle: number | null;
  code: string;
  name: string;
  quantity: string;
  unitPrice: string;
  priceSource: PriceSource;
  /** Where the price came from: the outlet, future price or bundle row (null for the product's own price). */
  priceSourceId: number | null;
  /** quantity × unit price. */
  grossAmount: string;
  /** Gross less every adjustment on the line. */
  lineTotal: string;
  taxCode: string | null;
  taxInclusive: boolean;
  adjustments: LineAdjustmentDto[];
}

export interface AdjustmentDto {
  kind: AdjustmentKind;
  id: number;
  code: string;
  name: string;
  /** 'item' reduces the lines it names; 'bill' is shared over the basket. */
  level: 'item' | 'bill';
  amount: string;
  /** The lines it discounted (`line` of each). */
  lines: number[];
  /** Buy X get Y: the lines whose units were bought to earn it. */
  qualifyingLines?: number[];
  /** A discount that a manager must approve at the till. */
  needsApproval?: boolean;
}

export interface SurchargeDto {
  id: number;
  code: string;
  name: string;
  amount: string;
  taxable: boolean;
}

export interface TaxDto {
  id: number | null;
  code: string;
  name: string;
  ratePercent: string;
  inclusive: boolean;
  /** The amount the rate applies to (tax included for an inclusive code). */
  taxableAmount: string;
  amount: string;
}

/** Why a rule did not fire (or a note on one that did). */
export type ConsideredReason =
  | 'inactive'
  | 'notStarted'
  | 'ended'
  | 'wrongDay'
  | 'wrongTime'
  | 'outletNotIncluded'
  | 'noQualifyingItems'
  | 'minQuantityNotMet'
  | 'minSpendNotMet'
  | 'noMember'
  | 'memberNotActive'
  | 'memberGroupNotIncluded'
  | 'channelNotIncluded'
  | 'usageLimitReached'
  | 'memberUsageLimitReached'
  | 'lostToPriority'
  | 'notStackable'
  | 'noSaving'
  | 'notChosen'
  | 'notDiscountable'
  | 'codeRedeemed'
  | 'duplicateCode'
  | 'notBirthday'
  | 'birthdayVoucherUsed'
  | 'freeItemNotInBasket'
  | 'pointsOnly'
  | 'noTaxCode';

export interface ConsideredDto {
  kind: ConsideredKind;
  id: number;
  code: string;
  name: string;
  fired: boolean;
  /** What it took off (or added, for a surcharge); "0.00" when it did not fire. */
  amount: string;
  reason?: ConsideredReason;
  /** Values the reason's text names (dates, times, amounts, the winning rule's code). */
  params?: Record<string, string>;
  /** The reason in English. */
  message?: string;
  /** Higher-priority rule it lost to. */
  lostTo?: { kind: ConsideredKind; id: number; code: string };
  /** The voucher code given, for a voucher. */
  voucherCode?: string;
}

export interface SimulateSalesResult {
  outlet: { id: number; code: string; name: string; timezone: string };
  channel: string;
  /** The moment priced, in the outlet's time zone. */
  localTime: { date: string; time: string; weekday: string };
  member: { id: number; memberNo: string; name: string; group: string | null } | null;
  currency: string;
  decimals: number;
  lines: PricedLineDto[];
  adjustments: AdjustmentDto[];
  surcharges: SurchargeDto[];
  tax: TaxDto[];
  considered: ConsideredDto[];
  subtotal: string;
  discountTotal: string;
  surchargeTotal: string;
  /** Every tax on the basket, included and added. */
  taxTotal: string;
  /** Tax inside inclusive prices (already in the subtotal). */
  taxIncluded: string;
  /** Tax added on top of exclusive prices. */
  taxAdded: string;
  rounding: string;
  total: string;
  pointsEarned: string;
}

const REASON_TEXT: Record<ConsideredReason, string> = {
  inactive: 'Switched off',
  notStarted: 'Not started: valid from {{validFrom}}',
  ended: 'Ended: valid until {{validTo}}',
  wrongDay: 'Not on {{weekday}}: runs on {{days}}',
  wrongTime: 'Outside its hours ({{hours}})',
  outletNotIncluded: 'Not offered at this outlet',
  noQualifyingItems: 'No qualifying item in the basket',
  minQuantityNotMet: 'Needs {{required}} qualifying items; the basket has {{actual}}',
  minSpendNotMet: 'Needs a spend of {{required}}; the basket has {{actual}}',
  noMember: 'Only for members',
  memberNotActive: 'The member is not active',
  memberGroupNotIncluded: 'Not for this member’s group',
  channelNotIncluded: 'Not for this channel',
  usageLimitReached: 'Usage limit reached ({{limit}})',
  memberUsageLimitReached: 'This member has used it {{limit}} times already',
  lostToPriority: 'Lost to {{winner}}, which comes first and does not stack',
  notStackable: 'Does not stack with {{winner}}, applied first',
  noSaving: 'Nothing left to take off',
  notChosen: 'Not given for this sale',
  notDiscountable: 'The items it would discount do not allow discounts',
  codeRedeemed: 'This code has been used',
  duplicateCode: 'The same code was given twice',
  notBirthday: 'Only in the member’s birthday month',
  birthdayVoucherUsed: 'Already used this year',
  freeItemNotInBasket: 'Add {{product}} to get it free',
  pointsOnly: 'Multiplies the points earned',
  noTaxCode: 'No tax code in effect',
};

/** The English text of a reason, its `{{name}}` placeholders filled from `params`. */
export function reasonText(reason: ConsideredReason, params: Record<string, string> = {}): string {
  return REASON_TEXT[reason].replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '');
}
