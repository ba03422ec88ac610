import { field as f } from './fields';
import { entity, model, single, type MenuGroupDef } from './types';

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
    entity('inventorylocationgroup', 'Location groups', 'collection', { table: 'inventory_location_group', ...active, fields: { code, name } }),
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
      },
    }),
    entity('stockoutreason', 'Stock-out reasons', 'exclamation-octagon', {
      table: 'stock_out_reason',
      ...active,
      fields: { code, name, affectsCost: f.bool(), needsApproval: f.bool() },
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
        status: f.enum(['draft', 'confirmed', 'dispatched', 'received', 'cancelled'], { readOnly: true, default: 'draft' }),
        lines: f.children({
          product: f.ref('product', { required: true }),
          quantity: f.quantity({ required: true, min: '0.001' }),
          uom: f.lv('UOM', { label: 'Unit of measure' }),
          receivedQty: f.quantity({ label: 'Received quantity' }),
        }),
        remarks: f.longtext({ maxLength: 1000 }),
      },
    }),
    single('virtualstock', 'Virtual stock', 'stack', { api: 'OutletVirtualStockBalance' }),
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
      },
    }),
    model('stockmovement', 'Stock movements', {
      readOnly: true,
      permission: 'virtualstock',
      table: 'stock_movement',
      defaultSort: '-at',
      dropdown: { label: 'at' },
      fields: {
        location: f.ref('inventorylocation', { required: true }),
        product: f.ref('product', { required: true }),
        quantity: f.quantity({ required: true, signed: true, help: 'Positive in, negative out.' }),
        kind: f.enum(['opening', 'dispatch', 'receipt', 'adjustment', 'sale', 'onlineOrder', 'import'], { required: true }),
        reason: f.ref('stockoutreason'),
        reference: f.text({ maxLength: 100, help: 'The document that moved the stock.' }),
        at: f.datetime({ required: true }),
      },
    }),
  ],
};
