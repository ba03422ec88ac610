import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { anyDb } from '../../data/store';
import { FAILURE_WINDOW_MS, STRIKE_MEMORY_MS } from './lockout';
import { staleRateLimits } from './rate-limit';
import { SEND_RESET_CODE } from './reset';
import { REFRESH_TOKEN_TTL_MS } from '../../crypto/tokens';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Revoked sessions stay this long for the session list and investigations; the audit log keeps the events. */
const REVOKED_SESSION_KEPT_MS = 7 * DAY_MS;

/**
 * Deletes what can no longer be used: refresh tokens past their end (a used one is kept until
 * then, so its reuse is still recognised), sessions that ended (past their absolute end, idle past
 * the refresh lifetime, or revoked a week ago), reset codes that expired or were used, lockout
 * rows whose window and lock have passed, rate-limit counters of past windows, and finished
 * reset-mail jobs (they name the user asked for). Answers how many rows of each went.
 */
export async function purgeExpired(ctx: AppContext, now = new Date()): Promise<Record<string, number>> {
  const db = ctx.db;
  const nowIso = now.toISOString();
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const count = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);

  const endedSessions = db
    .selectFrom('session')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('expires_at', '<=', nowIso),
        eb('revoked_at', '<=', ago(REVOKED_SESSION_KEPT_MS)),
        eb(sql<string>`coalesce(last_refreshed_at, created_at)`, '<=', ago(REFRESH_TOKEN_TTL_MS)),
      ]),
    );
  const refreshTokens = await db
    .deleteFrom('refresh_token')
    .where((eb) => eb.or([eb('expires_at', '<=', nowIso), eb('session_id', 'in', endedSessions)]))
    .executeTakeFirst();
  const sessions = await db.deleteFrom('session').where('id', 'in', endedSessions).executeTakeFirst();
  const resetCodes = await db
    .deleteFrom('password_reset')
    .where((eb) => eb.or([eb('expires_at', '<=', nowIso), eb('used_at', 'is not', null)]))
    .executeTakeFirst();
  const lockouts = await db
    .deleteFrom('login_failure')
    .where((eb) =>
      eb.or([
        eb.and([eb('strikes', '=', 0), eb('first_failure_at', '<=', ago(FAILURE_WINDOW_MS))]),
        eb('first_failure_at', '<=', ago(STRIKE_MEMORY_MS)),
      ]),
    )
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', nowIso)]))
    .executeTakeFirst();
  const rateLimits = await staleRateLimits(db, ctx.config.rateLimit, now).executeTakeFirst();
  const jobs = await anyDb(ctx)
    .deleteFrom('job')
    .where('kind', '=', SEND_RESET_CODE)
    .where('status', 'in', ['done', 'failed'])
    .where('updated_at', '<=', ago(DAY_MS))
    .executeTakeFirst();
  return {
    refreshTokens: count(refreshTokens),
    sessions: count(sessions),
    resetCodes: count(resetCodes),
    lockouts: count(lockouts),
    rateLimits: count(rateLimits),
    resetMailJobs: count(jobs),
  };
}
