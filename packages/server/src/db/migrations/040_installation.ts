import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The installer's marker: one row (id 1), written in the set-up transaction; its primary key lets
 * exactly one set-up win. A database that has users already is set up.
 */
export const installation: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('installation')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('completed_at', 'text', (c) => c.notNull())
      .addColumn('completed_by', 'text', (c) => c.notNull())
      .addCheckConstraint('installation_one_row', sql`id = 1`)
      .execute();
    await sql`insert into installation (id, completed_at, completed_by) select 1, ${new Date().toISOString()}, 'upgrade' where exists (select 1 from app_user)`.execute(
      db,
    );
  },
};
