import { beforeAll, describe, expect, it } from 'vitest';
import { anyDb } from '../../src/data/store';
import { runMembershipExpiry, expiredPoints } from '../../src/modules/membership/expiry';
import { post } from '../../src/modules/membership/points';
import { useTestServer, type Row } from '../support/harness';
import { insert } from '../pricing/shop';

const t = useTestServer({ users: ['admin'] });
const act = (action: string, id: unknown, body: Row = {}) =>
  t.post<Row>('/DataRepository/Execute/membership', { action, ids: [id], ...body });
const memberRow = async (id: unknown) =>
  (
    await t.post<Row[]>('/DataRepository/fetch/membership', {
      filters: [{ ColumnName: 'id', ColumnValue: id, Operator: 'EQ' }],
    })
  ).body.data[0]!;
const ledgerOf = async (id: unknown) =>
  (
    await t.post<Row[]>('/DataRepository/fetch/pointsledger', {
      Take: 100,
      sorts: [{ ColumnName: 'id', Direction: 'asc' }],
      filters: [{ ColumnName: 'membership', ColumnValue: id, Operator: 'EQ' }],
    })
  ).body.data;

let silver: Row;
let gold: Row;
let n = 0;
const newMember = (more: Row = {}) =>
  insert(t, 'membership', { memberNo: `P${++n}`, name: `Member ${n}`, membershipGroup: silver.id, ...more });

beforeAll(async () => {
  silver = await insert(t, 'membershipgroup', {
    code: 'SILVER',
    name: 'Silver',
    pointsPerUnitSpent: '1',
    validityMonths: 12,
  });
  gold = await insert(t, 'membershipgroup', {
    code: 'GOLD',
    name: 'Gold',
    pointsPerUnitSpent: '2',
    upgradeThreshold: '1000.00',
    validityMonths: 24,
  });
  await insert(t, 'membershipgroup', {
    code: 'PLAT',
    name: 'Platinum',
    pointsPerUnitSpent: '3',
    upgradeThreshold: '5000.00',
  });
});

