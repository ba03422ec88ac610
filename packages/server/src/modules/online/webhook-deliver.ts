import { createHmac } from 'node:crypto';
import type { AppContext } from '../../context';
import { anyDb, revealer } from '../../data/store';
import { ApiError } from '../../http/envelope';
import { checkTarget, send, type Answer } from '../membership/index';
import { D, W, delivery, queueAttempt, webhook } from './webhook-publish';

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
const bodyOf = (row: Record<string, unknown>) =>
  JSON.stringify({
    id: Number(row.id),
    event: row[D.event],
    occurredAt: row.created_at,
    data: JSON.parse(String(row[D.payload] ?? 'null')),
  });

/**
 * One attempt of a pending delivery at `now`: POSTs the signed JSON to the webhook's address
 * (public addresses only unless ALLOW_PRIVATE_TARGETS), logs the answer on the delivery (status,
 * code, first 1 KB, duration). A 2xx delivers it; anything else queues the next attempt after the
 * back-off, or fails the delivery after the last. Failed attempts in a row are counted on the
 * webhook, which is switched off at 20; a success resets the count.
 */
export async function attemptDelivery(ctx: AppContext, deliveryId: number, now = new Date()): Promise<AttemptResult> {
  const db = anyDb(ctx);
  const row = await db.selectFrom(delivery.table).selectAll().where('id', '=', deliveryId).executeTakeFirst();
  if (!row || row[D.status] !== 'pending') return { status: 'skipped', responseStatus: null };
  const hook = await db
    .selectFrom(webhook.table)
    .selectAll()
    .where('id', '=', Number(row[D.webhook]))
    .executeTakeFirst();
  const at = now.toISOString();
  const attempts = Number(row[D.attempts] ?? 0) + 1;

  const off = !hook || !(hook[W.enabled] === true || hook[W.enabled] === 1);
  let answer: Answer;
  if (off) answer = { status: null, text: 'The webhook is switched off', latencyMs: 0 };
  else {
    const body = bodyOf(row);
    const secret = hook![W.secret] ? revealer(ctx)(String(hook![W.secret])) : '';
    try {
      const target = await checkTarget(String(hook![W.url]), ctx.config.allowPrivateTargets, 'url');
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
      .updateTable(delivery.table)
      .set({
        [D.status]: status,
        [D.attempts]: attempts,
        [D.lastAttemptAt]: at,
        [D.nextAttemptAt]: next?.toISOString() ?? null,
        [D.responseStatus]: answer.status,
        [D.responseBody]: answer.text.slice(0, KEPT_ANSWER_BYTES),
        [D.durationMs]: answer.latencyMs,
        version: Number(row.version) + 1,
        updated_at: at,
      })
      .where('id', '=', deliveryId)
      .where(D.attempts, '=', attempts - 1)
      .executeTakeFirst();
    // Another run (a redelivery) attempted it meanwhile: its log stands.
    if (Number(logged.numUpdatedRows) === 0) return;
    if (next) await queueAttempt(trx, deliveryId, next);
    if (off) return;
    if (delivered)
      await trx
        .updateTable(webhook.table)
        .set({ [W.failures]: 0 })
        .where('id', '=', Number(hook!.id))
        .execute();
    else {
      const failed = await trx
        .updateTable(webhook.table)
        .set((eb) => ({ [W.failures]: eb(eb.fn.coalesce(W.failures, eb.lit(0)), '+', 1) }))
        .where('id', '=', Number(hook!.id))
        .returning(W.failures)
        .executeTakeFirstOrThrow();
      if (Number(failed[W.failures]) >= DISABLE_AFTER_FAILURES)
        await trx
          .updateTable(webhook.table)
          .set({ [W.enabled]: false })
          .where('id', '=', Number(hook!.id))
          .execute();
    }
  });
  return { status, responseStatus: answer.status };
}
