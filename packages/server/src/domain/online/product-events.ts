import type { EntityHook } from '../../data/hooks';
import { publishEvent } from './webhook-publish';

/** `product.changed` on every write of a product, in its transaction: the row after (before, for a delete). */
export const productEvents: EntityHook = {
  async afterWrite({ trx, now, action, id, before, after }) {
    await publishEvent({ trx, now }, 'product.changed', { action, id, product: after ?? before });
  },
};
