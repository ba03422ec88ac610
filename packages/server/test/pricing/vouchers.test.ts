import { beforeAll, describe, expect, it } from 'vitest';
import { CODE_ALPHABET } from '../../src/modules/pricing/voucher-codes';
import { useTestServer, type Row } from '../support/harness';
import { insert } from './shop';

const t = useTestServer({ users: ['admin', 'cashier'] });
let voucher: Row;
const generate = (body: Row, token?: string) =>
  t.post<{ generated: number; codes: Record<string, string[]> }>(
    '/DataRepository/Execute/voucher',
    { action: 'generate', ...body },
    token,
  );
const codesOf = async (voucherId: unknown) =>
  (
    await t.post<Row[]>('/DataRepository/fetch/vouchercode', {
      Take: 9999,
      filters: [{ ColumnName: 'voucher', ColumnValue: voucherId, Operator: 'EQ' }],
    })
  ).body.data.map((r) => String(r.code));

beforeAll(async () => {
  voucher = await insert(t, 'voucher', {
    code: 'GIFT10',
    name: 'Ten off',
    kind: 'amount',
    value: '10.00',
    usageLimit: 100,
  });
});

describe('generated voucher codes', () => {
  it('makes as many unique, unguessable codes as asked, listed with the voucher', async () => {
    const res = await generate({ ids: [voucher.id], count: 2000 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const codes = res.body.data.codes[String(voucher.id)]!;
    expect(res.body.data.generated).toBe(2000);
    expect(new Set(codes).size).toBe(2000);
    const shape = new RegExp(`^[${CODE_ALPHABET}]{4}(-[${CODE_ALPHABET}]{4}){3}$`);
    expect(codes.every((c) => shape.test(c))).toBe(true);
    expect(CODE_ALPHABET).not.toMatch(/[01ILO]/);
    // Every character of the alphabet turns up in every position: nothing is fixed or sequential.
    for (let position = 0; position < 19; position += 5)
      expect(new Set(codes.map((c) => c[position])).size).toBe(CODE_ALPHABET.length);
    expect((await codesOf(voucher.id)).sort()).toEqual([...codes].sort());
  });

  it('stays unique when batches are generated in parallel', async () => {
    const other = await insert(t, 'voucher', { code: 'PAR', name: 'Parallel', kind: 'percent', value: '5' });
    const runs = await Promise.all(Array.from({ length: 6 }, () => generate({ ids: [other.id], count: 500 })));
    expect(runs.map((r) => r.status)).toEqual(Array(6).fill(200));
    const all = await codesOf(other.id);
    expect(all).toHaveLength(3000);
    expect(new Set(all).size).toBe(3000);
  });

  it('makes at most 10,000 a call, for vouchers that exist, with edit rights', async () => {
    const tooMany = await generate({ ids: [voucher.id], count: 10_001 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors![0]!.field).toBe('count');
    expect((await generate({ ids: [voucher.id], count: 0 })).status).toBe(400);
    expect((await generate({ ids: [999999], count: 1 })).status).toBe(404);
    expect((await generate({ ids: [voucher.id], count: 1 }, t.tokens.cashier)).status).toBe(403);
  });

  it('exports a voucher’s codes as CSV', async () => {
    const small = await insert(t, 'voucher', { code: 'CSV', name: 'Export', kind: 'amount', value: '1.00' });
    const { codes } = (await generate({ ids: [small.id], count: 3 })).body.data;
    const res = await fetch(`${t.api}/pricing/VoucherCodes/${small.id}`, {
      headers: { authorization: `Bearer ${t.tokens.admin}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toContain('Voucher_CSV_codes.csv');
    const lines = (await res.text()).trim().split('\r\n');
    expect(lines[0]).toBe('code,redeemedAt,redeemedReference');
    expect(
      lines
        .slice(1)
        .map((l) => l.split(',')[0])
        .sort(),
    ).toEqual([...codes[String(small.id)]!].sort());
    expect(
      (
        await fetch(`${t.api}/pricing/VoucherCodes/${small.id}`, {
          headers: { authorization: `Bearer ${t.tokens.cashier}` },
        })
      ).status,
    ).toBe(403);
  });

  it('keeps a voucher’s own code apart from generated codes', async () => {
    const [code] = (await generate({ ids: [voucher.id], count: 1 })).body.data.codes[String(voucher.id)]!;
    const res = await t.post('/DataRepository/Insert/voucher', {
      code: code!.replace(/-/g, ''),
      name: 'Clash',
      kind: 'amount',
      value: '1.00',
    });
    expect(res.status).toBe(409);
    expect(res.body.errors).toEqual([
      { field: 'code', message: expect.stringContaining('already a generated voucher code') },
    ]);
  });
});
