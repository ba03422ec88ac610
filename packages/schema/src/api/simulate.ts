import { z } from 'zod';

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

export const ADJUSTMENT_KINDS = [
  'promotion',
  'newpromotion',
  'discount',
  'membershipgroup',
  'membershipbenefit',
  'voucher',
] as const;
export type AdjustmentKind = (typeof ADJUSTMENT_KINDS)[number];
export const CONSIDERED_KINDS = [...ADJUSTMENT_KINDS, 'bundle', 'surcharge'] as const;
export type ConsideredKind = (typeof CONSIDERED_KINDS)[number];
export const PRICE_SOURCES = ['product', 'outletPrice', 'futurePrice', 'bundle'] as const;
export type PriceSource = (typeof PRICE_SOURCES)[number];

export const lineAdjustmentDto = z.object({
  kind: z.enum(ADJUSTMENT_KINDS),
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** This line's share. */
  amount: z.string(),
  /** How much of the line's quantity it discounted. */
  quantity: z.string(),
});
export type LineAdjustmentDto = z.infer<typeof lineAdjustmentDto>;

export const pricedLineDto = z.object({
  /** Position in `lines` (0-based): what adjustments' `lines` refer to. */
  line: z.number().int(),
  product: z.number().int().nullable(),
  bundle: z.number().int().nullable(),
  code: z.string(),
  name: z.string(),
  quantity: z.string(),
  unitPrice: z.string(),
  priceSource: z.enum(PRICE_SOURCES),
  /** Where the price came from: the outlet, future price or bundle row (null for the product's own price). */
  priceSourceId: z.number().int().nullable(),
  /** quantity × unit price. */
  grossAmount: z.string(),
  /** Gross less every adjustment on the line. */
  lineTotal: z.string(),
  taxCode: z.string().nullable(),
  taxInclusive: z.boolean(),
  adjustments: z.array(lineAdjustmentDto),
});
export type PricedLineDto = z.infer<typeof pricedLineDto>;

export const adjustmentDto = z.object({
  kind: z.enum(ADJUSTMENT_KINDS),
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** 'item' reduces the lines it names; 'bill' is shared over the basket. */
  level: z.enum(['item', 'bill']),
  amount: z.string(),
  /** The lines it discounted (`line` of each). */
  lines: z.array(z.number().int()),
  /** Buy X get Y: the lines whose units were bought to earn it. */
  qualifyingLines: z.array(z.number().int()).optional(),
  /** A discount that a manager must approve at the till. */
  needsApproval: z.boolean().optional(),
});
export type AdjustmentDto = z.infer<typeof adjustmentDto>;

export const surchargeDto = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  amount: z.string(),
  taxable: z.boolean(),
});
export type SurchargeDto = z.infer<typeof surchargeDto>;

export const taxDto = z.object({
  id: z.number().int().nullable(),
  code: z.string(),
  name: z.string(),
  ratePercent: z.string(),
  inclusive: z.boolean(),
  /** The amount the rate applies to (tax included for an inclusive code). */
  taxableAmount: z.string(),
  amount: z.string(),
});
export type TaxDto = z.infer<typeof taxDto>;

/** Why a rule did not fire (or a note on one that did). */
export const CONSIDERED_REASONS = [
  'inactive',
  'notStarted',
  'ended',
  'wrongDay',
  'wrongTime',
  'outletNotIncluded',
  'noQualifyingItems',
  'minQuantityNotMet',
  'minSpendNotMet',
  'noMember',
  'memberNotActive',
  'memberGroupNotIncluded',
  'channelNotIncluded',
  'usageLimitReached',
  'memberUsageLimitReached',
  'lostToPriority',
  'notStackable',
  'noSaving',
  'notChosen',
  'notDiscountable',
  'codeRedeemed',
  'duplicateCode',
  'notBirthday',
  'birthdayVoucherUsed',
  'freeItemNotInBasket',
  'pointsOnly',
  'noTaxCode',
] as const;
export type ConsideredReason = (typeof CONSIDERED_REASONS)[number];

export const consideredDto = z.object({
  kind: z.enum(CONSIDERED_KINDS),
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  fired: z.boolean(),
  /** What it took off (or added, for a surcharge); "0.00" when it did not fire. */
  amount: z.string(),
  reason: z.enum(CONSIDERED_REASONS).optional(),
  /** Values the reason's text names (dates, times, amounts, the winning rule's code). */
  params: z.record(z.string(), z.string()).optional(),
  /** The reason in English. */
  message: z.string().optional(),
  /** Higher-priority rule it lost to. */
  lostTo: z.object({ kind: z.enum(CONSIDERED_KINDS), id: z.number().int(), code: z.string() }).optional(),
  /** The voucher code given, for a voucher. */
  voucherCode: z.string().optional(),
});
export type ConsideredDto = z.infer<typeof consideredDto>;

export const simulateSalesResult = z.object({
  outlet: z.object({ id: z.number().int(), code: z.string(), name: z.string(), timezone: z.string() }),
  channel: z.string(),
  /** The moment priced, in the outlet's time zone. */
  localTime: z.object({ date: z.string(), time: z.string(), weekday: z.string() }),
  member: z
    .object({ id: z.number().int(), memberNo: z.string(), name: z.string(), group: z.string().nullable() })
    .nullable(),
  currency: z.string(),
  decimals: z.number().int(),
  lines: z.array(pricedLineDto),
  adjustments: z.array(adjustmentDto),
  surcharges: z.array(surchargeDto),
  tax: z.array(taxDto),
  considered: z.array(consideredDto),
  subtotal: z.string(),
  discountTotal: z.string(),
  surchargeTotal: z.string(),
  /** Every tax on the basket, included and added. */
  taxTotal: z.string(),
  /** Tax inside inclusive prices (already in the subtotal). */
  taxIncluded: z.string(),
  /** Tax added on top of exclusive prices. */
  taxAdded: z.string(),
  rounding: z.string(),
  total: z.string(),
  pointsEarned: z.string(),
});
export type SimulateSalesResult = z.infer<typeof simulateSalesResult>;

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
