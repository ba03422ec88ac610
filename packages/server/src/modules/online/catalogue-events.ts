import { getEntity, type WebhookEvent } from '@backroom/schema';
import { ALL_FIELD_GROUPS, entityWithout, visibleValues } from '../../data/field-groups';
import type { Row } from '../../data/store';
import type { AfterWrite, EntityHook } from '../../data/hooks';
import { queueDeliveries, subscribersOf } from './webhook-publish';

/** An event and its payload, made only when someone subscribes to it. */
type Event = [type: WebhookEvent, payload: () => unknown];

/**
 * Events of a batch of writes of one entity, in its transaction: each event's subscribers are
 * looked up once per batch (an import writes thousands of rows), and for an event nobody subscribes
 * to neither a payload is made (a product's, without its field groups, was 7 % of an import's
 * transaction) nor anything queued.
 */
function eventsOfWrites(eventsOf: (write: AfterWrite) => Event[]): EntityHook {
  const publish = async (writes: readonly AfterWrite[]) => {
    const subscribers = new Map<WebhookEvent, number[]>();
    for (const write of writes)
      for (const [type, payload] of eventsOf(write)) {
        if (!subscribers.has(type)) subscribers.set(type, await subscribersOf(write.trx, type));
        const hooks = subscribers.get(type)!;
        if (hooks.length > 0) await queueDeliveries({ trx: write.trx, now: write.now }, hooks, type, payload());
      }
  };
  return { afterWriteMany: publish };
}

const product = getEntity('product');
/** A product as its webhooks' receivers (storefronts, integrations: no role of ours) get it: without any field group (costs). */
const shared = (row: Row | null) => row && visibleValues(product, entityWithout(product, ALL_FIELD_GROUPS), row);

const price = (row: Record<string, unknown> | null, field: string) =>
  (row?.[field] as string | null | undefined) ?? null;

/**
 * `product.changed` on every write of a product: the row after (before, for a delete). A delete
 * also raises `product.deleted`, and a new or changed selling price `price.changed`.
 */
export const productEvents = eventsOfWrites(({ action, id, before, after }) => {
  const events: Event[] = [['product.changed', () => ({ action, id, product: shared(after ?? before) })]];
  if (action === 'delete') events.push(['product.deleted', () => ({ id, product: shared(before) })]);
  const [oldPrice, newPrice] = [price(before, 'sellingPrice'), price(after, 'sellingPrice')];
  if (after && newPrice !== oldPrice)
    events.push(['price.changed', () => ({ product: id, outlet: null, oldPrice, newPrice })]);
  return events;
});

/** `price.changed` when an outlet's own price of a product is set, changed or removed (`newPrice` null: the product's price applies again). */
export const outletPriceEvents = eventsOfWrites(({ before, after }) => {
  const row = after ?? before;
  const [oldPrice, newPrice] = [price(before, 'price'), price(after, 'price')];
  return row && oldPrice !== newPrice
    ? [['price.changed', () => ({ product: row.product, outlet: row.outlet, oldPrice, newPrice })]]
    : [];
});

/** `member.changed` on every write of a member (staff edits, imports): the row after (before, for a delete). */
export const memberEvents = eventsOfWrites(({ action, id, before, after }) => [
  ['member.changed', () => ({ action, id, member: after ?? before })],
]);
