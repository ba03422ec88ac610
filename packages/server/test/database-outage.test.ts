import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anyDb } from '../src/data/store';
import { startSignedIn, type SignedInServer } from './support/harness';
import { startPrivatePostgres, type PrivatePostgres } from './support/private-postgres';
import { database } from './support/server';

interface Answer {
  sentAt: number;
  status: number;
  body: unknown;
  retryAfter: string | null;
}

/** Process-level failures while the test runs: what would have killed a real server. */
function watchCrashes() {
  const crashes: unknown[] = [];
  const record = (error: unknown) => crashes.push(error);
  process.on('uncaughtException', record);
  process.on('unhandledRejection', record);
  return {
    crashes,
    stop: () => {
      process.off('uncaughtException', record);
      process.off('unhandledRejection', record);
    },
  };
}

const UNAVAILABLE = { resultCode: 503, message: expect.any(String), data: null, requestId: expect.any(String) };

describe.runIf(database === 'postgres')('a PostgreSQL restart under load', () => {
  let cluster: PrivatePostgres | undefined;
  let t: SignedInServer | undefined;

  beforeAll(async () => {
    cluster = await startPrivatePostgres();
    process.env.JOB_WORKER = '1';
    process.env.JOB_POLL_MS = '100';
    process.env.JOB_SCHEDULE_MS = '300';
    // A run cut off by the outage is taken up again as soon as its lease runs out.
    process.env.JOB_LEASE_MS = '1000';
    try {
      t = await startSignedIn({ users: ['admin'], config: { databaseUrl: cluster.url } });
    } finally {
      delete process.env.JOB_WORKER;
      delete process.env.JOB_POLL_MS;
      delete process.env.JOB_SCHEDULE_MS;
      delete process.env.JOB_LEASE_MS;
    }
  });

  afterAll(async () => {
    try {
      await t?.close();
    } finally {
      await cluster?.destroy();
    }
  });

  it('answers 503 while the database is down and 200 within 5 s of its return, without crashing', async () => {
    const server = t!;
    const pg = cluster!;
    const watch = watchCrashes();
    const answers: Answer[] = [];
    let writes = 0;
    const requests = [
      () => server.post('/DataRepository/fetch/supplier', { Take: 5 }),
      () =>
        server.post('/DataRepository/Insert/supplier', { code: `OUT${++writes}`, name: `Outage supplier ${writes}` }),
      () => server.call('GET', `${server.origin}/backoffice/core/health`),
    ];
    let loading = true;
    const client = async (n: number) => {
      for (let i = n; loading; i++) {
        const sentAt = Date.now();
        const res = await requests[i % requests.length]!();
        answers.push({ sentAt, status: res.status, body: res.body, retryAfter: res.headers.get('retry-after') });
        await sleep(10);
      }
    };
    const clients = Array.from({ length: 6 }, (_, n) => client(n));

    try {
      await expect.poll(() => answers.length, { timeout: 10_000 }).toBeGreaterThan(12);
      // Answers are pushed as they arrive, so the ones counted here all came before the stop; a
      // timestamp cannot tell, since an answer may arrive in the very millisecond of stoppedAt.
      const answeredBeforeStop = answers.length;
      const stoppedAt = Date.now();
      await pg.stop();
      await expect
        .poll(() => answers.filter((a) => a.sentAt > stoppedAt && a.status === 503).length, { timeout: 10_000 })
        .toBeGreaterThan(10);
      const health = await server.call('GET', `${server.origin}/backoffice/core/health`);
      expect(health.status).toBe(503);
      expect(health.body).toEqual({
        resultCode: 503,
        message: 'Database unreachable',
        data: null,
        requestId: expect.any(String),
      });

      await pg.start();
      const startedAt = Date.now();
      await sleep(7000);
      loading = false;
      await Promise.all(clients);

      const wrong = answers.filter((a) => a.status !== 200 && a.status !== 503);
      expect(wrong, JSON.stringify(wrong.slice(0, 3))).toEqual([]);
      for (const a of answers.filter((a) => a.status === 503)) {
        expect(a.body).toEqual(UNAVAILABLE);
        expect(a.retryAfter).toBe('5');
      }
      const before = answers.slice(0, answeredBeforeStop);
      expect(before.length).toBeGreaterThan(12);
      expect(before.filter((a) => a.status !== 200)).toEqual([]);
      const firstBack = answers.find((a) => a.sentAt >= startedAt && a.status === 200);
      expect(firstBack!.sentAt - startedAt).toBeLessThan(5000);
      const late = answers.filter((a) => a.sentAt >= startedAt + 5000);
      expect(late.length).toBeGreaterThan(10);
      expect(late.filter((a) => a.status !== 200)).toEqual([]);
      expect(watch.crashes.map(String)).toEqual([]);

      expect((await server.call('GET', `${server.origin}/backoffice/core/health`)).status).toBe(200);
      // The job worker came through as well: it finished runs after the restart.
      const runs = await anyDb(server.server.app.ctx)
        .selectFrom('job')
        .select('updated_at')
        .where('status', '=', 'done')
        .execute();
      expect(runs.some((r) => Date.parse(r.updated_at) > startedAt)).toBe(true);
    } finally {
      loading = false;
      await Promise.allSettled(clients);
      watch.stop();
    }
  }, 40_000);
});

describe.runIf(database === 'sqlite')('a SQLite database locked by another process', () => {
  let t: SignedInServer | undefined;
  beforeAll(async () => {
    t = await startSignedIn({ users: ['admin'] });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 503 once the wait for the write lock runs out, and writes again afterwards', async () => {
    const server = t!;
    const other = new BetterSqlite3(join(server.server.app.ctx.config.dataDir, 'backroom.db'));
    try {
      other.exec('BEGIN IMMEDIATE');
      const locked = await server.post('/DataRepository/Insert/supplier', { code: 'LOCK1', name: 'Locked out' });
      expect(locked.status).toBe(503);
      expect(locked.body).toEqual(UNAVAILABLE);
      expect(locked.headers.get('retry-after')).toBe('5');
      // Readers are not blocked by a writer in WAL mode.
      expect((await server.post('/DataRepository/fetch/supplier', {})).status).toBe(200);
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    const written = await server.post('/DataRepository/Insert/supplier', { code: 'LOCK1', name: 'Written' });
    expect(written.status).toBe(200);
  }, 20_000);
});
