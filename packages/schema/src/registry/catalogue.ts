import { entity, list, single, type MenuGroupDef } from './types';

export const catalogue: MenuGroupDef = {
  key: 'catalogue',
  label: 'Catalogue',
  icon: 'box-seam',
  screens: [
    entity('department', 'Departments', 'diagram-3'),
    entity('category', 'Categories', 'tags'),
    entity('attribute', 'Attributes', 'sliders', { api: 'attributes' }),
    entity('product', 'Products', 'box', { api: 'Product', exportProcedure: 'EXP_Product' }),
    entity('bundle', 'Bundles', 'boxes'),
    entity('collection', 'Collections', 'collection', { api: 'Collection' }),
    list('futureproductprice', 'Future product prices', 'calendar-event'),
    single('outletpricing', 'Outlet pricing', 'grid-3x3'),
    list('warehouseproductmapping', 'Warehouse product mapping', 'signpost-split', { api: 'WarehouseProduct' }),
    entity('stocktemplate', 'Stock templates', 'clipboard-check', { api: 'StockTemplate' }),
    entity('supplier', 'Suppliers', 'truck', { exportProcedure: 'EXP_Supplier' }),
  ],
};
