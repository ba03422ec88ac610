import { beforeAll, describe, expect, it } from 'vitest';
import { anyDb } from '../../src/data/store';
import { redeem, type Redemption } from '../../src/modules/pricing/redeem';
import { useTestServer, type Row } from '../support/harness';
import { insert } from './shop';

const t = useTestServer({ users: ['admin'] });
const PARALLEL = 12;
let sale = 0;

const sale$ = (over: Partial<Redemption>): Redemption => ({ reference: `R${++sale}`, at: new Date().toISOString(), member: null, rules: [], vouchers: [], benefits: [], ...over });

/** Runs the redemptions at once, each in its own transaction; answers how many went through. */
async function inParallel(redemptions: Redemption[]): Promise<{ ok: number; refused: string[] }> {
  const db = anyDb(t.server.app.ctx);
  const results = await Promise.allSettled(redemptions.map((r) => db.transaction().execute((trx) => redeem(trx, r))));
  return {
    ok: results.filter((r) => r.status === 'fulfilled').length,
    refused: results.flatMap((r) => (r.status === 'rejected' ? [String((r.reason as { status?: number }).status)] : [])),
  };
}

const fetchRow = async (name: string, id: unknown) => (await t.post<Row[]>(`/DataRepository/fetch/${name}`, { filters: [{ ColumnName: 'id', ColumnValue: id, Operator: 'EQ' }] })).body.data[0]!;

let member: Row;
beforeAll(async () => {
  const group = await insert(t, 'membershipgroup', { code: 'G', name: 'Group' });
  member = await insert(t, 'membership', { memberNo: 'M1', name: 'One', membershipGroup: group.id });
});

describe('redemption under parallel sales', () => {
  it('uses a single-use code once', async () => {
    const voucher = await insert(t, 'voucher', { code: 'ONCE', name: 'Once', kind: 'amount', value: '5.00' });
    const [code] = (await t.post<{ codes: Record<string, string[]> }>('/DataRepository/Execute/voucher', { action: 'generate', ids: [voucher.id], count: 1 })).body.data.codes[String(voucher.id)]!;
    const result = await inParallel(Array.from({ length: PARALLEL }, () => sale$({ vouchers: [{ id: Number(voucher.id), code: code!, singleUse: true, amount: 500 }] })));
    expect(result.ok).toBe(1);
    expect(result.refused).toEqual(Array(PARALLEL - 1).fill('409'));
    expect((await fetchRow('voucher', voucher.id)).timesUsed).toBe(1);
    const [stored] = (await t.post<Row[]>('/DataRepository/fetch/vouchercode', { filters: [{ ColumnName: 'code', ColumnValue: code, Operator: 'EQ' }] })).body.data;
    expect(stored!.redeemedAt).not.toBeNull();
  });

  it('holds a voucher’s usage limit', async () => {
    const voucher = await insert(t, 'voucher', { code: 'FIVE', name: 'Five uses', kind: 'amount', value: '1.00', usageLimit: 5 });
    const result = await inParallel(Array.from({ length: PARALLEL }, () => sale$({ vouchers: [{ id: Number(voucher.id), code: 'FIVE', singleUse: false, amount: 100 }] })));
    expect(result.ok).toBe(5);
    expect((await fetchRow('voucher', voucher.id)).timesUsed).toBe(5);
  });

  it('holds a promotion rule’s usage limit and its limit per member', async () => {
    const rule = await insert(t, 'newpromotion', { code: 'LIM3', name: 'Three sales', validFrom: '2024-01-01', usageLimit: 3, rewards: [{ kind: 'percentOff', value: '10' }] });
    const total = await inParallel(Array.from({ length: PARALLEL }, () => sale$({ rules: [{ id: Number(rule.id), code: 'LIM3', amount: 100, perMemberLimit: null }] })));
    expect(total.ok).toBe(3);
    expect((await fetchRow('newpromotion', rule.id)).timesUsed).toBe(3);

    const perMember = await insert(t, 'newpromotion', { code: 'TWICE', name: 'Twice each', validFrom: '2024-01-01', usageLimitPerMember: 2, rewards: [{ kind: 'percentOff', value: '10' }] });
    const mine = await inParallel(Array.from({ length: PARALLEL }, () => sale$({ member: Number(member.id), rules: [{ id: Number(perMember.id), code: 'TWICE', amount: 100, perMemberLimit: 2 }] })));
    expect(mine.ok).toBe(2);
    expect((await fetchRow('newpromotion', perMember.id)).timesUsed).toBe(2);
  });

  it('gives a member’s birthday voucher once a year', async () => {
    const group = await insert(t, 'membershipgroup', { code: 'BDAY', name: 'Birthday group' });
    const benefit = await insert(t, 'membershipbenefit', { membershipGroup: group.id, kind: 'birthdayVoucher', value: '10' });
    const at = '2024-06-05T04:00:00.000Z';
    const result = await inParallel(Array.from({ length: PARALLEL }, () => sale$({ at, member: Number(member.id), benefits: [{ id: Number(benefit.id), amount: 1000 }] })));
    expect(result.ok).toBe(1);
    expect((await inParallel([sale$({ at: '2025-06-05T04:00:00.000Z', member: Number(member.id), benefits: [{ id: Number(benefit.id), amount: 1000 }] })])).ok).toBe(1);
  });

  it('rolls the whole sale back when one part is refused', async () => {
    const voucher = await insert(t, 'voucher', { code: 'LAST', name: 'Last use', kind: 'amount', value: '1.00', usageLimit: 1 });
    const rule = await insert(t, 'newpromotion', { code: 'FREE', name: 'No limit', validFrom: '2024-01-01', rewards: [{ kind: 'percentOff', value: '10' }] });
    const both = (n: number) => sale$({ rules: [{ id: Number(rule.id), code: 'FREE', amount: 100, perMemberLimit: null }], vouchers: [{ id: Number(voucher.id), code: `LAST`, singleUse: false, amount: 100 * n }] });
    const result = await inParallel([both(1), both(2), both(3)]);
    expect(result.ok).toBe(1);
    expect((await fetchRow('newpromotion', rule.id)).timesUsed).toBe(1);
  });
});
