/**
 * Budgets (issue 23): a 200-line goods receipt posted ≤ 300 ms; stock valuation of 10,000 products ×
 * 10 locations at a past date ≤ 2 s. Each beside its floor, with the ratio printed.
 *
 * Starts the server on a fresh database, writes 10,000 products, 10 locations and a ledger through the
 * server's own connection (per pair: +20 units 30 days ago, −5 units 10 days ago, +10 today; an
 * average cost 30 days ago and another today; each balance equal to its movements' sum), then times
 * in-process with `app.inject` (routing, bearer and privilege checks, the work, serialisation; the clock
 * stops when the answer has arrived, before the bench parses it):
 * - `POST stockvaluation/Fetch {date: 20 days ago}`, beside the floor: the same statement (the
 *   module's own `valuationStatement`) compiled once and run on the connection, nothing else;
 * - `Execute/purchaseorder {action: "receive"}` of all lines of a sent 200-line order, beside the
 *   floor of the other benches (support/floor.ts): the database alone running the statements the
 *   receipts ran, recorded at the driver and replayed with their commits on a copy of the database
 *   taken before them. Printed beside it, as a reference: the database alone writing only what a
 *   receipt must (the receipt and its lines, 200 movements, 200 balance upserts, 200 average-cost
 *   rows, the order lines' received quantities) in one transaction of multi-row statements, without
 *   the reads, checks and audit rows a receipt also runs.
 *
 *   npm run bench:purchasing -w @backroom/bench     # SQLite, and PostgreSQL when DATABASE_URL is set
 */
import { sql } from 'kysely';
import { valuationStatement } from '../packages/server/src/modules/purchasing/valuation';
import { benchEachDatabase } from './support/app';
import { record, replayFloor, snapshot, type RecordedStatement } from './support/floor';
import { chunked, daysAgo, median, ms, seedLedgerWorld, timesOf } from './support/ledger-world';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const LOCATIONS = 10;
const RECEIPT_LINES = 200;
const RECEIPTS = 10;
const WARM_UPS = 2;
const VALUATIONS = 5;
const BUDGET = { valuation: 2000, receipt: 300 };

