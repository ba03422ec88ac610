import type { Kysely, Migration } from 'kysely';

/**
 * Security and administrative events in the audit log (data/audit.ts `recordEvent`): the client
 * address of every row, and `row_id` left blank for events about no single row. The registry
 * migration creates `ip` on a fresh database, so it is added here only where it is missing;
 * `row_id` was never NOT NULL (only booleans are) and needs no change.
 */
export const auditEvents: Migration = {
  async up(db: Kysely<unknown>) {
    const auditLog = (await db.introspection.getTables()).find((t) => t.name === 'audit_log');
    if (auditLog && !auditLog.columns.some((c) => c.name === 'ip')) {
      await db.schema.alterTable('audit_log').addColumn('ip', 'text').execute();
    }
  },
};
