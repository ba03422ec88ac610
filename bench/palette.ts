/**
 * Budget: the command palette's search (`GET api/Search?q=`) over 1,000,000 products: p50 ≤ 30 ms,
 * p99 ≤ 100 ms, both databases — a suggestion list that keeps up with typing.
 *
 * Seeds the products through the server's own connection, then times the real route in-process
 * with `app.inject` as the administrator (who may view every palette entity, so every one is searched).
 *
 *   npm run bench:palette -w @backroom/bench               # SQLite, and PostgreSQL when DATABASE_URL is set
 *   BENCH_PRODUCTS=100000 npm run bench:palette -w @backroom/bench
 */
import { adminHeaders, benchEachDatabase, timeRecordedRequests } from './support/app';
import { budgetVerdict, ratioLine, replayFloor } from './support/floor';
import { percentile, seedProducts } from './support/products';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 1_000_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 100);
const BUDGET = { p50: 30, p99: 100 };

/** What a user types: part of a name (hundreds of matches), a whole code, two letters (exact matches only), nothing that matches. */
const QUERIES: Record<string, (n: number) => string> = {
  'part of a name': (n) => ['ndigo Cand', 'affron Tot', 'aple Bow', 'otton Sca'][n % 4]!,
  'a whole code': (n) => `B${String((n * 7919) % PRODUCTS).padStart(7, '0')}`,
  'two letters': (n) => ['Sa', 'Mu', 'Co', 'In'][n % 4]!,
  'no match': (n) => `zqx${n}`,
};

await benchEachDatabase(
  async (app, database, target) => {
    const started = performance.now();
    await seedProducts(app.ctx.db as never, database, PRODUCTS);
    console.log(
      `${database}: seeded ${PRODUCTS.toLocaleString('en')} products in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const headers = await adminHeaders(app);
    const all: number[] = [];
    let ratiosOk = true;
    for (const [shape, query] of Object.entries(QUERIES)) {
      const { times, units, cpuMs } = await timeRecordedRequests(
        app,
        shape,
        { samples: SAMPLES, warmUps: 10 },
        (n) => ({
          method: 'GET',
          url: `/backoffice/core/api/Search?q=${encodeURIComponent(query(n))}`,
          headers,
        }),
      );
      all.push(...times);
      console.log(
        `${database}: ${shape.padEnd(16)} p50 ${percentile(times, 50).toFixed(2)} ms  p99 ${percentile(times, 99).toFixed(2)} ms`,
      );
      const ratio = ratioLine(`${database}: ${shape}`, times, await replayFloor(target, units), { cpuMs });
      console.log(ratio.line);
      ratiosOk &&= ratio.ok;
    }
    all.sort((a, b) => a - b);
    const [p50, p99] = [percentile(all, 50), percentile(all, 99)];
    const timesOk = p50 <= BUDGET.p50 && p99 <= BUDGET.p99;
    console.log(
      `${database}: Search overall p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms — ${budgetVerdict(timesOk, `p50 ≤ ${BUDGET.p50} ms, p99 ≤ ${BUDGET.p99} ms`, ratiosOk)}`,
    );
    return timesOk && ratiosOk;
  },
  { jobWorker: false },
);
