/**
 * The SQL Backroom runs (packages/server/src/data/query.ts) for the benches' text conditions, written
 * out for the bare baseline so both servers run the same statements.
 */
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Case-insensitive "starts with": a range over `lower(column)` on SQLite, a left-anchored LIKE on PostgreSQL. */
export function bareStartsWith(column: string, prefix: string, postgres: boolean): { sql: string; params: unknown[] } {
  if (postgres) return { sql: `lower(${column}) like lower(?) escape '\\'`, params: [`${escapeLike(prefix)}%`] };
  return { sql: `lower(${column}) >= lower(?) and lower(${column}) < lower(?) || ?`, params: [prefix, prefix, '\u{10FFFF}'] };
}

/** Quick search: any of code, name, short name and barcode containing the text, case-insensitively. */
export function bareSearch(search: string, postgres: boolean): { sql: string; params: unknown[] } {
  void postgres;
  const pattern = `%${escapeLike(search.trim())}%`;
  const columns = ['code', 'name', 'short_name', 'barcode'];
  return { sql: `(${columns.map((c) => `lower(t.${c}) like lower(?) escape '\\'`).join(' or ')})`, params: columns.map(() => pattern) };
}
