import { statusLabel, type NormalisedField } from '../registry/normalise';
import type { Sentences } from './sentences';

/**
 * What a document's action past tense is in a state refusal ("it cannot be confirmed"), by action; the
 * console says it again by its key (`errors.document.done.*`).
 */
export const DOCUMENT_DONE = {
  confirm: 'confirmed',
  dispatch: 'dispatched',
  receive: 'received',
  closeShort: 'closed short',
  cancel: 'cancelled',
  prefill: 'prefilled',
  send: 'sent',
  returnToSupplier: 'returned from',
  count: 'counted',
  post: 'posted',
  approve: 'approved',
  accept: 'accepted',
  prepare: 'prepared',
  ready: 'made ready',
  complete: 'completed',
  reject: 'rejected',
} as const;

/** What joins the states an action is allowed in ("draft or sent"). */
export const STATES_SEPARATOR = ' or ';

type StateSentence = (v: { document: string; status: string; done: string; states: string }) => string;

/** A document's refusal of `action` in `status`, its states by their labels: `allowed` are those it takes. */
export function stateRefusal(
  sentence: StateSentence,
  entity: { fields: readonly NormalisedField[] },
  document: string,
  status: string,
  action: keyof typeof DOCUMENT_DONE,
  allowed: readonly string[],
): string {
  const label = (state: string) => statusLabel(entity, state).toLowerCase();
  return sentence({
    document,
    status: label(status),
    done: DOCUMENT_DONE[action],
    states: allowed.map(label).join(STATES_SEPARATOR),
  });
}

/**
 * Why the server refuses a document or one of its lines (409 or 400), as the console shows it beside
 * the document or the line: delivery, purchase and online orders, stock counts, adjustments, low stock's
 * proposals and promotion codes. `status` and `states` are status labels in lower case, `states`
 * joined by `STATES_SEPARATOR`; `done` is one of `DOCUMENT_DONE`.
 */
export const DOCUMENT_REFUSALS = {
  deliveryOrderState: (v: { document: string; status: string; done: string; states: string }) =>
    `Delivery order ${v.document} is ${v.status}: it cannot be ${v.done} (only when ${v.states})`,
  purchaseOrderState: (v: { document: string; status: string; done: string; states: string }) =>
    `Purchase order ${v.document} is ${v.status}: it cannot be ${v.done} (only when ${v.states})`,
  stockCountState: (v: { document: string; status: string; done: string; states: string }) =>
    `Stock count ${v.document} is ${v.status}: it cannot be ${v.done} (only when ${v.states})`,
  onlineOrderState: (v: { document: string; status: string; done: string; states: string }) =>
    `Order ${v.document} is ${v.status}: it cannot be ${v.done} (only when ${v.states})`,
  adjustmentState: (v: { document: string; status: string; done: string }) =>
    `Adjustment ${v.document} is ${v.status}: only a pending one can be ${v.done}`,
  composite: (v: { product: string }) => `${v.product} is a composite: deliver its components`,
  compositeOrdered: (v: { product: string }) => `${v.product} is a composite: order its components`,
  noStock: (v: { product: string }) => `${v.product} does not keep stock`,
  keepsNoStock: (v: { product: string }) => `${v.product} keeps no stock of its own`,
  noProduct: (v: { product: number | string }) => `There is no product ${v.product}`,
  giveUnitCost: (v: { line: number | string }) =>
    `Line ${v.line}: give the unit cost (the product has no cost from this supplier)`,
  belowMinimum: (v: { document: string; subtotal: string; supplier: string; minimum: string }) =>
    `${v.document} comes to ${v.subtotal} before tax, below ${v.supplier}'s minimum order value of ${v.minimum}: send with belowMinimum to send it anyway`,
  noWarehouse: (v: { product: string }) => `No warehouse is mapped to ${v.product}`,
  onOrder: (v: { product: string; location: string }) => `${v.product} is already on order at ${v.location}`,
  codeOfPromotion: (v: { code: string }) => `Code "${v.code}" is already used by a promotion`,
  codeOfRule: (v: { code: string }) => `Code "${v.code}" is already used by a promotion rule`,
  codeOfVoucher: (v: { code: string }) =>
    `Code "${v.code}" is already another voucher's code (codes are the same in any case)`,
  codeGenerated: (v: { code: string }) => `Code "${v.code}" is already a generated voucher code`,
  approveOwn: () => 'Another user must approve your own adjustment',
  rejectOwn: () => 'Another user must reject your own adjustment',
} as const satisfies Sentences;
