import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';

const MARKER_ID = 1;

/** Whether set-up has run: closed for good, whatever later happens to roles and users. */
export async function isInstalled(db: Kysely<Database>): Promise<boolean> {
  return (
    (await db.selectFrom('installation').select('id').where('id', '=', MARKER_ID).executeTakeFirst()) !== undefined
  );
}

/** Writes the marker; inside a set-up transaction, a second set-up fails here on the primary key. */
export async function markInstalled(db: Kysely<Database>, now: string, by: string): Promise<void> {
  await db.insertInto('installation').values({ id: MARKER_ID, completed_at: now, completed_by: by }).execute();
}