await benchEachDatabase(async (app, database, target) => {
  const seeded = performance.now();
  const { db, send, call, supplier, locations, products } = await seedLedgerWorld(app, database, {
    prefix: 'P',
    label: 'Purchasing',
    locations: LOCATIONS,
    products: PRODUCTS,
  });
  const system = { version: 1, created_by: 'bench', updated_by: 'bench' };
  const [old, mid, today] = [daysAgo(30), daysAgo(10), new Date().toISOString()];
  for (const location of locations) {
    const movements = products.flatMap((product) =>
      [
        [20_000, 20_000, old],
        [-5_000, 15_000, mid],
        [10_000, 25_000, today],
      ].map(([quantity, after, at]) => ({
        location_id: location,
        product_id: product,
        quantity,
        kind: Number(quantity) > 0 ? 'purchase' : 'sale',
        unit_cost: 400,
        balance_after: after,
        at,
        created_at: at,
        updated_at: at,
        ...system,
      })),
    );
    await chunked(movements, 500, (chunk) => db.insertInto('stock_movement').values(chunk).execute());
    const costs = products.flatMap((product) =>
      [
        [350, old],
        [420, today],
      ].map(([cost, at]) => ({
        location_id: location,
        product_id: product,
        average_cost: cost,
        at,
        created_at: at,
        updated_at: at,
        ...system,
      })),
    );
    await chunked(costs, 500, (chunk) => db.insertInto('average_cost').values(chunk).execute());
    await chunked(products, 500, (chunk) =>
      db
        .insertInto('stock_balance')
        .values(
          chunk.map((product) => ({
            location_id: location,
            product_id: product,
            quantity: 25_000,
            average_cost: 420,
            last_movement_at: today,
          })),
        )
        .execute(),
    );
  }
  await sql`analyze`.execute(db);
  console.log(
    `${database}: ${PRODUCTS} products × ${LOCATIONS} locations, ${PRODUCTS * LOCATIONS * 3} movements, seeded in ${ms(performance.now() - seeded)}`,
  );

  // Valuation 20 days ago: each pair holds 20 units at 3.50 → 70.00 a pair.
  const date = daysAgo(20).slice(0, 10);
  const expected = ((PRODUCTS * LOCATIONS * 7000) / 100).toFixed(2);
  let answered: Awaited<ReturnType<typeof send>> | undefined;
  const valuationTimes = await timesOf(
    async () => {
      answered = await send('/stockvaluation/Fetch', { date, locations });
    },
    VALUATIONS,
    WARM_UPS,
  );
  const answer = answered?.json().data as { total: string; rows: unknown[] } | undefined;
  if (answer?.total !== expected) throw new Error(`valuation: total ${answer?.total}, expected ${expected}`);
  // The floor: the same statement, compiled once, the cut-off instant the route works out for that date.
  const zone = (await db.selectFrom('company').select('timezone').limit(1).executeTakeFirst())?.timezone;
  const { addDays, startOfDay } = await import('../packages/server/src/time/calendar');
  const before = startOfDay(addDays(date, 1), zone as string | null).toISOString();
  const compiled = valuationStatement(app.ctx.db, before, { locations }).compile();
  const floorTimes = await timesOf(() => db.executeQuery(compiled), VALUATIONS, WARM_UPS);
  const valuation = median(valuationTimes);
  const valuationFloor = median(floorTimes);

  // 200-line receipts.
  const lines = products.slice(0, RECEIPT_LINES).map((product) => ({ product, quantity: '10', unitCost: '3.00' }));
  const orders: number[] = [];
  for (let n = 0; n < RECEIPTS + WARM_UPS; n++) {
    const order = await call('/DataRepository/Insert/purchaseorder', {
      supplier: supplier.id,
      location: locations[n % LOCATIONS],
      lines,
    });
    await call('/DataRepository/Execute/purchaseorder', { action: 'send', ids: [order.id], belowMinimum: true });
    orders.push(order.id);
  }
  let k = 0;
  const receive = () =>
    send('/DataRepository/Execute/purchaseorder', {
      action: 'receive',
      ids: [orders[k++]],
      lines: lines.map((l) => ({ product: l.product, quantity: l.quantity })),
      freight: '25.00',
    });
  const received = (response: Awaited<ReturnType<typeof send>>) => {
    const answer = response.json().data;
    if (answer.status !== 'received' || answer.receipt.lines.length !== RECEIPT_LINES)
      throw new Error(`receipt: ${JSON.stringify(answer).slice(0, 200)}`);
  };
  for (let n = 0; n < WARM_UPS; n++) received(await receive());
  const copy = await snapshot(target);
  const receiptTimes: number[] = [];
  const receipts: RecordedStatement[][] = [];
  for (let n = 0; n < RECEIPTS; n++) {
    const t0 = performance.now();
    const { result, statements } = await record(receive);
    receiptTimes.push(performance.now() - t0);
    receipts.push(statements);
    received(result);
  }
  const sameStatements = await replayFloor(copy.target, receipts, { writes: true });
  await copy.drop();
  // The reference: only the rows a receipt must write, by plain multi-row statements in one transaction.
  const floorOrder = orders[0]!;
  const floorLines = await db
    .selectFrom('purchase_order_lines')
    .select('id')
    .where('parent_id', '=', floorOrder)
    .execute();
  const writesOnlyTimes = await timesOf(
    () =>
      db.transaction().execute(async (trx) => {
        const now = new Date().toISOString();
        const { id } = await trx
          .insertInto('goods_receipt')
          .values({
            doc_no: `FLOOR-${now}-${Math.random()}`,
            kind: 'receipt',
            purchase_order_id: floorOrder,
            supplier_id: supplier.id,
            location_id: locations[0],
            at: now,
            total: 60000,
            created_at: now,
            updated_at: now,
            ...system,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('goods_receipt_lines')
          .values(
            lines.map((l, i) => ({
              parent_id: id,
              line_no: i,
              product_id: l.product,
              quantity: 10_000,
              unit_cost: 300,
              landed_cost: 12,
              line_total: 3012,
            })),
          )
          .execute();
        await chunked(lines, 50, (chunk) =>
          trx
            .insertInto('stock_balance')
            .values(
              chunk.map((l) => ({
                location_id: locations[0],
                product_id: l.product,
                quantity: 10_000,
                last_movement_at: now,
              })),
            )
            .onConflict((oc) =>
              oc.columns(['location_id', 'product_id']).doUpdateSet((eb) => ({
                quantity: eb('stock_balance.quantity', '+', eb.ref('excluded.quantity')),
                last_movement_at: eb.ref('excluded.last_movement_at'),
              })),
            )
            .execute(),
        );
        await chunked(lines, 50, (chunk) =>
          trx
            .insertInto('stock_movement')
            .values(
              chunk.map((l) => ({
                location_id: locations[0],
                product_id: l.product,
                quantity: 10_000,
                kind: 'purchase',
                unit_cost: 301,
                balance_after: 0,
                at: now,
                created_at: now,
                updated_at: now,
                ...system,
              })),
            )
            .execute(),
        );
        await trx
          .insertInto('average_cost')
          .values(
            lines.map((l) => ({
              location_id: locations[0],
              product_id: l.product,
              average_cost: 301,
              at: now,
              created_at: now,
              updated_at: now,
              ...system,
            })),
          )
          .execute();
        const changes = sql.join(floorLines.map((l) => sql`(cast(${Number(l.id)} as bigint), cast(10000 as bigint))`));
        await sql`with change (id, qty) as (values ${changes}) update purchase_order_lines set received_qty = change.qty from change where purchase_order_lines.id = change.id`.execute(
          trx,
        );
      }),
    RECEIPTS,
    WARM_UPS,
  );
  const receipt = median(receiptTimes);
  const receiptFloor = median(sameStatements);
  const writesOnly = median(writesOnlyTimes);

  const okValuation = valuation <= BUDGET.valuation;
  const okReceipt = receipt <= BUDGET.receipt;
  console.log(
    `${database}: valuation of ${PRODUCTS * LOCATIONS} pairs at ${date}: median ${ms(valuation)} (budget ${BUDGET.valuation} ms ${okValuation ? 'kept' : 'MISSED'}), floor ${ms(valuationFloor)}, ratio ${(valuation / valuationFloor).toFixed(2)}`,
  );
  console.log(
    `${database}: ${RECEIPT_LINES}-line receipt: median ${ms(receipt)} (budget ${BUDGET.receipt} ms ${okReceipt ? 'kept' : 'MISSED'}), floor (the database alone, same statements) ${ms(receiptFloor)}, ratio ${(receipt / receiptFloor).toFixed(2)}; the writes alone ${ms(writesOnly)} (${(receipt / writesOnly).toFixed(2)}×)`,
  );
  return okValuation && okReceipt;
});
