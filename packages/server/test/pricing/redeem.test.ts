import { beforeAll, describe, expect, it } from 'vitest';
import { anyDb } from '../../src/data/store';
import { redeemSale, type Redemption } from '../../src/modules/pricing/redeem';
import { useTestServer, type Row } from '../support/harness';
import { insert } from './shop';

/** Sales made without a reservation (offline): every use is counted — the customer has left — and the uses past a limit are answered and counted as over-redeemed. */
const t = useTestServer({ users: ['admin'] });
const PARALLEL = 12;
let sale = 0;

const sale$ = (over: Partial<Redemption>): Redemption => ({
  reference: `R${++sale}`,
  at: new Date().toISOString(),
  member: null,
  rules: [],
  vouchers: [],
  benefits: [],
  ...over,
});

/** Runs the redemptions at once, each in its own transaction; answers how many stayed within every limit. */
async function inParallel(redemptions: Redemption[]): Promise<{ within: number; over: number }> {
  const db = anyDb(t.server.app.ctx);
  const results = await Promise.all(
    redemptions.map((r) => db.transaction().execute((trx) => redeemSale(trx, r, null, new Date().toISOString()))),
  );
  return { within: results.filter((r) => r.length === 0).length, over: results.filter((r) => r.length > 0).length };
}

const fetchRow = async (name: string, id: unknown) =>
  (
    await t.post<Row[]>(`/DataRepository/fetch/${name}`, {
      filters: [{ ColumnName: 'id', ColumnValue: id, Operator: 'EQ' }],
    })
  ).body.data[0]!;

let member: Row;
beforeAll(async () => {
  const group = await insert(t, 'membershipgroup', { code: 'G', name: 'Group' });
  member = await insert(t, 'membership', { memberNo: 'M1', name: 'One', membershipGroup: group.id });
});

