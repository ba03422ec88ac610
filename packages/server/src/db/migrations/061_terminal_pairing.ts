import { PostgresAdapter, type Kysely, type Migration } from 'kysely';

/**
 * Tables of the terminal service the registry does not describe:
 * - `terminal_pairing_code`: one-time pairing codes (their SHA-256 only), valid 10 minutes, used once;
 * - `terminal_token`: the secrets paired terminals call with (their SHA-256 only), each bound to
 *   one terminal and the outlet it belonged to when paired; revoked on unpair or a new pairing.
 */
export const terminalPairing: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    const table = (name: string) =>
      postgres
        ? db.schema.createTable(name).addColumn('id', 'serial', (c) => c.primaryKey())
        : db.schema.createTable(name).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
    await table('terminal_pairing_code')
      .addColumn('terminal_id', 'integer', (c) => c.notNull().references('point_of_sale.id').onDelete('cascade'))
      .addColumn('code_hash', 'text', (c) => c.notNull().unique())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text')
      .execute();
    await table('terminal_token')
      .addColumn('terminal_id', 'integer', (c) => c.notNull().references('point_of_sale.id').onDelete('cascade'))
      .addColumn('outlet_id', 'integer', (c) => c.notNull().references('outlet.id').onDelete('cascade'))
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('device_id', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('revoked_at', 'text')
      .execute();
    await db.schema.createIndex('terminal_token_terminal_idx').on('terminal_token').columns(['terminal_id']).execute();
    await db.schema
      .createIndex('terminal_pairing_code_terminal_idx')
      .on('terminal_pairing_code')
      .columns(['terminal_id'])
      .execute();
  },
};
