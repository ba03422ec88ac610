import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { signInFailures, signInLockouts } from '../../metrics/registry';

export const MAX_FAILURES = 5;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const LOCK_MS = 15 * 60 * 1000;
/** The longest lock: progressive locks double from LOCK_MS up to this. */
export const MAX_LOCK_MS = 24 * 60 * 60 * 1000;
/** Strikes (locks in a row) are forgotten when the window that earned the last one began this long ago (so a quiet day after the longest lock). */
export const STRIKE_MEMORY_MS = 2 * 24 * 60 * 60 * 1000;
const MAX_DOUBLINGS = Math.ceil(Math.log2(MAX_LOCK_MS / LOCK_MS));

/** The length of the lock a key earns with `strikes` locks before it: LOCK_MS, then twice each time, at most MAX_LOCK_MS. */
export const lockLength = (strikes: number) => Math.min(MAX_LOCK_MS, LOCK_MS * 2 ** Math.min(strikes, MAX_DOUBLINGS));

/** A user name as the lockout and the rate limits know it: lower-cased as typed, so unknown names lock exactly like real ones. */
export const userKey = (userName: string) => userName.trim().toLowerCase();

/**
 * Failures are counted per user name *and* source address (`{user}\n{address}`; no address holds a
 * line break): five wrong passwords lock that name from that address only, so an anonymous
 * attacker cannot lock anyone out of an address they do not share. Guessing from many addresses
 * meets the per-user rate limit instead (see routes.ts, and docs/decisions/auth-and-sessions.md).
 */
export const attemptKey = (user: string, source: string) => `${user}\n${source}`;

/** The user name part of an attempt key (the whole of a key without an address, as tests use). */
const userOfKey = (key: string) => (key.includes('\n') ? key.slice(0, key.lastIndexOf('\n')) : key);

/** Every attempt key of `user`, from any address. */
export const keysOfUser = (user: string) =>
  sql<boolean>`(user_key = ${user} or substr(user_key, 1, length(${`${user}\n`})) = ${`${user}\n`})`;

/**
 * A reserved attempt: the right to check one password (or code) for a name. `failuresSeen` is how
 * many failures were decided when it was granted; a success forgives those and no others.
 */
export interface Reservation {
  key: string;
  failuresSeen: number;
}

/**
 * Reserves one attempt before anything is checked, in one atomic statement: granted only while the
 * name is not locked and its decided failures plus the attempts still being checked stay under
 * MAX_FAILURES. So however many attempts arrive at once, at most five are ever checked per window;
 * the others, and every attempt while locked, are refused (null → 423) unchecked. A window that
 * has passed, or a lock that has ended, starts afresh.
 */
export async function reserveAttempt(db: Kysely<Database>, key: string, now = new Date()): Promise<Reservation | null> {
  const nowIso = now.toISOString();
  const windowStart = new Date(now.getTime() - FAILURE_WINDOW_MS).toISOString();
  // A lock outlasts the window (progressive locks): while it holds, the window's passing starts nothing afresh.
  const fresh = sql<boolean>`(case when login_failure.locked_until is not null then login_failure.locked_until <= ${nowIso} else login_failure.first_failure_at <= ${windowStart} end)`;
  const forgotten = sql<boolean>`login_failure.first_failure_at <= ${new Date(now.getTime() - STRIKE_MEMORY_MS).toISOString()}`;
  const row = await db
    .insertInto('login_failure')
    .values({ user_key: key, failure_count: 0, pending: 1, first_failure_at: nowIso, locked_until: null })
    .onConflict((oc) =>
      oc
        .column('user_key')
        .doUpdateSet({
          failure_count: sql<number>`case when ${fresh} then 0 else login_failure.failure_count end`,
          pending: sql<number>`case when ${fresh} then 1 else login_failure.pending + 1 end`,
          first_failure_at: sql<string>`case when ${fresh} then ${nowIso} else login_failure.first_failure_at end`,
          locked_until: sql<string | null>`case when ${fresh} then null else login_failure.locked_until end`,
          strikes: sql<number>`case when ${forgotten} then 0 else login_failure.strikes end`,
        })
        .where(
          sql<boolean>`${fresh} or (login_failure.locked_until is null and login_failure.failure_count + login_failure.pending < ${MAX_FAILURES})`,
        ),
    )
    .returning('failure_count')
    .executeTakeFirst();
  return row ? { key, failuresSeen: Number(row.failure_count) } : null;
}

const lessOne = sql<number>`case when pending > 0 then pending - 1 else 0 end`;

