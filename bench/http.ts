/**
 * Budget (issue 7): `fetch/product` over HTTP with 50 connections from a second process —
 * 0 errors, p99 ≤ 100 ms, throughput ≥ 0.5× a bare Fastify + driver endpoint running the same SQL on
 * the same database in the same run, server RSS ≤ 400 MB under that load.
 *
 * Seeds 1,000,000 products into a fresh database, starts Backroom as `npm start` does (its own
 * processes, the built console not needed), starts the bare baseline (support/bare-server.ts) on the
 * same database, and drives each with autocannon from this process: the three filter + sort shapes of
 * bench/fetch.ts and a quick search by part of a name, in turn, 50 connections, 30 s each server.
 * Then the console mix (support/console-mix.ts: list pages, forms, dropdown searches and the
 * palette from five sessions at once) against Backroom, and against the bare endpoint replaying
 * the statements Backroom ran for each of the mix's requests (recorded in-process beforehand).
 *
 *   npm run bench:http -w @backroom/bench            # SQLite, and PostgreSQL when DATABASE_URL is set
 *   BENCH_PRODUCTS=100000 BENCH_SECONDS=10 npm run bench:http -w @backroom/bench
 *   BENCH_ONLY=sqlite|postgres                        # one database
 *   BENCH_KEEP=1                                      # keep the seeded database for the next run of this size
 *   BENCH_WARM_UP_SECONDS=5                           # load before each measured run (not counted)
 */
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '@backroom/server';
import { POOL_SETTINGS } from '../packages/server/src/db/connect';
import autocannon from 'autocannon';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { freePort } from '../packages/server/test/support/ports';
import { freshPostgres } from '../packages/server/test/support/postgres';
import { bareConnect, bareFetch } from './support/bare-fetch';
import { consoleMix, type MixRequest } from './support/console-mix';
import { record, withoutTransactionControl, type RecordedStatement } from './support/floor';
import { fetchShapes, percentile, seededCategories, seedProducts } from './support/products';

execSync('npm run build -w @backroom/server', { stdio: 'inherit', cwd: fileURLToPath(new URL('..', import.meta.url)) });

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
/**
 * Load before the measured run, on each server alike: a process just started compiles its hot code
 * and fills its caches in its first seconds, and 50 connections queued behind that set the p99.
 */
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 5);
const CONNECTIONS = 50;
const BUDGET = { p99Ms: 100, ratio: 0.5, rssMb: 400 };
/** Issue 27's target for reads, against the bare endpoint in the same run (printed, not part of the budget's verdict). */
const TARGET = { ratio: 0.8, p99Ratio: 1.3 };
/** Backroom's default WEB_CONCURRENCY. */
const WORKERS = availableParallelism();
/** Ticks of /proc/<pid>/stat's CPU times (USER_HZ, 100 on Linux). */
const CLOCK_TICKS = 100;
const ROOT = fileURLToPath(new URL('..', import.meta.url));

type Database = 'sqlite' | 'postgres';

/** Starts a script in a process of its own (TypeScript through tsx). */
function startProcess(entry: string, env: NodeJS.ProcessEnv): ChildProcess {
  const loader = entry.endsWith('.ts') ? ['--import', 'tsx'] : [];
  return spawn(process.execPath, [...loader, entry], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/** Waits until `url` answers 200 (a minute at most). */
async function waitFor(url: string, init?: RequestInit): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url, init)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer in time`);
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    // A process ended by a signal has no exit code, only a signal code.
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

/** A process and all its descendants (the cluster's workers). */
function processTree(pid: number): number[] {
  const children = (p: number): number[] => {
    try {
      const ids = readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
      return ids.flatMap((id) => [id, ...children(id)]);
    } catch {
      return [];
    }
  };
  return [pid, ...children(pid)];
}

/** Resident memory of a process and its descendants, in MB. */
function treeRssMb(pid: number): number {
  let kb = 0;
  for (const id of processTree(pid)) {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${id}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // gone meanwhile
    }
  }
  return kb / 1024;
}

/** CPU seconds (user + system) spent so far by a process and its descendants. */
function treeCpuSeconds(pid: number): number {
  let ticks = 0;
  for (const id of processTree(pid)) {
    try {
      const fields = readFileSync(`/proc/${id}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone meanwhile
    }
  }
  return ticks / CLOCK_TICKS;
}

const loadAverage = () => loadavg()[0]!.toFixed(1);

