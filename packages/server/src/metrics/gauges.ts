import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Gauge } from 'prom-client';
import { poolOf } from '../db/connect';
import { registry } from './registry';

/** The apps of this process whose database the gauges read at scrape time (tests run several in one process). */
const apps = new Set<FastifyInstance>();

/** The gauges read `app`'s database and pool while it runs. */
export function watchApp(app: FastifyInstance): void {
  apps.add(app);
  app.addHook('onClose', async () => {
    apps.delete(app);
  });
}

const fileSize = (path: string) => {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
};

/**
 * How long a scrape waits for one app's database. A pool busy with requests queues the gauges' reads
 * behind them: under 200 requests at once on PostgreSQL a worker's answer to its primary took over
 * 10 s, failing the whole scrape (test/metrics.test.ts).
 */
const DATABASE_READ_MS = 2_000;

/**
 * Reads each app's figures and gives them to `use`. A scrape must not fail on a database that does
 * not answer, or not in time: the gauge is left empty and the error logged, and a read that comes
 * back late is dropped (it would land in a later scrape's figures).
 */
async function eachApp<T>(read: (app: FastifyInstance) => Promise<T> | T, use: (value: T) => void): Promise<void> {
  for (const app of apps) {
    let timer: NodeJS.Timeout | undefined;
    try {
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`the database did not answer within ${DATABASE_READ_MS / 1000} s`)),
          DATABASE_READ_MS,
        );
      });
      use(await Promise.race([Promise.resolve().then(() => read(app)), late]));
    } catch (error) {
      app.log.warn({ err: error }, 'metrics: reading the database failed');
    } finally {
      clearTimeout(timer);
    }
  }
}

/** The job states the gauge counts: those a job leaves. Finished ones are `backroom_job_runs_total`'s. */
const UNFINISHED = ['queued', 'running'] as const;

/**
 * Unfinished jobs by kind and state: one grouped read on the status index, so its cost follows the
 * queue, not the history of finished jobs, which the table keeps (backups are recorded as done jobs).
 */
export const unfinishedJobCounts = (app: FastifyInstance) =>
  app.ctx.db
    .selectFrom('job')
    .select(({ fn }) => ['kind', 'status', fn.countAll<number>().as('count')])
    .where('status', 'in', UNFINISHED)
    .groupBy(['kind', 'status']);

new Gauge({
  name: 'backroom_jobs',
  help: 'Unfinished jobs in the queue by kind and state: queued, running (read at scrape time; finished ones: backroom_job_runs_total)',
  labelNames: ['kind', 'state'] as const,
  aggregator: 'max',
  registers: [registry],
  async collect() {
    this.reset();
    await eachApp(
      (app) => unfinishedJobCounts(app).execute(),
      (rows) => {
        for (const row of rows) this.inc({ kind: row.kind, state: row.status }, Number(row.count));
      },
    );
  },
});

new Gauge({
  name: 'backroom_job_oldest_queued_age_seconds',
  help: 'Age of the oldest job due to run and still queued, by kind; absent when none waits',
  labelNames: ['kind'] as const,
  aggregator: 'max',
  registers: [registry],
  async collect() {
    this.reset();
    const now = new Date();
    await eachApp(
      (app) =>
        app.ctx.db
          .selectFrom('job')
          .select(({ fn }) => ['kind', fn.min('run_after').as('due')])
          .where('status', '=', 'queued')
          .where('run_after', '<=', now.toISOString())
          .groupBy('kind')
          .execute(),
      (rows) => {
        for (const row of rows) {
          const age = Math.max(0, (now.getTime() - Date.parse(String(row.due))) / 1000);
          this.set({ kind: row.kind }, age);
        }
      },
    );
  },
});

new Gauge({
  name: 'backroom_db_pool_connections',
  help: 'PostgreSQL pool connections by state: total (open), idle, waiting (requests waiting for a connection)',
  labelNames: ['state'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    await eachApp(
      (app) => poolOf(app.ctx.db),
      (pool) => {
        if (!pool) return;
        this.inc({ state: 'total' }, pool.totalCount);
        this.inc({ state: 'idle' }, pool.idleCount);
        this.inc({ state: 'waiting' }, pool.waitingCount);
      },
    );
  },
});

new Gauge({
  name: 'backroom_db_sqlite_file_bytes',
  help: 'SQLite: the database file and its write-ahead log; a WAL that keeps growing means checkpoints cannot finish',
  labelNames: ['file'] as const,
  aggregator: 'max',
  registers: [registry],
  async collect() {
    this.reset();
    await eachApp(
      (app) => (app.ctx.dialect === 'sqlite' ? join(app.ctx.config.dataDir, 'backroom.db') : undefined),
      (db) => {
        if (db === undefined) return;
        this.set({ file: 'database' }, fileSize(db));
        this.set({ file: 'wal' }, fileSize(`${db}-wal`));
      },
    );
  },
});
