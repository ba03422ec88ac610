import { describe, expect, it } from 'vitest';
import { useStockWorld, VIRTUAL, type Row } from './support';

const w = useStockWorld({ users: ['admin', 'manager', 'cashier'] });

const milli = (v: unknown) => Math.round(Number(v ?? 0) * 1000);

/** Warehouse → store, four products at 20.00 cost each with 100 on hand, dispatched 24/24/48/36. */
async function dispatched() {
  const from = (await w.newLocation({ kind: 'warehouse' })).id as number;
  const to = (await w.newLocation()).id as number;
  const products: number[] = [];
  for (let i = 0; i < 4; i++) {
    const p = (await w.newProduct({ costPrice: '20.00' })).id as number;
    await w.stock(p, from, '100');
    products.push(p);
  }
  const quantities = ['24', '24', '48', '36'];
  const order = await w.newOrder(
    from,
    to,
    products.map((product, i) => ({ product, quantity: quantities[i]! })),
  );
  expect((await w.act(order, 'confirm')).status).toBe(200);
  const res = await w.act(order, 'dispatch');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const transit = await w.post<Row[]>('/DataRepository/fetch/inventorylocation', {
    filters: [{ ColumnName: 'transitFor', ColumnValue: to, Operator: 'EQ' }],
  });
  expect(transit.body.data).toHaveLength(1);
  expect(transit.body.data[0]).toMatchObject({ kind: 'transit', transitFor: to });
  return { from, to, transit: transit.body.data[0]!.id as number, products, order };
}

type World = Awaited<ReturnType<typeof dispatched>>;

/**
 * For every line: dispatched = received + in transit + written off; the order's movements say the
 * same at each location (source −dispatched, transit +in transit, destination +received, write-offs
 * out of transit); every balance touched equals the sum of its ledger.
 */
async function assertInvariant({ from, to, transit, products, order }: World): Promise<Row> {
  const read = (await w.legacy<Row>('GET', `/${String(order.id)}`)).body.data;
  const moves = await w.post<Row[]>('/DataRepository/fetch/stockmovement', {
    Take: 500,
    filters: [{ ColumnName: 'reference', ColumnValue: order.docNo as string, Operator: 'EQ' }],
  });
  const sum = (product: number, location: number, kind?: string) =>
    moves.body.data
      .filter((m) => m.product === product && m.location === location && (!kind || m.kind === kind))
      .reduce((acc, m) => acc + milli(m.quantity), 0);
  for (const line of read.lines as Row[]) {
    const [q, r, t, o] = [line.quantity, line.receivedQty, line.inTransitQty, line.writtenOffQty].map(milli);
    expect(q, JSON.stringify(line)).toBe(r! + t! + o!);
    const p = line.product as number;
    expect(sum(p, from)).toBe(-q!);
    expect(sum(p, transit)).toBe(t);
    expect(sum(p, to)).toBe(r);
    expect(0 - sum(p, transit, 'stockOut') + 0).toBe(o);
  }
  for (const p of products)
    for (const l of [from, to, transit]) expect(await w.ledgerSum(p, l), `${p}@${l}`).toBe(await w.onHand(p, l));
  return read;
}