interface LoadResult {
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  peakRssMb: number;
  cpuMsPerRequest: number;
  load: string;
}

/** One request of a run: to `path` under the server's origin, with the caller's token if any. */
interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: object;
  token?: string | null;
}

/** 50 connections for SECONDS against the server at `origin`, the n-th request `requestOf(n)`. */
async function drive(origin: string, requestOf: (n: number) => LoadRequest, pid: number): Promise<LoadResult> {
  let n = 0;
  const options = {
    url: origin,
    connections: CONNECTIONS,
    requests: [
      {
        setupRequest: (request: object) => {
          const { method, path, body, token } = requestOf(n++);
          return {
            ...request,
            method,
            path,
            headers: {
              ...(body ? { 'content-type': 'application/json' } : {}),
              ...(token ? { authorization: `Bearer ${token}` } : {}),
            },
            body: body ? JSON.stringify(body) : undefined,
          };
        },
      },
    ],
  };
  if (WARM_UP_SECONDS > 0) await autocannon({ ...options, duration: WARM_UP_SECONDS });
  let peakRssMb = 0;
  const loadBefore = loadAverage();
  const cpuBefore = treeCpuSeconds(pid);
  const sampler = setInterval(() => (peakRssMb = Math.max(peakRssMb, treeRssMb(pid))), 500);
  const result = await autocannon({ ...options, duration: SECONDS });
  clearInterval(sampler);
  const requests = result.requests.total;
  return {
    requests,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    peakRssMb,
    cpuMsPerRequest: ((treeCpuSeconds(pid) - cpuBefore) * 1000) / Math.max(1, requests),
    load: `${loadBefore}→${loadAverage()}`,
  };
}

/** The n-th body of the run: the shapes in turn, pages 1 to 5. */
const bodyOf = (bodies: ((n: number) => object)[], n: number) => ({
  Skip: (n % 5) * 10,
  Take: 10,
  ...bodies[n % bodies.length]!(n),
});

const report = (name: string, r: LoadResult) =>
  `${name.padEnd(16)} ${r.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  errors ${r.errors} (timeouts ${r.timeouts})  non-2xx ${r.non2xx}  peak RSS ${r.peakRssMb.toFixed(0)} MB  CPU ${r.cpuMsPerRequest.toFixed(2)} ms/request  load ${r.load}`;

/**
 * Statements as the same-work check compares them (Backroom's and the bare fetch's): SQL normalised
 * (identifiers unquoted, placeholders as `?`, lower case), parameters as JSON.
 */
