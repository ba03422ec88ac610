import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POOL_SETTINGS } from '../src/db/connect';
import { READINESS_TIMEOUT_MS } from '../src/info/routes';
import { startSignedIn, type SignedInServer } from './support/harness';
import { database } from './support/server';

/**
 * A long-held lock on a hot row: another connection (a stuck job, an administrator's open psql
 * session) holds a supplier's row lock, or on SQLite the writer, while the API is called.
 */
const LOCK_MS = 1_000;

const timed = async <T>(call: () => Promise<T>) => {
  const started = Date.now();
  const answer = await call();
  return { answer, ms: Date.now() - started };
};

describe('a row held locked by another connection', () => {
  let t: SignedInServer;
  let supplier: { id: number; version: number };

  beforeAll(async () => {
    t = await startSignedIn({
      users: ['admin'],
      config: { databaseTimeouts: { lockMs: LOCK_MS, statementMs: 10_000 } },
    });
    const res = await t.post('/DataRepository/Insert/supplier', { code: 'HOT', name: 'Hot row' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    supplier = res.body.data as { id: number; version: number };
  });

  afterAll(async () => {
    await t?.close();
  });

  /** Holds the lock (the row on PostgreSQL, the writer on SQLite) until the returned function is called. */
  async function holdLock(): Promise<() => Promise<void>> {
    if (database === 'postgres') {
      const client = new pg.Client({ connectionString: t.server.app.ctx.config.databaseUrl! });
      await client.connect();
      await client.query('begin');
      await client.query('select id from supplier where id = $1 for update', [supplier.id]);
      return async () => {
        await client.query('rollback');
        await client.end();
      };
    }
    const other = new BetterSqlite3(join(t.server.app.ctx.config.dataDir, 'backroom.db'));
    other.exec('begin immediate');
    return async () => {
      other.exec('rollback');
      other.close();
    };
  }

  const write = (name: string) =>
    t.post('/DataRepository/Update/supplier', { id: supplier.id, version: supplier.version, name });

  it('refuses the blocked writes with 503 and Retry-After after the lock timeout, while the health check and unrelated reads answer', async () => {
    const release = await holdLock();
    try {
      // Reads while the lock is held: they wait for nothing.
      const live = await timed(() => t.call('GET', `${t.origin}/backoffice/core/health/live`));
      expect(live.answer.status).toBe(200);
      expect(live.ms).toBeLessThan(1_500);
      const ready = await timed(() => t.call('GET', `${t.origin}/backoffice/core/health`));
      expect(ready.answer.status).toBe(200);
      expect(ready.ms).toBeLessThan(READINESS_TIMEOUT_MS + 1_000);
      const home = await timed(() => t.get('/home/Summary'));
      expect(home.answer.status, JSON.stringify(home.answer.body)).toBe(200);
      expect(home.ms).toBeLessThan(3_000);

      // More blocked writers than the pool has connections (PostgreSQL); SQLite's writer waits its busy_timeout.
      const writers = database === 'postgres' ? POOL_SETTINGS.max + 2 : 3;
      const started = Date.now();
      const blocked = Promise.all(Array.from({ length: writers }, (_, i) => timed(() => write(`Blocked ${i}`))));
      // Probes sent while the writers wait: the liveness check never needs the database.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const probes = await Promise.all([
        timed(() => t.call('GET', `${t.origin}/backoffice/core/health/live`)),
        timed(() => t.call('GET', `${t.origin}/backoffice/core/health`)),
        timed(() => t.get('/home/Summary')),
      ]);
      const answers = await blocked;
      for (const { answer, ms } of answers) {
        expect(answer.status, JSON.stringify(answer.body)).toBe(503);
        expect(answer.body).toEqual({
          resultCode: 503,
          message: expect.any(String),
          data: null,
          requestId: expect.any(String),
        });
        expect(answer.headers.get('retry-after')).toBe('5');
        expect(ms).toBeGreaterThanOrEqual(LOCK_MS - 50);
      }
      // They gave up after the configured lock timeout: on PostgreSQL, without one, they would wait as
      // long as the lock is held (here: until the test releases it); SQLite's default wait is 5 s.
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(Math.min(...answers.map((a) => a.ms))).toBeLessThan(4_000);
      const [liveDuring, readyDuring, homeDuring] = probes;
      if (database === 'postgres') expect(liveDuring!.ms).toBeLessThan(1_500);
      expect(liveDuring!.answer.status).toBe(200);
      // Readiness answers within its own limit: 200, or 503 when every connection is taken.
      expect([200, 503]).toContain(readyDuring!.answer.status);
      expect(readyDuring!.ms).toBeLessThan(READINESS_TIMEOUT_MS + 1_500);
      expect(homeDuring!.answer.status, JSON.stringify(homeDuring!.answer.body)).toBe(200);
      expect(homeDuring!.ms).toBeLessThan(10_000);
    } finally {
      await release();
    }
    // The lock gone, the write goes through.
    const after = await write('After the lock');
    expect(after.status, JSON.stringify(after.body)).toBe(200);
  });
});