describe('redemption by parallel sales without a reservation', () => {
  it('redeems a single-use code once; every other use is over-redeemed', async () => {
    const voucher = await insert(t, 'voucher', { code: 'ONCE', name: 'Once', kind: 'amount', value: '5.00' });
    const [code] = (
      await t.post<{ codes: Record<string, string[]> }>('/DataRepository/Execute/voucher', {
        action: 'generate',
        ids: [voucher.id],
        count: 1,
      })
    ).body.data.codes[String(voucher.id)]!;
    const result = await inParallel(
      Array.from({ length: PARALLEL }, () =>
        sale$({ vouchers: [{ id: Number(voucher.id), code: code!, singleUse: true, amount: 500 }] }),
      ),
    );
    expect(result).toEqual({ within: 1, over: PARALLEL - 1 });
    expect(await fetchRow('voucher', voucher.id)).toMatchObject({ timesUsed: PARALLEL, overRedeemed: PARALLEL - 1 });
    const [stored] = (
      await t.post<Row[]>('/DataRepository/fetch/vouchercode', {
        filters: [{ ColumnName: 'code', ColumnValue: code, Operator: 'EQ' }],
      })
    ).body.data;
    expect(stored!.redeemedAt).not.toBeNull();
  });

  it('keeps a voucher’s usage limit and counts the uses past it', async () => {
    const voucher = await insert(t, 'voucher', {
      code: 'FIVE',
      name: 'Five uses',
      kind: 'amount',
      value: '1.00',
      usageLimit: 5,
    });
    const result = await inParallel(
      Array.from({ length: PARALLEL }, () =>
        sale$({ vouchers: [{ id: Number(voucher.id), code: 'FIVE', singleUse: false, amount: 100 }] }),
      ),
    );
    expect(result).toEqual({ within: 5, over: PARALLEL - 5 });
    expect(await fetchRow('voucher', voucher.id)).toMatchObject({ timesUsed: PARALLEL, overRedeemed: PARALLEL - 5 });
  });

  it('keeps a promotion rule’s usage limit and its limit per member', async () => {
    const rule = await insert(t, 'newpromotion', {
      code: 'LIM3',
      name: 'Three sales',
      validFrom: '2024-01-01',
      usageLimit: 3,
      rewards: [{ kind: 'percentOff', value: '10' }],
    });
    const total = await inParallel(
      Array.from({ length: PARALLEL }, () =>
        sale$({ rules: [{ id: Number(rule.id), code: 'LIM3', amount: 100, perMemberLimit: null }] }),
      ),
    );
    expect(total).toEqual({ within: 3, over: PARALLEL - 3 });
    expect(await fetchRow('newpromotion', rule.id)).toMatchObject({ timesUsed: PARALLEL, overRedeemed: PARALLEL - 3 });

    const perMember = await insert(t, 'newpromotion', {
      code: 'TWICE',
      name: 'Twice each',
      validFrom: '2024-01-01',
      usageLimitPerMember: 2,
      rewards: [{ kind: 'percentOff', value: '10' }],
    });
    const mine = await inParallel(
      Array.from({ length: PARALLEL }, () =>
        sale$({
          member: Number(member.id),
          rules: [{ id: Number(perMember.id), code: 'TWICE', amount: 100, perMemberLimit: 2 }],
        }),
      ),
    );
    expect(mine).toEqual({ within: 2, over: PARALLEL - 2 });
    expect(await fetchRow('newpromotion', perMember.id)).toMatchObject({
      timesUsed: PARALLEL,
      overRedeemed: PARALLEL - 2,
    });
  });

  it('gives a member’s birthday voucher once a year', async () => {
    const group = await insert(t, 'membershipgroup', { code: 'BDAY', name: 'Birthday group' });
    const benefit = await insert(t, 'membershipbenefit', {
      membershipGroup: group.id,
      kind: 'birthdayVoucher',
      value: '10',
    });
    const at = '2024-06-05T04:00:00.000Z';
    await inParallel(
      Array.from({ length: PARALLEL }, () =>
        sale$({ at, member: Number(member.id), benefits: [{ id: Number(benefit.id), amount: 1000 }] }),
      ),
    );
    await inParallel([
      sale$({
        at: '2025-06-05T04:00:00.000Z',
        member: Number(member.id),
        benefits: [{ id: Number(benefit.id), amount: 1000 }],
      }),
    ]);
    const used = await anyDb(t.server.app.ctx)
      .selectFrom('pricing_redemption')
      .select('at')
      .where('kind', '=', 'membershipbenefit')
      .where('ref_id', '=', Number(benefit.id))
      .execute();
    expect(used.map((u) => String(u.at).slice(0, 4)).sort()).toEqual(['2024', '2025']);
  });

  it('answers only the part past its limit: the sale’s other uses count within theirs', async () => {
    const voucher = await insert(t, 'voucher', {
      code: 'LAST',
      name: 'Last use',
      kind: 'amount',
      value: '1.00',
      usageLimit: 1,
    });
    const rule = await insert(t, 'newpromotion', {
      code: 'FREE',
      name: 'No limit',
      validFrom: '2024-01-01',
      rewards: [{ kind: 'percentOff', value: '10' }],
    });
    const db = anyDb(t.server.app.ctx);
    const both = () =>
      sale$({
        rules: [{ id: Number(rule.id), code: 'FREE', amount: 100, perMemberLimit: null }],
        vouchers: [{ id: Number(voucher.id), code: 'LAST', singleUse: false, amount: 100 }],
      });
    const answers = await Promise.all(
      [both(), both(), both()].map((r) =>
        db.transaction().execute((trx) => redeemSale(trx, r, null, new Date().toISOString())),
      ),
    );
    expect(answers.map((a) => a.map((o) => o.code)).sort()).toEqual([[], ['LAST'], ['LAST']]);
    expect(await fetchRow('newpromotion', rule.id)).toMatchObject({ timesUsed: 3, overRedeemed: 0 });
    expect(await fetchRow('voucher', voucher.id)).toMatchObject({ timesUsed: 3, overRedeemed: 2 });
  });
});
