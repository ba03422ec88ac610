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

/** A scrape must not fail on a database that does not answer: the gauge is left empty and the error logged. */
async function eachApp(work: (app: FastifyInstance) => Promise<void> | void): Promise<void> {
  for (const app of apps) {
    try {
      await work(app);
    } catch (error) {
      app.log.warn({ err: error }, 'metrics: reading the database failed');
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
    await eachApp(async (app) => {
      for (const row of await unfinishedJobCounts(app).execute()) {
        this.inc({ kind: row.kind, state: row.status }, Number(row.count));
      }
    });
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
    await eachApp(async (app) => {
      const rows = await app.ctx.db
        .selectFrom('job')
        .select(({ fn }) => ['kind', fn.min('run_after').as('due')])
        .where('status', '=', 'queued')
        .where('run_after', '<=', now.toISOString())
        .groupBy('kind')
        .execute();
      for (const row of rows) {
        const age = Math.max(0, (now.getTime() - Date.parse(String(row.due))) / 1000);
        this.set({ kind: row.kind }, age);
      }
    });
  },
});

new Gauge({
  name: 'backroom_db_pool_connections',
  help: 'PostgreSQL pool connections by state: total (open), idle, waiting (requests waiting for a connection)',
  labelNames: ['state'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    await eachApp((app) => {
      const pool = poolOf(app.ctx.db);
      if (!pool) return;
      this.inc({ state: 'total' }, pool.totalCount);
      this.inc({ state: 'idle' }, pool.idleCount);
      this.inc({ state: 'waiting' }, pool.waitingCount);
    });
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
    await eachApp((app) => {
      if (app.ctx.dialect !== 'sqlite') return;
      const db = join(app.ctx.config.dataDir, 'backroom.db');
      this.set({ file: 'database' }, fileSize(db));
      this.set({ file: 'wal' }, fileSize(`${db}-wal`));
    });
  },
});
