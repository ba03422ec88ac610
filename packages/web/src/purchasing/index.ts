import type { WebModule } from '../screens/webModule';

/** Purchasing: the purchase order with its status steps, receiving (typed or scanned), close short, cancel, print; stock valuation. */
export const purchasingModule: WebModule = {
  name: 'purchasing',
  forms: { purchaseorder: () => import('./PurchaseOrderForm') },
  singles: { stockvaluation: () => import('./StockValuationScreen') },
};
