import type { Kysely, Migration } from 'kysely';

/** Bytes each user uploaded per day (UTC), for the daily upload quota (files/quota.ts). */
export const uploadUsage: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('upload_usage')
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('bytes', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('upload_usage_pk', ['user_id', 'day'])
      .execute();
  },
};
