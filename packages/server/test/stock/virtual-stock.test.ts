import { describe, expect, it } from 'vitest';
import { signInOutletManager } from '../support/harness';
import { newOutletWithStore, useStockWorld, VIRTUAL, type Row } from './support';

const w = useStockWorld({ users: ['admin', 'manager', 'cashier'] });

const fetchVirtual = (filters: Row[], token?: string, extra: Row = {}) =>
  w.post<Row[]>(`${VIRTUAL}/fetch`, { Take: 100, filters, ...extra }, token);

describe('virtual stock', () => {
  it('shows on hand, reserved by open online orders, incoming deliveries and the virtual figure', async () => {
    const { outlet, store } = await newOutletWithStore(w);
    const warehouse = (await w.newLocation({ kind: 'warehouse' })).id as number;
    const product = (await w.newProduct()).id as number;
    await w.stock(product, store, '10.000');
    await w.stock(product, warehouse, '50.000');
    const order = await w.newOrder(warehouse, store, [{ product, quantity: '6.500' }]);
    await w.act(order, 'confirm');
    await w.act(order, 'dispatch');
    const channel = await w.post('/DataRepository/Insert/onlinesaleschannel', {
      code: `WEB${store}`,
      name: 'Web shop',
      kind: 'web',
    });
    const online = await w.post('/DataRepository/Insert/onlinesalesorder', {
      channel: channel.body.data.id,
      outlet,
      items: [{ product, quantity: '2.000', unitPrice: '5.00' }],
    });
    expect(online.status, JSON.stringify(online.body)).toBe(200);

    const rows = await fetchVirtual([{ ColumnName: 'outlet', ColumnValue: outlet, Operator: 'EQ' }]);
    expect(rows.status, JSON.stringify(rows.body)).toBe(200);
    expect(rows.body.data).toEqual([
      expect.objectContaining({
        outlet,
        location: store,
        product,
        onHand: '10.000',
        reserved: '2.000',
        incoming: '6.500',
        virtual: '14.500',
        locationLabel: expect.stringContaining('Location'),
      }),
    ]);
    expect(rows.body.totalCount).toBe(1);
    const byProduct = await fetchVirtual([{ ColumnName: 'product', ColumnValue: product, Operator: 'EQ' }], undefined, {
      sorts: [{ ColumnName: 'onHand', Direction: 'DESC' }],
    });
    // Dispatched goods sit at the store's in-transit location until received.
    const transit = (
      await w.post<Row[]>('/DataRepository/fetch/inventorylocation', {
        filters: [{ ColumnName: 'transitFor', ColumnValue: store, Operator: 'EQ' }],
      })
    ).body.data[0]!.id;
    expect(byProduct.body.data.map((r) => [r.location, r.onHand])).toEqual([
      [warehouse, '43.500'],
      [store, '10.000'],
      [transit, '6.500'],
    ]);
    const byVirtual = await fetchVirtual([{ ColumnName: 'product', ColumnValue: product, Operator: 'EQ' }], undefined, {
      sorts: [{ ColumnName: 'virtual', Direction: 'ASC' }],
    });
    expect(byVirtual.body.data.map((r) => [r.location, r.virtual])).toEqual([
      [transit, '6.500'],
      [store, '14.500'],
      [warehouse, '43.500'],
    ]);
    await w.act(order, 'receive');
    const after = await fetchVirtual([{ ColumnName: 'location', ColumnValue: store, Operator: 'EQ' }]);
    expect(after.body.data[0]).toMatchObject({ onHand: '16.500', incoming: '0.000', virtual: '14.500' });
  });

  it('refuses unknown filters and sorts with 400 naming them, and needs the virtualstock privilege', async () => {
    const bad = await fetchVirtual([{ ColumnName: 'price', ColumnValue: 1, Operator: 'EQ' }]);
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('filters.0.ColumnName');
    expect(
      (await fetchVirtual([{ ColumnName: 'product', ColumnValue: 'x', Operator: 'EQ' }])).body.errors?.[0]?.field,
    ).toBe('filters.0.ColumnValue');
    expect(
      (await fetchVirtual([], undefined, { sorts: [{ ColumnName: 'colour', Direction: 'ASC' }] })).body.errors?.[0]
        ?.field,
    ).toBe('sorts.0.ColumnName');
    expect((await fetchVirtual([], w.tokens.cashier)).status).toBe(403);
    expect((await fetchVirtual([], w.tokens.manager)).status).toBe(200);
  });

  it('limits a user with outlets to their locations and those of no outlet', async () => {
    const mine = await newOutletWithStore(w);
    const theirs = await newOutletWithStore(w);
    const warehouse = (await w.newLocation({ kind: 'warehouse' })).id as number;
    const product = (await w.newProduct()).id as number;
    for (const at of [mine.store, theirs.store, warehouse]) await w.stock(product, at, '1.000');
    const token = await signInOutletManager(w, {
      userName: `limited${mine.outlet}`,
      displayName: 'Limited',
      password: 'Limited#Pass123',
      outlets: [mine.outlet],
    });
    const rows = await fetchVirtual([{ ColumnName: 'product', ColumnValue: product, Operator: 'EQ' }], token);
    expect(rows.body.data.map((r) => r.location).sort()).toEqual([mine.store, warehouse].sort());
    const reason = (await w.newReason()).id as number;
    // Another outlet's location reads as a missing one; a location of no outlet is adjusted only by users without limits.
    const hidden = await w.post(
      `${VIRTUAL}/adjust`,
      { product, location: theirs.store, quantity: '1', stockOutReason: reason },
      token,
    );
    expect([hidden.status, hidden.body.errors?.[0]?.field]).toEqual([400, 'location']);
    expect(
      (
        await w.post(
          `${VIRTUAL}/adjust`,
          { product, location: warehouse, quantity: '1', stockOutReason: reason },
          token,
        )
      ).status,
    ).toBe(403);
  });
});

