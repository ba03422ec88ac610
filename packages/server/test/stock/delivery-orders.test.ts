import { describe, expect, it } from 'vitest';
import { useStockWorld, type Row } from './support';

const w = useStockWorld({ users: ['admin', 'manager', 'cashier'] });

async function setup(onHand = '20.000') {
  const from = await w.newLocation({ kind: 'warehouse' });
  const to = await w.newLocation();
  const a = await w.newProduct();
  const b = await w.newProduct();
  await w.stock(a.id as number, from.id as number, onHand);
  await w.stock(b.id as number, from.id as number, onHand);
  return { from: from.id as number, to: to.id as number, a: a.id as number, b: b.id as number };
}

describe('delivery orders through the legacy API', () => {
  it('goes from draft to partially received, moving stock into transit at dispatch and out of it at receipt', async () => {
    const { from, to, a, b } = await setup();
    const order = await w.newOrder(from, to, [
      { product: a, quantity: '5.000' },
      { product: b, quantity: '2.500' },
    ]);
    expect(order).toMatchObject({ status: 'draft', version: 1 });
    expect(order.docNo).toMatch(/^DO-\d{4}-\d{6}$/);
    const read = await w.legacy('GET', `/${String(order.id)}`);
    expect(read.body.data).toMatchObject({
      docNo: order.docNo,
      lines: [
        { product: a, quantity: '5.000' },
        { product: b, quantity: '2.500' },
      ],
    });

    const confirmed = await w.act(order, 'confirm');
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.data).toMatchObject({ status: 'confirmed', version: 2 });
    expect(await w.onHand(a, from)).toBe('20.000');

    const dispatched = await w.act(order, 'dispatch');
    expect(dispatched.status, JSON.stringify(dispatched.body)).toBe(200);
    expect(dispatched.body.data).toMatchObject({ status: 'dispatched', version: 3 });
    expect(dispatched.body.data.dispatchedAt).toEqual(expect.any(String));
    expect(await w.onHand(a, from)).toBe('15.000');
    expect(await w.onHand(b, from)).toBe('17.500');
    expect(await w.onHand(a, to)).toBe('0.000');

    const received = await w.act(order, 'receive', { lines: [{ product: a, receivedQty: '4.000' }] });
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    expect(received.body.data).toMatchObject({
      status: 'partiallyReceived',
      lines: [
        { product: a, quantity: '5.000', receivedQty: '4.000', inTransitQty: '1.000', discrepancy: '-1.000' },
        { product: b, quantity: '2.500', receivedQty: '2.500', inTransitQty: '0.000', discrepancy: '0.000' },
      ],
    });
    expect(await w.onHand(a, to)).toBe('4.000');
    expect(await w.onHand(b, to)).toBe('2.500');

    const movements = await w.post<Row[]>('/DataRepository/fetch/stockmovement', {
      Take: 50,
      filters: [{ ColumnName: 'reference', ColumnValue: order.docNo as string, Operator: 'EQ' }],
      sorts: [{ ColumnName: 'id', Direction: 'ASC' }],
    });
    const transit = movements.body.data[2]!.location as number;
    expect(movements.body.data.map((m) => [m.kind, m.product, m.location, m.quantity, m.createdBy])).toEqual([
      ['dispatch', a, from, '-5.000', 'admin'],
      ['dispatch', b, from, '-2.500', 'admin'],
      ['dispatch', a, transit, '5.000', 'admin'],
      ['dispatch', b, transit, '2.500', 'admin'],
      ['receipt', a, transit, '-4.000', 'admin'],
      ['receipt', b, transit, '-2.500', 'admin'],
      ['receipt', a, to, '4.000', 'admin'],
      ['receipt', b, to, '2.500', 'admin'],
    ]);
    expect(await w.onHand(a, transit)).toBe('1.000');
    for (const [p, l] of [
      [a, from],
      [b, from],
      [a, to],
      [b, to],
      [a, transit],
    ] as const)
      expect(await w.ledgerSum(p, l)).toBe(await w.onHand(p, l));
  });

  it('refuses every wrong transition with 409 naming the status, and changes nothing', async () => {
    const { from, to, a } = await setup();
    const order = await w.newOrder(from, to, [{ product: a, quantity: '1.000' }]);
    for (const action of ['dispatch', 'receive']) {
      const res = await w.act(order, action);
      expect(res.status, action).toBe(409);
      expect(res.body.message).toContain('is draft');
    }
    expect((await w.act(order, 'receive')).body.message).toBe(
      `Delivery order ${String(order.docNo)} is draft: it cannot be received (only when dispatched or partially received)`,
    );
    await w.act(order, 'confirm');
    for (const action of ['confirm', 'receive', 'prefill']) {
      const res = await w.act(order, action, { stockTemplate: 1 });
      expect(res.status, action).toBe(409);
      expect(res.body.message).toContain('is confirmed');
    }
    await w.act(order, 'dispatch');
    for (const action of ['confirm', 'dispatch', 'cancel']) {
      const res = await w.act(order, action);
      expect(res.status, action).toBe(409);
      expect(res.body.message).toContain('is dispatched');
    }
    await w.act(order, 'receive');
    for (const action of ['confirm', 'dispatch', 'receive', 'closeShort', 'cancel']) {
      const res = await w.act(order, action, { reason: 'X' });
      expect(res.status, action).toBe(409);
      expect(res.body.message).toContain('is received');
    }
    expect(await w.onHand(a, to)).toBe('1.000');
    const cancelled = await w.newOrder(from, to, [{ product: a, quantity: '1.000' }]);
    expect((await w.act(cancelled, 'cancel')).body.data).toMatchObject({ status: 'cancelled' });
    for (const action of ['confirm', 'dispatch', 'receive', 'cancel'])
      expect((await w.act(cancelled, action)).body.message).toContain('is cancelled');
  });

  it('cancels a confirmed order without moving stock', async () => {
    const { from, to, a } = await setup();
    const order = await w.newOrder(from, to, [{ product: a, quantity: '3.000' }]);
    await w.act(order, 'confirm');
    const res = await w.act(order, 'cancel');
    expect(res.body.data).toMatchObject({ status: 'cancelled' });
    expect(await w.onHand(a, from)).toBe('20.000');
  });

  it('refuses a short dispatch with 409 naming the lines, unless the source allows negative stock', async () => {
    const { from, to, a, b } = await setup('2.000');
    const order = await w.newOrder(from, to, [
      { product: a, quantity: '1.000' },
      { product: b, quantity: '3.000' },
    ]);
    await w.act(order, 'confirm');
    const short = await w.act(order, 'dispatch');
    expect(short.status).toBe(409);
    expect(short.body.message).toContain('line 2');
    expect(short.body.errors).toEqual([
      { field: 'lines.1.quantity', message: expect.stringContaining('2.000 on hand') },
    ]);
    expect((await w.legacy('GET', `/${String(order.id)}`)).body.data).toMatchObject({ status: 'confirmed' });
    expect(await w.onHand(a, from)).toBe('2.000');

    const loose = await w.newLocation({ kind: 'warehouse', allowNegativeStock: true });
    const free = await w.newOrder(loose.id as number, to, [{ product: a, quantity: '4.000' }]);
    await w.act(free, 'confirm');
    expect((await w.act(free, 'dispatch')).status).toBe(200);
    expect(await w.onHand(a, loose.id as number)).toBe('-4.000');
  });

  it('answers 400 for from = to, a quantity of zero or less, and bad receipts', async () => {
    const { from, to, a } = await setup();
    const same = await w.legacy('POST', '', {
      fromLocation: from,
      toLocation: from,
      date: '2025-03-01',
      lines: [{ product: a, quantity: '1' }],
    });
    expect(same.status).toBe(400);
    expect(same.body.errors).toEqual([{ field: 'toLocation', message: 'From and To must be different locations' }]);
    for (const quantity of ['0', '-1', 'abc']) {
      const bad = await w.legacy('POST', '', {
        fromLocation: from,
        toLocation: to,
        date: '2025-03-01',
        lines: [{ product: a, quantity }],
      });
      expect(bad.status, quantity).toBe(400);
      expect(bad.body.errors?.[0]?.field).toBe('lines.0.quantity');
    }
    const service = await w.newProduct({ type: 'service' });
    const noStock = await w.legacy('POST', '', {
      fromLocation: from,
      toLocation: to,
      date: '2025-03-01',
      lines: [{ product: service.id, quantity: '1' }],
    });
    expect(noStock.status).toBe(400);
    expect(noStock.body.errors?.[0]).toEqual({
      field: 'lines.0.product',
      message: `${String(service.code)} ${String(service.name)} does not keep stock`,
    });

    const order = await w.newOrder(from, to, [{ product: a, quantity: '1.000' }]);
    await w.act(order, 'confirm');
    await w.act(order, 'dispatch');
    const stranger = await w.newProduct();
    expect(
      (await w.act(order, 'receive', { lines: [{ product: stranger.id, receivedQty: '1' }] })).body.errors?.[0]?.field,
    ).toBe('lines.0.product');
    expect(
      (await w.act(order, 'receive', { lines: [{ product: a, receivedQty: '-1' }] })).body.errors?.[0]?.field,
    ).toBe('lines.0.receivedQty');
    const noVersion = await w.legacy('POST', `/${String(order.id)}`, { action: 'receive' });
    expect(noVersion.status).toBe(400);
    expect(noVersion.body.errors?.[0]?.field).toBe('version');
    const unknown = await w.act(order, 'teleport');
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([{ field: 'action', message: 'Unknown action: teleport' }]);
    expect((await w.legacy('GET', `/${String(order.id)}`)).body.data).toMatchObject({ status: 'dispatched' });
  });

  it('changes and deletes drafts only, with the version', async () => {
    const { from, to, a, b } = await setup();
    const order = await w.newOrder(from, to, [{ product: a, quantity: '1.000' }]);
    const edited = await w.legacy('PUT', `/${String(order.id)}`, {
      version: 1,
      remarks: 'Fragile',
      lines: [{ product: b, quantity: '2.000' }],
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data).toMatchObject({
      version: 2,
      remarks: 'Fragile',
      docNo: order.docNo,
      lines: [{ product: b, quantity: '2.000' }],
    });
    expect((await w.legacy('PUT', `/${String(order.id)}`, { version: 1, remarks: 'Late' })).status).toBe(409);
    expect((await w.legacy('PUT', `/${String(order.id)}`, { remarks: 'No version' })).status).toBe(400);
    expect((await w.legacy('PUT', `/${String(order.id)}`, { version: 2, toLocation: from })).status).toBe(400);

    await w.act(order, 'confirm');
    const locked = await w.legacy('PUT', `/${String(order.id)}`, { version: 3, remarks: 'Too late' });
    expect(locked.status).toBe(409);
    expect(locked.body.message).toContain('is confirmed');
    const undeletable = await w.legacy('DELETE', `/${String(order.id)}`);
    expect(undeletable.status).toBe(409);
    expect(undeletable.body.message).toContain('is confirmed');

    const draft = await w.newOrder(from, to, [{ product: a, quantity: '1.000' }]);
    expect((await w.legacy('DELETE', `/${String(draft.id)}`)).status).toBe(200);
    expect((await w.legacy('GET', `/${String(draft.id)}`)).status).toBe(404);
    // A deleted draft's number is never given again.
    const next = await w.newOrder(from, to, [{ product: a, quantity: '1.000' }]);
    expect(String(next.docNo) > String(draft.docNo)).toBe(true);
  });

  it('lists orders with paging, status and search', async () => {
    const { from, to, a } = await setup();
    const one = await w.newOrder(from, to, [{ product: a, quantity: '1.000' }]);
    const two = await w.newOrder(from, to, [{ product: a, quantity: '1.000' }]);
    await w.act(two, 'cancel');
    const cancelled = await w.legacy<Row[]>('GET', '?status=cancelled&Take=100');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.every((o) => o.status === 'cancelled')).toBe(true);
    expect(cancelled.body.data.map((o) => o.id)).toContain(two.id);
    const found = await w.legacy<Row[]>('GET', `?search=${String(one.docNo)}`);
    expect(found.body.data.map((o) => o.docNo)).toEqual([one.docNo]);
    const page = await w.legacy<Row[]>('GET', '?Skip=0&Take=1');
    expect(page.body.data).toHaveLength(1);
    expect(page.body.totalCount).toBeGreaterThanOrEqual(2);
    expect((await w.legacy('GET', '?status=lost')).status).toBe(400);
  });

  it('prefills a draft from a stock template, keeping its own lines', async () => {
    const { from, to, a, b } = await setup();
    const service = await w.newProduct({ type: 'service' });
    const template = await w.post('/DataRepository/Insert/stocktemplate', {
      code: `TPL${String(a)}`,
      name: 'Weekly top-up',
      items: [
        { product: a, defaultQty: '9.000' },
        { product: b, defaultQty: '6.000' },
        { product: service.id, defaultQty: '1.000' },
      ],
    });
    expect(template.status, JSON.stringify(template.body)).toBe(200);
    const order = await w.newOrder(from, to, [{ product: a, quantity: '1.000' }]);
    const res = await w.act(order, 'prefill', { stockTemplate: template.body.data.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'draft',
      version: 2,
      lines: [
        { product: a, quantity: '1.000' },
        { product: b, quantity: '6.000' },
      ],
    });
    expect((await w.act(order, 'prefill', { stockTemplate: 999999 })).body.errors?.[0]?.field).toBe('stockTemplate');
  });

  it('keeps the same rules on the generic API', async () => {
    const { from, to, a } = await setup();
    const inserted = await w.post('/DataRepository/Insert/printdeliveryorder', {
      fromLocation: from,
      toLocation: to,
      date: '2025-03-02',
      status: 'received',
      docNo: 'MINE',
      lines: [{ product: a, quantity: '1', receivedQty: '5' }],
    });
    expect(inserted.status, JSON.stringify(inserted.body)).toBe(200);
    expect(inserted.body.data).toMatchObject({ status: 'draft', lines: [{ receivedQty: null }] });
    expect(inserted.body.data.docNo).toMatch(/^DO-\d{4}-\d{6}$/);
    const id = inserted.body.data.id as number;
    const confirm = await w.post('/DataRepository/Execute/printdeliveryorder', {
      action: 'confirm',
      ids: [id],
      version: 1,
    });
    expect(confirm.status, JSON.stringify(confirm.body)).toBe(200);
    const update = await w.post('/DataRepository/Update/printdeliveryorder', { id, version: 2, remarks: 'sneaky' });
    expect(update.status).toBe(409);
    expect(update.body.message).toContain('is confirmed');
    const remove = await w.post('/DataRepository/Execute/printdeliveryorder', { action: 'delete', ids: [id] });
    expect(remove.status).toBe(409);
    const family = await w.post(`/deliveryorder/Dispatch/${id}`, { version: 2 });
    expect(family.status, JSON.stringify(family.body)).toBe(200);
    expect(family.body.data).toMatchObject({ status: 'dispatched' });
    expect(
      (
        await w.post('/DataRepository/Insert/stockmovement', {
          product: a,
          location: from,
          quantity: '1',
          kind: 'opening',
          at: new Date().toISOString(),
        })
      ).status,
    ).toBe(403);
  });

  it('gives numbers that are unique and increasing under parallel creation', async () => {
    const { from, to, a } = await setup();
    const made = await Promise.all(
      Array.from({ length: 12 }, () =>
        w.legacy<Row>('POST', '', {
          fromLocation: from,
          toLocation: to,
          date: '2025-03-01',
          lines: [{ product: a, quantity: '1' }],
        }),
      ),
    );
    expect(made.map((r) => r.status)).toEqual(made.map(() => 200));
    const numbers = made.map((r) => r.body.data.docNo as string);
    expect(new Set(numbers).size).toBe(numbers.length);
    const byId = [...made]
      .sort((x, y) => (x.body.data.id as number) - (y.body.data.id as number))
      .map((r) => r.body.data.docNo as string);
    expect(byId).toEqual([...byId].sort());
  });

  it('checks the printdeliveryorder privileges on every call', async () => {
    const { from, to, a } = await setup();
    const order = await w.newOrder(from, to, [{ product: a, quantity: '1.000' }]);
    const { cashier, manager } = w.tokens;
    expect((await w.legacy('GET', '', undefined, cashier)).status).toBe(403);
    expect((await w.legacy('GET', `/${String(order.id)}`, undefined, cashier)).status).toBe(403);
    expect(
      (await w.legacy('POST', '', { fromLocation: from, toLocation: to, date: '2025-03-01', lines: [] }, cashier))
        .status,
    ).toBe(403);
    expect((await w.act(order, 'confirm', {}, cashier)).status).toBe(403);
    expect((await w.legacy('GET', '')).status).toBe(200);
    expect((await w.act(order, 'confirm', {}, manager)).status).toBe(200);
    expect((await w.legacy('DELETE', `/${String(order.id)}`, undefined, manager)).status).toBe(403);
    expect((await w.call('GET', `${w.origin}/backoffice/WebAPI/deliveryorder`)).status).toBe(401);
  });
});
