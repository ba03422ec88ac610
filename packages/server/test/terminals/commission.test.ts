import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer, type Row } from '../support/harness';
import { insert } from '../pricing/shop';
import { asTerminal, openTills, pairedTerminal, receiptNo, type TillWorld } from './support';

const t = useTestServer({ users: ['admin', 'cashier'] });
let world: TillWorld;
let till: { terminal: Row; token: string };
let cashierId: number;

const today = new Date().toISOString().slice(0, 10);
const report = (body: Row, token = t.tokens.admin) =>
  t.post<Row[]>('/DataRepository/procedure/commission', body, token);

beforeAll(async () => {
  world = await openTills(t);
  till = await pairedTerminal(t, world.outlet.id);
  const [cashier] = (
    await t.post<Row[]>('/DataRepository/fetch/user', {
      filters: [{ ColumnName: 'userName', ColumnValue: 'cashier', Operator: 'EQ' }],
    })
  ).body.data;
  cashierId = Number(cashier!.id);
  const sell = (lines: Row[], extra: Row = {}) =>
    asTerminal(t, till.token, 'POST', '/pointofsale/Sales', {
      receiptNo: receiptNo(),
      at: new Date().toISOString(),
      cashier: 'cashier',
      lines,
      ...extra,
    });
  const first = await sell([{ productId: world.products.coffee!.id, quantity: 2, unitPrice: '10.00' }]);
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  await sell([{ productId: world.products.tea!.id, quantity: 1, unitPrice: '6.00' }]);
  // A return counts against the cashier.
  await sell([{ productId: world.products.coffee!.id, quantity: -1, unitPrice: '10.00' }], {
    originalReceiptNo: (first.body.data as Row).receiptNo,
  });
  await insert(t, 'commission', {
    code: 'C5',
    name: 'Five percent',
    basis: 'sales',
    ratePercent: '5',
    appliesTo: 'all',
    users: [cashierId],
    period: 'monthly',
  });
  await insert(t, 'commission', {
    code: 'CQ',
    name: 'Per coffee',
    basis: 'quantity',
    amount: '0.50',
    appliesTo: 'product',
    product: world.products.coffee!.id,
    period: 'daily',
  });
});

describe('the commission report', () => {
  it('gives each cashier’s commission per rule and period', async () => {
    const res = await report({ from: today, to: today });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual([
      expect.objectContaining({
        user: cashierId,
        userName: 'cashier',
        rule: 'C5',
        period: today.slice(0, 7),
        sales: 3,
        salesTotal: '16.00',
        commission: '0.80',
      }),
      expect.objectContaining({
        user: cashierId,
        rule: 'CQ',
        period: today,
        sales: 2,
        quantity: '1.000',
        commission: '0.50',
      }),
    ]);
  });

  it('is empty for a period without sales and checks its input', async () => {
    expect((await report({ from: '2001-01-01', to: '2001-01-31' })).body.data).toEqual([]);
    const backwards = await report({ from: today, to: '2001-01-01' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors?.[0]?.field).toBe('to');
    expect((await report({ from: 'today', to: today })).status).toBe(400);
  });

  it('needs the right to view commissions', async () => {
    expect((await report({ from: today, to: today }, t.tokens.cashier)).status).toBe(403);
  });
});
