import type { EntityHook } from '../../data/hooks';
import { publishEvent } from './webhook-publish';

/**
 * `product.changed` on every write of a product, in its transaction: the row after (before, for a
 * delete). A delete also raises `product.deleted`, and a new or changed selling price `price.changed`.
 */
export const productEvents: EntityHook = {
  async afterWrite({ trx, now, action, id, before, after }) {
    const w = { trx, now };
    await publishEvent(w, 'product.changed', { action, id, product: after ?? before });
    if (action === 'delete') await publishEvent(w, 'product.deleted', { id, product: before });
    const oldPrice = (before?.sellingPrice as string | null | undefined) ?? null;
    const newPrice = (after?.sellingPrice as string | null | undefined) ?? null;
    if (after && newPrice !== oldPrice) await publishEvent(w, 'price.changed', { product: id, outlet: null, oldPrice, newPrice });
  },
};

/** `price.changed` when an outlet's own price of a product is set, changed or removed (`newPrice` null: the product's price applies again). */
export const outletPriceEvents: EntityHook = {
  async afterWrite({ trx, now, before, after }) {
    const row = after ?? before;
    const oldPrice = (before?.price as string | null | undefined) ?? null;
    const newPrice = (after?.price as string | null | undefined) ?? null;
    if (!row || oldPrice === newPrice) return;
    await publishEvent({ trx, now }, 'price.changed', { product: row.product, outlet: row.outlet, oldPrice, newPrice });
  },
};

/** `member.changed` on every write of a member (staff edits, imports): the row after (before, for a delete). */
export const memberEvents: EntityHook = {
  async afterWrite({ trx, now, action, id, before, after }) {
    await publishEvent({ trx, now }, 'member.changed', { action, id, member: after ?? before });
  },
};
