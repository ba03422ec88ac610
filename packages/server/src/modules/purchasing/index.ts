import type { DomainModule } from '../module';
import { purchaseOrderRules } from './rules';
import { cancel, closeShort, receive, returnToSupplier, send } from './transitions';

/**
 * Purchasing: purchase orders (numbered drafts, send → receive any number of times → received, or
 * closed short / cancelled), goods receipts and returns to supplier writing `purchase` and
 * `purchaseReturn` movements, moving-average costs per product × location.
 */
export const purchasingModule: DomainModule = {
  name: 'purchasing',
  entities: {
    purchaseorder: { ...purchaseOrderRules, actions: { send, receive, closeShort, cancel, returnToSupplier } },
  },
};
