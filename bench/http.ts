/**
 * Budget (DESIGN.md, issue 7): `fetch/product` over HTTP with 50 connections from a second process —
 * 0 errors, p99 ≤ 100 ms, throughput ≥ 0.5× a bare Fastify + driver endpoint running the same SQL on
 * the same database in the same run, server RSS ≤ 400 MB under that load.
 *
 * Seeds 1,000,000 products into a fresh database, starts Backroom as `npm start` does (its own
 * processes, the built console not needed), starts the bare baseline (support/bare-server.ts) on the
 * same database, and drives each with autocannon from this process: the three filter + sort shapes of
 * bench/fetch.ts and a quick search by part of a name, in turn, 50 connections, 30 s each server.
 *
 *   npm run bench:http -w @backroom/bench            # SQLite, and PostgreSQL when DATABASE_URL is set
 *   BENCH_PRODUCTS=100000 BENCH_SECONDS=10 npm run bench:http -w @backroom/bench
 */
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '@backroom/server';
import autocannon from 'autocannon';
import { freshPostgres } from '../packages/server/test/support/postgres';
import { fetchShapes, seedProducts } from './support/products';

execSync('npm run build -w @backroom/server', { stdio: 'inherit', cwd: fileURLToPath(new URL('..', import.meta.url)) });

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const CONNECTIONS = 50;
const BUDGET = { p99Ms: 100, ratio: 0.5, rssMb: 400 };
const ROOT = fileURLToPath(new URL('..', import.meta.url));

type Database = 'sqlite' | 'postgres';

/** A port nobody listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Starts a script in a process of its own (TypeScript through tsx). */
function startProcess(entry: string, env: NodeJS.ProcessEnv): ChildProcess {
  const loader = entry.endsWith('.ts') ? ['--import', 'tsx'] : [];
  return spawn(process.execPath, [...loader, entry], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
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

const stop = (child: ChildProcess) => new Promise<void>((resolve) => {
  if (child.exitCode !== null) return resolve();
  child.once('exit', () => resolve());
  child.kill('SIGTERM');
});

/** Resident memory of a process and all its descendants (the cluster's workers), in MB. */
function treeRssMb(pid: number): number {
  const children = (p: number): number[] => {
    try {
      const ids = readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
      return ids.flatMap((id) => [id, ...children(id)]);
    } catch {
      return [];
    }
  };
  let kb = 0;
  for (const id of [pid, ...children(pid)]) {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${id}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // gone meanwhile
    }
  }
  return kb / 1024;
}

interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  peakRssMb: number;
}

/** 50 connections for SECONDS against `url`, the bodies cycling through the shapes. */
async function drive(url: string, token: string | null, bodies: ((n: number) => object)[], pid: number): Promise<LoadResult> {
  let n = 0;
  let peakRssMb = 0;
  const sampler = setInterval(() => (peakRssMb = Math.max(peakRssMb, treeRssMb(pid))), 500);
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    requests: [
      {
        setupRequest: (request) => {
          const i = n++;
          return { ...request, body: JSON.stringify({ Skip: (i % 5) * 10, Take: 10, ...bodies[i % bodies.length]!(i) }) };
        },
      },
    ],
  });
  clearInterval(sampler);
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    peakRssMb,
  };
}

const report = (name: string, r: LoadResult) =>
  `${name.padEnd(10)} ${r.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  errors ${r.errors}  non-2xx ${r.non2xx}  peak RSS ${r.peakRssMb.toFixed(0)} MB`;

async function run(database: Database): Promise<boolean> {
  const dataDir = await mkdtemp(join(tmpdir(), 'backroom-http-'));
  const postgres = database === 'postgres' ? await freshPostgres({ prefix: 'br_http' }) : null;
  const children: ChildProcess[] = [];
  try {
    const seedStarted = performance.now();
    const app = await buildApp({ config: { dataDir, databaseUrl: postgres?.url ?? null, demo: true, demoCatalogue: false }, logger: false });
    const categoryIds = await seedProducts(app.ctx.db as never, database, PRODUCTS);
    await app.close();
    console.log(`${database}: seeded ${PRODUCTS.toLocaleString('en')} products in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

    const bodies = Object.values(fetchShapes(categoryIds));
    const [backroomPort, barePort] = [await freePort(), await freePort()];
    const dbEnv = postgres ? { DATABASE_URL: postgres.url } : { DATABASE_URL: '', DATA_DIR: dataDir };
    // As `npm start` serves: the server's bundle, one process per core, its defaults.
    const backroom = startProcess('packages/server/dist/main.mjs', { ...dbEnv, PORT: String(backroomPort), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DEMO_CATALOGUE: '0' });
    children.push(backroom);
    const origin = `http://127.0.0.1:${backroomPort}/backoffice/core`;
    await waitFor(`${origin}/health`);
    const login = await fetch(`${origin}/api/Authentication/Login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName: 'admin', password: 'Admin@123' }) });
    const token = ((await login.json()) as { data: { token: { accessToken: string } } }).data.token.accessToken;
    const ours = await drive(`${origin}/api/DataRepository/fetch/product`, token, bodies, backroom.pid!);
    await stop(backroom);

    const bare = startProcess('bench/support/bare-server.ts', { ...(postgres ? { DATABASE_URL: postgres.url } : { BARE_SQLITE: join(dataDir, 'backroom.db') }), PORT: String(barePort) });
    children.push(bare);
    const bareUrl = `http://127.0.0.1:${barePort}/fetch/product`;
    await waitFor(bareUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    const baseline = await drive(bareUrl, null, bodies, bare.pid!);

    const ratio = ours.requestsPerSecond / baseline.requestsPerSecond;
    console.log(`${database}: ${PRODUCTS.toLocaleString('en')} products, ${CONNECTIONS} connections, ${SECONDS} s each, shapes in turn: ${Object.keys(fetchShapes(categoryIds)).join('; ')}`);
    console.log(`${database}: ${report('Backroom', ours)}`);
    console.log(`${database}: ${report('bare', baseline)}`);
    const ok = ours.errors === 0 && ours.non2xx === 0 && ours.p99 <= BUDGET.p99Ms && ratio >= BUDGET.ratio && ours.peakRssMb <= BUDGET.rssMb;
    console.log(
      `${database}: ratio ${ratio.toFixed(2)}× the bare endpoint — ${ok ? 'within' : 'OVER'} budget (0 errors, p99 ≤ ${BUDGET.p99Ms} ms, ≥ ${BUDGET.ratio}×, RSS ≤ ${BUDGET.rssMb} MB)`,
    );
    return ok;
  } finally {
    for (const child of children) await stop(child);
    await postgres?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const results = [await run('sqlite')];
if (process.env.DATABASE_URL) results.push(await run('postgres'));
process.exitCode = results.every(Boolean) ? 0 : 1;
