/**
 * Budget (issue 23): reorder suggestions for 10,000 products × 10 locations ≤ 5 s, beside the floor,
 * with the ratio printed.
 *
 * Starts the server on a fresh database, writes 10,000 products (each mapped to a supplier with a
 * lead time of 5 days and packs of 6), 10 locations and a ledger through the server's own connection
 * (per pair: +8 units 60 days ago, −2 units sold 20, 10 and 2 days ago; on hand 2), a low-quantity
 * trigger on every third pair, then times in-process with `app.inject` (routing, bearer and privilege
 * checks, the work, serialisation of every row; the clock stops when the answer has arrived, before the
 * bench parses it) `POST reorder/Suggest {velocityDays: 28, coverDays: 14}`
 * — every pair wants ⌈6 × 19 / 28⌉ = 5, holds 2, needs 3, one pack of 6 — beside the floor: the same
 * statement (the module's own `suggestStatement`) compiled once and run on the connection, nothing else.
 *
 *   npm run bench:reorder -w @backroom/bench     # SQLite, and PostgreSQL when DATABASE_URL is set
 */
import { sql } from 'kysely';
import { suggestStatement } from '../packages/server/src/modules/reorder/suggest';
import { benchEachDatabase } from './support/app';
import { chunked, daysAgo, median, ms, seedLedgerWorld, timesOf } from './support/ledger-world';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const LOCATIONS = 10;
const WARM_UPS = 1;
const SAMPLES = 3;
const BUDGET = 5000;

await benchEachDatabase(async (app, database) => {
  const seeded = performance.now();
  const { db, send, supplier, locations, products } = await seedLedgerWorld(app, database, {
    prefix: 'R',
    label: 'Reorder',
    supplier: { leadTimeDays: 5 },
    locations: LOCATIONS,
    products: PRODUCTS,
  });
  await chunked(products, 500, (chunk) =>
    db
      .insertInto('product_supplier_mapping')
      .values(
        chunk.map((product) => ({
          parent_id: product,
          line_no: 1,
          supplier_id: supplier.id,
          pack_size: 6000,
          cost: 400,
          preferred: database === 'postgres' ? true : 1,
        })),
      )
      .execute(),
  );
  const system = { version: 1, created_by: 'bench', updated_by: 'bench' };
  for (const location of locations) {
    const movements = products.flatMap((product) =>
      [
        [8_000, 8_000, daysAgo(60), 'purchase'],
        [-2_000, 6_000, daysAgo(20), 'sale'],
        [-2_000, 4_000, daysAgo(10), 'sale'],
        [-2_000, 2_000, daysAgo(2), 'sale'],
      ].map(([quantity, after, at, kind]) => ({
        location_id: location,
        product_id: product,
        quantity,
        kind,
        unit_cost: 400,
        balance_after: after,
        at,
        created_at: at,
        updated_at: at,
        ...system,
      })),
    );
    await chunked(movements, 500, (chunk) => db.insertInto('stock_movement').values(chunk).execute());
    await chunked(products, 500, (chunk) =>
      db
        .insertInto('stock_balance')
        .values(
          chunk.map((product) => ({
            location_id: location,
            product_id: product,
            quantity: 2_000,
            last_movement_at: daysAgo(2),
          })),
        )
        .execute(),
    );
    const triggers = products.filter((_, i) => i % 3 === 0);
    await chunked(triggers, 500, (chunk) =>
      db
        .insertInto('item_quantity_trigger')
        .values(chunk.map((product) => ({ location_id: location, product_id: product, min_qty: 4_000, ...system })))
        .execute(),
    );
  }
  await sql`analyze`.execute(db);
  console.log(
    `${database}: ${PRODUCTS} products × ${LOCATIONS} locations, ${PRODUCTS * LOCATIONS * 4} movements, seeded in ${ms(performance.now() - seeded)}`,
  );

  const query = { velocityDays: 28, coverDays: 14, locations, Take: 100_000 };
  let answered: Awaited<ReturnType<typeof send>> | undefined;
  const routeTimes = await timesOf(
    async () => {
      answered = await send('/reorder/Suggest', query);
    },
    SAMPLES,
    WARM_UPS,
  );
  const answer = answered?.json().data as { rows: { suggested: string }[]; totalCount: number } | undefined;
  if (answer?.totalCount !== PRODUCTS * LOCATIONS || answer.rows.some((r) => r.suggested !== '6.000'))
    throw new Error(`reorder: ${answer?.totalCount} rows, expected ${PRODUCTS * LOCATIONS} each suggesting 6.000`);
  const now = new Date();
  const compiled = suggestStatement(app.ctx.db, {
    since: new Date(now.getTime() - 28 * 86_400_000).toISOString(),
    until: now.toISOString(),
    velocityDays: 28,
    coverDays: 14,
    locations,
    take: 100_000,
  }).compile();
  const floorTimes = await timesOf(() => db.executeQuery(compiled), SAMPLES, WARM_UPS);
  const route = median(routeTimes);
  const floor = median(floorTimes);
  const kept = route <= BUDGET;
  console.log(
    `${database}: reorder suggestions for ${PRODUCTS * LOCATIONS} pairs: median ${ms(route)} (budget ${BUDGET} ms ${kept ? 'kept' : 'MISSED'}), floor ${ms(floor)}, ratio ${(route / floor).toFixed(2)}`,
  );
  return kept;
});
