import { field as f } from './fields';
import { purchasingEntities, purchasingScreens } from './purchasing';
import { entity, list, model, single, type MenuGroupDef } from './types';

/**
 * A delivery order's statuses. Dispatched goods sit in transit (at the destination's in-transit
 * location) until received; `partiallyReceived` has some still there; `closing` waits for the
 * approval of the write-off `closeShort` asked for; `closed` was closed short (the rest written off).
 */
export const DELIVERY_ORDER_STATUSES = [
  'draft',
  'confirmed',
  'dispatched',
  'partiallyReceived',
  'closing',
  'received',
  'closed',
  'cancelled',
] as const;
export type DeliveryOrderStatus = (typeof DELIVERY_ORDER_STATUSES)[number];

/** The actions of a delivery order and the statuses each may start from (the server enforces them; the console offers them). */
export const DELIVERY_ORDER_ACTIONS = {
  confirm: ['draft'],
  dispatch: ['confirmed'],
  receive: ['dispatched', 'partiallyReceived'],
  closeShort: ['dispatched', 'partiallyReceived'],
  cancel: ['draft', 'confirmed'],
  prefill: ['draft'],
} as const satisfies Record<string, readonly DeliveryOrderStatus[]>;
export type DeliveryOrderAction = keyof typeof DELIVERY_ORDER_ACTIONS;

/** A stock count: open while counters enter figures, posted once its variances are adjustments. */
export const STOCK_COUNT_STATUSES = ['open', 'posted'] as const;
export type StockCountStatus = (typeof STOCK_COUNT_STATUSES)[number];

/** What a stock count covers: every stocked product, those of some categories, or the products listed. */
export const STOCK_COUNT_SCOPES = ['all', 'categories', 'products'] as const;
export type StockCountScope = (typeof STOCK_COUNT_SCOPES)[number];

/** The actions of a stock count: `count` enters figures line by line (scanned or typed), `post` posts the variances. */
export const STOCK_COUNT_ACTIONS = { count: ['open'], post: ['open'] } as const satisfies Record<
  string,
  readonly StockCountStatus[]
>;
export type StockCountAction = keyof typeof STOCK_COUNT_ACTIONS;

/** Why on-hand changed: every stock movement has one. */
export const STOCK_MOVEMENT_KINDS = [
  'opening',
  'count',
  'stockOut',
  'adjustment',
  'dispatch',
  'receipt',
  'sale',
  'return',
  'onlineOrder',
  'import',
  'purchase',
  'purchaseReturn',
] as const;
export type StockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number];

/** A manual adjustment: applied at once, or pending until another user approves (its reason needs approval). */
export const STOCK_ADJUSTMENT_STATUSES = ['pending', 'applied', 'rejected'] as const;
export type StockAdjustmentStatus = (typeof STOCK_ADJUSTMENT_STATUSES)[number];

const code = f.code();
const name = f.name();
const active = { hasIsActive: true } as const;