const compared = (statements: readonly RecordedStatement[]) =>
  statements.map((s) => ({
    sql: s.sql.replace(/"/g, '').replace(/\$\d+/g, '?').replace(/\s+/g, ' ').trim().toLowerCase(),
    params: JSON.stringify(s.params),
  }));

/** The administrator signed in to the in-process app: the access token. */
async function signInInProcess(app: Awaited<ReturnType<typeof buildApp>>): Promise<string> {
  const login = await app.inject({
    method: 'POST',
    url: '/backoffice/core/api/Authentication/Login',
    payload: { userName: 'admin', password: 'Admin@123' },
  });
  return (login.json() as { data: { token: { accessToken: string } } }).data.token.accessToken;
}

/**
 * Before any load: for 20 bodies of each shape, Backroom (in-process, as the administrator) and the
 * bare fetch must run the same statements — from the capped count on, the session and privilege
 * reads before it being Backroom's own work — with the same parameters, and answer the same rows
 * (ids in order, labels) and total. Answers each shape's rows per page and the p50 of Backroom's
 * answer, one request at a time (the quick search's own budget: p50 ≤ 50 ms).
 */
async function checkSameWork(
  app: Awaited<ReturnType<typeof buildApp>>,
  database: Database,
  dataDir: string,
  databaseUrl: string | null,
  shapes: Record<string, (n: number) => object>,
): Promise<string[]> {
  const bare = bareConnect({
    databaseUrl: databaseUrl ?? undefined,
    sqliteFile: join(dataDir, 'backroom.db'),
    poolSize: 1,
  });
  const token = await signInInProcess(app);
  const summary: string[] = [];
  // One request first: what the process keeps between requests (the caller's outlets, read once per
  // access generation by the on-hand figure's row filter) is read once, not by the bodies compared.
  await app.inject({
    method: 'POST',
    url: '/backoffice/core/api/DataRepository/fetch/product',
    headers: { authorization: `Bearer ${token}` },
    payload: { Take: 10 },
  });
  try {
    for (const [name, shape] of Object.entries(shapes)) {
      let rows = 0;
      const times: number[] = [];
      for (let n = 0; n < 20; n++) {
        const body = { Skip: (n % 5) * 10, Take: 10, ...shape(n) };
        const started = performance.now();
        const { result: response, statements } = await record(() =>
          app.inject({
            method: 'POST',
            url: '/backoffice/core/api/DataRepository/fetch/product',
            headers: { authorization: `Bearer ${token}` },
            payload: body,
          }),
        );
        if (response.statusCode !== 200)
          throw new Error(`${database} ${name}: Backroom answered ${response.statusCode} ${response.body}`);
        times.push(performance.now() - started);
        const recorded = compared(statements);
        const ours = recorded.slice(recorded.findIndex((s) => s.sql.startsWith('select count(*)')));
        const bareRun = await record(() => bareFetch(bare.query, bare.postgres, body));
        const theirs = bareRun.result;
        const baseline = compared(bareRun.statements);
        const differs =
          ours.length !== baseline.length ||
          ours.some((s, i) => s.sql !== baseline[i]!.sql || s.params !== baseline[i]!.params);
        if (recorded.length === 0 || differs)
          throw new Error(
            `${database} ${name}: different statements for ${JSON.stringify(body)}\nBackroom: ${JSON.stringify(ours, null, 1)}\nbare: ${JSON.stringify(baseline, null, 1)}`,
          );
        const answer = response.json() as {
          data: { id: number; categoryLabel: string | null; uomLabel: string | null }[];
          totalCount: number;
        };
        const same =
          answer.totalCount === theirs.totalCount &&
          JSON.stringify(answer.data.map((r) => [r.id, r.categoryLabel, r.uomLabel])) ===
            JSON.stringify(theirs.data.map((r) => [Number(r.id), r.category_id_label, r.uom_id_label]));
        if (!same) throw new Error(`${database} ${name}: different answers for ${JSON.stringify(body)}`);
        rows += answer.data.length;
      }
      times.sort((a, b) => a - b);
      summary.push(
        `${name} ${(rows / 20).toFixed(1)} rows/page, Backroom alone p50 ${percentile(times, 50).toFixed(1)} ms`,
      );
    }
  } finally {
    await bare.close();
  }
  return summary;
}

/** Users of the console mix at once: sessions of their own, each checked by the server as any caller. */
const MIX_USERS = 5;

/**
 * The statements Backroom runs for each variant of the console mix (in-process, as the
 * administrator), once what the process keeps between requests is filled (a first pass): the
 * units the bare endpoint replays. Only reads are expected; a write, or an answer other than 200,
 * stops the bench.
 */
async function recordMix(app: Awaited<ReturnType<typeof buildApp>>, variants: readonly MixRequest[]) {
  const token = await signInInProcess(app);
  const send = (variant: MixRequest) =>
    app.inject({
      method: variant.method,
      url: `/backoffice/core/api${variant.path}`,
      headers: { authorization: `Bearer ${token}` },
      ...(variant.body ? { payload: variant.body } : {}),
    });
  for (const variant of variants) await send(variant);
  const units: RecordedStatement[][] = [];
  for (const variant of variants) {
    const { result, statements } = await record(() => send(variant));
    if (result.statusCode !== 200)
      throw new Error(`console mix: ${variant.method} ${variant.path} answered ${result.statusCode} ${result.body}`);
    const reads = withoutTransactionControl(statements);
    const write = reads.find((s) => !/^\s*(select|with)\b/i.test(s.sql));
    if (write) throw new Error(`console mix: ${variant.path} wrote: ${write.sql.slice(0, 200)}`);
    units.push(reads);
  }
  return units;
}

/** With BENCH_KEEP=1 the seeded database outlives the run and the next run with as many products starts from it. */
const KEEP = process.env.BENCH_KEEP === '1';

/** The database of a run: fresh, or with BENCH_KEEP the kept one of this size (created the first time). */
async function benchDatabase(
  database: Database,
): Promise<{ dataDir: string; postgres: { url: string; drop: () => Promise<void> } | null }> {
  if (!KEEP)
    return {
      dataDir: await mkdtemp(join(tmpdir(), 'backroom-http-')),
      postgres: database === 'postgres' ? await freshPostgres({ prefix: 'br_http' }) : null,
    };
  const dataDir = join(tmpdir(), `backroom-http-kept-${PRODUCTS}`);
  await mkdir(dataDir, { recursive: true });
  if (database === 'sqlite') return { dataDir, postgres: null };
  const name = `br_http_kept_${PRODUCTS}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    if ((await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 0)
      await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  return { dataDir, postgres: { url: url.toString(), drop: async () => undefined } };
}

async function run(database: Database): Promise<boolean> {
  const { dataDir, postgres } = await benchDatabase(database);
  const children: ChildProcess[] = [];
  try {
    const seedStarted = performance.now();
    // No job loop here: its statements would mix with the fetches the check records.
    const app = await buildApp({
      config: { dataDir, databaseUrl: postgres?.url ?? null, demo: true, demoCatalogue: false },
      logger: false,
      jobWorker: false,
    });
    const kept = KEEP ? await seededCategories(app.ctx.db as never, PRODUCTS) : null;
    const categoryIds = kept ?? (await seedProducts(app.ctx.db as never, database, PRODUCTS));
    console.log(
      `${database}: ${kept ? 'kept' : 'seeded'} ${PRODUCTS.toLocaleString('en')} products in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    );
    const shapes = fetchShapes(categoryIds);
    const mixFile = join(dataDir, 'console-mix.json');
    let mix: MixRequest[];
    try {
      const checked = await checkSameWork(app, database, dataDir, postgres?.url ?? null, shapes);
      console.log(
        `${database}: same statements, parameters and answers on both sides (20 bodies a shape): ${checked.join('; ')}`,
      );
      const productIds = await (app.ctx.db as never as Kysely<{ product: { id: number } }>)
        .selectFrom('product')
        .select('id')
        .orderBy('id')
        .offset(Math.floor(PRODUCTS / 3))
        .limit(12)
        .execute();
      mix = consoleMix(
        categoryIds,
        productIds.map((p) => Number(p.id)),
        PRODUCTS,
      );
      writeFileSync(mixFile, JSON.stringify(await recordMix(app, mix)));
    } finally {
      await app.close();
    }

    const bodies = Object.values(shapes);
    const dbEnv = postgres ? { DATABASE_URL: postgres.url } : { DATABASE_URL: '', DATA_DIR: dataDir };
    const backroomPort = await freePort();
    // As `npm start` serves: the server's bundle, one process per core, its defaults.
    const backroom = startProcess('packages/server/dist/main.mjs', {
      ...dbEnv,
      PORT: String(backroomPort),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DEMO_CATALOGUE: '0',
    });
    children.push(backroom);
    const origin = `http://127.0.0.1:${backroomPort}/backoffice/core`;
    await waitFor(`${origin}/health`);
    const tokens: string[] = [];
    for (let user = 0; user < MIX_USERS; user++) {
      const login = await fetch(`${origin}/api/Authentication/Login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userName: 'admin', password: 'Admin@123' }),
      });
      tokens.push(((await login.json()) as { data: { token: { accessToken: string } } }).data.token.accessToken);
    }
    const api = '/backoffice/core/api';
    const ours = await drive(
      `http://127.0.0.1:${backroomPort}`,
      (n) => ({
        method: 'POST',
        path: `${api}/DataRepository/fetch/product`,
        body: bodyOf(bodies, n),
        token: tokens[0],
      }),
      backroom.pid!,
    );
    const oursMix = await drive(
      `http://127.0.0.1:${backroomPort}`,
      (n) => {
        const variant = mix[n % mix.length]!;
        return { ...variant, path: `${api}${variant.path}`, token: tokens[n % tokens.length] };
      },
      backroom.pid!,
    );
    await stop(backroom);

    // The bare endpoint with one process, then with as many as Backroom's workers (each with Backroom's pool size on PostgreSQL).
    const baselines: [number, LoadResult][] = [];
    let bareMix: LoadResult | undefined;
    for (const processes of [1, WORKERS]) {
      const port = await freePort();
      const bare = startProcess('bench/support/bare-server.ts', {
        ...(postgres
          ? { DATABASE_URL: postgres.url }
          : { DATABASE_URL: '', BARE_SQLITE: join(dataDir, 'backroom.db') }),
        PORT: String(port),
        BARE_PROCESSES: String(processes),
        BARE_POOL: String(POOL_SETTINGS.max),
        BARE_REPLAY: mixFile,
      });
      children.push(bare);
      const bareOrigin = `http://127.0.0.1:${port}`;
      await waitFor(`${bareOrigin}/fetch/product`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      baselines.push([
        processes,
        await drive(
          bareOrigin,
          (n) => ({ method: 'POST', path: '/fetch/product', body: bodyOf(bodies, n) }),
          bare.pid!,
        ),
      ]);
      if (processes === WORKERS)
        bareMix = await drive(bareOrigin, (n) => ({ method: 'GET', path: `/replay/${n % mix.length}` }), bare.pid!);
      await stop(bare);
    }

    const [, baseline] = baselines.at(-1)!;
    const ratio = ours.requestsPerSecond / baseline.requestsPerSecond;
    console.log(
      `${database}: ${PRODUCTS.toLocaleString('en')} products, ${CONNECTIONS} connections, ${SECONDS} s each after ${WARM_UP_SECONDS} s of warm-up, shapes in turn: ${Object.keys(shapes).join('; ')}`,
    );
    console.log(`${database}: ${report(`Backroom ×${WORKERS}`, ours)}`);
    for (const [processes, result] of baselines) console.log(`${database}: ${report(`bare ×${processes}`, result)}`);
    const ok =
      ours.errors === 0 &&
      ours.non2xx === 0 &&
      ours.p99 <= BUDGET.p99Ms &&
      ratio >= BUDGET.ratio &&
      ours.peakRssMb <= BUDGET.rssMb;
    console.log(
      `${database}: ratio ${ratio.toFixed(2)}× the bare endpoint with ${WORKERS} processes (${(ours.requestsPerSecond / baselines[0]![1].requestsPerSecond).toFixed(2)}× with one); CPU per request ${(ours.cpuMsPerRequest / baseline.cpuMsPerRequest).toFixed(2)}× — ${ok ? 'within' : 'OVER'} budget (0 errors, p99 ≤ ${BUDGET.p99Ms} ms, ≥ ${BUDGET.ratio}×, RSS ≤ ${BUDGET.rssMb} MB)`,
    );
    const p99Ratio = ours.p99 / baseline.p99;
    const onTarget = ours.errors === 0 && ratio >= TARGET.ratio && p99Ratio <= TARGET.p99Ratio;
    console.log(
      `${database}: p99 ${p99Ratio.toFixed(2)}× the bare endpoint's — issue 27's target (≥ ${TARGET.ratio}× the throughput, p99 ≤ ${TARGET.p99Ratio}× the bare's, 0 errors) ${onTarget ? 'met' : 'NOT met'}`,
    );
    const kinds = [...new Set(mix.map((variant) => variant.kind))]
      .map((kind) => `${mix.filter((v) => v.kind === kind).length} ${kind}`)
      .join(', ');
    console.log(
      `${database}: console mix, ${MIX_USERS} sessions, ${mix.length} requests in turn (${kinds}); the bare endpoint replays the statements Backroom ran for each`,
    );
    console.log(`${database}: ${report(`Backroom ×${WORKERS}`, oursMix)}`);
    console.log(`${database}: ${report(`bare ×${WORKERS}`, bareMix!)}`);
    const mixRatio = oursMix.requestsPerSecond / bareMix!.requestsPerSecond;
    const mixP99Ratio = oursMix.p99 / bareMix!.p99;
    const mixOnTarget =
      oursMix.errors === 0 && oursMix.non2xx === 0 && mixRatio >= TARGET.ratio && mixP99Ratio <= TARGET.p99Ratio;
    console.log(
      `${database}: console mix ${mixRatio.toFixed(2)}× the bare endpoint's throughput, p99 ${mixP99Ratio.toFixed(2)}×, CPU per request ${(oursMix.cpuMsPerRequest / bareMix!.cpuMsPerRequest).toFixed(2)}× — issue 27's target ${mixOnTarget ? 'met' : 'NOT met'}`,
    );
    return ok && oursMix.errors === 0 && oursMix.non2xx === 0;
  } finally {
    for (const child of children) await stop(child);
    await postgres?.drop();
    if (!KEEP) await rm(dataDir, { recursive: true, force: true });
  }
}

const only = process.env.BENCH_ONLY;
const results: boolean[] = [];
if (only !== 'postgres') results.push(await run('sqlite'));
if (only !== 'sqlite' && process.env.DATABASE_URL) results.push(await run('postgres'));
process.exitCode = results.every(Boolean) ? 0 : 1;
