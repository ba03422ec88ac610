import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';

/**
 * Document numbers and the ledger's immutability.
 *
 * `document_counter` holds the last number given per series (`DO-2025`): one row, raised by a
 * single `insert … on conflict do update … returning` in the transaction that writes the document,
 * so numbers never repeat, even when the document is later deleted.
 *
 * Stock movements are never changed or deleted: the database refuses both, whoever asks.
 */
export const stockDocuments: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('document_counter')
      .addColumn('series', 'text', (c) => c.primaryKey())
      .addColumn('last_no', 'integer', (c) => c.notNull())
      .execute();
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`create function stock_movement_immutable() returns trigger language plpgsql as $$
        begin raise exception 'stock movements are immutable'; end $$`.execute(db);
      await sql`create trigger stock_movement_no_update before update or delete on stock_movement
        for each row execute function stock_movement_immutable()`.execute(db);
    } else {
      for (const event of ['update', 'delete'])
        await sql`create trigger ${sql.raw(`stock_movement_no_${event}`)} before ${sql.raw(event)} on stock_movement
          begin select raise(abort, 'stock movements are immutable'); end`.execute(db);
    }
  },
};
