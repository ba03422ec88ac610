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

/**
 * Quick search: any of code, name, short name and barcode containing the text, case-insensitively —
 * on SQLite through the FTS5 trigram table when the text has three characters or more, on
 * PostgreSQL as LIKEs its trigram indexes serve.
 */
export function bareSearch(search: string, postgres: boolean): { sql: string; params: unknown[] } {
  const text = search.trim();
  if (!postgres && [...text].length >= 3) return { sql: 't.id in (select rowid from product_search where product_search match ?)', params: [`"${text.replace(/"/g, '""')}"`] };
  const pattern = `%${escapeLike(text)}%`;
  const columns = ['code', 'name', 'short_name', 'barcode'];
  return { sql: `(${columns.map((c) => `lower(t.${c}) like lower(?) escape '\\'`).join(' or ')})`, params: columns.map(() => pattern) };
}