describe('delivery orders keep every unit: in transit until received or written off', () => {
  it('receives short, stays partially received with the rest in transit, and receives the rest later', async () => {
    const world = await dispatched();
    const {
      to,
      transit,
      products: [a, b, c, d],
      order,
    } = world;
    expect(await w.onHand(a!, transit)).toBe('24.000');
    expect(await w.onHand(c!, transit)).toBe('48.000');
    await assertInvariant(world);

    const first = await w.act(order, 'receive', {
      lines: [
        { product: a, receivedQty: '20' },
        { product: b, receivedQty: '24' },
        { product: c, receivedQty: '40' },
        { product: d, receivedQty: '36' },
      ],
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ status: 'partiallyReceived' });
    expect(await w.onHand(a!, to)).toBe('20.000');
    expect(await w.onHand(a!, transit)).toBe('4.000');
    expect(await w.onHand(c!, transit)).toBe('8.000');
    expect(await w.onHand(b!, transit)).toBe('0.000');
    await assertInvariant(world);

    // More than is in transit is refused, naming the line; nothing moves.
    const over = await w.act(order, 'receive', { lines: [{ product: a, receivedQty: '5' }] });
    expect(over.status).toBe(400);
    expect(over.body.errors?.[0]?.field).toBe('lines.0.receivedQty');
    expect(await w.onHand(a!, to)).toBe('20.000');

    const second = await w.act(order, 'receive', {
      lines: [
        { product: a, receivedQty: '4' },
        { product: c, receivedQty: '3' },
      ],
    });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.data).toMatchObject({ status: 'partiallyReceived' });
    await assertInvariant(world);

    // Lines left out receive all they still have in transit.
    const rest = await w.act(order, 'receive');
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    const done = await assertInvariant(world);
    expect(done).toMatchObject({
      status: 'received',
      lines: [
        { receivedQty: '24.000', inTransitQty: '0.000', discrepancy: '0.000' },
        { receivedQty: '24.000', inTransitQty: '0.000' },
        { receivedQty: '48.000', inTransitQty: '0.000' },
        { receivedQty: '36.000', inTransitQty: '0.000' },
      ],
    });
    expect(await w.onHand(c!, to)).toBe('48.000');
    expect(await w.onHand(c!, transit)).toBe('0.000');
    const again = await w.act(order, 'receive');
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('is received');
  });

  it('closes short with a reason under its approval value at once: the rest is written off out of transit', async () => {
    const world = await dispatched();
    const {
      transit,
      products: [a, , c],
      order,
    } = world;
    const reason = await w.newReason({ code: `DMG${String(order.id)}`, approvalValue: '500.00' });
    await w.act(order, 'receive', {
      lines: [
        { product: a, receivedQty: '20' },
        { product: c, receivedQty: '40' },
      ],
    });
    // 4 + 8 units at 20.00: 80.00 and 160.00, each under 500.00.
    const closed = await w.act(order, 'closeShort', { reason: reason.code, remarks: 'Broken in the van' });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const read = await assertInvariant(world);
    expect(read).toMatchObject({
      status: 'closed',
      lines: [
        { receivedQty: '20.000', inTransitQty: '0.000', writtenOffQty: '4.000' },
        { receivedQty: '24.000', writtenOffQty: '0.000' },
        { receivedQty: '40.000', inTransitQty: '0.000', writtenOffQty: '8.000' },
        { receivedQty: '36.000', writtenOffQty: '0.000' },
      ],
    });
    expect(await w.onHand(a!, transit)).toBe('0.000');
    const offs = await w.post<Row[]>('/DataRepository/fetch/stockmovement', {
      filters: [
        { ColumnName: 'reference', ColumnValue: order.docNo as string, Operator: 'EQ' },
        { ColumnName: 'kind', ColumnValue: 'stockOut', Operator: 'EQ' },
      ],
      sorts: [{ ColumnName: 'id', Direction: 'ASC' }],
    });
    expect(offs.body.data.map((m) => [m.product, m.location, m.quantity, m.reason, m.createdBy])).toEqual([
      [a, transit, '-4.000', reason.id, 'admin'],
      [c, transit, '-8.000', reason.id, 'admin'],
    ]);
    for (const action of ['receive', 'closeShort', 'cancel']) {
      const res = await w.act(order, action, { reason: reason.code });
      expect(res.status, action).toBe(409);
      expect(res.body.message).toContain('is closed');
    }
  });

  it('holds a write-off over the approval value until another user approves it; a rejection reopens the order', async () => {
    const world = await dispatched();
    const {
      to,
      transit,
      products: [a, , c],
      order,
    } = world;
    const reason = await w.newReason({ code: `LOST${String(order.id)}`, approvalValue: '100.00' });
    await w.act(order, 'receive', {
      lines: [
        { product: a, receivedQty: '20' },
        { product: c, receivedQty: '40' },
      ],
    });
    // 4 × 20.00 = 80.00 posts at once; 8 × 20.00 = 160.00 waits.
    const closing = await w.act(order, 'closeShort', { reason: reason.code });
    expect(closing.status, JSON.stringify(closing.body)).toBe(200);
    let read = await assertInvariant(world);
    expect(read).toMatchObject({
      status: 'closing',
      lines: [
        { inTransitQty: '0.000', writtenOffQty: '4.000' },
        {},
        { inTransitQty: '8.000', writtenOffQty: '0.000' },
        {},
      ],
    });
    expect(await w.onHand(c!, transit)).toBe('8.000');
    const refused = await w.act(order, 'receive');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('is write-off awaiting approval');

    const pending = await w.post<Row[]>('/DataRepository/fetch/stockadjustment', {
      filters: [
        { ColumnName: 'reference', ColumnValue: order.docNo as string, Operator: 'EQ' },
        { ColumnName: 'status', ColumnValue: 'pending', Operator: 'EQ' },
      ],
    });
    expect(pending.body.data.map((p) => [p.product, p.quantity, p.value, p.location])).toEqual([
      [c, '-8.000', '-160.00', transit],
    ]);
    const adjustment = pending.body.data[0]!;
    // The one who asked cannot approve; another user can reject it: the goods stay in transit.
    expect((await w.post(`${VIRTUAL}/approve`, { id: adjustment.id, version: adjustment.version })).status).toBe(403);
    const rejected = await w.post(
      `${VIRTUAL}/reject`,
      { id: adjustment.id, version: adjustment.version },
      w.tokens.manager,
    );
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    read = await assertInvariant(world);
    expect(read).toMatchObject({ status: 'partiallyReceived', lines: [{}, {}, { inTransitQty: '8.000' }, {}] });

    // Closed short again, this time approved by the manager: the order closes.
    expect((await w.act(order, 'closeShort', { reason: reason.code })).body.data).toMatchObject({ status: 'closing' });
    const again = await w.post<Row[]>('/DataRepository/fetch/stockadjustment', {
      filters: [
        { ColumnName: 'reference', ColumnValue: order.docNo as string, Operator: 'EQ' },
        { ColumnName: 'status', ColumnValue: 'pending', Operator: 'EQ' },
      ],
    });
    const approved = await w.post(
      `${VIRTUAL}/approve`,
      { id: again.body.data[0]!.id, version: again.body.data[0]!.version },
      w.tokens.manager,
    );
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    read = await assertInvariant(world);
    expect(read).toMatchObject({
      status: 'closed',
      lines: [{}, {}, { inTransitQty: '0.000', writtenOffQty: '8.000' }, {}],
    });
    expect(await w.onHand(c!, transit)).toBe('0.000');
    expect(await w.onHand(c!, to)).toBe('40.000');
    const movement = await w.post<Row[]>('/DataRepository/fetch/stockmovement', {
      filters: [
        { ColumnName: 'reference', ColumnValue: order.docNo as string, Operator: 'EQ' },
        { ColumnName: 'product', ColumnValue: c, Operator: 'EQ' },
        { ColumnName: 'kind', ColumnValue: 'stockOut', Operator: 'EQ' },
      ],
    });
    expect(movement.body.data.map((m) => [m.quantity, m.createdBy, m.reason])).toEqual([
      ['-8.000', 'manager', reason.id],
    ]);
  });

  it('refuses closeShort before dispatch (409 naming the status) and without a known reason (400)', async () => {
    const from = (await w.newLocation({ kind: 'warehouse' })).id as number;
    const to = (await w.newLocation()).id as number;
    const p = (await w.newProduct()).id as number;
    await w.stock(p, from, '5');
    const order = await w.newOrder(from, to, [{ product: p, quantity: '2' }]);
    const early = await w.act(order, 'closeShort', { reason: 'X' });
    expect(early.status).toBe(409);
    expect(early.body.message).toContain('is draft');
    await w.act(order, 'confirm');
    await w.act(order, 'dispatch');
    const unknown = await w.act(order, 'closeShort', { reason: 'NO-SUCH-REASON' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors?.[0]?.field).toBe('reason');
    const none = await w.act(order, 'closeShort');
    expect(none.status).toBe(400);
    expect(none.body.errors?.[0]?.field).toBe('reason');
    expect((await w.legacy('GET', `/${String(order.id)}`)).body.data).toMatchObject({ status: 'dispatched' });
  });

  it('lets one of two parallel receipts of an order through; the other is a 409 and nothing is lost', async () => {
    const world = await dispatched();
    const { products, order } = world;
    const current = await w.legacy<Row>('GET', `/${String(order.id)}`);
    const answers = await Promise.all(
      [1, 2].map(() =>
        w.legacy('POST', `/${String(order.id)}`, {
          action: 'receive',
          version: current.body.data.version,
          lines: products.map((product) => ({ product, receivedQty: '10' })),
        }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const read = await assertInvariant(world);
    expect((read.lines as Row[]).map((l) => l.receivedQty)).toEqual(['10.000', '10.000', '10.000', '10.000']);
  });
});
