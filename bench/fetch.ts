/**
 * Budget: `fetch/product`, one page of 10 with a filter and a sort, over 1,000,000 products:
 * SQLite p50 ≤ 10 ms and p99 ≤ 50 ms; PostgreSQL p50 ≤ 15 ms.
 *
 * Seeds the products through the server's own database connection (rows shaped by the registry's
 * storage mapping), then times the real route in-process with `app.inject` — routing, the bearer
 * and privilege checks, the query, the count and the serialisation — so the figure is the server's
 * own time, without the network.
 *
 *   npm run bench:fetch -w @backroom/bench                 # SQLite, and PostgreSQL when DATABASE_URL is set
 *   BENCH_PRODUCTS=100000 npm run bench:fetch -w @backroom/bench
 */
import { adminHeaders, benchEachDatabase, timeRequests } from './support/app';
import { fetchShapes, percentile, seedProducts } from './support/products';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 1_000_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300);
const BUDGET = { sqlite: { p50: 10, p99: 50 }, postgres: { p50: 15, p99: Infinity } } as const;

await benchEachDatabase(async (app, database) => {
  const started = performance.now();
  const categoryIds = await seedProducts(app.ctx.db as never, database, PRODUCTS);
  console.log(
    `${database}: seeded ${PRODUCTS.toLocaleString('en')} products in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const headers = await adminHeaders(app);
  // The three filter + sort shapes (the quick search has its own budget, bench/http.ts).
  const { 'quick search, part of a name': _search, ...shapes } = fetchShapes(categoryIds);
  const all: number[] = [];
  for (const [shape, body] of Object.entries(shapes)) {
    const times = await timeRequests(app, shape, { samples: SAMPLES, warmUps: 20 }, (n) => ({
      method: 'POST',
      url: '/backoffice/core/api/DataRepository/fetch/product',
      headers,
      payload: { Skip: (n % 5) * 10, Take: 10, ...body(n) },
    }));
    all.push(...times);
    console.log(
      `${database}: ${shape.padEnd(30)} p50 ${percentile(times, 50).toFixed(2)} ms  p99 ${percentile(times, 99).toFixed(2)} ms`,
    );
  }
  all.sort((a, b) => a - b);
  const p50 = percentile(all, 50);
  const p99 = percentile(all, 99);
  const ok = p50 <= BUDGET[database].p50 && p99 <= BUDGET[database].p99;
  console.log(
    `${database}: fetch/product overall p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms — ${ok ? 'within' : 'OVER'} budget (p50 ≤ ${BUDGET[database].p50} ms${BUDGET[database].p99 === Infinity ? '' : `, p99 ≤ ${BUDGET[database].p99} ms`})`,
  );
  return ok;
});
