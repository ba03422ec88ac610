import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';

/**
 * A promotion rule's counters (times used, held, over-redeemed) are written by every sale and
 * reservation that uses the rule; they are not part of the rule set the pricing cache holds
 * (the engine reads them live). The rule table's trigger raised the pricing generation on any
 * update — so each such sale emptied every process's rule set, and on PostgreSQL the generation's
 * one row, locked by a statement trigger even for an update that changed no row, became a second
 * lock that parallel sales of one rule took in opposite orders (a deadlock). From here an update
 * raises it only when it sets a column other than the counters (every form save sets `version`).
 * The columns are those of the table now: a later column is covered by a later migration.
 */
const COUNTERS = ['times_used', 'times_held', 'over_redeemed'];

export const ruleCountersKeepCache: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    const columns = postgres
      ? (
          await sql<{
            name: string;
          }>`select column_name as name from information_schema.columns where table_name = 'promotion_rule' and table_schema = current_schema()`.execute(
            db,
          )
        ).rows
      : (await sql<{ name: string }>`select name from pragma_table_info('promotion_rule')`.execute(db)).rows;
    const watched = sql.join(
      columns
        .map((c) => c.name)
        .filter((c) => !COUNTERS.includes(c))
        .map((c) => sql.ref(c)),
    );
    if (postgres) {
      await sql`drop trigger promotion_rule_bumps_pricing on promotion_rule`.execute(db);
      await sql`create trigger promotion_rule_bumps_pricing after insert or delete or truncate on promotion_rule
        for each statement execute function bump_cache_generation('pricing')`.execute(db);
      await sql`create trigger promotion_rule_update_bumps_pricing after update of ${watched} on promotion_rule
        for each statement execute function bump_cache_generation('pricing')`.execute(db);
      return;
    }
    await sql`drop trigger promotion_rule_update_bumps_pricing`.execute(db);
    await sql`create trigger promotion_rule_update_bumps_pricing after update of ${watched} on promotion_rule
      begin update cache_generation set generation = generation + 1 where name = 'pricing'; end`.execute(db);
  },
};
