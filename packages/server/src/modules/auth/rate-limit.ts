import type { FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { RateLimitConfig } from '../../config';
import type { Database } from '../../db/types';
import { ApiError } from '../../http/envelope';

/** The unauthenticated calls that are rate limited, each with counters of its own. */
export type LimitedAction =
  'login' | 'validateotp' | 'refreshtoken' | 'requestresetpassword' | 'validateresetpasswordotp';

/**
 * Counts one hit of `bucket` in its fixed window (started by the window's first hit) with one
 * atomic upsert, and answers the count and when the window ends. The counters live in the
 * database, so every server process sharing it counts together.
 */
async function hit(
  db: Kysely<Database>,
  bucket: string,
  windowMs: number,
  now: Date,
): Promise<{ hits: number; windowEnds: number }> {
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
  new ApiError(429, `Too many attempts. Try again in ${retryAfterSeconds} seconds.`, undefined, {
    'Retry-After': String(retryAfterSeconds),
  });

/**
 * Buckets this process has seen over their limit, with the end of their window, per database.
 * Within a window a count only grows, so until then the answer is 429 without asking the database
 * again: a flood from one address costs no write per request once it is refused.
 */
const knownOver = new WeakMap<Kysely<Database>, Map<string, number>>();
const KNOWN_OVER_MAX = 10_000;

function rememberOver(db: Kysely<Database>, bucket: string, windowEnds: number, now: number): void {
  let known = knownOver.get(db);
  if (!known) knownOver.set(db, (known = new Map()));
  if (known.size >= KNOWN_OVER_MAX) for (const [key, until] of known) if (until <= now) known.delete(key);
  if (known.size >= KNOWN_OVER_MAX) known.clear();
  known.set(bucket, windowEnds);
}

type Subject = { address: string } | { user: string };

/** Bounded: a user name as typed can be long; the bucket key need not be. */
const bucketOf = (action: LimitedAction | GuessedSecret, subject: Subject) =>
  'address' in subject ? `${action}:a:${subject.address.slice(0, 200)}` : `${action}:u:${subject.user.slice(0, 200)}`;

/**
 * 429 with Retry-After once `subject` (a client address, or a lower-cased user name) has made more
 * than `limit` calls of `action` in the current window.
 */
export async function enforceRateLimit(
  db: Kysely<Database>,
  config: RateLimitConfig,
  action: LimitedAction | GuessedSecret,
  subject: Subject,
  now = new Date(),
): Promise<void> {
  const limit = 'address' in subject ? config.perAddress : config.perUser;
  const bucket = bucketOf(action, subject);
  // A parallel call may have opened the window a moment after `now`: never more than a window.
  const retryAfter = (windowEnds: number) =>
    Math.min(config.windowSeconds, Math.max(1, Math.ceil((windowEnds - now.getTime()) / 1000)));
  const over = knownOver.get(db)?.get(bucket);
  if (over !== undefined && over > now.getTime()) throw tooMany(retryAfter(over));
  const { hits, windowEnds } = await hit(db, bucket, config.windowSeconds * 1000, now);
  if (hits <= limit) return;
  rememberOver(db, bucket, windowEnds, now.getTime());
  throw tooMany(retryAfter(windowEnds));
}

/** The secrets guessed by machines rather than people, each with counters of its own. */
export type GuessedSecret = 'pairingcode' | 'channelkey';

/** A wrong guess: the secret's own refusal (401) or a malformed one (400). */
const wrongGuess = (error: unknown) => error instanceof ApiError && (error.status === 400 || error.status === 401);

const forgiveHit = (db: Kysely<Database>, bucket: string) =>
  db
    .updateTable('rate_limit')
    .set({ hits: sql<number>`case when hits > 0 then hits - 1 else 0 end` })
    .where('bucket', '=', bucket)
    .execute();

/**
 * Runs `attempt`, which checks a secret sent by an unauthenticated caller (a terminal's pairing
 * code, an online channel's order key), under a per-address limit of *wrong* guesses: each call
 * counts a hit before it is checked (so parallel guesses cannot pass the limit together), and any
 * other outcome takes its hit back — a storefront placing many orders from one address is never
 * held. Past RATE_LIMIT_PER_ADDRESS in a window → 429 with Retry-After, right key or wrong.
 */
export async function limitWrongGuesses<T>(
  request: FastifyRequest,
  secret: GuessedSecret,
  attempt: () => Promise<T>,
): Promise<T> {
  const { db, config } = request.server.ctx;
  const address = { address: request.ip };
  await enforceRateLimit(db, config.rateLimit, secret, address);
  try {
    const outcome = await attempt();
    await forgiveHit(db, bucketOf(secret, address));
    return outcome;
  } catch (error) {
    if (!wrongGuess(error)) await forgiveHit(db, bucketOf(secret, address));
    throw error;
  }
}

/** Counters whose window has passed; kept for nothing (the purge job deletes them). */
export const staleRateLimits = (db: Kysely<Database>, config: RateLimitConfig, now = new Date()) =>
  db
    .deleteFrom('rate_limit')
    .where('window_start', '<=', new Date(now.getTime() - config.windowSeconds * 1000).toISOString());
