import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Job leases (`src/jobs/README.md`): a running job names the worker run holding it and until when;
 * a job whose lease ran out is claimed again.
 */
export const jobLease: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('job').addColumn('lease_holder', 'text').execute();
    await db.schema.alterTable('job').addColumn('lease_until', 'text').execute();
    // Runs left `running` before leases existed were left by a process that stopped: due at once.
    await sql`update job set lease_until = updated_at where status = 'running'`.execute(db);
  },
};
