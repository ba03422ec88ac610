import type { DomainModule } from '../module';
import { purchasingDemoSeed } from './demo-seed';
import { goodsReceiptPrint, purchaseOrderPrint } from './print';
import { purchaseOrderRules } from './rules';
import { registerValuationRoutes } from './valuation';
import { cancel, closeShort, receive, returnToSupplier, send } from './transitions';

/**
 * Purchasing: purchase orders (numbered drafts, send → receive any number of times → received, or
 * closed short / cancelled), goods receipts and returns to supplier writing `purchase` and
 * `purchaseReturn` movements, moving-average costs per product × location.
 */
export const purchasingModule: DomainModule = {
  name: 'purchasing',
  documents: { purchaseorder: purchaseOrderPrint, goodsreceipt: goodsReceiptPrint },
  routes: (app, at) => registerValuationRoutes(app, at.api),
  seed: purchasingDemoSeed,
  entities: {
    purchaseorder: { ...purchaseOrderRules, actions: { send, receive, closeShort, cancel, returnToSupplier } },
  },
};
