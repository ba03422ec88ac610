import { PostgresAdapter, sql } from 'kysely';
import { preparedInsert } from '../db/compiled';
import type { AnyDb, Row } from './store';

/**
 * Bound parameters per SQLite statement (it allows 32,766): well below, as a huge statement is
 * built and held whole (the 100,000-row import bench, SQLite / PostgreSQL: 50.9 / 93.3 s
 * with 5,000, 78.6 / 149.0 s with 30,000 — one run each, the first two at a lighter load).
 */
const MAX_PARAMETERS = 5_000;

// Rows built alike list their columns alike; rows listing the same columns in another order only take statements of their own.
const signature = (row: Row) => Object.keys(row).join('|');

/** Statements by table and whether they answer ids, each compiled once per columns and row count. */
const statements = new Map<string, ReturnType<typeof preparedInsert<Row>>>();

function statementOf(table: string, returnIds: boolean) {
  const key = `${table}|${returnIds}`;
  let statement = statements.get(key);
  if (!statement)
    statements.set(
      key,
      (statement = preparedInsert<Row>(table, returnIds ? (insert) => insert.returning('id') : undefined)),
    );
  return statement;
}

/** The rest of a group after its full statements is rounded down to a multiple of this, its last rows going in one more statement. */
const ROUNDING = 64;

/**
 * Row counts of the statements for `count` rows: full chunks of `size`, then the rest in at most two
 * statements (`rounding`), so that few distinct statements are compiled and prepared whatever the counts written.
 */
function chunkSizes(count: number, size: number, rounding: number): number[] {
  const rest = count % size;
  return [
    ...Array.from({ length: Math.floor(count / size) }, () => size),
    rest - (rest % rounding),
    rest % rounding,
  ].filter((n) => n > 0);
}

/** Rows per PostgreSQL statement, which binds one parameter whatever its rows. */
const POSTGRES_ROWS = 1_000;

/**
 * PostgreSQL: the rows as one JSON parameter, spread into columns by the table's own types
 * (`json_populate_recordset`) and inserted in their order: PostgreSQL parses and plans a statement
 * of thousands of parameters far more slowly than it inserts the rows.
 */
async function insertFromJson(db: AnyDb, table: string, rows: readonly Row[], returnIds: boolean): Promise<Row[]> {
  const columns = Object.keys(rows[0]!);
  const source = db
    .selectFrom(
      sql`json_populate_recordset(null::${sql.table(table)}, ${JSON.stringify(rows)}) with ordinality`.as('r'),
    )
    .select(columns.map((c) => `r.${c}`))
    .orderBy('r.ordinality');
  const insert = db.insertInto(table).columns(columns).expression(source);
  return returnIds ? insert.returning('id').execute() : (await insert.execute(), []);
}

/**
 * Inserts many rows, rows with the same columns together: multi-row INSERTs under SQLite's
 * parameter limit, or on PostgreSQL `insertFromJson`. Answers each row's new id in the order given:
 * ids are assigned in the order the statement inserts its rows, so the returned ids sorted
 * ascending follow the rows.
 */
export async function insertMany(db: AnyDb, table: string, rows: readonly Row[], returnIds = true): Promise<number[]> {
  const ids = new Array<number>(rows.length);
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const groups = new Map<string, number[]>();
  rows.forEach((row, i) => {
    const key = signature(row);
    const group = groups.get(key);
    if (group) group.push(i);
    else groups.set(key, [i]);
  });
  for (const indexes of groups.values()) {
    // Rows that keep their id (a child row of the same parent) answer it.
    const keepIds = 'id' in rows[indexes[0]!]!;
    const answerIds = returnIds && !keepIds;
    let start = 0;
    const perStatement = postgres
      ? POSTGRES_ROWS
      : Math.max(1, Math.floor(MAX_PARAMETERS / Math.max(1, Object.keys(rows[indexes[0]!]!).length)));
    for (const size of chunkSizes(indexes.length, perStatement, postgres ? 1 : ROUNDING)) {
      const chunk = indexes.slice(start, (start += size));
      const some = chunk.map((i) => rows[i]!);
      const answered = postgres
        ? await insertFromJson(db, table, some, answerIds)
        : (await statementOf(table, answerIds)(db, some)).rows;
      if (keepIds) for (const i of chunk) ids[i] = Number(rows[i]!.id);
      else if (returnIds) {
        const returned = answered.map((r) => Number(r.id)).sort((a, b) => a - b);
        chunk.forEach((i, n) => (ids[i] = returned[n]!));
      }
    }
  }
  return ids;
}
