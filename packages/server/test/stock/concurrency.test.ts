import { describe, expect, it } from 'vitest';
import { useStockWorld, VIRTUAL, type Row } from './support';

const w = useStockWorld();

/** A confirmed order for `quantity` of the product. */
async function confirmedOrder(from: number, to: number, product: number, quantity: string): Promise<Row> {
  const order = await w.newOrder(from, to, [{ product, quantity }]);
  const confirmed = await w.act(order, 'confirm');
  expect(confirmed.status).toBe(200);
  return confirmed.body.data;
}

const dispatch = (order: Row) =>
  w.legacy<Row>('POST', `/${String(order.id)}`, { action: 'dispatch', version: order.version });

async function dispatchMovements(product: number, location: number): Promise<Row[]> {
  const res = await w.post<Row[]>('/DataRepository/fetch/stockmovement', {
    Take: 500,
    filters: [
      { ColumnName: 'product', ColumnValue: product, Operator: 'EQ' },
      { ColumnName: 'location', ColumnValue: location, Operator: 'EQ' },
      { ColumnName: 'kind', ColumnValue: 'dispatch', Operator: 'EQ' },
    ],
  });
  return res.body.data;
}

describe('stock under parallel calls', () => {
  it('lets exactly one of two dispatches racing for the last 5 units through, round after round', async () => {
    for (let round = 0; round < 5; round++) {
      const from = (await w.newLocation({ kind: 'warehouse' })).id as number;
      const to = (await w.newLocation()).id as number;
      const product = (await w.newProduct()).id as number;
      await w.stock(product, from, '5.000');
      const orders = [
        await confirmedOrder(from, to, product, '5.000'),
        await confirmedOrder(from, to, product, '5.000'),
      ];
      const answers = await Promise.all(orders.map(dispatch));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.status === 409)!.body.message).toContain('Not enough stock');
      expect(await w.onHand(product, from)).toBe('0.000');
      expect(await w.ledgerSum(product, from)).toBe('0.000');
      expect(await dispatchMovements(product, from)).toHaveLength(1);
      const statuses = await Promise.all(
        orders.map(async (o) => (await w.legacy<Row>('GET', `/${String(o.id)}`)).body.data.status),
      );
      expect(statuses.sort()).toEqual(['confirmed', 'dispatched']);
    }
  });

  it('dispatches one order once when two callers send it together', async () => {
    const from = (await w.newLocation({ kind: 'warehouse' })).id as number;
    const to = (await w.newLocation()).id as number;
    const product = (await w.newProduct()).id as number;
    await w.stock(product, from, '10.000');
    const order = await confirmedOrder(from, to, product, '4.000');
    const answers = await Promise.all([dispatch(order), dispatch(order), dispatch(order)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(await w.onHand(product, from)).toBe('6.000');
    expect(await dispatchMovements(product, from)).toHaveLength(1);
  });

  it('takes no more than is there when many small dispatches race', async () => {
    const from = (await w.newLocation({ kind: 'warehouse' })).id as number;
    const to = (await w.newLocation()).id as number;
    const product = (await w.newProduct()).id as number;
    await w.stock(product, from, '10.000');
    const orders = [];
    for (let i = 0; i < 14; i++) orders.push(await confirmedOrder(from, to, product, '1.000'));
    const answers = await Promise.all(orders.map(dispatch));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(4);
    expect(await w.onHand(product, from)).toBe('0.000');
    expect(await w.ledgerSum(product, from)).toBe('0.000');
  });

  it('neither loses nor doubles a movement under parallel receipts and adjustments', async () => {
    const from = (await w.newLocation({ kind: 'warehouse' })).id as number;
    const to = (await w.newLocation()).id as number;
    const product = (await w.newProduct()).id as number;
    await w.stock(product, from, '100.000');
    const orders: Row[] = [];
    for (let i = 1; i <= 8; i++) {
      const order = await confirmedOrder(from, to, product, `${i}.250`);
      orders.push((await dispatch(order)).body.data);
    }
    const reason = (await w.newReason()).id as number;
    const answers = await Promise.all([
      ...orders.map((o) => w.legacy('POST', `/${String(o.id)}`, { action: 'receive', version: o.version })),
      ...Array.from({ length: 8 }, () =>
        w.post(`${VIRTUAL}/adjust`, { product, location: to, quantity: '0.125', stockOutReason: reason }),
      ),
    ]);
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    // 1.25 + 2.25 + … + 8.25 received, and 8 × 0.125 adjusted.
    expect(await w.onHand(product, to)).toBe('39.000');
    expect(await w.ledgerSum(product, to)).toBe('39.000');
    const movements = await w.post<Row[]>('/DataRepository/fetch/stockmovement', {
      Take: 100,
      filters: [
        { ColumnName: 'product', ColumnValue: product, Operator: 'EQ' },
        { ColumnName: 'location', ColumnValue: to, Operator: 'EQ' },
      ],
    });
    expect(movements.body.data).toHaveLength(16);
    // Each movement's balance after it is a distinct step: none saw the same balance.
    const steps = movements.body.data.map((m) => m.balanceAfter);
    expect(new Set(steps).size).toBe(16);
    expect(steps).toContain('39.000');
  });
});
