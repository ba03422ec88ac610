import {
  CompiledQuery,
  createQueryId,
  type Compilable,
  type InsertQueryBuilder,
  type Kysely,
  PostgresAdapter,
  sql,
  type QueryResult,
} from 'kysely';
import { nameStatement } from './statement-names';

/**
 * Queries Kysely builds and compiles once per dialect and shape, then runs with new values: Kysely
 * builds and compiles on every call, which costs as much as running a short query, and the read
 * path and a sale each run several. SQLite's statement cache then reuses the prepared statement by
 * its text. A query whose text depends on anything but its key must not come through here.
 */

/** Distinct shapes kept per dialect before the cache starts over (a shape's key holds a row or id count). */
export const COMPILED_SHAPES_LIMIT = 2_000;

/**
 * One cache per dialect, not per connection: a transaction is a Kysely of its own, and the SQL
 * text of a shape is the same on every database of a dialect.
 */
const byDialect = new Map<string, Map<string, CompiledQuery>>();

/** The compiled query of `key` on `db`'s dialect, compiled by `compile` the first time. */
function compiledOnce(db: Kysely<any>, key: string, compile: () => CompiledQuery): CompiledQuery {
  const { adapter } = db.getExecutor();
  const dialect = adapter.constructor.name;
  let byKey = byDialect.get(dialect);
  if (!byKey) byDialect.set(dialect, (byKey = new Map()));
  let query = byKey.get(key);
  if (!query) {
    query = compile();
    if (byKey.size >= COMPILED_SHAPES_LIMIT) byKey.clear();
    byKey.set(key, query);
  }
  // PostgreSQL prepares it by name (SQLite's connection keeps every text prepared anyway).
  if (adapter instanceof PostgresAdapter) nameStatement(query.sql);
  return query;
}

/**
 * Runs a query built with its real values, whose SQL text depends only on `key` (its tables,
 * columns and how many values it binds). `parameters` must be the values `build()` binds, in its
 * order; the first run takes them from the compiled query itself.
 */
export async function runCompiled<R>(
  db: Kysely<any>,
  key: string,
  parameters: readonly unknown[],
  build: () => Compilable<R>,
): Promise<R[]> {
  let first: CompiledQuery<R> | undefined;
  // Kept without its first values: only the text is run again.
  const { sql } = compiledOnce(db, `run:${key}`, () => CompiledQuery.raw((first = build().compile()).sql));
  return (await db.executeQuery<R>(first ?? CompiledQuery.raw(sql, [...parameters]))).rows;
}

/** Where the caller's i-th value goes in a prepared query. */
class Slot {
  constructor(readonly index: number) {}
}

let preparedQueries = 0;

/**
 * A query built with stand-ins for its values, for code that binds many values (a sale's multi-row
 * inserts): `build` receives them, to be used only as values, and the caller's `shape` (row counts
 * and the like), which alone may decide the query's text: it is called once per distinct
 * `key(shape)` and value count.
 */
export function preparedQuery<S, R = Record<string, unknown>>(
  key: (shape: S) => string,
  build: (db: Kysely<any>, values: readonly unknown[], shape: S) => Compilable<R>,
) {
  const prefix = `prepared#${++preparedQueries}:`;
  return (db: Kysely<any>, shape: S, values: readonly unknown[]): Promise<QueryResult<R>> => {
    const query = compiledOnce(db, `${prefix}${key(shape)}:${values.length}`, () =>
      build(
        db,
        values.map((_, i) => new Slot(i)),
        shape,
      ).compile(),
    );
    const parameters = query.parameters.map((p) => (p instanceof Slot ? values[p.index] : p));
    return db.executeQuery<R>({ ...(query as CompiledQuery<R>), parameters, queryId: createQueryId() });
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
      finish(
        db
          .insertInto(table)
          .values(
            Array.from({ length: values.length / columns.length }, (_, r) =>
              Object.fromEntries(columns.map((c, i) => [c, values[r * columns.length + i]])),
            ),
          ),
      ),
  );
  return (db: Kysely<any>, rows: readonly Record<string, unknown>[]) => {
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

/**
 * `update {table} set {column} = v from (values (k, v), …) where {table}.{key} = k` (and
 * `{table}.{scope} = ?` when a scope column is given): many rows each set to a value of its own in
 * one statement, compiled once per row count. Keys and values are whole numbers, cast to bigint
 * (PostgreSQL would type a VALUES list's parameters as text).
 */
export function preparedPairUpdate(table: string, key: string, column: string, scope?: string) {
  const query = preparedQuery(
    () => '',
    (db, values) => {
      const pairs = scope ? values.slice(1) : values;
      const rows = Array.from(
        { length: pairs.length / 2 },
        (_, i) => sql`(cast(${pairs[2 * i]} as bigint), cast(${pairs[2 * i + 1]} as bigint))`,
      );
      const within = scope ? sql` and ${sql.ref(`${table}.${scope}`)} = ${values[0]}` : sql``;
      const update = sql`with change (k, v) as (values ${sql.join(rows)})
        update ${sql.table(table)} set ${sql.ref(column)} = change.v
        from change where ${sql.ref(`${table}.${key}`)} = change.k${within}`;
      return { compile: () => update.compile(db) };
    },
  );
  return (db: Kysely<any>, pairs: readonly (readonly [number, number])[], scoped?: number) =>
    query(db, undefined, scope ? [scoped, ...pairs.flat()] : pairs.flat());
}
