import type { Sentences } from './sentences';

/**
 * Why the server refuses a stock move or a document's stock (409 or 400), as the console shows it
 * beside the document, the line or the quantity: the stock ledger, adjustments, delivery-order
 * dispatch, goods receipts and returns. `shortage`'s `items` are `shortageOf` sentences, one a product, joined by `ITEMS_SEPARATOR`.
 */
export const STOCK_REFUSALS = {
  shortage: (v: { items: string }) => `Not enough stock: ${v.items}`,
  shortageOf: (v: { product: string; onHand: string; wanted: string }) =>
    `${v.product} (${v.onHand} on hand, ${v.wanted} wanted)`,
  belowZero: (v: { onHand: string; product: string }) =>
    `Only ${v.onHand} of ${v.product} on hand: it cannot go below zero here`,
  dispatchShort: (v: { location: string; lines: string; document: string }) =>
    `Not enough stock at ${v.location} for line ${v.lines} of ${v.document}`,
  dispatchShortLines: (v: { location: string; lines: string; document: string }) =>
    `Not enough stock at ${v.location} for lines ${v.lines} of ${v.document}`,
  dispatchLine: (v: { line: number | string; product: string; onHand: string; location: string; wanted: string }) =>
    `Line ${v.line}: ${v.product}: ${v.onHand} on hand at ${v.location}, ${v.wanted} to dispatch`,
  returnLine: (v: { line: number | string; product: string; onHand: string; wanted: string }) =>
    `Line ${v.line}: ${v.product}: ${v.onHand} on hand, ${v.wanted} to return`,
  notOnDocument: (v: { product: number | string; document: string }) => `Product ${v.product} is not on ${v.document}`,
  givenTwice: (v: { product: number | string }) => `Product ${v.product} is given twice`,
  inTransitOnly: (v: { inTransit: string; product: number | string; document: string }) =>
    `Only ${v.inTransit} of product ${v.product} is in transit on ${v.document}`,
  overReceipt: (v: { line: number | string; received: string; ordered: string; percent: number | string }) =>
    `Line ${v.line}: ${v.received} received of ${v.ordered} ordered is more than ${v.percent}% over: give a reason`,
  noReceiptOf: (v: { receipt: number | string; document: string }) =>
    `Goods receipt ${v.receipt} is no receipt of ${v.document}`,
  leftToReturn: (v: { line: number | string; left: string; document: string }) =>
    `Line ${v.line}: only ${v.left} of ${v.document} is left to return`,
} as const satisfies Sentences;

/**
 * What a line or a basket names that cannot be found or used (400 on its field), as Simulate sales
 * and the tills' sales show it: a product, bundle, member, outlet, voucher code or discount by what
 * was given (its code, barcode or id).
 */
export const LOOKUP_REFUSALS = {
  giveProduct: () => 'Give the product, its code or its barcode',
  noProduct: (v: { name: number | string }) => `Product ${v.name} does not exist`,
  noBundle: (v: { name: number | string }) => `Bundle ${v.name} does not exist`,
  inactive: (v: { name: number | string }) => `Product ${v.name} is not active`,
  noMember: (v: { name: number | string }) => `Member ${v.name} does not exist`,
  noOutlet: (v: { name: number | string }) => `Outlet ${v.name} does not exist`,
  noVoucher: (v: { name: number | string }) => `Voucher code ${v.name} does not exist`,
  noDiscount: (v: { name: number | string }) => `Discount ${v.name} does not exist`,
} as const satisfies Sentences;
