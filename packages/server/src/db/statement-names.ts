import { createHash } from 'node:crypto';
import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Which statements a PostgreSQL connection prepares by name (db/connect.ts): the texts of the
 * queries compiled once by shape (db/compiled.ts) — the read path's count, page, child rows and
 * labels, the session check, the palette, a sale's statements, an import's multi-row inserts. A
 * named statement is parsed and planned once per connection and then only bound and run; after
 * five runs PostgreSQL keeps a generic plan when it judges it no costlier than the custom ones.
 * Other statements stay unnamed and are planned on every run: a report's (reorder suggestions on
 * 100,000 pairs) generic plan ran past the statement timeout. A name is a digest of its text: the
 * same on every connection and process, so the list of names can start over without a connection's
 * prepared statements going wrong.
 */

/** Compiled texts known at once; past it the list starts over and fills again as they are run. */
export const NAMED_TEXTS_LIMIT = 2_000;

/**
 * Statements one connection keeps prepared. Past it, texts new to the connection run unnamed
 * until the pool replaces it (POOL_SETTINGS.maxLifetimeSeconds), when the count starts over.
 */
export const STATEMENTS_PER_CONNECTION = 500;

const names = new Map<string, string>();

/** Names `text`, a compiled query's; called on each run, so a list that started over fills again. */
export function nameStatement(text: string): void {
  if (names.has(text)) return;
  if (names.size >= NAMED_TEXTS_LIMIT) names.clear();
  names.set(text, `br_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`);
}

/**
 * For one connection: the name it prepares `text` under, or none — not a compiled text, or the
 * connection already holds STATEMENTS_PER_CONNECTION others.
 */
export function connectionStatementNames(): (text: string) => string | undefined {
  const prepared = new Set<string>();
  return (text) => {
    const name = names.get(text);
    if (name === undefined || prepared.has(name)) return name;
    if (prepared.size >= STATEMENTS_PER_CONNECTION) return undefined;
    prepared.add(name);
    return name;
  };
}

/**
 * What a transaction sends to have its own statements run unnamed until it ends (db/connect.ts
 * reads it on the connection): each then planned on its run, with its values.
 */
export const PLAN_EACH_RUN = `select 'statements of this transaction planned on each run' as plan_each_run`;

/** Where a connection's transaction ends (Kysely's own texts), and with it `PLAN_EACH_RUN`. */
export const TRANSACTION_END = /^\s*(commit|rollback)\s*$/i;

/**
 * For a transaction that writes many rows into tables its own statements read (an import): its
 * statements run unnamed, each planned again on every run. A generic plan kept from when a table
 * was small goes on scanning it as the transaction fills it — its statistics move only once the
 * rows are committed and analysed: an import of 100,000 products took 289 s instead of 46 s (named
 * statements, on a busy machine). Not `plan_cache_mode = force_custom_plan` for the transaction,
 * as before: that also planned again, for every row inserted, each foreign-key check the database
 * runs inside the insert (a lookup by primary key, whose kept plan is never worse) — 45–90 µs a
 * check instead of 6–10, two to six checks a row.
 */
export async function planEachRun(trx: Kysely<any>): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) await sql.raw(PLAN_EACH_RUN).execute(trx);
}
