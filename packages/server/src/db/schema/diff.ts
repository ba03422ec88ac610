import type { Operation } from '../migrations/operations';
import type { IndexSpec, SchemaModel } from './model';
import type { ColumnSpec, ForeignKeySpec } from './tables';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const keyId = (key: ForeignKeySpec) => `${key.column}→${key.references}`;
const sameColumn = (a: ColumnSpec, b: ColumnSpec) =>
  a.type === b.type && Boolean(a.notNull) === Boolean(b.notNull) && same(a.defaultValue, b.defaultValue);
const sameIndex = (a: IndexSpec, b: IndexSpec) =>
  a.table === b.table &&
  same(a.columns, b.columns) &&
  Boolean(a.unique) === Boolean(b.unique) &&
  Boolean(a.lower) === Boolean(b.lower);

/**
 * New tables in an order that lets each one's foreign keys name tables created before it; the keys
 * of a circle among new tables are added after all of them exist.
 */
function creationOrder(
  to: SchemaModel,
  created: string[],
): { order: string[]; deferred: Map<string, ForeignKeySpec[]> } {
  const pending = new Set(created);
  const order: string[] = [];
  const deferred = new Map<string, ForeignKeySpec[]>();
  const ready = (name: string) =>
    to.tables[name]!.foreignKeys.every((k) => k.references === name || !pending.has(k.references));
  while (pending.size > 0) {
    const next = [...pending].sort().find(ready);
    if (next) {
      order.push(next);
      pending.delete(next);
      continue;
    }
    const name = [...pending].sort()[0]!;
    deferred.set(
      name,
      to.tables[name]!.foreignKeys.filter((k) => k.references !== name && pending.has(k.references)),
    );
    order.push(name);
    pending.delete(name);
  }
  return { order, deferred };
}

/**
 * The steps that turn a database built to `from` into one built to `to`. Removing or retyping a
 * column, or dropping a table, is left to a migration written by hand (the error says which).
 */
export function diffSchemas(from: SchemaModel, to: SchemaModel): Operation[] {
  const operations: Operation[] = [];
  const problems: string[] = [];

  for (const name of Object.keys(from.tables)) if (!to.tables[name]) problems.push(`table ${name} left the registry`);

  const created = Object.keys(to.tables).filter((name) => !from.tables[name]);
  const { order, deferred } = creationOrder(to, created);
  for (const name of order) {
    const table = to.tables[name]!;
    const later = new Set((deferred.get(name) ?? []).map(keyId));
    operations.push({
      op: 'createTable',
      table: name,
      columns: table.columns,
      foreignKeys: table.foreignKeys.filter((k) => !later.has(keyId(k))),
    });
  }
  for (const [name, keys] of deferred)
    if (keys.length > 0) operations.push({ op: 'addForeignKeys', table: name, foreignKeys: keys });

  for (const [name, table] of Object.entries(to.tables)) {
    const before = from.tables[name];
    if (!before) continue;
    const had = new Map(before.columns.map((c) => [c.name, c]));
    const keys = new Map(table.foreignKeys.map((k) => [k.column, k]));
    const hadKeys = new Set(before.foreignKeys.map(keyId));
    const added = new Set<string>();
    for (const column of table.columns) {
      const old = had.get(column.name);
      if (!old) {
        const key = keys.get(column.name);
        operations.push(
          key ? { op: 'addColumn', table: name, column, foreignKey: key } : { op: 'addColumn', table: name, column },
        );
        added.add(column.name);
      } else if (!sameColumn(old, column))
        problems.push(`column ${name}.${column.name} changed from ${JSON.stringify(old)} to ${JSON.stringify(column)}`);
    }
    for (const column of before.columns)
      if (!table.columns.some((c) => c.name === column.name))
        problems.push(`column ${name}.${column.name} left the registry`);
    const newKeys = table.foreignKeys.filter((k) => !hadKeys.has(keyId(k)) && !added.has(k.column));
    if (newKeys.length > 0) operations.push({ op: 'addForeignKeys', table: name, foreignKeys: newKeys });
  }

  for (const [name, index] of Object.entries(from.indexes)) {
    const wanted = to.indexes[name];
    if (!wanted || !sameIndex(index, wanted)) operations.push({ op: 'dropIndex', name });
  }
  for (const [name, index] of Object.entries(to.indexes)) {
    const had = from.indexes[name];
    if (!had || !sameIndex(had, index)) operations.push({ op: 'createIndex', index });
  }

  const hadSearch = from.searchIndexes ?? {};
  const wantSearch = to.searchIndexes ?? {};
  for (const [table, columns] of Object.entries(hadSearch))
    if (!same(wantSearch[table], columns)) operations.push({ op: 'dropSearchIndex', table, columns });
  for (const [table, columns] of Object.entries(wantSearch))
    if (!same(hadSearch[table], columns)) operations.push({ op: 'createSearchIndex', table, columns });

  if (problems.length > 0)
    throw new Error(`Write this migration by hand and update the snapshot: ${problems.join('; ')}`);
  return operations;
}
