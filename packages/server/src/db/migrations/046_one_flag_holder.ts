import { sql, type Kysely, type Migration } from 'kysely';

/** Flags only one row may hold (registry `exclusive` booleans), as they stood when this migration was written. */
const FLAGS = [
  { table: 'currency', column: 'is_base' },
  { table: 'gst_setup', column: 'is_default' },
];

/**
 * One row at most holds each flag, in the database too, so two transactions setting it on two rows
 * at once cannot both commit (data/write.ts moves the flag; this is the guard against a race).
 * Where several rows held one already, the oldest keeps it.
 */
export const oneFlagHolder: Migration = {
  async up(db: Kysely<unknown>) {
    for (const { table, column } of FLAGS) {
      const flag = sql.ref(column);
      await sql`update ${sql.table(table)} set ${flag} = false where ${flag} = true and id <> (select min(id) from ${sql.table(table)} where ${flag} = true)`.execute(
        db,
      );
      await sql`create unique index ${sql.raw(`${table}_${column}_one`)} on ${sql.table(table)} (${flag}) where ${flag} = true`.execute(
        db,
      );
    }
  },
};
