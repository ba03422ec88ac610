import { sql, type Kysely } from 'kysely';
import type { RateLimitConfig } from '../config';
import type { Database } from '../db/types';
import { ApiError } from '../http/envelope';

/** The unauthenticated calls that are rate limited, each with counters of its own. */
export type LimitedAction = 'login' | 'validateotp' | 'refreshtoken' | 'requestresetpassword' | 'validateresetpasswordotp';

/**
 * Counts one hit of `bucket` in its fixed window (started by the window's first hit) with one
 * atomic upsert, and answers the count and when the window ends. The counters live in the
 * database, so every server process sharing it counts together.
 */
async function hit(db: Kysely<Database>, bucket: string, windowMs: number, now: Date): Promise<{ hits: number; windowEnds: number }> {
  const nowIso = now.toISOString();
  const stale = sql<boolean>`rate_limit.window_start <= ${new Date(now.getTime() - windowMs).toISOString()}`;
  const row = await db
    .insertInto('rate_limit')
    .values({ bucket, window_start: nowIso, hits: 1 })
    .onConflict((oc) =>
      oc.column('bucket').doUpdateSet({
        hits: sql<number>`case when ${stale} then 1 else rate_limit.hits + 1 end`,
        window_start: sql<string>`case when ${stale} then ${nowIso} else rate_limit.window_start end`,
      }),
    )
    .returning(['hits', 'window_start'])
    .executeTakeFirstOrThrow();
  return { hits: Number(row.hits), windowEnds: Date.parse(row.window_start) + windowMs };
}

const tooMany = (retryAfterSeconds: number) =>
  new ApiError(429, `Too many attempts. Try again in ${retryAfterSeconds} seconds.`, undefined, { 'Retry-After': String(retryAfterSeconds) });

/**
 * 429 with Retry-After once `subject` (a client address, or a lower-cased user name) has made more
 * than `limit` calls of `action` in the current window.
 */
export async function enforceRateLimit(
  db: Kysely<Database>,
  config: RateLimitConfig,
  action: LimitedAction,
  subject: { address: string } | { user: string },
  now = new Date(),
): Promise<void> {
  const [kind, value, limit] = 'address' in subject ? ['a', subject.address, config.perAddress] : ['u', subject.user, config.perUser];
  const windowMs = config.windowSeconds * 1000;
  // Bounded: a user name as typed can be long; the bucket key need not be.
  const { hits, windowEnds } = await hit(db, `${action}:${kind}:${value.slice(0, 200)}`, windowMs, now);
  if (hits > limit) throw tooMany(Math.max(1, Math.ceil((windowEnds - now.getTime()) / 1000)));
}

/** Counters whose window has passed; kept for nothing (the purge job deletes them). */
export const staleRateLimits = (db: Kysely<Database>, config: RateLimitConfig, now = new Date()) =>
  db.deleteFrom('rate_limit').where('window_start', '<=', new Date(now.getTime() - config.windowSeconds * 1000).toISOString());
