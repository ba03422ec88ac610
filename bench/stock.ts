/**
 * Budgets (issue 8): the balance of one product × location with 1,000,000 movements in the ledger,
 * p50 ≤ 5 ms; dispatch of a 200-line delivery order ≤ 250 ms; a 10-page delivery order PDF ≤ 500 ms.
 *
 * Starts the server on a fresh database, writes the ledger's rows through the server's own
 * connection (a balance per pair equal to its movements' sum, as the stock service keeps it), then
 * times the real routes in-process with `app.inject` (routing, bearer and privilege checks, the
 * work, serialisation):
 * - the balance: `OutletVirtualStockBalance/fetch` for one product at one location, and the
 *   generic `DataRepository/fetch/stockbalance` for the same pair;
 * - a dispatch: `POST /WebAPI/deliveryorder/{id} {action: "dispatch"}` of a confirmed 200-line order;
 * - the PDF: `POST /print/request.aspx {document: "deliveryorder"}` of a 380-line order (10 pages).
 *
 *   npm run bench:stock -w @backroom/bench          # SQLite, and PostgreSQL when DATABASE_URL is set
 *   BENCH_MOVEMENTS=100000 npm run bench:stock -w @backroom/bench
 */
import { findEntity, toStorageRow } from '@backroom/schema';
import { sql, type Kysely } from 'kysely';
import { adminHeaders, benchEachDatabase } from './support/app';
import {
  budgetVerdict,
  cpuClock,
  ratioLine,
  record,
  replayFloor,
  snapshot,
  type RecordedStatement,
} from './support/floor';
import { benchProduct, benchStamp } from './support/ledger-world';

