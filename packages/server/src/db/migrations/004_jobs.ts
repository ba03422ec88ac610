import { PostgresAdapter, type Kysely, type Migration } from 'kysely';

/** Background jobs (`src/jobs`): one row per run, claimed by the worker loops of every server process. */
export const jobs: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    await (
      postgres
        ? db.schema.createTable('job').addColumn('id', 'serial', (c) => c.primaryKey())
        : db.schema.createTable('job').addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    )
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('payload', 'text')
      .addColumn('result', 'text')
      .addColumn('error', 'text')
      .addColumn('run_after', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('job_status_run_after_idx').on('job').columns(['status', 'run_after']).execute();
  },
};
