import type { AnyDb, Row } from './store';

/**
 * Bound parameters per statement (SQLite allows 32,766, PostgreSQL 65,535): well below, as a huge
 * statement is built and held whole (the 100,000-row import bench, SQLite / PostgreSQL: 50.9 / 93.3 s
 * with 5,000, 78.6 / 149.0 s with 30,000 — one run each, the first two at a lighter load).
 */
const MAX_PARAMETERS = 5_000;

const signature = (row: Row) => Object.keys(row).sort().join('|');

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
    const size = Math.max(1, Math.floor(MAX_PARAMETERS / Math.max(1, Object.keys(rows[indexes[0]!]!).length)));
    for (let start = 0; start < indexes.length; start += size) {
      const chunk = indexes.slice(start, start + size);
      const query = db.insertInto(table).values(chunk.map((i) => rows[i]!));
      if ('id' in rows[chunk[0]!]!) {
        // Rows that keep their id (a child row of the same parent) answer it.
        await query.execute();
        for (const i of chunk) ids[i] = Number(rows[i]!.id);
        continue;
      }
      if (!returnIds) {
        await query.execute();
        continue;
      }
      const returned = (await query.returning('id').execute()).map((r) => Number(r.id)).sort((a, b) => a - b);
      chunk.forEach((i, n) => (ids[i] = returned[n]!));
    }
  }
  return ids;
}
