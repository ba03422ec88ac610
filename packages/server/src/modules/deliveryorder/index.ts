import type { DomainModule } from '../module';
import { registerDeliveryOrderRoutes } from './legacy-routes';
import { deliveryOrderPrint } from './print';
import { deliveryOrderRules } from './rules';
import { cancel, closeShort, confirm, dispatch, prefill, receive, writeOffDecided } from './transitions';

/** Delivery orders: numbered drafts, confirm → dispatch → receive (again) or close short (or cancel), goods in transit between, the legacy address, the printed order. */
export const deliveryOrderModule: DomainModule = {
  name: 'deliveryorder',
  entities: {
    printdeliveryorder: { ...deliveryOrderRules, actions: { confirm, dispatch, receive, closeShort, cancel, prefill } },
  },
  on: { 'stock.adjustmentDecided': writeOffDecided },
  documents: { deliveryorder: deliveryOrderPrint },
  routes: (app, at) => registerDeliveryOrderRoutes(app, at.legacy),
};
