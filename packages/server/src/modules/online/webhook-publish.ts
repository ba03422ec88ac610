import { getEntity, type WebhookEvent } from '@backroom/schema';
import type { AnyDb } from '../../data/store';
import { typedDb } from '../../db/types';
import { insertJob } from '../../jobs/queue';
import type { EventHandler } from '../events';

export const webhook = getEntity('webhook');

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
  const hooks = await typedDb(db).selectFrom('webhook').select(['id', 'events']).where('enabled', '=', true).execute();
  return hooks.filter((h) => eventsOf(h.events).includes(type)).map((h) => h.id);
}

/** `publishEvent`'s writes, for webhooks looked up already. */
export async function queueDeliveries(
  w: EventWriter,
  hooks: readonly number[],
  type: WebhookEvent,
  payload: unknown,
): Promise<void> {
  for (const hook of hooks) {
    const row = await typedDb(w.trx)
      .insertInto('webhook_delivery')
      .values({
        webhook_id: hook,
        event: type,
        payload: JSON.stringify(payload),
        status: 'pending',
        attempts: 0,
        next_attempt_at: w.now,
        version: 1,
        created_at: w.now,
        created_by: 'system',
        updated_at: w.now,
        updated_by: 'system',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await queueAttempt(w.trx, row.id, new Date(w.now));
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
