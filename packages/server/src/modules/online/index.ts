import type { DomainModule } from '../module';
import { channelKeyRules } from './channel-key';
import { onlineDemoSeed } from './demo-seed';
import { publish, registerMenuRoute } from './menu';
import { registerPlaceRoute } from './place';
import { memberEvents, outletPriceEvents, productEvents } from './catalogue-events';
import { orderRules } from './rules';
import { orderActions } from './transitions';
import { attemptDelivery } from './webhook-deliver';
import { DELIVER_JOB, saleCreated, stockChanged } from './webhook-publish';
import { redeliver, webhookRules } from './webhook-rules';

export { publishEvent } from './webhook-publish';

/**
 * Online ordering: orders placed by channels (their order key, no user), moved along by staff
 * actions, reserving and then taking stock; webhooks with an outbox, signed deliveries, retries
 * and a delivery log; the published menu of each channel.
 */
export const onlineModule: DomainModule = {
  name: 'online',
  seed: onlineDemoSeed,
  entities: {
    onlinesalesorder: { ...orderRules, actions: orderActions },
    onlinesaleschannel: channelKeyRules,
    onlinemenusetup: { actions: { publish } },
    webhook: { ...webhookRules, actions: { redeliver } },
    product: productEvents,
    outletprice: outletPriceEvents,
    membership: memberEvents,
  },
  jobs: {
    [DELIVER_JOB]: {
      privilege: { screen: 'webhook', action: 'edit' },
      run: async ({ ctx, payload }) =>
        attemptDelivery(ctx, Number((payload as { delivery?: unknown } | null)?.delivery)),
    },
  },
  on: { 'stock.moved': stockChanged, 'sale.recorded': saleCreated },
  routes: (app, at) => {
    registerPlaceRoute(app, at.api);
    registerMenuRoute(app, at.core);
  },
};
