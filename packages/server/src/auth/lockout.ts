import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types';

export const MAX_FAILURES = 5;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const LOCK_MS = 15 * 60 * 1000;

/** Failures are counted per lower-cased name as typed, so unknown names lock exactly like real ones. */
export const userKey = (userName: string) => userName.trim().toLowerCase();

export async function lockedUntil(db: Kysely<Database>, key: string, now = new Date()): Promise<string | null> {
  const row = await db.selectFrom('login_failure').select('locked_until').where('user_key', '=', key).executeTakeFirst();
  return row?.locked_until && row.locked_until > now.toISOString() ? row.locked_until : null;
}

/** Counts one failed sign-in (wrong password or code); the fifth within the window locks the name. */
export async function recordFailure(db: Kysely<Database>, key: string, now = new Date()): Promise<void> {
  const nowIso = now.toISOString();
  const windowStart = new Date(now.getTime() - FAILURE_WINDOW_MS).toISOString();
  const staleWindow = sql<boolean>`login_failure.first_failure_at < ${windowStart}`;
  // One atomic upsert, so concurrent failures cannot undercount.
  const row = await db
    .insertInto('login_failure')
    .values({ user_key: key, failure_count: 1, first_failure_at: nowIso, locked_until: null })
    .onConflict((oc) =>
      oc.column('user_key').doUpdateSet({
        failure_count: sql<number>`case when ${staleWindow} then 1 else login_failure.failure_count + 1 end`,
        first_failure_at: sql<string>`case when ${staleWindow} then ${nowIso} else login_failure.first_failure_at end`,
      }),
    )
    .returning('failure_count')
    .executeTakeFirstOrThrow();
  if (row.failure_count < MAX_FAILURES) return;
  const until = new Date(now.getTime() + LOCK_MS).toISOString();
  await db.updateTable('login_failure').set({ locked_until: until }).where('user_key', '=', key).execute();
  await db.updateTable('app_user').set({ locked_until: until }).where(sql`lower(user_name)`, '=', key).execute();
}

export async function clearFailures(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('login_failure').where('user_key', '=', key).execute();
  await db.updateTable('app_user').set({ locked_until: null }).where(sql`lower(user_name)`, '=', key).where('locked_until', 'is not', null).execute();
}
