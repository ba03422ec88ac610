import { field as f } from './fields';
import { entity, list, model, single, type MenuGroupDef } from './types';

const code = f.code();
const name = f.name();
const active = { hasIsActive: true } as const;

export const catalogue: MenuGroupDef = {
  key: 'catalogue',
  label: 'Catalogue',
  icon: 'box-seam',
  screens: [
    entity('department', 'Departments', 'diagram-3', {
      ...active,
      fields: { code, name, description: f.longtext() },
    }),
    entity('category', 'Categories', 'tags', {
      ...active,
      fields: {
        code,
        name,
        parent: f.ref('category', { label: 'Parent category' }),
        department: f.ref('department'),
        sortOrder: f.int({ min: 0 }),
        image: f.image(),
      },
    }),
    entity('attribute', 'Attributes', 'sliders', {
      api: 'attributes',
      ...active,
      fields: {
        code,
        name,
        kind: f.enum(['text', 'number', 'list'], {
          required: true,
          default: 'text',
          help: 'List attributes are the variant axes (Size, Colour).',
        }),
        values: f.children({
          code: f.code({ unique: ['parentId'] }),
          name,
          sortOrder: f.int({ min: 0 }),
        }),
      },
    }),
    entity('product', 'Products', 'box', {
      api: 'Product',
      exportProcedure: 'EXP_Product',
      ...active,
      listColumns: ['code', 'name', 'barcode', 'category', 'brand', 'sellingPrice', 'isActive'],
      searchFields: ['code', 'name', 'shortName', 'barcode'],
      searchIndex: true,
      palette: { exact: ['code', 'barcode', 'alternateBarcodes.barcode'] },
      dropdown: { label: ['code', 'name'] },
      sections: [
        {
          name: 'basics',
          label: 'Basics',
          fields: ['code', 'name', 'shortName', 'type', 'category', 'department', 'brand', 'description'],
        },
        {
          name: 'pricing',
          label: 'Pricing',
          fields: [
            'sellingPrice',
            'costPrice',
            'minimumPrice',
            'taxCode',
            'taxInclusive',
            'allowOpenPrice',
            'allowDiscount',
          ],
        },
        { name: 'inventory', label: 'Inventory', fields: ['uom', 'trackStock', 'barcode', 'alternateBarcodes'] },
        { name: 'suppliers', label: 'Suppliers', fields: ['supplierMapping'] },
        { name: 'variants', label: 'Variants', fields: ['parent', 'variantAttributeValues'] },
        { name: 'recipe', label: 'Recipe', fields: ['recipeComponents'] },
        { name: 'media', label: 'Media', fields: ['images'] },
      ],
      fields: {
        code: f.code({ label: 'SKU', maxLength: 50 }),
        name: f.name({ maxLength: 200 }),
        shortName: f.text({ maxLength: 24, help: 'Printed on receipts.' }),
        description: f.longtext(),
        barcode: f.text({ unique: true, maxLength: 50 }),
        alternateBarcodes: f.children({
          barcode: f.text({ required: true, unique: true, maxLength: 50 }),
          uom: f.lv('UOM', { label: 'Unit of measure' }),
          quantityPerUnit: f.quantity({ min: '0.001', default: '1' }),
        }),
        category: f.ref('category', { required: true }),
        department: f.ref('department'),
        brand: f.lv('BRAND'),
        uom: f.lv('UOM', { required: true, label: 'Unit of measure' }),
        type: f.enum(['standard', 'variantParent', 'service', 'composite', 'nonStock'], {
          required: true,
          default: 'standard',
          valueLabels: { composite: 'Composite / recipe', nonStock: 'Non-stock' },
        }),
        costPrice: f.money({ group: 'costs' }),
        sellingPrice: f.money({ required: true }),
        taxCode: f.ref('gstsetup', { label: 'Tax code' }),
        taxInclusive: f.bool(),
        trackStock: f.bool({ default: true }),
        allowOpenPrice: f.bool(),
        allowDiscount: f.bool({ default: true }),
        minimumPrice: f.money(),
        images: f.image({ multiple: true }),
        parent: f.ref('product', { label: 'Parent product', help: 'For a variant: its variant parent.' }),
        variantAttributeValues: f.children({
          attribute: f.ref('attribute', { required: true, unique: ['parentId'] }),
          value: f.text({ required: true, maxLength: 30, help: 'Code of one of the attribute’s values.' }),
        }),
        supplierMapping: f.children({
          supplier: f.ref('supplier', { required: true, unique: ['parentId'] }),
          supplierItemCode: f.text({ maxLength: 50 }),
          cost: f.money({ group: 'costs' }),
          leadTimeDays: f.int({ min: 0 }),
          packSize: f.quantity({
            min: '0.001',
            help: 'Units per pack the supplier sells: orders are rounded up to it.',
          }),
          preferred: f.bool(),
        }),
        recipeComponents: f.children(
          {
            product: f.ref('product', { required: true }),
            quantity: f.quantity({ required: true, min: '0.001' }),
            uom: f.lv('UOM', { label: 'Unit of measure' }),
          },
          { help: 'For composite items.' },
        ),
      },
    }),
    entity('bundle', 'Bundles', 'boxes', {
      ...active,
      ranges: [['validFrom', 'validTo']],
      fields: {
        code,
        name,
        price: f.money({ required: true }),
        validFrom: f.date(),
        validTo: f.date(),
        items: f.children({
          product: f.ref('product', { required: true }),
          quantity: f.quantity({ required: true, min: '0.001', default: '1' }),
        }),
        outlets: f.refs('outlet'),
      },
    }),
    entity('collection', 'Collections', 'collection', {
      api: 'Collection',
      ...active,
      fields: {
        code,
        name,
        description: f.longtext(),
        image: f.image(),
        products: f.children(
          { product: f.ref('product', { required: true, unique: ['parentId'] }) },
          { help: 'In display order.' },
        ),
      },
    }),
    list('futureproductprice', 'Future product prices', 'calendar-event', {
      table: 'future_product_price',
      defaultSort: '-effectiveDate',
      dropdown: { label: 'product' },
      fields: {
        product: f.ref('product', { required: true }),
        outlet: f.ref('outlet', { help: 'Blank for every outlet.' }),
        newPrice: f.money({ required: true }),
        effectiveDate: f.date({ required: true }),
        status: f.enum(['pending', 'applied', 'cancelled'], { default: 'pending', readOnly: true }),
      },
    }),
    single('outletpricing', 'Outlet pricing', 'grid-3x3'),
    list('warehouseproductmapping', 'Warehouse product mapping', 'signpost-split', {
      table: 'warehouse_product_mapping',
      api: 'WarehouseProduct',
      ...active,
      dropdown: { label: 'product' },
      defaultSort: 'inventoryLocation',
      ranges: [['minQty', 'maxQty']],
      fields: {
        inventoryLocation: f.ref('inventorylocation', { required: true, label: 'Warehouse' }),
        product: f.ref('product', { required: true, unique: ['inventoryLocation'] }),
        bin: f.text({ maxLength: 30 }),
        minQty: f.quantity({ label: 'Minimum quantity' }),
        maxQty: f.quantity({ label: 'Maximum quantity' }),
        reorderQty: f.quantity({ label: 'Reorder quantity' }),
      },
    }),
    entity('stocktemplate', 'Stock templates', 'clipboard-check', {
      table: 'stock_template',
      api: 'StockTemplate',
      ...active,
      fields: {
        code,
        name,
        items: f.children(
          {
            product: f.ref('product', { required: true, unique: ['parentId'] }),
            defaultQty: f.quantity({ label: 'Default quantity' }),
          },
          { help: 'Prefills delivery orders.' },
        ),
      },
    }),
    entity('supplier', 'Suppliers', 'truck', {
      exportProcedure: 'EXP_Supplier',
      ...active,
      searchFields: ['code', 'name', 'contactName', 'phone', 'email'],
      fields: {
        code,
        name,
        contactName: f.text({ maxLength: 100 }),
        phone: f.phone(),
        email: f.email(),
        address: f.longtext({ maxLength: 500 }),
        paymentTermsDays: f.int({ min: 0, max: 365 }),
        leadTimeDays: f.int({ min: 0, max: 365, help: 'Days from sending a purchase order to delivery.' }),
        minimumOrderValue: f.money({ help: 'A purchase order below it is refused when sent.' }),
      },
    }),
  ],
  entities: [
    model('outletprice', 'Outlet prices', {
      table: 'outlet_price',
      permission: 'outletpricing',
      dropdown: { label: 'product' },
      defaultSort: 'product',
      fields: {
        product: f.ref('product', { required: true, unique: ['outlet'] }),
        outlet: f.ref('outlet', { required: true }),
        price: f.money({ required: true }),
      },
    }),
    model('pricehistory', 'Price history', {
      readOnly: true,
      systemFields: false,
      permission: 'product',
      table: 'price_history',
      defaultSort: '-changedAt',
      dropdown: { label: 'changedAt' },
      fields: {
        product: f.ref('product', { required: true }),
        oldPrice: f.money(),
        newPrice: f.money({ required: true }),
        changedAt: f.datetime({ required: true }),
        changedBy: f.ref('user', { labelField: 'userName' }),
      },
    }),
  ],
};
