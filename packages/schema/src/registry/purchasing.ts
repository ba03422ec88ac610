import { field as f } from './fields';
import { entity, list, model, single, type EntityDef, type ScreenDef } from './types';

export const PURCHASE_ORDER_STATUSES = [
  'draft',
  'sent',
  'partiallyReceived',
  'received',
  'closed',
  'cancelled',
] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];

/** The actions of a purchase order and the statuses each may start from (the server enforces them; the console offers them). */
export const PURCHASE_ORDER_ACTIONS = {
  send: ['draft'],
  receive: ['sent', 'partiallyReceived'],
  closeShort: ['draft', 'sent', 'partiallyReceived'],
  cancel: ['draft', 'sent'],
  returnToSupplier: ['partiallyReceived', 'received', 'closed'],
} as const satisfies Record<string, readonly PurchaseOrderStatus[]>;
export type PurchaseOrderAction = keyof typeof PURCHASE_ORDER_ACTIONS;

/** A goods document: a receipt brings goods in against a purchase order, a return sends (part of) a receipt back. */
export const GOODS_RECEIPT_KINDS = ['receipt', 'return'] as const;
export type GoodsReceiptKind = (typeof GOODS_RECEIPT_KINDS)[number];

/** How a receipt's landed costs (freight, duty) are spread over its lines. */
export const LANDED_COST_BASES = ['value', 'quantity'] as const;
export type LandedCostBasis = (typeof LANDED_COST_BASES)[number];

/** Purchasing's screens, in the "Outlets and inventory" menu group (inventory.ts lists them). */
export const purchasingScreens: ScreenDef[] = [
  entity('purchaseorder', 'Purchase orders', 'cart-check', {
    table: 'purchase_order',
    defaultSort: '-docNo',
    dropdown: { label: 'docNo' },
    searchFields: ['docNo', 'supplierReference'],
    listColumns: ['docNo', 'supplier', 'location', 'expectedDate', 'status', 'total'],
    fields: {
      docNo: f.text({ readOnly: true, unique: true, maxLength: 30, label: 'Doc no.' }),
      supplier: f.ref('supplier', { required: true }),
      location: f.ref('inventorylocation', { required: true, label: 'Deliver to' }),
      expectedDate: f.date({ help: 'Blank: today plus the supplier’s lead time, when it is sent.' }),
      status: f.enum(PURCHASE_ORDER_STATUSES, {
        readOnly: true,
        default: 'draft',
        valueLabels: { partiallyReceived: 'Partially received' },
      }),
      supplierReference: f.text({ maxLength: 50, help: 'The supplier’s order or quote number.' }),
      lines: f.children({
        product: f.ref('product', { required: true, unique: ['parentId'] }),
        supplierItemCode: f.text({ readOnly: true, maxLength: 50, label: 'Supplier SKU' }),
        packSize: f.quantity({ readOnly: true, help: 'From the product’s supplier mapping.' }),
        quantity: f.quantity({ required: true, min: '0.001' }),
        unitCost: f.money({
          group: 'costs',
          help: 'Before tax. Blank: the supplier mapping’s cost, else the product’s.',
        }),
        lineTotal: f.money({ readOnly: true, group: 'costs' }),
        receivedQty: f.quantity({ readOnly: true, label: 'Received' }),
      }),
      subtotal: f.money({ readOnly: true, indexed: false, group: 'costs' }),
      tax: f.money({ readOnly: true, indexed: false, group: 'costs' }),
      total: f.money({ readOnly: true, indexed: false, group: 'costs' }),
      remarks: f.longtext({ maxLength: 1000 }),
      sentAt: f.datetime({ readOnly: true }),
      closedAt: f.datetime({ readOnly: true }),
      closeReason: f.ref('stockoutreason', { readOnly: true, label: 'Closed short because' }),
    },
  }),
  list('goodsreceipt', 'Goods receipts', 'box-arrow-in-down', {
    readOnly: true,
    table: 'goods_receipt',
    defaultSort: '-docNo',
    dropdown: { label: 'docNo' },
    searchFields: ['docNo', 'reference'],
    listColumns: ['docNo', 'kind', 'purchaseOrder', 'supplier', 'location', 'at', 'createdBy', 'total'],
    fields: {
      docNo: f.text({ required: true, unique: true, maxLength: 30, label: 'Doc no.' }),
      kind: f.enum(GOODS_RECEIPT_KINDS, {
        required: true,
        default: 'receipt',
        valueLabels: { return: 'Return to supplier' },
      }),
      purchaseOrder: f.ref('purchaseorder', { required: true }),
      supplier: f.ref('supplier', { required: true }),
      location: f.ref('inventorylocation', { required: true }),
      at: f.datetime({ required: true, label: 'When' }),
      original: f.ref('goodsreceipt', { label: 'Receipt returned', help: 'A return: the receipt it reverses.' }),
      reason: f.ref('stockoutreason', { help: 'A return, or a receipt over the ordered quantity.' }),
      reference: f.text({ maxLength: 100, help: 'The supplier’s delivery note, invoice or credit note.' }),
      freight: f.money({ indexed: false, group: 'costs' }),
      duty: f.money({ indexed: false, group: 'costs' }),
      landedCostBasis: f.enum(LANDED_COST_BASES, { label: 'Landed costs spread by' }),
      lines: f.children({
        product: f.ref('product', { required: true }),
        quantity: f.quantity({ required: true }),
        unitCost: f.money({ group: 'costs', help: 'As invoiced, before tax.' }),
        landedCost: f.money({ group: 'costs', help: 'This line’s share of freight and duty.' }),
        lineTotal: f.money({ group: 'costs' }),
      }),
      total: f.money({ indexed: false, group: 'costs', help: 'Lines and landed costs, before tax.' }),
    },
  }),
  single('stockvaluation', 'Stock valuation', 'cash-stack'),
  single('reorder', 'Reorder suggestions', 'cart-plus'),
];

/** Tables of purchasing that are no screen of their own. */
export const purchasingEntities: EntityDef[] = [
  model('averagecost', 'Average costs', {
    readOnly: true,
    permission: 'stockvaluation',
    table: 'average_cost',
    defaultSort: '-at',
    dropdown: { label: 'product' },
    listColumns: ['at', 'product', 'location', 'averageCost', 'reference'],
    fields: {
      product: f.ref('product', { required: true }),
      location: f.ref('inventorylocation', { required: true }),
      at: f.datetime({ required: true }),
      averageCost: f.money({ required: true, indexed: false, group: 'costs', help: 'From this moment on, per unit.' }),
      onHandBefore: f.quantity({ signed: true, indexed: false }),
      quantity: f.quantity({ signed: true, indexed: false, help: 'What the receipt or return moved.' }),
      reference: f.text({ maxLength: 100 }),
    },
  }),
];
