/**
 * The floor under `bench/import` (issue 10): what the database alone takes to write what a
 * 100,000-row product import writes — the product rows with every index and trigger of the table,
 * one audit row and one price history row each — as three set-based statements inside the
 * database (rows made by the database itself: no client, no parameters, no round trips) and one
 * commit. No importer can write the same rows faster on this machine; `bench/import` reads,
 * validates and writes them through the generic write path, and its time is set beside this one.
 *
 *   npm run bench:import-floor -w @backroom/bench     # SQLite, and PostgreSQL when DATABASE_URL is set
 */
import { loadavg } from 'node:os';
import { sql, type RawBuilder } from 'kysely';
import { anyDb } from '../packages/server/src/data/store';
import { benchEachDatabase } from './support/app';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);

/** An audit row's changes as the import records a new product's: every field it set, after. */
const CHANGES = JSON.stringify({
  before: {},
  after: {
    code: 'B000001',
    name: 'Bench product 1',
    category: 1,
    uom: 1,
    sellingPrice: '9.90',
    costPrice: '4.00',
    barcode: 'BC1',
    taxInclusive: false,
    trackStock: true,
    allowOpenPrice: false,
    allowDiscount: true,
    isActive: true,
  },
});

await benchEachDatabase(
  async (app, database) => {
    const db = anyDb(app.ctx);
    const now = new Date().toISOString();
    const { id: category } = await db
      .insertInto('category')
      .values({
        code: 'BENCH',
        name: 'Bench',
        is_active: true,
        version: 1,
        created_at: now,
        created_by: 'bench',
        updated_at: now,
        updated_by: 'bench',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const uom = Number(
      (await db.selectFrom('list_value').select('id').where('code', '=', 'PCS').executeTakeFirstOrThrow()).id,
    );
    const admin = Number(
      (await db.selectFrom('app_user').select('id').where('user_name', '=', 'admin').executeTakeFirstOrThrow()).id,
    );

    // 1 … ROWS, made by the database: PostgreSQL's generate_series, a recursive CTE on SQLite.
    const numbers =
      database === 'postgres'
        ? sql`select g as n from generate_series(1, ${sql.lit(ROWS)}) g`
        : sql`with recursive s(n) as (select 1 union all select n + 1 from s where n < ${sql.lit(ROWS)}) select n from s`;
    const sixDigits = database === 'postgres' ? sql`lpad(n::text, 6, '0')` : sql`substr('000000' || n, -6, 6)`;
    const steps: [string, RawBuilder<unknown>][] = [
      [
        'product rows',
        sql`insert into product (code, name, barcode, category_id, uom_id, type, cost_price, selling_price, tax_inclusive, track_stock, allow_open_price, allow_discount, is_active, version, created_at, created_by, updated_at, updated_by)
          select 'BENCH-' || ${sixDigits}, 'Bench product ' || n, 'BC' || n, ${sql.lit(Number(category))}, ${sql.lit(uom)}, 'item', 400, 990 + n % 100, false, true, false, true, true, 1, ${now}, 'admin', ${now}, 'admin'
          from (${numbers}) numbers`,
      ],
      [
        'audit rows',
        sql`insert into audit_log (at, user_id, user_name, entity, row_id, action, changes, ip)
          select ${now}, ${sql.lit(admin)}, 'admin', 'product', id, 'insert', ${CHANGES}, '127.0.0.1' from product where code like 'BENCH-%'`,
      ],
      [
        'price history rows',
        sql`insert into price_history (product_id, old_price, new_price, changed_at, changed_by_id)
          select id, null, selling_price, ${now}, ${sql.lit(admin)} from product where code like 'BENCH-%'`,
      ],
    ];
    const times: [string, number][] = [];
    const started = performance.now();
    await db.transaction().execute(async (trx) => {
      for (const [name, statement] of steps) {
        const at = performance.now();
        await statement.execute(trx);
        times.push([name, performance.now() - at]);
      }
    });
    const total = performance.now() - started;
    times.push(['commit', total - times.reduce((sum, [, ms]) => sum + ms, 0)]);
    const written = Number(
      (
        await db
          .selectFrom('product')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('code', 'like', 'BENCH-%')
          .executeTakeFirstOrThrow()
      ).n,
    );
    if (written !== ROWS) throw new Error(`wrote ${written} products, not ${ROWS}`);
    console.log(
      `${database}: the database alone writing ${ROWS} products, their audit and price history rows; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    for (const [name, ms] of times)
      console.log(`${database.padEnd(8)} ${name.padEnd(20)} ${(ms / 1000).toFixed(2).padStart(7)} s`);
    console.log(
      `${database.padEnd(8)} ${'floor'.padEnd(20)} ${(total / 1000).toFixed(2).padStart(7)} s  (bench/import: validate + commit ≤ 10 s)`,
    );
    return true;
  },
  { jobWorker: false },
);
