import { preparedInsert } from '../db/prepared';
import type { AnyDb, Row } from './store';

/**
 * Bound parameters per statement (SQLite allows 32,766, PostgreSQL 65,535): well below, as a huge
 * statement is built and held whole (the 100,000-row import bench, SQLite / PostgreSQL: 50.9 / 93.3 s
 * with 5,000, 78.6 / 149.0 s with 30,000 — one run each, the first two at a lighter load).
 */
const MAX_PARAMETERS = 5_000;

const signature = (row: Row) => Object.keys(row).sort().join('|');

/** Statements by table and whether they answer ids, each compiled once per columns and row count. */
const statements = new Map<string, ReturnType<typeof preparedInsert<Row>>>();

function statementOf(table: string, returnIds: boolean) {
  const key = `${table}|${returnIds}`;
  let statement = statements.get(key);
  if (!statement) statements.set(key, (statement = preparedInsert<Row>(table, returnIds ? (insert) => insert.returning('id') : undefined)));
  return statement;
}

/** The last statement's row count is rounded down to a multiple of this, the rest going in one more statement. */
const ROUNDING = 64;

/**
 * Row counts of the statements for `count` rows: full chunks of `size`, then the rest in at most two
 * statements, so that few distinct statements are compiled (and prepared) whatever the counts written.
 */
function chunkSizes(count: number, size: number): number[] {
  const rest = count % size;
  return [...Array.from({ length: Math.floor(count / size) }, () => size), rest - (rest % ROUNDING), rest % ROUNDING].filter((n) => n > 0);
}

/**
 * Inserts many rows with multi-row INSERTs (rows with the same columns together, chunked under the
 * databases' parameter limits); answers each row's new id in the order given. Ids are assigned in
 * the order of a statement's VALUES, so the returned ids sorted ascending follow the rows.
 */
export async function insertMany(db: AnyDb, table: string, rows: readonly Row[], returnIds = true): Promise<number[]> {
  const ids = new Array<number>(rows.length);
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
    const statement = statementOf(table, returnIds && !keepIds);
    let start = 0;
    for (const size of chunkSizes(indexes.length, Math.max(1, Math.floor(MAX_PARAMETERS / Math.max(1, Object.keys(rows[indexes[0]!]!).length))))) {
      const chunk = indexes.slice(start, (start += size));
      const result = await statement(db, chunk.map((i) => rows[i]!));
      if (keepIds) for (const i of chunk) ids[i] = Number(rows[i]!.id);
      else if (returnIds) {
        const returned = result.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
        chunk.forEach((i, n) => (ids[i] = returned[n]!));
      }
    }
  }
  return ids;
}
