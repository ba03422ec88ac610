import { beforeAll, describe, expect, it } from 'vitest';
import type { ReorderAnswer, ReorderOrder, ReorderRow } from '@backroom/schema';
import { usePurchasingWorld, type Row } from '../purchasing/support';
import { asTerminal, openTills, pairedTerminal, receiptNo } from '../terminals/support';

const w = usePurchasingWorld();
let store: number;
let token: string;

beforeAll(async () => {
  const tills = await openTills(w);
  store = tills.location.id as number;
  token = (await pairedTerminal(w, tills.outlet.id)).token;
});

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

/** A sale at the store's till `days` ago. */
const sell = async (product: number, quantity: number, days: number) => {
  const res = await asTerminal(w, token, 'POST', '/pointofsale/Sales', {
    receiptNo: receiptNo(),
    at: daysAgo(days),
    lines: [{ productId: product, quantity, unitPrice: '1.00' }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

const suggest = async (body: Row = {}) => {
  const res = await w.post<ReorderAnswer>('/reorder/Suggest', { locations: [store], ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const byProduct = (rows: ReorderRow[]) => new Map(rows.map((r) => [r.product, r]));

describe('reorder suggestions on a planted sales history', () => {
  it('work out on hand, in transit, on order, velocity, lead time, cover and packs as by hand; create draft POs', async () => {
    const warehouse = (await w.newLocation({ kind: 'warehouse' })).id as number;
    const a = (await w.newSupplier({ leadTimeDays: 7 })).id as number;
    const b = (await w.newSupplier({ leadTimeDays: 30 })).id as number;
    // P1: supplier A (its lead time 7), packs of 12.
    const p1 = (
      await w.newProduct({
        supplierMapping: [{ supplier: a, packSize: '12', cost: '2.00', supplierItemCode: 'A-P1', preferred: true }],
      })
    ).id as number;
    // P2: A and B mapped, B preferred with its own lead time 3; a trigger min 10, reorder 8.
    const p2 = (
      await w.newProduct({
        supplierMapping: [
          { supplier: a, cost: '9.00' },
          { supplier: b, cost: '3.00', leadTimeDays: 3, preferred: true },
        ],
      })
    ).id as number;
    // P3: B with lead time 3, sells half a unit a day.
    const p3 = (await w.newProduct({ supplierMapping: [{ supplier: b, leadTimeDays: 3, cost: '1.50' }] })).id as number;
    // P4: plenty on hand.
    const p4 = (await w.newProduct({ supplierMapping: [{ supplier: a }] })).id as number;
    // P5: no supplier at all, a trigger min 5.
    const p5 = (await w.newProduct()).id as number;

    await w.stock(p1, store, '140');
    await sell(p1, 100, 40); // outside the 28-day window
    await sell(p1, 20, 10);
    await sell(p1, 8, 3); // 28 sold in the window: 1 a day
    // 3 dispatched from the warehouse, not yet received: in transit to the store.
    await w.stock(p1, warehouse, '3');
    const transfer = await w.newOrder(warehouse, store, [{ product: p1, quantity: '3' }]);
    expect((await w.act(transfer, 'confirm')).status).toBe(200);
    const dispatched = await w.act(transfer, 'dispatch');
    expect(dispatched.status, JSON.stringify(dispatched.body)).toBe(200);
    // A sent PO of 5, 2 received: 3 on order (and 2 more on hand).
    const open = await w.newPurchaseOrder(a, store, [{ product: p1, quantity: '5' }]);
    expect((await w.run(open, 'send', { belowMinimum: true })).status).toBe(200);
    expect((await w.run(open, 'receive', { lines: [{ product: p1, quantity: '2' }] })).status).toBe(200);

    await w.stock(p2, store, '4');
    await w.post('/DataRepository/Insert/ItemQuantityTrigger', {
      product: p2,
      location: store,
      minQty: '10',
      reorderQty: '8',
    });

    await w.stock(p3, store, '20');
    await sell(p3, 14, 20);
    // A draft PO is not on order.
    await w.newPurchaseOrder(b, store, [{ product: p3, quantity: '50' }]);

    await w.stock(p4, store, '50');
    await sell(p4, 2, 5);

    await w.post('/DataRepository/Insert/ItemQuantityTrigger', { product: p5, location: store, minQty: '5' });

    const answer = await suggest({ velocityDays: 28, coverDays: 14 });
    const rows = byProduct(answer.rows);
    // P1: on hand 140 − 100 − 20 − 8 + 2 = 14, in transit 3, on order 5 − 2 = 3: position 20.
    // Velocity 28 / 28 = 1 a day; demand ⌈1 × (7 + 14)⌉ = 21; needed 21 − 20 = 1; a pack of 12.
    expect(rows.get(p1)).toMatchObject({
      supplier: a,
      supplierItemCode: 'A-P1',
      unitCost: '2.00',
      onHand: '14.000',
      inTransit: '3.000',
      onOrder: '3.000',
      sold: '28.000',
      velocity: '1.000',
      leadTimeDays: 7,
      coverDays: 14,
      minQty: null,
      demand: '21.000',
      target: '21.000',
      position: '20.000',
      needed: '1.000',
      packSize: '12.000',
      suggested: '12.000',
    });
    // P2: no sales, demand 0; target the minimum 10; position 4; 6 short, the reorder quantity 8 is more.
    expect(rows.get(p2)).toMatchObject({
      supplier: b,
      unitCost: '3.00',
      onHand: '4.000',
      sold: '0.000',
      velocity: '0.000',
      leadTimeDays: 3,
      minQty: '10.000',
      reorderQty: '8.000',
      demand: '0.000',
      target: '10.000',
      position: '4.000',
      needed: '8.000',
      packSize: null,
      suggested: '8.000',
    });
    // P3: 14 sold, 0.5 a day; demand ⌈0.5 × (3 + 14)⌉ = ⌈8.5⌉ = 9; on hand 6, the draft PO not on order.
    expect(rows.get(p3)).toMatchObject({
      supplier: b,
      onHand: '6.000',
      onOrder: '0.000',
      velocity: '0.500',
      leadTimeDays: 3,
      demand: '9.000',
      position: '6.000',
      needed: '3.000',
      suggested: '3.000',
    });
    // P4: demand ⌈2/28 × 21⌉ = 2 against 48 on hand: nothing to order, left out unless asked for all.
    expect(rows.has(p4)).toBe(false);
    expect(byProduct((await suggest({ all: true })).rows).get(p4)).toMatchObject({
      demand: '2.000',
      suggested: '0.000',
    });
    // P5: the minimum 5, nothing on hand, no supplier.
    expect(rows.get(p5)).toMatchObject({ supplier: null, target: '5.000', suggested: '5.000' });
    expect(answer.rows.map((r) => r.product).sort()).toEqual([p1, p2, p3, p5].sort());

    // A longer cover, another window: 1 a day over 28 days is 28 / 14 = 2 a day over the last 14.
    const shorter = byProduct((await suggest({ velocityDays: 14, coverDays: 30 })).rows);
    // P1: 28 in the last 14 days: 2 a day × (7 + 30) = 74; 74 − 20 = 54 → 5 packs of 12 = 60.
    expect(shorter.get(p1)).toMatchObject({
      velocity: '2.000',
      demand: '74.000',
      needed: '54.000',
      suggested: '60.000',
    });

    // A line without a supplier is refused, naming it, and nothing is written.
    const refused = await w.post('/reorder/Create', {
      lines: [
        { product: p1, location: store, supplier: a, quantity: '12' },
        { product: p5, location: store, supplier: null, quantity: '5' },
      ],
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('lines.1.supplier');

    const before = await w.post<Row[]>('/DataRepository/fetch/purchaseorder', {
      Take: 999,
      filters: [{ ColumnName: 'status', ColumnValue: 'draft', Operator: 'EQ' }],
    });
    const created = await w.post<ReorderOrder[]>('/reorder/Create', {
      lines: [p1, p2, p3].map((p) => {
        const r = rows.get(p)!;
        return { product: p, location: store, supplier: r.supplier, quantity: r.suggested };
      }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data.map((o) => [o.supplier, o.location, o.lines])).toEqual([
      [a, store, 1],
      [b, store, 2],
    ]);
    const drafts = await w.post<Row[]>('/DataRepository/fetch/purchaseorder', {
      Take: 999,
      filters: [{ ColumnName: 'status', ColumnValue: 'draft', Operator: 'EQ' }],
    });
    expect(drafts.body.data.length).toBe(before.body.data.length + 2);
    const toB = drafts.body.data.find((o) => o.id === created.body.data[1]!.id)!;
    expect(toB.docNo).toBe(created.body.data[1]!.docNo);
    expect((toB.lines as Row[]).map((l) => [l.product, l.quantity, l.unitCost])).toEqual([
      [p2, '8.000', '3.00'],
      [p3, '3.000', '1.50'],
    ]);
    // Drafts are not on order: the suggestions stand until the orders are sent.
    expect(byProduct((await suggest()).rows).get(p1)?.suggested).toBe('12.000');
  });

  it('refuses a bad request naming the field', async () => {
    const res = await w.post('/reorder/Suggest', { velocityDays: 0 });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('velocityDays');
    const empty = await w.post('/reorder/Create', { lines: [] });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain('lines');
  });
});