describe('the points ledger', () => {
  it('adjusts and redeems through ledger rows, the balance moving with them', async () => {
    const m = await newMember();
    expect((await act('adjustPoints', m.id, { points: '100.50', reason: 'Welcome bonus' })).status).toBe(200);
    expect((await act('redeemPoints', m.id, { points: '30', reference: 'R-1' })).status).toBe(200);
    expect((await memberRow(m.id)).pointsBalance).toBe('70.50');
    expect((await ledgerOf(m.id)).map((r) => [r.kind, r.points, r.reason, r.reference])).toEqual([
      ['adjust', '100.50', 'Welcome bonus', null],
      ['redeem', '-30.00', 'Redeemed', 'R-1'],
    ]);
  });

  it('never lets the balance go below zero, nor a form write it', async () => {
    const m = await newMember();
    await act('adjustPoints', m.id, { points: '10', reason: 'Start' });
    const over = await act('redeemPoints', m.id, { points: '10.01' });
    expect(over.status).toBe(409);
    expect(over.body.errors).toEqual([
      { field: 'points', message: 'Not enough points: the member cannot go below zero' },
    ]);
    expect((await act('adjustPoints', m.id, { points: '-11', reason: 'Oops' })).status).toBe(409);
    expect((await act('adjustPoints', m.id, { points: '5' })).body.errors![0]!.field).toBe('reason');
    const written = await t.post('/DataRepository/Update/membership', {
      id: m.id,
      version: m.version,
      pointsBalance: '9999.00',
    });
    expect(written.status).toBe(200);
    expect((await memberRow(m.id)).pointsBalance).toBe('10.00');
    expect(await ledgerOf(m.id)).toHaveLength(1);
  });

  it('parallel redemptions never overdraw', async () => {
    const m = await newMember();
    await act('adjustPoints', m.id, { points: '100', reason: 'Start' });
    const results = await Promise.all(
      Array.from({ length: 14 }, (_, i) => act('redeemPoints', m.id, { points: '10', reference: `P-${i}` })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    expect(results.filter((r) => r.status === 409)).toHaveLength(4);
    expect((await memberRow(m.id)).pointsBalance).toBe('0.00');
    expect((await ledgerOf(m.id)).filter((r) => r.kind === 'redeem')).toHaveLength(10);
  });

  it('earns by the group’s rate, with an expiry day from its validity months', async () => {
    const m = await newMember();
    const res = await act('earnPoints', m.id, { spend: '45.90', reference: 'S-1' });
    expect(res.body.data).toMatchObject({ points: 4590, upgraded: false });
    const [row] = await ledgerOf(m.id);
    expect(row).toMatchObject({ kind: 'earn', points: '45.90', reference: 'S-1' });
    const today = new Date().toISOString().slice(0, 10);
    expect(row!.expiresOn).toBe(`${Number(today.slice(0, 4)) + 1}${today.slice(4)}`);
    expect((await memberRow(m.id)).totalSpend).toBe('45.90');
  });

  it('moves a member up to the highest group their spend reaches, never down', async () => {
    const m = await newMember();
    await act('earnPoints', m.id, { spend: '600.00' });
    expect((await memberRow(m.id)).membershipGroup).toBe(silver.id);
    const up = await act('earnPoints', m.id, { spend: '500.00' });
    expect(up.body.data).toMatchObject({ upgraded: true, group: gold.id });
    expect((await memberRow(m.id)).membershipGroup).toBe(gold.id);
    await act('earnPoints', m.id, { spend: '1.00' });
    expect((await memberRow(m.id)).membershipGroup).toBe(gold.id);
  });

  it('a new member’s expiry date comes from the group’s validity months', async () => {
    const m = await newMember({ joinDate: '2024-01-31' });
    expect(m.expiryDate).toBe('2025-01-31');
    expect((await newMember({ joinDate: '2024-01-31', expiryDate: '2024-06-30' })).expiryDate).toBe('2024-06-30');
  });
});

describe('expiry', () => {
  it('uses the oldest points first and expires what is left of points past their day', () => {
    const rows = [
      { points: 10000, expiresOn: '2024-01-01' },
      { points: 5000, expiresOn: '2025-01-01' },
      { points: -3000, expiresOn: null },
    ];
    expect(expiredPoints(rows, '2024-06-01')).toBe(7000);
    expect(expiredPoints([...rows, { points: -7000, expiresOn: null }], '2024-06-01')).toBe(0);
    expect(expiredPoints(rows, '2023-12-31')).toBe(0);
  });

  it('the daily job posts the expiry and expires members past their date, once', async () => {
    const m = await newMember({ joinDate: '2020-01-01', expiryDate: '2021-01-01' });
    const db = anyDb(t.server.app.ctx);
    await db.transaction().execute(async (trx) => {
      await post(
        trx,
        {
          member: Number(m.id),
          kind: 'earn',
          points: 20000,
          at: '2020-02-01T00:00:00.000Z',
          expiresOn: '2021-02-01',
          userName: 'test',
        },
        t.server.app.ctx.dialect,
      );
      await post(
        trx,
        { member: Number(m.id), kind: 'redeem', points: -5000, at: '2020-03-01T00:00:00.000Z', userName: 'test' },
        t.server.app.ctx.dialect,
      );
      await post(
        trx,
        {
          member: Number(m.id),
          kind: 'earn',
          points: 1000,
          at: '2099-01-01T00:00:00.000Z',
          expiresOn: '2100-01-01',
          userName: 'test',
        },
        t.server.app.ctx.dialect,
      );
    });
    const first = await runMembershipExpiry(t.server.app);
    expect(first.pointsExpired).toBeGreaterThanOrEqual(15000);
    expect(first.membersExpired).toBeGreaterThanOrEqual(1);
    const row = await memberRow(m.id);
    expect(row).toMatchObject({ pointsBalance: '10.00', status: 'expired' });
    expect((await ledgerOf(m.id)).at(-1)).toMatchObject({ kind: 'expire', points: '-150.00' });
    await runMembershipExpiry(t.server.app);
    expect((await ledgerOf(m.id)).filter((r) => r.kind === 'expire')).toHaveLength(1);
  });
});