export const inventory: MenuGroupDef = {
  key: 'inventory',
  label: 'Outlets and inventory',
  icon: 'shop',
  screens: [
    entity('outletgroup', 'Outlet groups', 'grid', { table: 'outlet_group', ...active, fields: { code, name } }),
    entity('outlet', 'Outlets', 'shop-window', {
      api: 'Outlet',
      ...active,
      fields: {
        code,
        name,
        outletGroup: f.ref('outletgroup'),
        address: f.longtext({ maxLength: 500 }),
        phone: f.phone(),
        timezone: f.timezone({ required: true, default: 'UTC' }),
        currency: f.ref('currency'),
        taxRegistrationNo: f.text({ maxLength: 50, label: 'Tax registration no.' }),
        openingHours: f.text({ maxLength: 200 }),
        defaultInventoryLocation: f.ref('inventorylocation'),
      },
    }),
    entity('inventorylocationgroup', 'Location groups', 'collection', {
      table: 'inventory_location_group',
      ...active,
      fields: { code, name },
    }),
    entity('inventorylocation', 'Inventory locations', 'building', {
      table: 'inventory_location',
      ...active,
      fields: {
        code,
        name,
        kind: f.enum(['warehouse', 'store', 'transit'], { required: true, default: 'store' }),
        outlet: f.ref('outlet'),
        inventoryLocationGroup: f.ref('inventorylocationgroup', { label: 'Location group' }),
        address: f.longtext({ maxLength: 500 }),
        allowNegativeStock: f.bool({ help: 'Dispatches and stock-outs may take this location below zero.' }),
        transitFor: f.ref('inventorylocation', {
          readOnly: true,
          label: 'In transit to',
          help: 'For an in-transit location: the destination whose dispatched, not yet received goods it holds.',
        }),
      },
    }),
    entity('stockoutreason', 'Stock-out reasons', 'exclamation-octagon', {
      table: 'stock_out_reason',
      ...active,
      fields: {
        code,
        name,
        affectsCost: f.bool(),
        needsApproval: f.bool({ help: 'Every adjustment with this reason waits for approval.' }),
        approvalValue: f.money({
          help: 'An adjustment with this reason whose value (cost × quantity, either way) is over this waits for approval.',
        }),
      },
    }),
    entity('printdeliveryorder', 'Delivery orders', 'truck-flatbed', {
      api: 'deliveryorder',
      table: 'delivery_order',
      defaultSort: '-docNo',
      dropdown: { label: 'docNo' },
      listColumns: ['docNo', 'date', 'fromLocation', 'toLocation', 'status'],
      fields: {
        docNo: f.text({ readOnly: true, unique: true, maxLength: 30, label: 'Doc no.' }),
        fromLocation: f.ref('inventorylocation', { required: true, label: 'From' }),
        toLocation: f.ref('inventorylocation', { required: true, label: 'To' }),
        date: f.date({ required: true }),
        status: f.enum(DELIVERY_ORDER_STATUSES, {
          readOnly: true,
          default: 'draft',
          valueLabels: { closing: 'Write-off awaiting approval', closed: 'Closed short' },
        }),
        lines: f.children({
          product: f.ref('product', { required: true, unique: ['parentId'] }),
          quantity: f.quantity({ required: true, min: '0.001' }),
          uom: f.lv('UOM', { label: 'Unit of measure' }),
          receivedQty: f.quantity({ readOnly: true, label: 'Received quantity' }),
          inTransitQty: f.quantity({ readOnly: true, label: 'In transit', help: 'Dispatched, not yet received.' }),
          writtenOffQty: f.quantity({ readOnly: true, label: 'Written off', help: 'Closed short with a reason.' }),
          discrepancy: f.quantity({
            readOnly: true,
            signed: true,
            help: 'Received less dispatched: negative when short.',
          }),
        }),
        remarks: f.longtext({ maxLength: 1000 }),
        dispatchedAt: f.datetime({ readOnly: true }),
        receivedAt: f.datetime({ readOnly: true }),
      },
    }),
    single('virtualstock', 'Virtual stock', 'stack', { api: 'OutletVirtualStockBalance' }),
    list('stockmovement', 'Stock movements', 'arrow-left-right', {
      readOnly: true,
      table: 'stock_movement',
      defaultSort: '-at',
      dropdown: { label: 'at' },
      // By the product (its code, name or any barcode) or the document's number.
      searchFields: ['product', 'reference'],
      listColumns: ['at', 'product', 'location', 'kind', 'quantity', 'balanceAfter', 'reason', 'reference'],
      fields: {
        location: f.ref('inventorylocation', { required: true }),
        product: f.ref('product', { required: true }),
        quantity: f.quantity({ required: true, signed: true, indexed: false, help: 'Positive in, negative out.' }),
        kind: f.enum(STOCK_MOVEMENT_KINDS, {
          required: true,
          indexed: false,
          label: 'Reason',
          valueLabels: {
            opening: 'Opening balance',
            count: 'Count adjustment',
            stockOut: 'Stock-out',
            onlineOrder: 'Online order',
            purchaseReturn: 'Return to supplier',
          },
        }),
        reason: f.ref('stockoutreason', { label: 'Stock-out reason' }),
        unitCost: f.money({ group: 'costs' }),
        balanceAfter: f.quantity({
          signed: true,
          indexed: false,
          help: 'On hand at the location after this movement.',
        }),
        documentType: f.text({ maxLength: 30, hidden: true }),
        documentId: f.int({ hidden: true }),
        reference: f.text({ maxLength: 100, help: 'The document that moved the stock.' }),
        remarks: f.text({ maxLength: 500 }),
        at: f.datetime({ required: true }),
      },
    }),
    single('lowstock', 'Low stock', 'exclamation-triangle'),
    entity('stockcount', 'Stock counts', 'clipboard-check', {
      table: 'stock_count',
      defaultSort: '-docNo',
      dropdown: { label: 'docNo' },
      listColumns: ['docNo', 'location', 'scope', 'status', 'postedAt'],
      fields: {
        docNo: f.text({ readOnly: true, unique: true, maxLength: 30, label: 'Doc no.' }),
        location: f.ref('inventorylocation', { required: true }),
        scope: f.enum(STOCK_COUNT_SCOPES, {
          required: true,
          default: 'all',
          valueLabels: { all: 'All products', products: 'A product list' },
          help: 'All: every stocked product; categories: those of the categories chosen; a product list: the lines you add.',
        }),
        categories: f.refs('category', { help: 'For the scope Categories.' }),
        zeroUncounted: f.bool({
          label: 'Zero what was not counted',
          help: 'Posting sets lines left without a count to zero; otherwise they are not touched.',
        }),
        status: f.enum(STOCK_COUNT_STATUSES, { readOnly: true, default: 'open' }),
        lines: f.children(
          {
            product: f.ref('product', { required: true, unique: ['parentId'] }),
            countedQty: f.quantity({ label: 'Counted' }),
            expectedQty: f.quantity({
              readOnly: true,
              signed: true,
              label: 'Expected',
              help: 'On hand when the line joined the count (frozen).',
            }),
            variance: f.quantity({ readOnly: true, signed: true, help: 'Counted less expected.' }),
            varianceValue: f.money({ readOnly: true, signed: true, group: 'costs', help: 'Variance × unit cost.' }),
          },
          { maxRows: 20000 },
        ),
        remarks: f.longtext({ maxLength: 1000 }),
        postedAt: f.datetime({ readOnly: true }),
      },
    }),
    ...purchasingScreens,
  ],
  entities: [
    model('itemquantitytrigger', 'Low-quantity triggers', {
      api: 'ItemQuantityTrigger',
      permission: 'product',
      table: 'item_quantity_trigger',
      defaultSort: 'product',
      dropdown: { label: 'product' },
      fields: {
        product: f.ref('product', { required: true, unique: ['location'] }),
        location: f.ref('inventorylocation', { required: true }),
        minQty: f.quantity({ label: 'Minimum quantity' }),
        reorderQty: f.quantity({ label: 'Reorder quantity' }),
        lowSince: f.datetime({
          readOnly: true,
          help: 'Set by the low-stock check while on hand is below the minimum.',
        }),
      },
    }),
    model('stockbalance', 'Stock balances', {
      readOnly: true,
      systemFields: false,
      permission: 'virtualstock',
      table: 'stock_balance',
      defaultSort: 'location',
      dropdown: { label: 'product' },
      listColumns: ['location', 'product', 'quantity', 'lastMovementAt'],
      fields: {
        product: f.ref('product', { required: true, unique: ['location'] }),
        location: f.ref('inventorylocation', { required: true }),
        quantity: f.quantity({ required: true, signed: true, label: 'On hand', indexed: false }),
        lastMovementAt: f.datetime({ indexed: false }),
        averageCost: f.money({
          readOnly: true,
          indexed: false,
          group: 'costs',
          help: 'Moving average of receipts (purchasing); blank: none yet, the product’s cost price applies.',
        }),
      },
    }),
    model('stockadjustment', 'Stock adjustments', {
      readOnly: true,
      permission: 'virtualstock',
      table: 'stock_adjustment',
      defaultSort: '-id',
      dropdown: { label: 'product' },
      listColumns: [
        'createdAt',
        'location',
        'product',
        'quantity',
        'stockOutReason',
        'status',
        'createdBy',
        'decidedBy',
      ],
      fields: {
        location: f.ref('inventorylocation', { required: true }),
        product: f.ref('product', { required: true }),
        quantity: f.quantity({ required: true, signed: true, help: 'The change of on-hand it posts.' }),
        counted: f.quantity({ help: 'The counted figure, for a count.' }),
        onHandBefore: f.quantity({ signed: true, label: 'On hand when requested' }),
        stockOutReason: f.ref('stockoutreason', { required: true }),
        remarks: f.text({ maxLength: 500 }),
        status: f.enum(STOCK_ADJUSTMENT_STATUSES, { required: true }),
        decidedBy: f.text({ maxLength: 100 }),
        decidedAt: f.datetime(),
        movement: f.ref('stockmovement'),
        reference: f.text({ maxLength: 100, help: 'The document it belongs to (a count, a delivery order).' }),
        documentType: f.text({ maxLength: 30, hidden: true }),
        documentId: f.int({ hidden: true }),
        value: f.money({ signed: true, group: 'costs', help: 'Cost × quantity when requested.' }),
      },
    }),
    ...purchasingEntities,
  ],
};
