import type { DomainModule } from '../module';
import { registerDeliveryOrderRoutes } from './legacy-routes';
import { deliveryOrderPrint } from './print';
import { deliveryOrderRules } from './rules';
import { cancel, confirm, dispatch, prefill, receive } from './transitions';

/** Delivery orders: numbered drafts, confirm → dispatch → receive (or cancel) moving stock, the legacy address, the printed order. */
export const deliveryOrderModule: DomainModule = {
  name: 'deliveryorder',
  entities: { printdeliveryorder: { ...deliveryOrderRules, actions: { confirm, dispatch, receive, cancel, prefill } } },
  documents: { deliveryorder: deliveryOrderPrint },
  routes: (app, at) => registerDeliveryOrderRoutes(app, at.legacy),
};
