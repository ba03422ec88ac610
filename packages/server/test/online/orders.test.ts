import { describe, expect, it } from 'vitest';
import { useOnlineWorld, type Row } from './support';

const w = useOnlineWorld();

async function setup(onHand = '10.000') {
  const channel = await w.newChannel();
  const outlet = await w.newOutlet();
  const a = (await w.newProduct({ sellingPrice: '4.50', trackStock: true })).id as number;
  const b = (await w.newProduct({ sellingPrice: '2.00', trackStock: true })).id as number;
  await w.stock(a, outlet.location, onHand);
  await w.stock(b, outlet.location, onHand);
  const body = {
    outlet: outlet.id,
    customer: { name: 'Aisyah', phone: '0123456789' },
    items: [
      { product: a, quantity: 2 },
      { product: b, quantity: '1' },
    ],
    fulfilment: 'pickup',
  };
  return { channel, outlet, a, b, body };
}

async function placed(key: string, body: unknown): Promise<Row> {
  const res = await w.place(key, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

describe('placing online orders', () => {
  it('numbers and prices the order with the engine, and reserves its goods', async () => {
    const { channel, outlet, a, b, body } = await setup();
    const data = await placed(channel.key, body);
    expect(data).toMatchObject({ status: 'new', total: '11.00' });
    expect(data.orderNo).toMatch(/^ON-\d{4}-\d{6}$/);
    const order = await w.order(data.id as number);
    expect(order).toMatchObject({
      channel: channel.id,
      outlet: outlet.id,
      customerName: 'Aisyah',
      status: 'new',
      subtotal: '11.00',
      total: '11.00',
      fulfilment: 'pickup',
    });
    expect((order.items as Row[]).map((i) => [i.product, i.quantity, i.unitPrice, i.lineTotal])).toEqual([
      [a, '2.000', '4.50', '9.00'],
      [b, '1.000', '2.00', '2.00'],
    ]);
    expect(await w.reserved(a, outlet.location)).toBe('2.000');
    const second = await placed(channel.key, body);
    expect(second.orderNo).not.toBe(data.orderNo);
  });

  it('keeps the outlet’s ordering setup: its delivery fee added, its minimum order in money', async () => {
    const { channel, outlet, body } = await setup();
    const saved = await w.post('/DataRepository/Insert/orderingsetup', {
      outlet: outlet.id,
      pickup: true,
      delivery: true,
      minimumOrder: '10.00',
      deliveryFee: '6.00',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // 11.00 of goods clear a minimum of 10.00 (not of 1,000.00); a delivery adds 6.00 (not 600.00).
    const delivered = await placed(channel.key, {
      ...body,
      fulfilment: 'delivery',
      customer: { name: 'Aisyah', address: '1 Jalan Ara' },
    });
    expect(delivered.total).toBe('17.00');
    expect(await w.order(delivered.id as number)).toMatchObject({ subtotal: '11.00', fees: '6.00', total: '17.00' });
    const small = await w.place(channel.key, { ...body, items: [body.items[1]] });
    expect(small.status).toBe(400);
    expect(small.body.errors).toEqual([{ field: 'items', message: expect.stringContaining('10.00') }]);
  });

  it('refuses a missing or wrong channel key with 401 and writes nothing', async () => {
    const { body } = await setup();
    const before = await w.post<Row[]>('/DataRepository/fetch/onlinesalesorder', {});
    for (const key of ['', 'x'.repeat(40)]) {
      const res = await w.place(key, body);
      expect(res.status).toBe(401);
    }
    const res = await w.call('POST', '/onlinesalesorder/Place', { body, token: w.tokens.admin });
    expect(res.status).toBe(401);
    const after = await w.post<Row[]>('/DataRepository/fetch/onlinesalesorder', {});
    expect(after.body.totalCount).toBe(before.body.totalCount);
  });

  it('answers 400 naming each bad field', async () => {
    const { channel, body, a } = await setup();
    const cases: [unknown, string][] = [
      [{ ...body, outlet: 999999 }, 'outlet'],
      [{ ...body, items: [] }, 'items'],
      [{ ...body, items: [{ product: 999999, quantity: 1 }] }, 'items.0.product'],
      [{ ...body, items: [{ product: a, quantity: 0 }] }, 'items.0.quantity'],
      [{ ...body, items: [{ product: a, quantity: 'lots' }] }, 'items.0.quantity'],
      [{ ...body, fulfilment: 'teleport' }, 'fulfilment'],
      [{ ...body, fulfilment: 'delivery' }, 'customer.address'],
      [{ ...body, customer: {} }, 'customer.name'],
      ['nonsense', ''],
    ];
    for (const [sent, field] of cases) {
      const res = await w.place(channel.key, sent);
      expect(res.status, JSON.stringify(sent)).toBe(400);
      if (field)
        expect(
          res.body.errors?.map((e) => e.field),
          JSON.stringify(res.body),
        ).toContain(field);
    }
  });
});

describe('moving online orders along', () => {
  it('goes new → accepted → preparing → ready → completed, taking the goods at completion', async () => {
    const { channel, outlet, a, b, body } = await setup();
    const { id } = await placed(channel.key, body);
    for (const [action, status] of [
      ['accept', 'accepted'],
      ['prepare', 'preparing'],
      ['ready', 'ready'],
    ] as const) {
      const res = await w.actOn([id as number], action);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.status).toBe(status);
      expect(await w.onHand(a, outlet.location)).toBe('10.000');
      expect(await w.reserved(a, outlet.location)).toBe('2.000');
    }
    const done = await w.actOn([id as number], 'complete');
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data.status).toBe('completed');
    expect(await w.onHand(a, outlet.location)).toBe('8.000');
    expect(await w.onHand(b, outlet.location)).toBe('9.000');
    expect(await w.reserved(a, outlet.location)).toBe('0.000');
    const movements = await w.post<Row[]>('/DataRepository/fetch/stockmovement', {
      filters: [{ ColumnName: 'reference', ColumnValue: done.body.data.orderNo as string, Operator: 'EQ' }],
      sorts: [{ ColumnName: 'id', Direction: 'ASC' }],
    });
    expect(movements.body.data.map((m) => [m.kind, m.product, m.quantity])).toEqual([
      ['onlineOrder', a, '-2.000'],
      ['onlineOrder', b, '-1.000'],
    ]);
  });

  it('refuses wrong transitions with 409 and changes nothing', async () => {
    const { channel, body } = await setup();
    const { id } = await placed(channel.key, body);
    for (const action of ['prepare', 'ready', 'complete']) {
      const res = await w.actOn([id as number], action);
      expect(res.status, action).toBe(409);
      expect(res.body.message).toContain('is new');
    }
    expect((await w.order(id as number)).status).toBe('new');
    const unknown = await w.actOn([id as number], 'teleport');
    expect(unknown.status).toBe(400);
  });

  it('cancels only with a CANCEL_REASON, releasing the reservation; a cancelled order goes no further', async () => {
    const { channel, outlet, a, body } = await setup();
    const { id } = await placed(channel.key, body);
    await w.actOn([id as number], 'accept');
    const missing = await w.actOn([id as number], 'cancel');
    expect(missing.status).toBe(400);
    expect(missing.body.errors?.[0]?.field).toBe('reason');
    const wrong = await w.actOn([id as number], 'cancel', { reason: 'NOT_A_REASON' });
    expect(wrong.status).toBe(400);
    const cancelled = await w.actOn([id as number], 'cancel', { reason: 'CUSTOMER' });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', cancelReason: expect.any(Number) });
    expect(await w.reserved(a, outlet.location)).toBe('0.000');
    expect(await w.onHand(a, outlet.location)).toBe('10.000');
    expect((await w.actOn([id as number], 'accept')).status).toBe(409);
  });

  it('never changes the status by a generic Update', async () => {
    const { channel, body } = await setup();
    const { id } = await placed(channel.key, body);
    const order = await w.order(id as number);
    const res = await w.post('/DataRepository/Update/onlinesalesorder', {
      id,
      version: order.version,
      status: 'completed',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.field).toBe('status');
    const notes = await w.post('/DataRepository/Update/onlinesalesorder', {
      id,
      version: order.version,
      notes: 'No onions',
    });
    expect(notes.status, JSON.stringify(notes.body)).toBe(200);
    expect(await w.order(id as number)).toMatchObject({ status: 'new', notes: 'No onions' });
  });

  it('lets exactly one of parallel transitions on one order win', async () => {
    const { channel, outlet, a, body } = await setup();
    const { id } = await placed(channel.key, body);
    await w.actOn([id as number], 'accept');
    await w.actOn([id as number], 'prepare');
    await w.actOn([id as number], 'ready');
    const results = await Promise.all([
      ...Array.from({ length: 4 }, () => w.actOn([id as number], 'complete')),
      ...Array.from({ length: 4 }, () => w.actOn([id as number], 'cancel', { reason: 'CUSTOMER' })),
    ]);
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(7);
    const final = await w.order(id as number);
    const won = results.find((r) => r.status === 200)!.body.data.status;
    expect(final.status).toBe(won);
    expect(await w.onHand(a, outlet.location)).toBe(won === 'completed' ? '8.000' : '10.000');
  });
});
