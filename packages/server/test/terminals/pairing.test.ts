import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer, type Row } from '../support/harness';
import { insert } from '../pricing/shop';
import { asTerminal, getRow, openTills, pairedTerminal, pairingCode, type TillWorld } from './support';

const t = useTestServer({ users: ['admin', 'cashier'] });
let world: TillWorld;

beforeAll(async () => {
  world = await openTills(t);
});

describe('pairing', () => {
  it('trades a one-time code for a terminal token, once', async () => {
    const terminal = await insert(t, 'pointofsale', { code: 'PAIR1', name: 'Till', outlet: world.outlet.id });
    const code = await pairingCode(t, terminal.id);
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const first = await t.call<{ terminalToken: string }>('POST', '/pointofsale/Pair', {
      body: { code: code.toLowerCase(), deviceId: 'dev-pair-1' },
    });
    expect(first.status).toBe(200);
    expect(first.body.data.terminalToken.length).toBeGreaterThanOrEqual(40);
    const again = await t.call('POST', '/pointofsale/Pair', { body: { code, deviceId: 'dev-pair-1' } });
    expect(again.status).toBe(400);
    expect(again.body.errors?.[0]?.field).toBe('code');
    // Stored hashed: the token is in no table as given.
    const stored = await t.server.app.ctx.db
      .selectFrom('terminal_token' as never)
      .selectAll()
      .execute();
    expect(JSON.stringify(stored)).not.toContain(first.body.data.terminalToken);
    const row = await getRow(t, 'pointofsale', terminal.id);
    expect(row.deviceId).toBe('dev-pair-1');
  });

  it('gives one token for a code redeemed many times at once', async () => {
    const terminal = await insert(t, 'pointofsale', { code: 'PAIR2', name: 'Till', outlet: world.outlet.id });
    const code = await pairingCode(t, terminal.id);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.call('POST', '/pointofsale/Pair', { body: { code, deviceId: `dev-race-${i}` } }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(9);
  });

  it('refuses a wrong or missing code and names the field', async () => {
    expect((await t.call('POST', '/pointofsale/Pair', { body: { code: 'AAAA-AAAA', deviceId: 'x' } })).status).toBe(
      400,
    );
    const missing = await t.call('POST', '/pointofsale/Pair', { body: { code: 'AAAA-AAAA' } });
    expect(missing.status).toBe(400);
    expect(missing.body.errors?.[0]?.field).toBe('deviceId');
  });

  it('needs the right to edit terminals to pair one', async () => {
    const terminal = await insert(t, 'pointofsale', { code: 'PAIR3', name: 'Till', outlet: world.outlet.id });
    const res = await t.post(
      '/DataRepository/Execute/pointofsale',
      { action: 'pair', ids: [terminal.id] },
      t.tokens.cashier,
    );
    expect([401, 403]).toContain(res.status);
  });
});

describe('terminal tokens', () => {
  it('open terminal calls only, and user tokens open no terminal call', async () => {
    const { token } = await pairedTerminal(t, world.outlet.id);
    expect((await asTerminal(t, token, 'POST', '/pointofsale/Heartbeat', {})).status).toBe(200);
    // A terminal token on user routes.
    expect((await asTerminal(t, token, 'POST', '/DataRepository/fetch/product', {})).status).toBe(401);
    expect(
      (
        await t.call('POST', '/DataRepository/fetch/product', {
          body: {},
          headers: { authorization: `Bearer ${token}` },
        })
      ).status,
    ).toBe(401);
    // A user token on terminal routes.
    expect((await t.post('/pointofsale/Heartbeat', {}, t.tokens.admin)).status).toBe(401);
    expect((await asTerminal(t, t.tokens.admin, 'POST', '/pointofsale/Heartbeat', {})).status).toBe(401);
    expect((await t.get('/pointofsale/Catalogue', t.tokens.admin)).status).toBe(401);
    expect((await t.call('POST', '/pointofsale/Sales', { body: {} })).status).toBe(401);
  });

  it('stop working when the terminal is unpaired, or paired again', async () => {
    const { terminal, token } = await pairedTerminal(t, world.outlet.id);
    const res = await t.post('/DataRepository/Execute/pointofsale', { action: 'unpair', ids: [terminal.id] });
    expect(res.status).toBe(200);
    expect((await asTerminal(t, token, 'POST', '/pointofsale/Heartbeat', {})).status).toBe(401);
    expect((await getRow(t, 'pointofsale', terminal.id)).deviceId).toBeNull();

    const code = await pairingCode(t, terminal.id);
    const fresh = (
      await t.call<{ terminalToken: string }>('POST', '/pointofsale/Pair', { body: { code, deviceId: 'dev-again' } })
    ).body.data.terminalToken;
    const next = await pairingCode(t, terminal.id);
    await t.call('POST', '/pointofsale/Pair', { body: { code: next, deviceId: 'dev-again' } });
    expect((await asTerminal(t, fresh, 'POST', '/pointofsale/Heartbeat', {})).status).toBe(401);
  });

  it('are bound to the outlet the terminal was paired in', async () => {
    const { terminal, token } = await pairedTerminal(t, world.outlet.id);
    const row = await getRow(t, 'pointofsale', terminal.id);
    expect((await t.post('/DataRepository/Update/pointofsale', { ...row, outlet: world.otherOutlet.id })).status).toBe(
      200,
    );
    expect((await asTerminal(t, token, 'POST', '/pointofsale/Heartbeat', {})).status).toBe(401);
  });
});

describe('heartbeat, catalogue and commands', () => {
  it('keeps what the terminal reports and counts its pending commands', async () => {
    const { terminal, token } = await pairedTerminal(t, world.outlet.id);
    const beat = await asTerminal<{ serverTime: string; commands: number }>(
      t,
      token,
      'POST',
      '/pointofsale/Heartbeat',
      { appVersion: '2.4.1', lastSyncAt: '2026-01-02T03:04:05Z', unsentTransactions: 3 },
    );
    expect(beat.status).toBe(200);
    expect(beat.body.data.commands).toBe(0);
    expect(Date.parse(beat.body.data.serverTime)).toBeGreaterThan(Date.now() - 60_000);
    const row = await getRow(t, 'pointofsale', terminal.id);
    expect(row).toMatchObject({ appVersion: '2.4.1', lastSyncAt: '2026-01-02T03:04:05.000Z', unsentTransactions: 3 });
    expect(row.lastSeenAt).toBeTruthy();
    const bad = await asTerminal(t, token, 'POST', '/pointofsale/Heartbeat', { unsentTransactions: -1 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('unsentTransactions');
  });

  it('delivers an app command once and takes its acknowledgement', async () => {
    const a = await pairedTerminal(t, world.outlet.id);
    const b = await pairedTerminal(t, world.outlet.id);
    const command = await insert(t, 'appcommand', {
      command: 'syncCatalogue',
      targetTerminals: [a.terminal.id, b.terminal.id],
    });
    expect(
      (await asTerminal<{ commands: number }>(t, a.token, 'POST', '/pointofsale/Heartbeat', {})).body.data.commands,
    ).toBe(1);
    const taken = await asTerminal<Row[]>(t, a.token, 'GET', '/pointofsale/Commands');
    expect(taken.body.data).toEqual([expect.objectContaining({ id: command.id, command: 'syncCatalogue' })]);
    expect((await asTerminal<Row[]>(t, a.token, 'GET', '/pointofsale/Commands')).body.data).toEqual([]);
    const ack = await asTerminal(t, a.token, 'POST', `/pointofsale/Commands/${String(command.id)}/Ack`, {
      status: 'failed',
      message: 'No network',
    });
    expect(ack.status).toBe(200);
    expect(
      (await asTerminal(t, a.token, 'POST', `/pointofsale/Commands/${String(command.id)}/Ack`, { status: 'done' }))
        .status,
    ).toBe(409);
    expect((await asTerminal(t, a.token, 'POST', `/pointofsale/Commands/999999/Ack`, { status: 'done' })).status).toBe(
      404,
    );
    expect(
      (await asTerminal(t, a.token, 'POST', `/pointofsale/Commands/${String(command.id)}/Ack`, { status: 'maybe' }))
        .status,
    ).toBe(400);
    const row = await getRow(t, 'appcommand', command.id);
    const statuses = row.terminalStatuses as Row[];
    expect(statuses.find((s) => s.pointOfSale === a.terminal.id)).toMatchObject({
      status: 'failed',
      message: 'No network',
    });
    expect(statuses.find((s) => s.pointOfSale === b.terminal.id)).toMatchObject({ status: 'pending' });

    // Adding a target on an edit gives it a pending status and keeps the others' outcomes.
    const c = await pairedTerminal(t, world.outlet.id);
    expect(
      (
        await t.post('/DataRepository/Update/appcommand', {
          ...row,
          targetTerminals: [a.terminal.id, b.terminal.id, c.terminal.id],
        })
      ).status,
    ).toBe(200);
    const edited = (await getRow(t, 'appcommand', command.id)).terminalStatuses as Row[];
    expect(edited.map((s) => [s.pointOfSale, s.status])).toEqual([
      [a.terminal.id, 'failed'],
      [b.terminal.id, 'pending'],
      [c.terminal.id, 'pending'],
    ]);
  });

  it('sends the catalogue, then only what changed since the cursor', async () => {
    const { token } = await pairedTerminal(t, world.outlet.id);
    // The cursor looks back 5 s (rows committing just after it was taken): let the shop's rows age past that.
    await new Promise((r) => setTimeout(r, 5_500));
    const full = await asTerminal<Row>(t, token, 'GET', '/pointofsale/Catalogue');
    expect(full.status).toBe(200);
    const products = full.body.data.products as Row[];
    expect(products.map((p) => p.id)).toEqual(
      expect.arrayContaining([world.products.coffee!.id, world.products.tea!.id]),
    );
    expect(full.body.data.paymentModes).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: world.cash.id })]),
    );
    expect(full.body.data.terminal).toHaveLength(1);
    const cursor = String(full.body.data.cursor);
    await new Promise((r) => setTimeout(r, 5_500));
    const tea = await getRow(t, 'product', world.products.tea!.id);
    expect((await t.post('/DataRepository/Update/product', { ...tea, name: 'Green tea' })).status).toBe(200);
    const delta = await asTerminal<Row>(t, token, 'GET', `/pointofsale/Catalogue?since=${encodeURIComponent(cursor)}`);
    expect((delta.body.data.products as Row[]).map((p) => p.name)).toEqual(['Green tea']);
    expect(delta.body.data.paymentModes).toEqual([]);
    expect((await asTerminal(t, token, 'GET', '/pointofsale/Catalogue?since=yesterday')).status).toBe(400);
  }, 30_000);
});

describe('GET /pointofsale/Status', () => {
  it('lists terminals online by their last heartbeat, and paired or not', async () => {
    const { terminal } = await pairedTerminal(t, world.outlet.id);
    const quiet = await insert(t, 'pointofsale', { code: 'QUIET', name: 'Quiet till', outlet: world.outlet.id });
    const live = await pairedTerminal(t, world.outlet.id);
    await asTerminal(t, live.token, 'POST', '/pointofsale/Heartbeat', { appVersion: '9.9.9' });
    const res = await t.get<{ terminals: Row[]; onlineMinutes: number }>('/pointofsale/Status');
    expect(res.status).toBe(200);
    const byId = new Map(res.body.data.terminals.map((x) => [x.id, x]));
    expect(byId.get(live.terminal.id)).toMatchObject({ paired: true, online: true, appVersion: '9.9.9' });
    expect(byId.get(terminal.id)).toMatchObject({ paired: true, online: false });
    expect(byId.get(quiet.id)).toMatchObject({ paired: false, online: false });
    expect((await t.get('/pointofsale/Status', t.tokens.cashier)).status).toBe(403);
    expect((await asTerminal(t, live.token, 'GET', '/pointofsale/Status')).status).toBe(401);
  });
});
