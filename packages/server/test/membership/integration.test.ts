import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestServer, type Row } from '../support/harness';

const allowed = useTestServer({ users: ['admin', 'manager'], config: { allowPrivateTargets: true } });

/** A local provider that records what it was sent. */
let receiver: Server;
let seen: IncomingHttpHeaders[] = [];
let answer = 200;
let local = '';

beforeAll(async () => {
  receiver = createServer((req, res) => {
    seen.push(req.headers);
    res.writeHead(answer, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  local = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/members/ping`;
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

const test = (body: Row, token?: string) => allowed.post<{ ok: boolean; status: number | null; message: string }>('/membershipintegration/TestConnection', body, token);

describe('membership integration settings', () => {
  it('keeps the API key secret: stored encrypted, answered masked', async () => {
    const saved = await allowed.post('/DataRepository/Insert/membershipintegrationsettings', { provider: 'LoyaltyHub', endpoint: local, apiKey: 'sk_live_abcdef123456', syncDirection: 'both', enabled: true });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.apiKey).toBe('••••3456');
    const [row] = (await allowed.post<Row[]>('/DataRepository/fetch/membershipintegrationsettings', {})).body.data;
    expect(row!.apiKey).toBe('••••3456');
    const stored = await allowed.server.app.ctx.db.selectFrom('membership_integration_settings' as never).selectAll().executeTakeFirst();
    expect(JSON.stringify(stored)).not.toContain('sk_live_abcdef123456');
  });

  it('tests the connection with the saved key, or the one typed', async () => {
    seen = [];
    const res = await test({});
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ ok: true, status: 200 });
    expect(seen[0]!.authorization).toBe('Bearer sk_live_abcdef123456');
    await test({ endpoint: local, apiKey: '••••3456' });
    expect(seen[1]!.authorization).toBe('Bearer sk_live_abcdef123456');
    await test({ endpoint: local, apiKey: 'sk_test_new_key_999' });
    expect(seen[2]!.authorization).toBe('Bearer sk_test_new_key_999');
  });

  it('says what the provider answered, and when nothing answers', async () => {
    answer = 401;
    expect((await test({})).body.data).toMatchObject({ ok: false, status: 401, message: 'The provider refused the API key (401)' });
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

describe('without the setting that allows private addresses', () => {
  const strict = useTestServer({ users: ['admin'] });
  it('refuses loopback, private and link-local targets, by name too', async () => {
    for (const endpoint of [local, 'http://10.1.2.3/', 'http://169.254.169.254/latest/meta-data', 'http://[::1]:8080/', 'http://localhost/', 'http://[::ffff:127.0.0.1]/']) {
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
