import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '@backroom/server';
import type { InjectOptions } from 'fastify';
import { freshPostgres } from '../../packages/server/test/support/postgres';
import { cpuClock, record, type RecordedStatement } from './floor';

/** Where a bench's floor connects (support/floor.ts): the server's SQLite file or its PostgreSQL database. */
export interface FloorTarget {
  sqliteFile: string;
  databaseUrl: string | null;
}

export type BenchDatabase = 'sqlite' | 'postgres';
type BenchApp = Awaited<ReturnType<typeof buildApp>>;

/**
 * Runs a bench on a fresh demo server over SQLite, then over PostgreSQL when DATABASE_URL is set
 * (`BENCH_ONLY=sqlite|postgres`: one of them), each removed afterwards; the exit code says whether every run kept its budget. `jobWorker: false`
 * keeps the job loop from running beside the measured work.
 */
export async function benchEachDatabase(
  bench: (app: BenchApp, database: BenchDatabase, target: FloorTarget) => Promise<boolean>,
  options: { jobWorker?: boolean } = {},
): Promise<void> {
  const run = async (database: BenchDatabase) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'backroom-bench-'));
    const postgres = database === 'postgres' ? await freshPostgres({ prefix: 'br_bench' }) : null;
    const app = await buildApp({
      config: { dataDir, databaseUrl: postgres?.url ?? null, demo: true },
      logger: false,
      jobWorker: options.jobWorker,
    });
    try {
      return await bench(app, database, {
        sqliteFile: join(dataDir, 'backroom.db'),
        databaseUrl: postgres?.url ?? null,
      });
    } finally {
      await app.close();
      await postgres?.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  };
  const only = process.env.BENCH_ONLY;
  const results = only === 'postgres' ? [] : [await run('sqlite')];
  if (process.env.DATABASE_URL && only !== 'sqlite') results.push(await run('postgres'));
  process.exitCode = results.every(Boolean) ? 0 : 1;
}

/** Signs the demo administrator in through `app.inject`: their bearer header. */
export async function adminHeaders(app: BenchApp): Promise<{ authorization: string }> {
  const login = await app.inject({
    method: 'POST',
    url: '/backoffice/core/api/Authentication/Login',
    payload: { userName: 'admin', password: 'Admin@123' },
  });
  return { authorization: `Bearer ${login.json().data.token.accessToken as string}` };
}

/**
 * Sends `request(n)` warm-ups + samples times in turn, each answer checked for a 200; the sorted
 * times of the samples (the warm-ups left out).
 */
export async function timeRequests(
  app: BenchApp,
  shape: string,
  counts: { samples: number; warmUps: number },
  request: (n: number) => InjectOptions,
): Promise<number[]> {
  return (await timeRecordedRequests(app, shape, counts, request)).times;
}

/**
 * As `timeRequests`, and the statements each sample ran at the driver (for its floor,
 * support/floor.ts) and the process's CPU per sample (ms, `cpuClock`).
 */
export async function timeRecordedRequests(
  app: BenchApp,
  shape: string,
  { samples, warmUps }: { samples: number; warmUps: number },
  request: (n: number) => InjectOptions,
): Promise<{ times: number[]; units: RecordedStatement[][]; cpuMs: number }> {
  const times: number[] = [];
  const units: RecordedStatement[][] = [];
  let cpu = () => 0;
  for (let n = 0; n < samples + warmUps; n++) {
    if (n === warmUps) cpu = cpuClock();
    const t0 = performance.now();
    const { result: response, statements } = await record(() => app.inject(request(n)));
    const elapsed = performance.now() - t0;
    if (response.statusCode !== 200) throw new Error(`${shape}: ${response.statusCode} ${response.body}`);
    if (n >= warmUps) {
      times.push(elapsed);
      units.push(statements);
    }
  }
  return { times: times.sort((a, b) => a - b), units, cpuMs: cpu() / samples };
}
