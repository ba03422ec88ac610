import pg from 'pg';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestServer } from './support/harness';
import { database } from './support/server';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids', () => {
  const t = useTestServer({ users: ['admin'] });

  it('names every answer, success or error, and an error envelope by the same id', async () => {
    const version = await t.call('GET', '/Info/Version');
    expect(version.status).toBe(200);
    expect(version.headers.get('x-request-id')).toMatch(UUID);

    const unsigned = await t.call('GET', '/Authentication/Me');
    expect(unsigned.status).toBe(401);
    expect(unsigned.headers.get('x-request-id')).toMatch(UUID);
    expect(unsigned.body.requestId).toBe(unsigned.headers.get('x-request-id'));

    const missing = await t.call('GET', `${t.origin}/nowhere/at/all`);
    expect(missing.status).toBe(404);
    expect(missing.body.requestId).toBe(missing.headers.get('x-request-id'));

    const again = await t.call('GET', '/Info/Version');
    expect(again.headers.get('x-request-id')).not.toBe(version.headers.get('x-request-id'));
  });

  it('keeps a sane incoming X-Request-Id and replaces anything else', async () => {
    const given = 'lb-7f3a.2026:11_27-00ff';
    const echoed = await t.call('POST', '/Authentication/Login', {
      body: { userName: 'admin', password: 'wrong' },
      headers: { 'x-request-id': given },
    });
    expect(echoed.status).toBe(401);
    expect(echoed.headers.get('x-request-id')).toBe(given);
    expect(echoed.body.requestId).toBe(given);

    for (const hostile of ['<script>alert(1)</script>', 'a'.repeat(65), 'two words', 'x"; drop', '']) {
      const res = await t.call('GET', '/Authentication/Me', { headers: { 'x-request-id': hostile } });
      expect(res.headers.get('x-request-id'), hostile).toMatch(UUID);
      expect(res.body.requestId).toBe(res.headers.get('x-request-id'));
    }
  });
});

describe('liveness and readiness', () => {
  const t = useTestServer();
  const health = (what: string) => t.call('GET', `${t.origin}/backoffice/core/health${what}`);

  it('is live and ready on a current database', async () => {
    expect((await health('/live')).status).toBe(200);
    const ready = await health('/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.data).toEqual({ database: 'ok', migrations: 'current' });
    expect(ready.headers.get('x-request-id')).toMatch(UUID);
  });

  it('is not ready while a migration is pending, and ready again once it is applied; live throughout', async () => {
    const { db } = t.server.app.ctx;
    const last = await sql<{
      name: string;
      timestamp: string;
    }>`select name, timestamp from kysely_migration order by name desc limit 1`.execute(db);
    const row = last.rows[0]!;
    await sql`delete from kysely_migration where name = ${row.name}`.execute(db);
    try {
      const pending = await health('/ready');
      expect(pending.status).toBe(503);
      expect(pending.body.message).toBe('Migrations pending');
      expect(pending.body.requestId).toBe(pending.headers.get('x-request-id'));
      expect((await health('/live')).status).toBe(200);
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${row.name}, ${row.timestamp})`.execute(db);
    }
    expect((await health('/ready')).status).toBe(200);
  });

  it.runIf(database === 'postgres')(
    'is not ready while PostgreSQL refuses connections to its database; live throughout',
    async () => {
      const url = new URL(t.server.app.ctx.config.databaseUrl!);
      const name = url.pathname.slice(1);
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      try {
        await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
        await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
        await expect.poll(async () => (await health('/ready')).status, { timeout: 10_000 }).toBe(503);
        const down = await health('/ready');
        expect(down.body).toMatchObject({ resultCode: 503, message: 'Database unreachable' });
        expect(down.headers.get('retry-after')).toBe('5');
        expect((await health('/live')).status).toBe(200);
      } finally {
        await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
        await admin.end();
      }
      await expect.poll(async () => (await health('/ready')).status, { timeout: 10_000 }).toBe(200);
    },
    30_000,
  );
});
