import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import BetterSqlite3 from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/connect';
import { schemaDrift } from '../src/db/schema/drift';
import { migrationsCurrent } from '../src/db/migrate';
import { MODULES } from '../src/module-list';
import { installEventHandlers } from '../src/modules/events';
import { prepareDatabase } from '../src/prepare';
import { freshPostgres } from './support/postgres';
import { database } from './support/server';

/**
 * The previous release's database, with its demo data, upgraded as a server start upgrades it
 * (test/fixtures/upgrade/README.md says how the fixtures were made): every row kept, stock and
 * money balances unchanged, and nothing drifting from the registry.
 */
const FIXTURE = new URL(`./fixtures/upgrade/release-123.${database}.sql.gz`, import.meta.url);
/** The previous release's last migration. */
const PREVIOUS = '123_sale_till_figures';

/**
 * The tables that may gain rows at the upgrade, and why; every other table of the old database
 * keeps its count exactly. These keep every row they had too (no id up to the old largest is lost).
 */
const GROWS: Record<string, string> = {
  privilege: 'the seed gives each new screen (purchase orders, stock counts…) its privileges',
  role_privilege: 'the seed grants the new screens to the roles that hold every privilege',
  feature: 'the seed adds the switches of features newer than the fixture',
  app_setting: 'the seed adds the settings of features newer than the fixture, with their defaults',
  inventory_location: 'migration 126: an in-transit location for each destination of a dispatched delivery order',
  stock_movement: 'migration 126: the dispatched goods moved into transit',
  stock_balance: 'migration 126: the in-transit balances',
};

type Db = Kysely<Record<string, Record<string, unknown>>>;

async function load(dataDir: string): Promise<{ databaseUrl: string | null; drop?: () => Promise<void> }> {
  const script = gunzipSync(readFileSync(FIXTURE)).toString('utf8');
  if (database === 'sqlite') {
    const db = new BetterSqlite3(join(dataDir, 'backroom.db'));
    // The dump writes its full-text tables into sqlite_master (writable_schema), as the sqlite3 shell reads it back.
    db.unsafeMode(true);
    db.exec(script);
    db.close();
    return { databaseUrl: null };
  }
  const postgres = await freshPostgres({ prefix: 'br_release' });
  // The dump sets its session's search_path to nothing: a connection of its own, closed after.
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  await client.query(script);
  await client.end();
  return { databaseUrl: postgres.url, drop: postgres.drop };
}

/** Row counts, largest ids, and the stock and money figures people read. */
async function facts(db: Db) {
  const tables = (await db.introspection.getTables()).filter((t) => !t.name.startsWith('membership_search'));
  const counts: Record<string, number> = {};
  const maxIds: Record<string, number> = {};
  for (const table of tables) {
    const hasId = table.columns.some((c) => c.name === 'id');
    const row = await db
      .selectFrom(table.name)
      .select((eb) => [eb.fn.countAll().as('n'), ...(hasId ? [eb.fn.max('id').as('max')] : [])])
      .executeTakeFirstOrThrow();
    counts[table.name] = Number(row.n);
    if (hasId) maxIds[table.name] = Number(row.max ?? 0);
  }
  const rows = async (query: ReturnType<typeof sql<Record<string, unknown>>>) =>
    (await query.execute(db)).rows.map((r) => Object.values(r).map((v) => (v === null ? null : String(Number(v)))));
  return {
    counts,
    maxIds,
    stock: await rows(
      sql`select location_id, product_id, quantity from stock_balance order by location_id, product_id`,
    ),
    ledger: await rows(
      sql`select location_id, product_id, sum(quantity) as q from stock_movement group by location_id, product_id order by location_id, product_id`,
    ),
    sales: await rows(
      sql`select count(*) as n, sum(total) as total, sum(tax_total) as tax, sum(subtotal) as subtotal, sum(discount_total) as discount from sale`,
    ),
    payments: await rows(sql`select sum(amount) as paid from sale_payment`),
    points: await rows(sql`select id, points_balance, total_spend from membership order by id`),
    pointsLedger: await rows(
      sql`select membership_id, sum(points) as p from points_ledger group by membership_id order by membership_id`,
    ),
  };
}

/** Rows of `table` with an id the old database had. */
async function keptRows(db: Db, table: string, maxId: number): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .where('id', '<=', maxId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('upgrading the previous release’s database with its demo data', () => {
  it('keeps every row, stock and money balance, and leaves nothing drifting', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'backroom-release-'));
    const { databaseUrl, drop } = await load(dataDir);
    // The fixture's server ran with this JWT_SECRET (fixtures/upgrade/README.md); the upgraded one does too.
    const jwtSecret = 'fixture-secret-fixture-secret-fixture-0001';
    const config = { ...loadConfig(), dataDir, databaseUrl, jwtSecret, demo: true, demoCatalogue: true };
    const { kysely } = openDatabase({ databaseUrl, dataDir, onConnectionError: () => {} });
    const db = kysely as unknown as Db;
    try {
      const applied = await db.selectFrom('kysely_migration').select('name').orderBy('name', 'desc').executeTakeFirst();
      expect(applied?.name).toBe(PREVIOUS);
      expect(await migrationsCurrent(kysely)).toBe(false);
      const before = await facts(db);
      expect(before.counts.sale).toBeGreaterThan(100);
      expect(before.counts.product).toBe(300);

      // As a server start upgrades it: migrations, then the seed's required rows.
      installEventHandlers(MODULES);
      await prepareDatabase(config, MODULES, () => {});

      expect(await migrationsCurrent(kysely)).toBe(true);
      expect(await schemaDrift(kysely as unknown as Kysely<unknown>)).toEqual([]);
      const after = await facts(db);
      const grown = Object.keys(before.counts).filter((table) => after.counts[table] !== before.counts[table]);
      expect(grown.filter((table) => !(table in GROWS))).toEqual([]);
      // Migration 126 had goods to put in transit: the fixture exercises it.
      expect(grown).toEqual(expect.arrayContaining(['inventory_location', 'stock_movement', 'stock_balance']));
      for (const table of grown) {
        expect(after.counts[table], table).toBeGreaterThan(before.counts[table]!);
        if (table in before.maxIds)
          expect(await keptRows(db, table, before.maxIds[table]!), table).toBe(before.counts[table]);
      }
      // Money: sales, payments and members' points as they were.
      expect(after.sales).toEqual(before.sales);
      expect(after.payments).toEqual(before.payments);
      expect(after.points).toEqual(before.points);
      expect(after.pointsLedger).toEqual(before.pointsLedger);
      // Stock: every balance and ledger sum of the old locations as it was; what is new is in transit.
      const oldLocations = before.maxIds.inventory_location!;
      const at = (rows: (string | null)[][]) => rows.filter((r) => Number(r[0]) <= oldLocations);
      expect(at(after.stock)).toEqual(before.stock);
      expect(at(after.ledger)).toEqual(before.ledger);
      const transit = after.stock.filter((r) => Number(r[0]) > oldLocations);
      const dispatched = await sql<{ q: unknown }>`
        select sum(l.quantity) as q from delivery_order_lines l join delivery_order d on d.id = l.parent_id
        where d.status = 'dispatched'`.execute(db);
      expect(transit.reduce((sum, r) => sum + Number(r[2]), 0)).toBe(Number(dispatched.rows[0]!.q));
    } finally {
      await kysely.destroy();
      await drop?.();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
