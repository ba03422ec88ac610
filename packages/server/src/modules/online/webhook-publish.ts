import { getEntity, type WebhookEvent } from '@backroom/schema';
import type { AnyDb } from '../../data/store';
import { insertJob } from '../../jobs/queue';
import type { EventHandler } from '../events';
import { columnOf } from '../columns';

export const webhook = getEntity('webhook');
export const delivery = getEntity('webhookdelivery');

export const W = {
  url: columnOf(webhook, 'url'),
  events: columnOf(webhook, 'events'),
  secret: columnOf(webhook, 'secret'),
  enabled: columnOf(webhook, 'enabled'),
  failures: columnOf(webhook, 'consecutiveFailures'),
};
export const D = {
  webhook: columnOf(delivery, 'webhook'),
  event: columnOf(delivery, 'event'),
  payload: columnOf(delivery, 'payload'),
  status: columnOf(delivery, 'status'),
  attempts: columnOf(delivery, 'attempts'),
  nextAttemptAt: columnOf(delivery, 'nextAttemptAt'),
  lastAttemptAt: columnOf(delivery, 'lastAttemptAt'),
  responseStatus: columnOf(delivery, 'responseStatus'),
  responseBody: columnOf(delivery, 'responseBody'),
  durationMs: columnOf(delivery, 'durationMs'),
};

/** The job kind that makes one delivery attempt. */
export const DELIVER_JOB = 'deliverWebhook';

/** What publishing needs of its caller: the transaction and the time (a `Writer` or an `ActionCall` is one). */
export interface EventWriter {
  trx: AnyDb;
  now: string;
}

const eventsOf = (stored: unknown): string[] => {
  if (Array.isArray(stored)) return stored.map(String);
  try {
    const parsed: unknown = JSON.parse(String(stored ?? '[]'));
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return [];
  }
};

/** A queued attempt of a delivery, due at `at`. */
export const queueAttempt = (db: AnyDb, deliveryId: number, at: Date) =>
  insertJob(db, DELIVER_JOB, { payload: { delivery: deliveryId }, runAfter: at });

/**
 * The outbox: one pending delivery per enabled webhook subscribed to `type`, each with a job for
 * its first attempt, written in the caller's transaction — an event of a write that rolls back is
 * never sent, and one that commits is sent even if the server stops right after.
 */
export async function publishEvent(w: EventWriter, type: WebhookEvent, payload: unknown): Promise<void> {
  await queueDeliveries(w, await subscribersOf(w.trx, type), type, payload);
}

/** The enabled webhooks subscribed to `type`: a caller holding row locks looks them up before it takes them. */
export async function subscribersOf(db: AnyDb, type: WebhookEvent): Promise<number[]> {
  const hooks = await db.selectFrom(webhook.table).select(['id', W.events]).where(W.enabled, '=', true).execute();
  return hooks.filter((h) => eventsOf(h[W.events]).includes(type)).map((h) => Number(h.id));
}

/** `publishEvent`'s writes, for webhooks looked up already. */
export async function queueDeliveries(
  w: EventWriter,
  hooks: readonly number[],
  type: WebhookEvent,
  payload: unknown,
): Promise<void> {
  for (const hook of hooks) {
    const row = await w.trx
      .insertInto(delivery.table)
      .values({
        [D.webhook]: hook,
        [D.event]: type,
        [D.payload]: JSON.stringify(payload),
        [D.status]: 'pending',
        [D.attempts]: 0,
        [D.nextAttemptAt]: w.now,
        version: 1,
        created_at: w.now,
        created_by: 'system',
        updated_at: w.now,
        updated_by: 'system',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await queueAttempt(w.trx, Number(row.id), new Date(w.now));
  }
}

/** Stock moved → `stock.changed` to the subscribed webhooks, looked up before the move takes its row locks. */
export const stockChanged: EventHandler<'stock.moved', number[]> = {
  prepare: (scope) => subscribersOf(scope.trx, 'stock.changed'),
  handle: (scope, moved, hooks) => queueDeliveries(scope, hooks, 'stock.changed', moved),
};

/** A till's sale or return → `sale.created` to the subscribed webhooks. */
export const saleCreated: EventHandler<'sale.recorded'> = {
  handle: (scope, sale) =>
    publishEvent(scope, 'sale.created', {
      id: sale.id,
      receiptNo: sale.receiptNo,
      kind: sale.kind,
      outlet: sale.outlet,
      terminal: sale.terminal,
      at: sale.at,
      total: sale.total,
    }),
};
