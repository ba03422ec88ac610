import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Price history rows written by a job acting as the system named user 0, which has no row; the
 * foreign keys of 010 would refuse them. The system's writes leave the author blank instead.
 */
export const systemAuthor: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`update price_history set changed_by_id = null where changed_by_id = 0`.execute(db);
  },
};
