import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestServer, type Row } from '../support/harness';

const allowed = useTestServer({ users: ['admin', 'manager'], config: { allowPrivateTargets: true } });

/** A local provider that records what it was sent, and an attacker's listener that does the same. */
let receiver: Server;
let seen: IncomingHttpHeaders[] = [];
let answer = 200;
let local = '';
let thief: Server;
let stolen: IncomingHttpHeaders[] = [];
let elsewhere = '';

const listen = async (record: (headers: IncomingHttpHeaders) => void) => {
  const server = createServer((req, res) => {
    record(req.headers);
    res.writeHead(answer, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
};

beforeAll(async () => {
  const home = await listen((headers) => seen.push(headers));
  receiver = home.server;
  local = `http://127.0.0.1:${home.port}/members/ping`;
  const other = await listen((headers) => stolen.push(headers));
  thief = other.server;
  elsewhere = `http://127.0.0.1:${other.port}/collect`;
});
afterAll(async () => {
  for (const server of [receiver, thief]) await new Promise<void>((resolve) => server.close(() => resolve()));
});

const test = (body: Row, token?: string) =>
  allowed.post<{ ok: boolean; status: number | null; message: string }>(
    '/membershipintegration/TestConnection',
    body,
    token,
  );

describe('membership integration settings', () => {
  it('keeps the API key secret: stored encrypted, answered masked', async () => {
    const saved = await allowed.post('/DataRepository/Insert/membershipintegrationsettings', {
      provider: 'LoyaltyHub',
      endpoint: local,
      apiKey: 'sk_live_abcdef123456',
      syncDirection: 'both',
      enabled: true,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.apiKey).toBe('••••');
    const [row] = (await allowed.post<Row[]>('/DataRepository/fetch/membershipintegrationsettings', {})).body.data;
    expect(row!.apiKey).toBe('••••');
    const stored = await allowed.server.app.ctx.db
      .selectFrom('membership_integration_settings' as never)
      .selectAll()
      .executeTakeFirst();
    expect(JSON.stringify(stored)).not.toContain('sk_live_abcdef123456');
  });

  it('tests the connection with the saved key, or the one typed', async () => {
    seen = [];
    const res = await test({});
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ ok: true, status: 200 });
    expect(seen[0]!.authorization).toBe('Bearer sk_live_abcdef123456');
    await test({ endpoint: local, apiKey: '••••' });
    expect(seen[1]!.authorization).toBe('Bearer sk_live_abcdef123456');
    await test({ endpoint: local, apiKey: 'sk_test_new_key_999' });
    expect(seen[2]!.authorization).toBe('Bearer sk_test_new_key_999');
  });

  it('says what the provider answered, and when nothing answers', async () => {
    answer = 401;
    expect((await test({})).body.data).toMatchObject({
      ok: false,
      status: 401,
      message: 'The provider refused the API key (401)',
    });
    answer = 200;
    const closed = await test({ endpoint: 'http://127.0.0.1:1/' });
    expect(closed.body.data).toMatchObject({ ok: false, status: null });
    expect(closed.body.data.message).toMatch(/^Could not connect/);
  });

  it('refuses what is not a web address, and needs edit rights', async () => {
    const ftp = await test({ endpoint: 'ftp://127.0.0.1/' });
    expect(ftp.status).toBe(400);
    expect(ftp.body.errors![0]!.field).toBe('endpoint');
    expect((await test({}, allowed.tokens.manager)).status).toBe(403);
  });
});

describe('the saved API key stays with its endpoint', () => {
  const settingsRow = async () =>
    (await allowed.post<Row[]>('/DataRepository/fetch/membershipintegrationsettings', {})).body.data[0]!;

  it('is not sent to a typed address, whether the key comes back masked or blank', async () => {
    stolen = [];
    const masked = await test({ endpoint: elsewhere, apiKey: '••••' });
    expect(masked.status).toBe(200);
    expect(masked.body.data.message).toMatch(/no API key was sent: the saved one goes only to the saved endpoint/);
    const blank = await test({ endpoint: elsewhere });
    expect(blank.status).toBe(200);
    expect(stolen).toHaveLength(2);
    for (const headers of stolen) expect(headers.authorization).toBeUndefined();
    const typed = await test({ endpoint: elsewhere, apiKey: 'sk_typed_for_the_new_one' });
    expect(typed.status).toBe(200);
    expect(stolen[2]!.authorization).toBe('Bearer sk_typed_for_the_new_one');
  });

  it('refuses a new endpoint saved with the masked key, naming the key; saves it with the key typed again', async () => {
    const row = await settingsRow();
    const moved = await allowed.post('/DataRepository/Update/membershipintegrationsettings', {
      id: row.id,
      version: row.version,
      endpoint: elsewhere,
      apiKey: '••••',
    });
    expect(moved.status).toBe(400);
    expect(moved.body.errors![0]!.field).toBe('apiKey');
    const blank = await allowed.post('/DataRepository/Update/membershipintegrationsettings', {
      id: row.id,
      version: row.version,
      endpoint: elsewhere,
    });
    expect(blank.status).toBe(400);
    expect(blank.body.errors![0]!.field).toBe('apiKey');
    expect(await settingsRow()).toMatchObject({ endpoint: row.endpoint, version: row.version });
    stolen = [];
    await test({});
    expect(stolen).toEqual([]);

    const retyped = await allowed.post<Row>('/DataRepository/Update/membershipintegrationsettings', {
      id: row.id,
      version: row.version,
      endpoint: elsewhere,
      apiKey: 'sk_for_the_new_home',
    });
    expect(retyped.status, JSON.stringify(retyped.body)).toBe(200);
    await test({});
    expect(stolen.map((h) => h.authorization)).toEqual(['Bearer sk_for_the_new_home']);
    const back = await allowed.post('/DataRepository/Update/membershipintegrationsettings', {
      id: row.id,
      version: retyped.body.data.version,
      endpoint: local,
      apiKey: 'sk_live_abcdef123456',
    });
    expect(back.status).toBe(200);
  });

  it('holds on the batch path too: a webhook moved to another address without its secret', async () => {
    const hook = await allowed.post<Row>('/DataRepository/Insert/webhook', {
      name: 'Orders out',
      url: local,
      events: ['product.changed'],
      secret: 'a-webhook-secret-of-some-length',
      enabled: false,
    });
    expect(hook.status, JSON.stringify(hook.body)).toBe(200);
    expect(hook.body.data.secret).toBe('••••');
    const moved = await allowed.post('/DataRepository/bulkupdate/webhook', [
      { id: hook.body.data.id, version: hook.body.data.version, url: elsewhere, secret: '••••' },
    ]);
    expect(moved.status).toBe(400);
    expect(moved.body.errors![0]!.field).toBe('0.secret');
    const renamed = await allowed.post('/DataRepository/bulkupdate/webhook', [
      { id: hook.body.data.id, version: hook.body.data.version, name: 'Orders, renamed', secret: '••••' },
    ]);
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
  });
});

describe('without the setting that allows private addresses', () => {
  const strict = useTestServer({ users: ['admin'] });
  it('refuses loopback, private and link-local targets, by name too', async () => {
    for (const endpoint of [
      local,
      'http://10.1.2.3/',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]:8080/',
      'http://localhost/',
      'http://[::ffff:127.0.0.1]/',
    ]) {
      const res = await strict.post<Row>('/membershipintegration/TestConnection', { endpoint });
      expect(res.status, endpoint).toBe(400);
      expect(res.body.errors![0]!.field).toBe('endpoint');
    }
    expect(seen.length).toBeGreaterThan(0);
    const before = seen.length;
    await strict.post('/membershipintegration/TestConnection', { endpoint: local });
    expect(seen.length).toBe(before);
  });
});
