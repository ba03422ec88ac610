import { sql, type Kysely, type Migration } from 'kysely';

/** Sessions' absolute end, sign-in attempts in flight, and the sign-in rate-limit counters. */
export const sessions: Migration = {
  async up(db: Kysely<unknown>) {
    // Sessions open at the upgrade get the default lifetime from now.
    await db.schema.alterTable('session').addColumn('expires_at', 'text').execute();
    await sql`update session set expires_at = ${new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString()}`.execute(
      db,
    );
    await db.schema.createIndex('session_expires_at_idx').on('session').column('expires_at').execute();

    // Attempts reserved and not yet decided (auth/lockout.ts).
    await db.schema
      .alterTable('login_failure')
      .addColumn('pending', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await db.schema
      .createTable('rate_limit')
      .addColumn('bucket', 'text', (c) => c.primaryKey())
      .addColumn('window_start', 'text', (c) => c.notNull())
      .addColumn('hits', 'integer', (c) => c.notNull())
      .execute();
  },
};
