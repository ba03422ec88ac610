import type { WebModule } from '../screens/webModule';

/** Stock: the delivery order with its status steps, the product's Stock tab and Print labels (of products, and one per unit of goods receipts), a stock count's Count tab, virtual stock, low stock. */
export const stockModule: WebModule = {
  name: 'stock',
  forms: { printdeliveryorder: () => import('./DeliveryOrderForm') },
  tabs: {
    product: [{ name: 'stock', load: () => import('./ProductStockTab') }],
    stockcount: [{ name: 'count', load: () => import('./StockCountTab') }],
  },
  listActions: {
    product: [() => import('./PrintLabelsAction')],
    goodsreceipt: [() => import('./ReceiptLabelsAction')],
  },
  // On a phone: a movement's product, when and where, and the quantity in or out with the balance after.
  phoneRows: {
    stockmovement: { title: ['product'], end: ['quantity', 'balanceAfter'], detail: ['at', 'location'] },
  },
  singles: {
    virtualstock: () => import('./VirtualStockScreen'),
    lowstock: () => import('./LowStockScreen'),
  },
};
