import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer, type Row } from '../support/harness';
import { asTerminal, openTills, pairedTerminal, receiptNo, type TillWorld } from '../terminals/support';

const t = useTestServer({ users: ['admin'] });
let world: TillWorld;
let till: { terminal: Row; token: string };

beforeAll(async () => {
  world = await openTills(t);
  till = await pairedTerminal(t, world.outlet.id);
});

const sell = async (product: unknown, quantity: number) => {
  const res = await asTerminal(t, till.token, 'POST', '/pointofsale/Sales', {
    receiptNo: receiptNo(),
    at: new Date().toISOString(),
    lines: [{ productId: product, quantity, unitPrice: '10.00' }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const lines = await t.post<Row[]>('/DataRepository/fetch/saleline', {
    filters: [{ ColumnName: 'sale', ColumnValue: (res.body.data as Row).id, Operator: 'EQ' }],
  });
  return lines.body.data[0]!;
};

const receive = async (supplier: unknown, product: unknown, quantity: string, unitCost: string) => {
  const order = await t.post('/DataRepository/Insert/purchaseorder', {
    supplier,
    location: world.location.id,
    lines: [{ product, quantity, unitCost }],
  });
  expect(order.status, JSON.stringify(order.body)).toBe(200);
  const execute = (action: string, extra: Row = {}) =>
    t.post('/DataRepository/Execute/purchaseorder', { action, ids: [order.body.data.id], ...extra });
  expect((await execute('send', { belowMinimum: true })).status).toBe(200);
  const received = await execute('receive', { lines: [{ product, quantity }] });
  expect(received.status, JSON.stringify(received.body)).toBe(200);
};

describe('the cost of a sale line', () => {
  it('is the average cost at the sale’s location when it was sold, and stays so when costs move on', async () => {
    const supplier = (await t.post('/DataRepository/Insert/supplier', { code: 'SC1', name: 'Sale cost supplier' })).body
      .data.id;
    const coffee = world.products.coffee!.id;
    await receive(supplier, coffee, '10', '4.00');
    const first = await sell(coffee, 2);
    expect(first.unitCost).toBe('4.00');
    // 8 left at 4.00, 10 more at 6.00: (32.00 + 60.00) / 18 = 5.111… → 5.11.
    await receive(supplier, coffee, '10', '6.00');
    const second = await sell(coffee, 1);
    expect(second.unitCost).toBe('5.11');
    const again = await t.post<Row[]>('/DataRepository/fetch/saleline', {
      filters: [{ ColumnName: 'sale', ColumnValue: first.sale, Operator: 'EQ' }],
    });
    expect(again.body.data[0]!.unitCost).toBe('4.00');
  });
});
