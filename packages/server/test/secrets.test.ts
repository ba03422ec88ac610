import { createHmac } from 'node:crypto';
import { jwtVerify } from 'jose';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORDS } from './support/harness';
import { startTestServer, type TestServer } from './support/server';

const servers: TestServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

/** The key tokens are signed with: the secret, bound to the deployment id kept in the database. */
async function tokenKey(t: TestServer, secret: string): Promise<Uint8Array> {
  const deployment = await t.server.app.ctx.db
    .selectFrom('server_secret')
    .select('value')
    .where('name', '=', 'deployment')
    .executeTakeFirstOrThrow();
  return createHmac('sha256', secret).update(`backroom-token-key:${deployment.value}`).digest();
}

describe('the token signing secret', () => {
  it('is JWT_SECRET when configured, bound to the deployment', async () => {
    const jwtSecret = 'a-configured-secret-of-at-least-32-chars';
    const t = await startTestServer({ config: { jwtSecret } });
    servers.push(t);
    const { accessToken } = await t.login('admin', DEMO_PASSWORDS.admin);
    const { payload } = await jwtVerify(accessToken, await tokenKey(t, jwtSecret));
    expect(payload).toMatchObject({ sub: '1', role: 'Administrator', iss: 'backroom', aud: 'backroom-api' });
    expect(payload.exp! - payload.iat!).toBe(15 * 60);
    await expect(jwtVerify(accessToken, new TextEncoder().encode(jwtSecret))).rejects.toThrow();
    const stored = await t.server.app.ctx.db.selectFrom('server_secret').select('name').execute();
    expect(stored).toEqual([{ name: 'deployment' }]);
  });

  it('is generated once and kept in the database otherwise', async () => {
    const t = await startTestServer();
    servers.push(t);
    const stored = await t.server.app.ctx.db
      .selectFrom('server_secret')
      .select('value')
      .where('name', '=', 'jwt')
      .executeTakeFirst();
    expect(stored?.value.length).toBeGreaterThanOrEqual(64);
    const { accessToken } = await t.login('admin', DEMO_PASSWORDS.admin);
    await expect(jwtVerify(accessToken, await tokenKey(t, stored!.value))).resolves.toBeTruthy();
  });
});

describe('two deployments sharing JWT_SECRET', () => {
  const jwtSecret = 'one-secret-copied-into-two-deployments-config';

  it('refuse each other’s access and refresh tokens; a second server on the same database accepts them', async () => {
    const [a, b] = await Promise.all([
      startTestServer({ config: { jwtSecret } }),
      startTestServer({ config: { jwtSecret } }),
    ]);
    servers.push(a, b);
    const onA = await a.login('admin', DEMO_PASSWORDS.admin);
    expect((await a.call('GET', '/authentication/Me', { token: onA.accessToken })).status).toBe(200);
    // Same user id, same session id, same secret: only the deployment differs.
    await b.login('admin', DEMO_PASSWORDS.admin);
    const [me, fetched, refreshed] = await Promise.all([
      b.call('GET', '/authentication/Me', { token: onA.accessToken }),
      b.call('POST', '/DataRepository/fetch/user', { token: onA.accessToken, body: {} }),
      b.call('POST', '/Authentication/RefreshToken', { body: onA }),
    ]);
    expect([me.status, fetched.status, refreshed.status]).toEqual([401, 401, 401]);

    const { databaseUrl, dataDir } = a.server.app.ctx.config;
    const sibling = await startTestServer({ config: { jwtSecret, databaseUrl, dataDir } });
    servers.push(sibling);
    expect((await sibling.call('GET', '/authentication/Me', { token: onA.accessToken })).status).toBe(200);
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
    expect(
      (await t.call('POST', '/Authentication/Login', { body: { userName: 'admin', password: DEMO_PASSWORDS.admin } }))
        .status,
    ).toBe(401);
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
      const refreshed = await t.call<{ token: { accessToken: string } }>('POST', '/Authentication/RefreshToken', {
        body: pair,
      });
      expect(refreshed.status).toBe(200);
      expect((await t.call('GET', '/authentication/Me', { token: refreshed.body.data.token.accessToken })).status).toBe(
        200,
      );
    } finally {
      vi.useRealTimers();
    }
  });
});
