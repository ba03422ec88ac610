import { createHash } from 'node:crypto';
import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Which statements a PostgreSQL connection prepares by name (db/connect.ts): the texts of the
 * queries compiled once by shape (db/compiled.ts) — the read path's count, page, child rows and
 * labels, the session check, the palette, a sale's statements, an import's multi-row inserts. A
 * named statement is parsed and planned once per connection and then only bound and run; after
 * five runs PostgreSQL keeps a generic plan when it judges it no costlier than the custom ones.
 * Other statements stay unnamed and are planned on every run: a report's (reorder suggestions on
 * 100,000 pairs) generic plan ran past the statement timeout. At most STATEMENT_NAMES_LIMIT texts
 * are named in a process, so a connection holds at most that many prepared statements. A name is
 * a digest of its text: the same on every connection and process.
 */
export const STATEMENT_NAMES_LIMIT = 500;

const names = new Map<string, string>();

/** Names `text`, a compiled query's, unless the names are all given. */
export function nameStatement(text: string): void {
  if (names.has(text) || names.size >= STATEMENT_NAMES_LIMIT) return;
  names.set(text, `br_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`);
}

/** The name a connection prepares `text` under, or none. */
export const statementName = (text: string): string | undefined => names.get(text);

/**
 * For a transaction that writes many rows into tables its own statements read (an import): each
 * statement is planned again on every run. A generic plan kept from when a table was small goes on
 * scanning it as the transaction fills it — its statistics move only once the rows are committed
 * and analysed: an import of 100,000 products took 289 s instead of 46 s (named statements, on a
 * busy machine), and 47 s planned on every run.
 */
export async function planEachRun(trx: Kysely<any>): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter)
    await sql`set local plan_cache_mode = force_custom_plan`.execute(trx);
}
