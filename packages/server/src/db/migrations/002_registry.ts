import { entities } from '@backroom/schema';
import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import { registryTables, type ColumnSpec } from '../../data/schema/tables';

const indexName = (table: string, columns: string[], suffix: string) => {
  const name = `${table}_${columns.join('_')}_${suffix}`;
  return name.length <= 63 ? name : `${name.slice(0, 54)}_${suffix}${name.length}`;
};

/**
 * The tables of every registry entity that 001 did not create (with their child and link tables),
 * and the columns 001's tables lack (custom fields, audit columns). Derived from the registry when
 * it runs: `test/data/schema.test.ts` and the start-up check in `data/schema/drift.ts` fail when a
 * database and the registry disagree, which is when the next migration is due.
 */
export const registry: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    const existing = new Map((await db.introspection.getTables()).map((t) => [t.name, new Set(t.columns.map((c) => c.name))]));
    const withOptions = (column: ColumnSpec) => (c: ColumnDefinitionBuilder) => {
      let out = c;
      if (column.notNull) out = out.notNull();
      if (column.defaultValue !== undefined) out = out.defaultTo(column.defaultValue);
      return out;
    };
    for (const table of registryTables(entities)) {
      const columns = existing.get(table.name);
      if (columns) {
        for (const column of table.columns.filter((c) => !columns.has(c.name)))
          await db.schema.alterTable(table.name).addColumn(column.name, column.type, withOptions(column)).execute();
        continue;
      }
      let create = postgres
        ? db.schema.createTable(table.name).addColumn('id', 'serial', (c) => c.primaryKey())
        : db.schema.createTable(table.name).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
      for (const column of table.columns) create = create.addColumn(column.name, column.type, withOptions(column));
      await create.execute();
      for (const unique of table.uniques)
        await db.schema.createIndex(indexName(table.name, unique, 'uq')).on(table.name).columns(unique).unique().execute();
      for (const index of table.indexes) await db.schema.createIndex(indexName(table.name, index, 'idx')).on(table.name).columns(index).execute();
      existing.set(table.name, new Set(table.columns.map((c) => c.name)));
    }
  },
};