/**
 * The reserved attempt failed: counted, and the fifth failure of the window locks the name from
 * that address (marked on the user row too, for the user list). Locks in a row grow: the first
 * lasts LOCK_MS, each next one twice the one before (up to MAX_LOCK_MS), so a guesser who waits
 * out each lock gets five guesses in 15 minutes, then in 30, then in an hour…; a success from the
 * address, or a quiet day, starts again at LOCK_MS. Answers the end of the lock when this failure set it.
 */
export async function recordFailure(
  db: Kysely<Database>,
  reservation: Reservation,
  now = new Date(),
): Promise<string | null> {
  const untilAfter = (strikes: number) => new Date(now.getTime() + lockLength(strikes)).toISOString();
  const lockEnd = sql<string>`case${sql.join(
    Array.from({ length: MAX_DOUBLINGS }, (_, strikes) => sql` when strikes = ${strikes} then ${untilAfter(strikes)}`),
    sql``,
  )} else ${untilAfter(MAX_DOUBLINGS)} end`;
  const locks = sql<boolean>`failure_count + 1 >= ${MAX_FAILURES} and locked_until is null`;
  const row = await db
    .updateTable('login_failure')
    .set({
      pending: lessOne,
      failure_count: sql<number>`failure_count + 1`,
      locked_until: sql<string | null>`case when ${locks} then ${lockEnd} else locked_until end`,
      strikes: sql<number>`case when ${locks} then strikes + 1 else strikes end`,
    })
    .where('user_key', '=', reservation.key)
    .returning(['failure_count', 'locked_until', 'strikes'])
    .executeTakeFirst();
  signInFailures.inc();
  const until = row ? untilAfter(Number(row.strikes) - 1) : null;
  if (!row || Number(row.strikes) === 0 || row.locked_until !== until) return null;
  await db
    .updateTable('app_user')
    .set({ locked_until: until })
    .where(sql`lower(user_name)`, '=', userOfKey(reservation.key))
    .execute();
  signInLockouts.inc();
  return until;
}

/** The reserved attempt succeeded: it forgives the failures it saw decided, not those decided meanwhile, and the locks in a row. */
export async function recordSuccess(db: Kysely<Database>, reservation: Reservation): Promise<void> {
  await db
    .updateTable('login_failure')
    .set({
      pending: lessOne,
      failure_count: sql<number>`case when failure_count > ${reservation.failuresSeen} then failure_count - ${reservation.failuresSeen} else 0 end`,
      strikes: 0,
    })
    .where('user_key', '=', reservation.key)
    .execute();
}

/** The reserved attempt was never checked (the server was busy): it counts for nothing. */
export async function releaseAttempt(db: Kysely<Database>, reservation: Reservation): Promise<void> {
  await db.updateTable('login_failure').set({ pending: lessOne }).where('user_key', '=', reservation.key).execute();
}

/**
 * Runs `check` under a reserved attempt of `key`: null when none was granted (locked, or five
 * attempts already being checked); otherwise the check's outcome, recorded as a success or a
 * failure. A check that throws (503 busy, a database error) counts for nothing.
 */
export async function underReservation<T>(
  db: Kysely<Database>,
  key: string,
  check: () => Promise<{ ok: boolean; value: T }>,
): Promise<{ ok: boolean; value: T; lockedUntil: string | null } | null> {
  const reservation = await reserveAttempt(db, key);
  if (!reservation) return null;
  let outcome: { ok: boolean; value: T };
  try {
    outcome = await check();
  } catch (error) {
    await releaseAttempt(db, reservation);
    throw error;
  }
  if (outcome.ok) {
    await recordSuccess(db, reservation);
    return { ...outcome, lockedUntil: null };
  }
  return { ...outcome, lockedUntil: await recordFailure(db, reservation) };
}

/** An administrator's unlock or a completed reset: the name starts afresh, from every address. */
export async function clearFailures(db: Kysely<Database>, user: string): Promise<void> {
  await db.deleteFrom('login_failure').where(keysOfUser(user)).execute();
  await db
    .updateTable('app_user')
    .set({ locked_until: null })
    .where(sql`lower(user_name)`, '=', user)
    .where('locked_until', 'is not', null)
    .execute();
}

/** Whether the attempt key in `keyColumn` is of the user named in `userColumn`, from any address. */
export const isKeyOfUser = (keyColumn: string, userColumn: string) => {
  const [key, user] = [sql.ref(keyColumn), sql`lower(${sql.ref(userColumn)})`];
  return sql<boolean>`(${key} = ${user} or substr(${key}, 1, length(${user}) + 1) = ${user} || ${'\n'})`;
};
