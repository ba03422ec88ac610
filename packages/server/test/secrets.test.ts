import { jwtVerify } from 'jose';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORDS } from './support/harness';
import { startTestServer, type TestServer } from './support/server';

const servers: TestServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

describe('the token signing secret', () => {
  it('is JWT_SECRET when configured', async () => {
    const jwtSecret = 'a-configured-secret-of-at-least-32-chars';
    const t = await startTestServer({ config: { jwtSecret } });
    servers.push(t);
    const { accessToken } = await t.login('admin', DEMO_PASSWORDS.admin);
    const { payload } = await jwtVerify(accessToken, new TextEncoder().encode(jwtSecret));
    expect(payload).toMatchObject({ sub: '1', role: 'Administrator', iss: 'backroom', aud: 'backroom-api' });
    expect(payload.exp! - payload.iat!).toBe(15 * 60);
    const stored = await t.server.app.ctx.db.selectFrom('server_secret').selectAll().execute();
    expect(stored).toEqual([]);
  });

  it('is generated once and kept in the database otherwise', async () => {
    const t = await startTestServer();
    servers.push(t);
    const [stored] = await t.server.app.ctx.db.selectFrom('server_secret').selectAll().execute();
    expect(stored?.value.length).toBeGreaterThanOrEqual(64);
    const { accessToken } = await t.login('admin', DEMO_PASSWORDS.admin);
    await expect(jwtVerify(accessToken, new TextEncoder().encode(stored!.value))).resolves.toBeTruthy();
  });
});

describe('outside demo mode', () => {
  it('seeds privileges, features and settings but no users', async () => {
    const t = await startTestServer({ config: { demo: false } });
    servers.push(t);
    const db = t.server.app.ctx.db;
    expect(await db.selectFrom('app_user').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('company').selectAll().execute()).toEqual([]);
    expect((await db.selectFrom('privilege').select('name').execute()).length).toBeGreaterThan(50);
    expect((await db.selectFrom('feature_switch').selectAll().execute()).every((f) => f.enabled === true)).toBe(true);
    expect((await db.selectFrom('app_setting').select('key').where('group_id', '=', 1).execute()).length).toBe(6);
    expect((await t.call('POST', '/Authentication/Login', { body: { userName: 'admin', password: DEMO_PASSWORDS.admin } })).status).toBe(401);
  });
});

describe('access token lifetime', () => {
  it('expires access tokens after the configured time; the refresh token still works', async () => {
    const t = await startTestServer({ config: { accessTokenTtlSeconds: 1 } });
    servers.push(t);
    // The server's clock stands still until moved, so a slow machine cannot expire the token early.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      const pair = await t.login('cashier', DEMO_PASSWORDS.cashier);
      expect((await t.call('GET', '/authentication/Me', { token: pair.accessToken })).status).toBe(200);
      vi.setSystemTime(Date.now() + 2100);
      expect((await t.call('GET', '/authentication/Me', { token: pair.accessToken })).status).toBe(401);
      const refreshed = await t.call<{ token: { accessToken: string } }>('POST', '/Authentication/RefreshToken', { body: pair });
      expect(refreshed.status).toBe(200);
      expect((await t.call('GET', '/authentication/Me', { token: refreshed.body.data.token.accessToken })).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });
});
