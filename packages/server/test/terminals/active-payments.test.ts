import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer, type Row } from '../support/harness';
import { insert } from '../pricing/shop';
import { roleKit } from '../support/roles';

const t = useTestServer({ users: ['admin'] });
let mine: Row;
let theirs: Row;
let theirTill: Row;

/** The codes of this test's modes an address answers, in the order it gives them. */
async function codes(path: string, token?: string, method = 'GET') {
  const res = await t.call<Row[]>(method, path, {
    token: token ?? t.tokens.admin,
    body: method === 'GET' ? undefined : {},
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.map((m) => m.code).filter((code) => String(code).startsWith('AP-'));
}

beforeAll(async () => {
  mine = await insert(t, 'outlet', { code: 'APMINE', name: 'Mine' });
  theirs = await insert(t, 'outlet', { code: 'APTHEIRS', name: 'Theirs' });
  theirTill = await insert(t, 'pointofsale', { code: 'APPOS', name: 'Their till', outlet: theirs.id });
  const gateway = (code: string, more: Row) =>
    insert(t, 'paymentgateway', { code, name: code, provider: 'test', ...more });
  const onlyMine = await gateway('APG-MINE', { outlets: [mine.id] });
  const everywhere = await gateway('APG-ALL', {});
  const off = await gateway('APG-OFF', { isActive: false });
  await insert(t, 'paymentmode', {
    code: 'AP-WALLET',
    name: 'Wallet',
    kind: 'eWallet',
    paymentGateway: everywhere.id,
    sortOrder: 3,
  });
  await insert(t, 'paymentmode', {
    code: 'AP-CARD',
    name: 'Card',
    kind: 'card',
    paymentGateway: onlyMine.id,
    sortOrder: 2,
  });
  await insert(t, 'paymentmode', { code: 'AP-CASH', name: 'Cash', kind: 'cash', sortOrder: 1 });
  await insert(t, 'paymentmode', {
    code: 'AP-GATEWAY-OFF',
    name: 'Via a switched-off gateway',
    kind: 'card',
    paymentGateway: off.id,
    sortOrder: 1,
  });
  await insert(t, 'paymentmode', {
    code: 'AP-RETIRED',
    name: 'Retired',
    kind: 'voucher',
    isActive: false,
    sortOrder: 1,
  });
});

describe('ActivePayment: the payment modes a till of an outlet offers', () => {
  it('answers the active modes whose gateway is active and serves the outlet, in till order, by either method', async () => {
    expect(await codes(`/ActivePayment/Outlet/${mine.id}`)).toEqual(['AP-CASH', 'AP-CARD', 'AP-WALLET']);
    expect(await codes(`/ActivePayment/Outlet/${theirs.id}`, undefined, 'POST')).toEqual(['AP-CASH', 'AP-WALLET']);
  });

  it("answers a terminal's from its outlet", async () => {
    expect(await codes(`/ActivePayment/Terminal/${theirTill.id}`)).toEqual(['AP-CASH', 'AP-WALLET']);
  });

  it('refuses an id that is no id (400 naming it) and answers a missing row 404', async () => {
    const bad = await t.get('/ActivePayment/Outlet/abc');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([expect.objectContaining({ field: 'id' })]);
    expect((await t.get('/ActivePayment/Outlet/999999')).status).toBe(404);
    expect((await t.get('/ActivePayment/Terminal/999999')).status).toBe(404);
  });

  it('answers a user limited to one outlet for another outlet, or its terminal, as for a missing one', async () => {
    const kit = roleKit(t);
    const { accessToken } = await kit.signedInUser(await kit.roleId('ADMIN'), { outlets: [mine.id] });
    expect(await codes(`/ActivePayment/Outlet/${mine.id}`, accessToken)).toEqual(['AP-CASH', 'AP-CARD', 'AP-WALLET']);
    for (const [kind, id] of [
      ['Outlet', theirs.id],
      ['Terminal', theirTill.id],
    ] as const) {
      const hidden = await t.call('GET', `/ActivePayment/${kind}/${id}`, { token: accessToken });
      const missing = await t.call('GET', `/ActivePayment/${kind}/999999`, { token: accessToken });
      expect(hidden.status).toBe(404);
      expect(hidden.body.message!.replace(String(id), 'N')).toBe(missing.body.message!.replace('999999', 'N'));
    }
  });

  it('is refused (403) to a role that may not view payment modes, and to no one signed in (401)', async () => {
    const kit = roleKit(t);
    const { accessToken } = await kit.signedInUser(await kit.newRole(null));
    expect((await t.call('GET', `/ActivePayment/Outlet/${mine.id}`, { token: accessToken })).status).toBe(403);
    expect((await t.call('GET', `/ActivePayment/Outlet/${mine.id}`, { token: '' })).status).toBe(401);
  });
});
