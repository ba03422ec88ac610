import type { EntityHook } from '../../data/hooks';
import { queueDeliveries, subscribersOf } from './webhook-publish';

/** `product.changed` on every write of a product, in its transaction: the row after (before, for a delete). Subscribers are looked up once per batch. */
export const productEvents: EntityHook = {
  async afterWriteMany(events) {
    if (events.length === 0) return;
    const hooks = await subscribersOf(events[0]!.trx, 'product.changed');
    if (hooks.length === 0) return;
    for (const { trx, now, action, id, before, after } of events) await queueDeliveries({ trx, now }, hooks, 'product.changed', { action, id, product: after ?? before });
  },
};
