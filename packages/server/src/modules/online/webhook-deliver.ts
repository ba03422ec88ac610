import { createHmac } from 'node:crypto';
import type { AppContext } from '../../context';
import { revealer } from '../../data/store';
import type { WebhookDeliveryRow } from '../../db/rows.generated';
import { ApiError } from '../../http/envelope';
import { checkTarget, send, type Answer } from '../membership/index';
import type { Selectable } from 'kysely';
import { queueAttempt } from './webhook-publish';

const MINUTE = 60_000;
/** Waits before each retry after a failed attempt: the first attempt and 5 retries, then the delivery fails. */
export const RETRY_DELAYS_MS = [1 * MINUTE, 5 * MINUTE, 30 * MINUTE, 120 * MINUTE, 720 * MINUTE] as const;
/** Failed attempts in a row (over all its deliveries) that switch a webhook off. */
export const DISABLE_AFTER_FAILURES = 20;
/** How much of a receiver's answer the log keeps. */
export const KEPT_ANSWER_BYTES = 1024;
const TIMEOUT_MS = 10_000;

export const SIGNATURE_HEADER = 'X-Backroom-Signature';

/** `t={unix},v1={hex HMAC-SHA256 of "{t}.{body}"}`: the receiver recomputes it with the shared secret. */
export function signature(secret: string, unixSeconds: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

export interface AttemptResult {
  status: 'delivered' | 'pending' | 'failed' | 'skipped';
  responseStatus: number | null;
}

/** The JSON a receiver gets: the same bytes on every attempt, so a retry can be recognised by `id`. */
const bodyOf = (row: Selectable<WebhookDeliveryRow>) =>
  JSON.stringify({
    id: row.id,
    event: row.event,
    occurredAt: row.created_at,
    data: JSON.parse(row.payload ?? 'null'),
  });

/**
 * One attempt of a pending delivery at `now`: POSTs the signed JSON to the webhook's address
 * (public addresses only unless ALLOW_PRIVATE_TARGETS), logs the answer on the delivery (status,
 * code, first 1 KB, duration). A 2xx delivers it; anything else queues the next attempt after the
 * back-off, or fails the delivery after the last. Failed attempts in a row are counted on the
 * webhook, which is switched off at 20; a success resets the count.
 */
export async function attemptDelivery(ctx: AppContext, deliveryId: number, now = new Date()): Promise<AttemptResult> {
  const db = ctx.db;
  const row = await db.selectFrom('webhook_delivery').selectAll().where('id', '=', deliveryId).executeTakeFirst();
  if (!row || row.status !== 'pending') return { status: 'skipped', responseStatus: null };
  const hook =
    row.webhook_id === null
      ? undefined
      : await db.selectFrom('webhook').selectAll().where('id', '=', row.webhook_id).executeTakeFirst();
  const at = now.toISOString();
  const attempts = (row.attempts ?? 0) + 1;

  const off = !hook?.enabled;
  let answer: Answer;
  if (off) answer = { status: null, text: 'The webhook is switched off', latencyMs: 0 };
  else {
    const body = bodyOf(row);
    const secret = hook!.secret ? revealer(ctx)(hook!.secret) : '';
    try {
      const target = await checkTarget(String(hook!.url), ctx.config.allowPrivateTargets, 'url');
      answer = await send(target, {
        method: 'POST',
        body,
        keep: KEPT_ANSWER_BYTES,
        timeoutMs: TIMEOUT_MS,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Backroom-Webhooks/1',
          [SIGNATURE_HEADER]: signature(secret, Math.floor(now.getTime() / 1000), body),
        },
      });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      answer = { status: null, text: `Refused: ${error.message}`, latencyMs: 0 };
    }
  }
  const delivered = answer.status !== null && answer.status >= 200 && answer.status < 300;
  const retryIn = RETRY_DELAYS_MS[attempts - 1];
  const status = delivered ? 'delivered' : !off && retryIn !== undefined ? 'pending' : 'failed';
  const next = status === 'pending' ? new Date(now.getTime() + retryIn!) : null;

  await db.transaction().execute(async (trx) => {
    const logged = await trx
      .updateTable('webhook_delivery')
      .set({
        status,
        attempts,
        last_attempt_at: at,
        next_attempt_at: next?.toISOString() ?? null,
        response_status: answer.status,
        response_body: answer.text.slice(0, KEPT_ANSWER_BYTES),
        duration_ms: answer.latencyMs,
        version: row.version + 1,
        updated_at: at,
      })
      .where('id', '=', deliveryId)
      .where('attempts', '=', attempts - 1)
      .executeTakeFirst();
    // Another run (a redelivery) attempted it meanwhile: its log stands.
    if (Number(logged.numUpdatedRows) === 0) return;
    if (next) await queueAttempt(trx, deliveryId, next);
    if (off) return;
    if (delivered)
      await trx.updateTable('webhook').set({ consecutive_failures: 0 }).where('id', '=', hook!.id).execute();
    else {
      const failed = await trx
        .updateTable('webhook')
        .set((eb) => ({ consecutive_failures: eb(eb.fn.coalesce('consecutive_failures', eb.lit(0)), '+', 1) }))
        .where('id', '=', hook!.id)
        .returning('consecutive_failures')
        .executeTakeFirstOrThrow();
      if (Number(failed.consecutive_failures) >= DISABLE_AFTER_FAILURES)
        await trx.updateTable('webhook').set({ enabled: false }).where('id', '=', hook!.id).execute();
    }
  });
  return { status, responseStatus: answer.status };
}
