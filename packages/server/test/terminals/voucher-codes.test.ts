import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer, type Row } from '../support/harness';
import { addItem, insert } from '../pricing/shop';
import { asTerminal, getRow, openTills, pairedTerminal, receiptNo, type TillWorld } from './support';

/** A voucher code is one code however it is typed: trimmed, in any case — at the till, in the simulator, and on save. */
const t = useTestServer({ users: ['admin'] });
let world: TillWorld;
let till: { terminal: Row; token: string };

interface Sale {
  total: string;
  discountTotal: string;
  vouchers: { code: string; amount: string; status: string }[];
}

const sell = (body: Row) =>
  asTerminal<Sale>(t, till.token, 'POST', '/pointofsale/Sales', {
    receiptNo: receiptNo(),
    at: new Date().toISOString(),
    ...body,
  });
const SIX_WAYS = ['WELCOME5', 'welcome5', ' Welcome5 ', 'WeLcOmE5', 'welcome5  ', '\tWELCOME5'];

beforeAll(async () => {
  world = await openTills(t);
  till = await pairedTerminal(t, world.outlet.id);
});

describe('voucher codes are canonical', () => {
  it('discounts once for one code typed six ways in one sale, and counts one use', async () => {
    const voucher = await insert(t, 'voucher', { code: 'WELCOME5', name: 'Welcome', kind: 'amount', value: '5.00' });
    const res = await sell({
      voucherCodes: SIX_WAYS,
      lines: [{ productId: world.products.coffee!.id, quantity: 4, unitPrice: '10.00', lineTotal: '35.00' }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      total: '35.00',
      expectedTotal: '35.00',
      discountTotal: '5.00',
      priceDifference: false,
    });
    expect(res.body.data.vouchers).toEqual([{ code: 'WELCOME5', amount: '5.00', status: 'redeemed' }]);
    expect((await getRow(t, 'voucher', voucher.id)).timesUsed).toBe(1);
  });

  it('prices one code typed six ways once in the simulator', async () => {
    const res = await addItem<{ total: string; discountTotal: string }>(t, {
      outlet: world.outlet.id,
      voucherCodes: SIX_WAYS,
      lines: [{ productId: world.products.coffee!.id, quantity: 4 }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ total: '35.00', discountTotal: '5.00' });
  });

  it('redeems a generated code typed in lower case, without dashes and twice, once', async () => {
    const voucher = await insert(t, 'voucher', { code: 'ONCE3', name: 'Three off', kind: 'amount', value: '3.00' });
    const made = await t.post<{ codes: Record<string, string[]> }>('/DataRepository/Execute/voucher', {
      action: 'generate',
      ids: [voucher.id],
      count: 1,
    });
    const code = made.body.data.codes[String(voucher.id)]![0]!;
    const typed = [code, ` ${code.toLowerCase().replace(/-/g, '')} `, code.toLowerCase()];
    const res = await sell({
      voucherCodes: typed,
      lines: [{ productId: world.products.coffee!.id, quantity: 1, unitPrice: '10.00' }],
      total: '7.00',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.total).toBe('7.00');
    expect(res.body.data.vouchers).toEqual([{ code, amount: '3.00', status: 'redeemed' }]);
    expect((await getRow(t, 'voucher', voucher.id)).timesUsed).toBe(1);
  });

  it('names an unknown code at the position it was typed', async () => {
    await insert(t, 'voucher', { code: 'KNOWN1', name: 'Known', kind: 'amount', value: '1.00' });
    const res = await sell({
      voucherCodes: ['KNOWN1', 'known1', 'NOSUCHCODE'],
      lines: [{ productId: world.products.coffee!.id, quantity: 1, unitPrice: '10.00' }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.errors?.map((e) => e.field)).toEqual(['voucherCodes.2']);
  });

  it('refuses a voucher saved with another voucher’s code in another case, naming code', async () => {
    const first = await insert(t, 'voucher', { code: 'SPRING', name: 'Spring', kind: 'percent', value: '5' });
    for (const code of ['spring', 'Spring', ' SPRING ']) {
      const res = await t.post('/DataRepository/Insert/voucher', { code, name: 'Copy', kind: 'percent', value: '5' });
      expect(res.status, `${code}: ${JSON.stringify(res.body)}`).toBe(409);
      expect(res.body.errors?.map((e) => e.field)).toEqual(['code']);
    }
    const other = await insert(t, 'voucher', { code: 'SUMMER', name: 'Summer', kind: 'percent', value: '5' });
    const renamed = await t.post('/DataRepository/Update/voucher', {
      id: other.id,
      version: other.version,
      code: 'spring',
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(409);
    // A voucher may respell its own code.
    const respelt = await t.post('/DataRepository/Update/voucher', {
      id: first.id,
      version: first.version,
      code: 'Spring',
    });
    expect(respelt.status, JSON.stringify(respelt.body)).toBe(200);
  });

  it('keeps one voucher of ten saved at once with one code in ten spellings (the database decides the race)', async () => {
    const spellings = [
      'AUTUMN',
      'autumn',
      'Autumn',
      'aUTUMN',
      'AuTuMn',
      'autUMN',
      'AUTumn',
      'auTUMN',
      'AUtumn',
      'autumN',
    ];
    const answers = await Promise.all(
      spellings.map((code) =>
        t.post('/DataRepository/Insert/voucher', { code, name: `Autumn ${code}`, kind: 'percent', value: '5' }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    const kept = await t.post<Row[]>('/DataRepository/fetch/voucher', {
      Take: 50,
      filters: [{ ColumnName: 'code', ColumnValue: 'autumn', Operator: 'STARTSWITH' }],
    });
    expect(kept.body.data.filter((v) => String(v.code).toLowerCase() === 'autumn')).toHaveLength(1);
  });
});
