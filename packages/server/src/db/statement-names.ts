import { createHash } from 'node:crypto';
import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Which statements a PostgreSQL connection prepares by name (db/connect.ts). A named statement is
 * parsed and planned once per connection and then only bound and run — after five runs PostgreSQL
 * keeps a generic plan when it judges it no costlier — while an unnamed one is parsed and planned
 * on every run. A text is named from its second run, so a statement run once (a report's one-off
 * shape, a list of a rare length) is not kept; and at most STATEMENT_NAMES_LIMIT texts are ever
 * named, so a connection holds at most that many prepared statements, whatever the texts a long
 * life brings. A name is a digest of its text: the same on every connection and process.
 */
export const STATEMENT_NAMES_LIMIT = 500;

/** Texts seen once, not yet named; forgotten past this many (they are only candidates). */
const SEEN_LIMIT = 10_000;

const names = new Map<string, string>();
const seen = new Set<string>();

/** The name a connection prepares `text` under, or none: the first run of a text, or the names are all given. */
export function statementName(text: string): string | undefined {
  const name = names.get(text);
  if (name !== undefined || names.size >= STATEMENT_NAMES_LIMIT) return name;
  if (!seen.has(text)) {
    if (seen.size >= SEEN_LIMIT) seen.clear();
    seen.add(text);
    return undefined;
  }
  seen.delete(text);
  const given = `br_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
  names.set(text, given);
  return given;
}

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