describe('adjustments', () => {
  it('posts a signed change or a count at once when the reason needs no approval', async () => {
    const at = (await w.newLocation()).id as number;
    const product = (await w.newProduct()).id as number;
    const damaged = (await w.newReason({ name: 'Damaged' })).id as number;
    const up = await w.post<Row>(`${VIRTUAL}/adjust`, {
      location: at,
      product,
      quantity: '12.500',
      stockOutReason: damaged,
      remarks: 'Found a box',
    });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.data).toMatchObject({
      status: 'applied',
      onHand: '12.500',
      adjustment: { quantity: '12.500', status: 'applied', decidedBy: 'admin' },
    });
    const down = await w.post<Row>(`${VIRTUAL}/adjust`, {
      location: at,
      product,
      quantity: '-2.500',
      stockOutReason: damaged,
    });
    expect(down.body.data).toMatchObject({ onHand: '10.000' });
    const count = await w.post<Row>(`${VIRTUAL}/adjust`, {
      location: at,
      product,
      counted: '7.250',
      stockOutReason: damaged,
    });
    expect(count.body.data).toMatchObject({
      onHand: '7.250',
      adjustment: { quantity: '-2.750', counted: '7.250', onHandBefore: '10.000' },
    });
    const moves = await w.post<Row[]>('/DataRepository/fetch/stockmovement', {
      filters: [
        { ColumnName: 'product', ColumnValue: product, Operator: 'EQ' },
        { ColumnName: 'location', ColumnValue: at, Operator: 'EQ' },
      ],
      sorts: [{ ColumnName: 'id', Direction: 'ASC' }],
    });
    expect(moves.body.data.map((m) => [m.kind, m.quantity, m.reason, m.balanceAfter])).toEqual([
      ['adjustment', '12.500', damaged, '12.500'],
      ['stockOut', '-2.500', damaged, '10.000'],
      ['count', '-2.750', damaged, '7.250'],
    ]);
    expect(moves.body.data[0]!.reference).toMatch(/^ADJ-\d{6}$/);
    expect(moves.body.data[0]!.remarks).toBe('Found a box');
  });

  it('refuses bad adjustments with 400 naming the field, and a stock-out past zero with 409', async () => {
    const at = (await w.newLocation()).id as number;
    const product = (await w.newProduct()).id as number;
    const reason = (await w.newReason()).id as number;
    const cases: [Row, string][] = [
      [{ location: at, product, stockOutReason: reason }, 'quantity'],
      [{ location: at, product, quantity: '1', counted: '1', stockOutReason: reason }, 'quantity'],
      [{ location: at, product, quantity: '0', stockOutReason: reason }, 'quantity'],
      [{ location: at, product, quantity: '1.0001', stockOutReason: reason }, 'quantity'],
      [{ location: at, product, counted: '-1', stockOutReason: reason }, 'counted'],
      [{ location: at, product, quantity: '1' }, 'stockOutReason'],
      [{ location: at, product, quantity: '1', stockOutReason: 999999 }, 'stockOutReason'],
      [{ location: 999999, product, quantity: '1', stockOutReason: reason }, 'location'],
      [
        { location: at, product: (await w.newProduct({ type: 'service' })).id, quantity: '1', stockOutReason: reason },
        'product',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await w.post(`${VIRTUAL}/adjust`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors?.[0]?.field, JSON.stringify(body)).toBe(field);
    }
    const past = await w.post(`${VIRTUAL}/adjust`, { location: at, product, quantity: '-1', stockOutReason: reason });
    expect(past.status).toBe(409);
    expect(past.body.errors?.[0]?.field).toBe('quantity');
    expect(await w.onHand(product, at)).toBe('0.000');
    expect(
      (
        await w.post(
          `${VIRTUAL}/adjust`,
          { location: at, product, quantity: '1', stockOutReason: reason },
          w.tokens.cashier,
        )
      ).status,
    ).toBe(403);
  });

  it('leaves an adjustment whose reason needs approval pending until another user approves it', async () => {
    const at = (await w.newLocation()).id as number;
    const product = (await w.newProduct()).id as number;
    await w.stock(product, at, '20.000');
    const theft = (await w.newReason({ name: 'Theft', needsApproval: true })).id as number;
    const asked = await w.post<Row>(
      `${VIRTUAL}/adjust`,
      { location: at, product, quantity: '-3.000', stockOutReason: theft },
      w.tokens.manager,
    );
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.data).toMatchObject({ status: 'pending', onHand: '20.000' });
    const adjustment = asked.body.data.adjustment as Row;

    const own = await w.post(
      `${VIRTUAL}/approve`,
      { id: adjustment.id, version: adjustment.version },
      w.tokens.manager,
    );
    expect(own.status).toBe(403);
    expect(own.body.message).toBe('Another user must approve your own adjustment');
    expect(
      (await w.post(`${VIRTUAL}/approve`, { id: adjustment.id, version: adjustment.version }, w.tokens.cashier)).status,
    ).toBe(403);
    const pendingList = await w.post<Row[]>('/DataRepository/fetch/stockadjustment', {
      filters: [
        { ColumnName: 'status', ColumnValue: 'pending', Operator: 'EQ' },
        { ColumnName: 'id', ColumnValue: adjustment.id as number, Operator: 'EQ' },
      ],
    });
    expect(pendingList.body.data).toHaveLength(1);

    const approved = await w.post<Row>(`${VIRTUAL}/approve`, { id: adjustment.id, version: adjustment.version });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data).toMatchObject({
      status: 'applied',
      onHand: '17.000',
      adjustment: { decidedBy: 'admin', movement: expect.any(Number) },
    });
    const again = await w.post(`${VIRTUAL}/approve`, {
      id: adjustment.id,
      version: (approved.body.data.adjustment as Row).version,
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      `Adjustment ADJ-${String(adjustment.id).padStart(6, '0')} is applied: only a pending one can be approved`,
    );

    const second = await w.post<Row>(
      `${VIRTUAL}/adjust`,
      { location: at, product, counted: '0', stockOutReason: theft },
      w.tokens.manager,
    );
    const rejected = await w.post<Row>(`${VIRTUAL}/reject`, {
      id: (second.body.data.adjustment as Row).id,
      version: 1,
    });
    expect(rejected.body.data).toMatchObject({ status: 'rejected', onHand: '17.000' });
    expect(await w.ledgerSum(product, at)).toBe('17.000');
  });

  it('approves a pending adjustment once when two approvers press at the same time', async () => {
    const at = (await w.newLocation()).id as number;
    const product = (await w.newProduct()).id as number;
    await w.stock(product, at, '5.000');
    const reason = (await w.newReason({ needsApproval: true })).id as number;
    const asked = await w.post<Row>(
      `${VIRTUAL}/adjust`,
      { location: at, product, quantity: '-1', stockOutReason: reason },
      w.tokens.manager,
    );
    const id = (asked.body.data.adjustment as Row).id;
    const answers = await Promise.all([1, 2, 3].map(() => w.post(`${VIRTUAL}/approve`, { id, version: 1 })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(await w.onHand(product, at)).toBe('4.000');
    expect(await w.ledgerSum(product, at)).toBe('4.000');
  });
});
