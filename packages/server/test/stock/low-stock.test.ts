import { describe, expect, it } from 'vitest';
import { useStockWorld, type Row } from './support';

const w = useStockWorld({ users: ['admin', 'cashier'] });

const runCheck = (token?: string) => w.post('/jobs/Run', { kind: 'markLowStock' }, token);
const lowList = (body: Row = {}) => w.post<Row[]>('/lowstock/List', { Take: 100, ...body });

describe('low stock', () => {
  it('marks triggers below their minimum, lists them and proposes a delivery from the mapped warehouse', async () => {
    const warehouse = (await w.newLocation({ kind: 'warehouse' })).id as number;
    const store = (await w.newLocation()).id as number;
    const low = (await w.newProduct()).id as number;
    const fine = (await w.newProduct()).id as number;
    const unmapped = (await w.newProduct()).id as number;
    await w.stock(low, store, '2.000');
    await w.stock(fine, store, '9.000');
    await w.stock(low, warehouse, '100.000');
    for (const [product, minQty, reorderQty] of [
      [low, '5.000', null],
      [fine, '5.000', null],
      [unmapped, '1.000', '3.000'],
    ] as const) {
      const res = await w.post('/ItemQuantityTrigger/Insert', { product, location: store, minQty, reorderQty });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const mapping = await w.post('/DataRepository/Insert/warehouseproductmapping', {
      inventoryLocation: warehouse,
      product: low,
      reorderQty: '24.000',
    });
    expect(mapping.status, JSON.stringify(mapping.body)).toBe(200);

    const run = await runCheck();
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(run.body.data).toMatchObject({ status: 'done', result: { low: 2 } });
    const list = await lowList({ location: store });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(
      list.body.data.map((r) => [r.product, r.onHand, r.minQty, r.warehouse, r.warehouseOnHand, r.proposedQty]),
    ).toEqual([
      [low, '2.000', '5.000', warehouse, '100.000', '24.000'],
      [unmapped, '0.000', '1.000', null, null, '3.000'],
    ]);

    const refused = await w.post('/lowstock/Propose', { ids: list.body.data.map((r) => r.id) });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      { field: 'ids.1', message: expect.stringContaining('No warehouse is mapped') },
    ]);

    const proposed = await w.post<Row[]>('/lowstock/Propose', { ids: [list.body.data[0]!.id] });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
    expect(proposed.body.data).toEqual([
      {
        id: expect.any(Number),
        docNo: expect.stringMatching(/^DO-/),
        fromLocation: warehouse,
        toLocation: store,
        lines: 1,
      },
    ]);
    const order = await w.legacy<Row>('GET', `/${String(proposed.body.data[0]!.id)}`);
    expect(order.body.data).toMatchObject({ status: 'draft', lines: [{ product: low, quantity: '24.000' }] });
    // Now on order, the row proposes nothing more until it arrives.
    expect((await lowList({ location: store })).body.data[0]).toMatchObject({ onOrder: '24.000' });

    await w.act(order.body.data, 'confirm');
    await w.act(order.body.data, 'dispatch');
    await w.act(order.body.data, 'receive');
    expect((await runCheck()).body.data).toMatchObject({ result: { cleared: 1 } });
    expect((await lowList({ location: store })).body.data.map((r) => r.product)).toEqual([unmapped]);
  });

  it('checks a trigger as soon as it is saved, and only privileged users run the check or see the list', async () => {
    const store = (await w.newLocation()).id as number;
    const product = (await w.newProduct()).id as number;
    const saved = await w.post<Row>('/ItemQuantityTrigger/Insert', { product, location: store, minQty: '1.000' });
    expect(saved.body.data.lowSince).toEqual(expect.any(String));
    await w.stock(product, store, '1.000');
    const row = await w.post<Row[]>('/DataRepository/fetch/itemquantitytrigger', {
      filters: [{ ColumnName: 'id', ColumnValue: saved.body.data.id as number, Operator: 'EQ' }],
    });
    const raised = await w.post<Row>('/ItemQuantityTrigger/Update', {
      id: row.body.data[0]!.id,
      version: row.body.data[0]!.version,
      minQty: '0.500',
    });
    expect(raised.body.data.lowSince).toBeNull();
    expect((await runCheck(w.tokens.cashier)).status).toBe(403);
    expect((await w.post('/lowstock/List', {}, w.tokens.cashier)).status).toBe(403);
    expect((await w.post('/lowstock/Propose', { ids: [saved.body.data.id] }, w.tokens.cashier)).status).toBe(403);
  });
});