const MOVEMENTS = Number(process.env.BENCH_MOVEMENTS ?? 1_000_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const PRODUCTS = 400;
const DISPATCH_LINES = 200;
const DISPATCHES = 12;
const PDF_LINES = 340;
const PDF_SAMPLES = 20;
const BATCH = 1_000;
const BUDGET = { balanceP50: 5, dispatch: 250, pdf: 500 };

type AnyDb = Kysely<Record<string, Record<string, unknown>>>;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (n: number) => `${n.toFixed(2)} ms`;

await benchEachDatabase(
  async (app, database, target) => {
    let ratiosOk = true;
    const floorLine = (label: string, times: number[], floor: number[], cpuMs?: number) => {
      const ratio = ratioLine(`${database}: ${label}`, times, floor, { cpuMs });
      console.log(ratio.line);
      ratiosOk &&= ratio.ok;
    };
    const db = app.ctx.db as unknown as AnyDb;
    const headers = await adminHeaders(app);
    const call = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
      const response = await app.inject({ method, url, headers, payload: payload as never });
      if (response.statusCode !== 200)
        throw new Error(`${method} ${url}: ${response.statusCode} ${response.body.slice(0, 300)}`);
      return response;
    };
    const api = (path: string, payload: unknown) =>
      call('POST', `/backoffice/core/api${path}`, payload).then((r) => r.json().data);

    // The chain: a warehouse, a store, 400 products.
    const started = performance.now();
    const category = await api('/DataRepository/Insert/category', { code: 'BENCH', name: 'Bench' });
    const uom = await db.selectFrom('list_value').select('id').limit(1).executeTakeFirstOrThrow();
    const warehouse = await api('/DataRepository/Insert/inventorylocation', {
      code: 'WH',
      name: 'Bench warehouse',
      kind: 'warehouse',
    });
    const store = await api('/DataRepository/Insert/inventorylocation', {
      code: 'ST',
      name: 'Bench store',
      kind: 'store',
    });
    const productEntity = findEntity('product')!;
    const productIds: number[] = [];
    for (let i = 0; i < PRODUCTS; i++) {
      const row = toStorageRow(
        productEntity,
        benchProduct(`BP${String(i).padStart(4, '0')}`, `Bench product ${i}`, category.id, Number(uom.id)),
        database,
      );
      productIds.push(
        Number(
          (
            await db
              .insertInto(productEntity.table)
              .values({ ...row, version: 1 })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
        ),
      );
    }

    // The ledger: half the movements on the pair measured, the rest spread over the others, and
    // every balance equal to its movements' sum.
    const measured = productIds[0]!;
    const now = new Date().toISOString();
    // Every product opens with 100 units, so the dispatches below have stock to take.
    const sums = new Map<number, number>(productIds.map((product) => [product, 100_000]));
    await db
      .insertInto('stock_movement')
      .values(
        productIds.map((product) => ({
          location_id: warehouse.id,
          product_id: product,
          quantity: 100_000,
          kind: 'opening',
          unit_cost: 400,
          balance_after: 100_000,
          at: now,
          ...benchStamp(now),
        })),
      )
      .execute();
    for (let start = PRODUCTS; start < MOVEMENTS; start += BATCH) {
      const rows = [];
      for (let i = start; i < Math.min(MOVEMENTS, start + BATCH); i++) {
        const product = i % 2 === 0 ? measured : productIds[1 + (i % (PRODUCTS - 1))]!;
        const quantity = product === measured && i % 6 === 4 ? -1000 : 2000;
        sums.set(product, (sums.get(product) ?? 0) + quantity);
        rows.push({
          location_id: warehouse.id,
          product_id: product,
          quantity,
          kind: quantity > 0 ? 'adjustment' : 'stockOut',
          unit_cost: 400,
          balance_after: sums.get(product),
          at: now,
          ...benchStamp(now),
        });
      }
      await db.insertInto('stock_movement').values(rows).execute();
    }
    for (const product of productIds)
      await db
        .insertInto('stock_balance')
        .values({
          location_id: warehouse.id,
          product_id: product,
          quantity: sums.get(product) ?? 0,
          last_movement_at: now,
        })
        .execute();
    await sql`ANALYZE`.execute(db);
    console.log(
      `${database}: ${MOVEMENTS.toLocaleString('en')} movements written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    // 1. The balance of the one pair.
    const balanceShapes = {
      'OutletVirtualStockBalance/fetch': () =>
        api('/OutletVirtualStockBalance/fetch', {
          Take: 10,
          filters: [
            { ColumnName: 'product', ColumnValue: measured, Operator: 'EQ' },
            { ColumnName: 'location', ColumnValue: warehouse.id, Operator: 'EQ' },
          ],
        }),
      'DataRepository/fetch/stockbalance': () =>
        api('/DataRepository/fetch/stockbalance', {
          Take: 10,
          filters: [
            { ColumnName: 'product', ColumnValue: measured, Operator: 'EQ' },
            { ColumnName: 'location', ColumnValue: warehouse.id, Operator: 'EQ' },
          ],
        }),
    };
    let balanceP50 = 0;
    for (const [shape, fetchOnce] of Object.entries(balanceShapes)) {
      const times: number[] = [];
      const units: RecordedStatement[][] = [];
      for (let n = 0; n < SAMPLES + 20; n++) {
        const t0 = performance.now();
        const { result, statements } = await record(fetchOnce);
        const rows = result as { onHand?: string; quantity?: string }[];
        const elapsed = performance.now() - t0;
        if ((rows[0]?.onHand ?? rows[0]?.quantity) !== (sums.get(measured)! / 1000).toFixed(3))
          throw new Error(`${shape}: wrong balance ${JSON.stringify(rows[0])}`);
        if (n >= 20) {
          times.push(elapsed);
          units.push(statements);
        }
      }
      times.sort((a, b) => a - b);
      floorLine(`balance via ${shape}`, times, await replayFloor(target, units));
      balanceP50 = Math.max(balanceP50, percentile(times, 50));
      console.log(
        `${database}: balance via ${shape.padEnd(34)} p50 ${ms(percentile(times, 50))}  p99 ${ms(percentile(times, 99))}`,
      );
    }

    // 2. Dispatches of confirmed 200-line orders.
    const orders = `/backoffice/WebAPI/deliveryorder`;
    const lines = productIds.slice(0, DISPATCH_LINES).map((product) => ({ product, quantity: '1.000' }));
    const dispatches: number[] = [];
    // The floor replays every order's statements (made, confirmed, dispatched) on a copy taken before
    // the first, and times the dispatch's alone.
    const copy = await snapshot(target);
    const steps: RecordedStatement[][] = [];
    for (let n = 0; n < DISPATCHES; n++) {
      const made = await record(async () => {
        const order = (
          await call('POST', orders, {
            fromLocation: warehouse.id,
            toLocation: store.id,
            date: now.slice(0, 10),
            lines,
          })
        ).json().data;
        return (await call('POST', `${orders}/${order.id}`, { action: 'confirm', version: order.version })).json().data;
      });
      const confirmed = made.result;
      const t0 = performance.now();
      const { result: answered, statements } = await record(() =>
        call('POST', `${orders}/${confirmed.id}`, { action: 'dispatch', version: confirmed.version }),
      );
      const elapsed = performance.now() - t0;
      // Read after the clock stopped, as the other timed answers are (the caller's work, not the server's).
      const dispatched = answered.json().data;
      steps.push(made.statements, statements);
      if (dispatched.status !== 'dispatched') throw new Error(`dispatch: ${JSON.stringify(dispatched).slice(0, 200)}`);
      if (n >= 2) dispatches.push(elapsed);
    }
    dispatches.sort((a, b) => a - b);
    const replayed = await replayFloor(copy.target, steps, { writes: true });
    await copy.drop();
    floorLine(
      `dispatch of a ${DISPATCH_LINES}-line order`,
      dispatches,
      replayed.filter((_, k) => k % 2 === 1 && k >= 4).sort((a, b) => a - b),
    );
    const dispatchP50 = percentile(dispatches, 50);
    console.log(
      `${database}: dispatch of a ${DISPATCH_LINES}-line order           p50 ${ms(dispatchP50)}  max ${ms(dispatches.at(-1)!)}`,
    );

    // 3. The printed order, ten pages.
    const big = (
      await call('POST', orders, {
        fromLocation: store.id,
        toLocation: warehouse.id,
        date: now.slice(0, 10),
        lines: productIds.slice(0, PDF_LINES).map((product) => ({ product, quantity: '2.500' })),
      })
    ).json().data;
    const pdfTimes: number[] = [];
    const pdfUnits: RecordedStatement[][] = [];
    let pages = 0;
    let pdfCpu = () => 0;
    for (let n = 0; n < PDF_SAMPLES + 3; n++) {
      if (n === 3) pdfCpu = cpuClock();
      const t0 = performance.now();
      const { result: response, statements } = await record(() =>
        call('POST', '/backoffice/print/request.aspx', { document: 'deliveryorder', id: big.id }),
      );
      const elapsed = performance.now() - t0;
      pages = (response.rawPayload.toString('latin1').match(/\/Type \/Page\b(?!s)/g) ?? []).length;
      if (n >= 3) {
        pdfTimes.push(elapsed);
        pdfUnits.push(statements);
      }
    }
    pdfTimes.sort((a, b) => a - b);
    // Most of a PDF's time is laying it out in Node (PDFKit): its floor is the statements alone, so the ratio shows that share.
    floorLine(`delivery order PDF`, pdfTimes, await replayFloor(target, pdfUnits), pdfCpu() / PDF_SAMPLES);
    const pdfP50 = percentile(pdfTimes, 50);
    console.log(
      `${database}: delivery order PDF, ${PDF_LINES} lines, ${pages} pages        p50 ${ms(pdfP50)}  max ${ms(pdfTimes.at(-1)!)}`,
    );

    const timesOk =
      balanceP50 <= BUDGET.balanceP50 && dispatchP50 <= BUDGET.dispatch && pdfP50 <= BUDGET.pdf && pages === 10;
    console.log(
      `${database}: ${budgetVerdict(timesOk, `balance p50 ≤ ${BUDGET.balanceP50} ms, dispatch ≤ ${BUDGET.dispatch} ms, 10-page PDF ≤ ${BUDGET.pdf} ms`, ratiosOk)}`,
    );
    return timesOk && ratiosOk;
  },
  { jobWorker: false },
);
