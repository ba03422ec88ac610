import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';

/**
 * Generation counters for what each server process keeps in memory (`src/db/generations.ts`).
 * The database raises a counter itself, by trigger, whenever a table it covers is written —
 * whichever path, process or server writes it — so a process compares one number to know
 * whether its copy is still good.
 *
 * The lists are frozen here on purpose: a later table that a cache reads gets its triggers in a
 * later migration.
 */
const COVERED: Record<string, readonly string[]> = {
  // What a caller may do: privileges by role, active roles, switched-off modules, a user's outlets.
  access: ['role', 'role_privilege', 'privilege', 'feature_switch', 'app_user_outlets'],
  // The shape of customizable entities: their custom fields and the list-value categories they name.
  schema: ['custom_field', 'list_value_category'],
  // The pricing engine's rule set.
  pricing: [
    'promotion',
    'promotion_items',
    'promotion_outlets',
    'promotion_rule',
    'promotion_rule_outlets',
    'promotion_rule_conditions',
    'promotion_rule_rewards',
    'discount',
    'discount_outlets',
    'surcharge',
    'surcharge_outlets',
    'gst_setup',
    'bundle',
    'bundle_items',
    'bundle_outlets',
    'category',
    'currency',
    'outlet',
    'pos_terminal_settings',
    'online_sales_channel',
  ],
};

export const cacheGenerations: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('cache_generation')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('generation', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    if (postgres) {
      await sql`create function bump_cache_generation() returns trigger language plpgsql as $$
        begin update cache_generation set generation = generation + 1 where name = TG_ARGV[0]; return null; end $$`.execute(
        db,
      );
    }
    for (const [name, tables] of Object.entries(COVERED)) {
      await sql`insert into cache_generation (name, generation) values (${name}, 0)`.execute(db);
      for (const table of tables) {
        if (postgres) {
          await sql`create trigger ${sql.raw(`${table}_bumps_${name}`)} after insert or update or delete or truncate on ${sql.table(table)}
            for each statement execute function bump_cache_generation(${sql.lit(name)})`.execute(db);
          continue;
        }
        for (const event of ['insert', 'update', 'delete'])
          await sql`create trigger ${sql.raw(`${table}_${event}_bumps_${name}`)} after ${sql.raw(event)} on ${sql.table(table)}
            begin update cache_generation set generation = generation + 1 where name = ${sql.lit(name)}; end`.execute(
            db,
          );
      }
    }
  },
};
