import { entity, single, type MenuGroupDef } from './types';

export const inventory: MenuGroupDef = {
  key: 'inventory',
  label: 'Outlets and inventory',
  icon: 'shop',
  screens: [
    entity('outletgroup', 'Outlet groups', 'grid'),
    entity('outlet', 'Outlets', 'shop-window', { api: 'Outlet' }),
    entity('inventorylocationgroup', 'Location groups', 'collection'),
    entity('inventorylocation', 'Inventory locations', 'building'),
    entity('stockoutreason', 'Stock-out reasons', 'exclamation-octagon'),
    entity('printdeliveryorder', 'Delivery orders', 'truck-flatbed', { api: 'deliveryorder' }),
    single('virtualstock', 'Virtual stock', 'stack', { api: 'OutletVirtualStockBalance' }),
  ],
};
