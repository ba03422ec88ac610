import { createQueryId, type Compilable, type CompiledQuery, type InsertQueryBuilder, type QueryResult } from 'kysely';
import type { AnyDb } from '../data/store';

/** Where the caller's i-th value goes in a prepared query. */
class Slot {
  constructor(readonly index: number) {}
}

/**
 * A query Kysely builds and compiles once per dialect and shape, then runs with new values: Kysely
 * builds and compiles on every call, which for a sale's multi-row inserts costs more than SQLite
 * takes to run them. `build` receives stand-ins for `values`, to be used only as values, and the
 * caller's `shape` (row counts and the like), which alone may decide the query's text: it is
 * called once per distinct `key(shape)`.
 */
export function preparedQuery<S, R = Record<string, unknown>>(key: (shape: S) => string, build: (db: AnyDb, values: readonly unknown[], shape: S) => Compilable<R>) {
  const compiled = new Map<string, CompiledQuery<R>>();
  return (db: AnyDb, shape: S, values: readonly unknown[]): Promise<QueryResult<R>> => {
    const adapter = db.getExecutor().adapter.constructor.name;
    const cacheKey = `${adapter}:${key(shape)}:${values.length}`;
    let query = compiled.get(cacheKey);
    if (!query) compiled.set(cacheKey, (query = build(db, values.map((_, i) => new Slot(i)), shape).compile()));
    const parameters = query.parameters.map((p) => (p instanceof Slot ? values[p.index] : p));
    return db.executeQuery<R>({ ...query, parameters, queryId: createQueryId() });
  };
}

/**
 * `insert into {table} (…) values (…), …` of rows that all have the same columns, compiled once
 * per columns and row count; `finish` adds what follows the values (`on conflict`, `returning`).
 */
export function preparedInsert<R = Record<string, unknown>>(
  table: string,
  finish: (insert: InsertQueryBuilder<any, any, any>) => Compilable<R> = (insert) => insert as Compilable<R>,
) {
  const query = preparedQuery(
    (shape: { columns: readonly string[]; rows: number }) => `${shape.rows}:${shape.columns.join()}`,
    (db, values, { columns }) =>
      finish(db.insertInto(table).values(Array.from({ length: values.length / columns.length }, (_, r) => Object.fromEntries(columns.map((c, i) => [c, values[r * columns.length + i]]))))),
  );
  return (db: AnyDb, rows: readonly Record<string, unknown>[]) => {
    const columns = Object.keys(rows[0]!);
    // One flat list of values, filled in place: an import passes thousands of rows of dozens of columns.
    const values = new Array<unknown>(rows.length * columns.length);
    const differ = () => new Error(`${table}: rows of one insert must have the same columns`);
    let n = 0;
    for (const row of rows) {
      if (Object.keys(row).length !== columns.length) throw differ();
      for (const column of columns) {
        if (!(column in row)) throw differ();
        values[n++] = row[column];
      }
    }
    return query(db, { columns, rows: rows.length }, values);
  };
}
