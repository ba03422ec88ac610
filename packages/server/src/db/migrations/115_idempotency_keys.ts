import type { Kysely, Migration } from 'kysely';

/**
 * `idempotency_key` (http/idempotency.ts): the keys callers send so that a retry answers what the
 * first call answered — a terminal's receipt number (scope `terminal:{id}`, kept with the sale) and
 * an online channel's `Idempotency-Key` (scope `channel:{id}`, kept a day) — with the SHA-256 of the
 * request body that used the key first, so a key reused with another body is refused.
 */
export const idempotencyKeys: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('idempotency_key')
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('idem_key', 'text', (c) => c.notNull())
      .addColumn('body_hash', 'text', (c) => c.notNull())
      .addColumn('answer', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('idempotency_key_pk', ['scope', 'idem_key'])
      .execute();
  },
};
