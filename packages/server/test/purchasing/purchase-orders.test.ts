import { describe, expect, it } from 'vitest';
import { usePurchasingWorld, type Row } from './support';

const w = usePurchasingWorld();

const ids = (rows: Row[]) => rows.map((r) => r.id as number);

async function taxCode(ratePercent: string) {
  const res = await w.post('/DataRepository/Insert/gstsetup', {
    code: `G${ratePercent.replace('.', '')}${Date.now() % 100000}`,
    name: `Tax ${ratePercent}`,
    ratePercent,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id as number;
}

describe('a purchase order of 40 lines received in three receipts, the rest closed short', () => {
  it('numbers, prices, sends, receives with backorders, costs and closes, the ledger agreeing at each step', async () => {
    const location = (await w.newLocation()).id as number;
    const supplier = (await w.newSupplier({ leadTimeDays: 7, minimumOrderValue: '100.00' })).id as number;
    const gst = await taxCode('9');
    const products: Row[] = [];
    // P1 has the supplier's mapping (SKU, pack size, cost) and a 9% tax code; the others neither.
    products.push(
      await w.newProduct({
        costPrice: '1.00',
        taxCode: gst,
        supplierMapping: [{ supplier, supplierItemCode: 'S-1', cost: '2.50', packSize: '6', preferred: true }],
      }),
    );
    for (let i = 2; i <= 40; i++) products.push(await w.newProduct({ costPrice: '1.00', taxCode: null }));
    const [p1, p2, , , , , , , , , , , , , , , , , , , p21, p22, p23] = ids(products);
    // 10 units of P1 on hand before any receipt, with no average yet: they count at the cost price, 1.00.
    await w.stock(p1!, location, '10');

    const order = await w.newPurchaseOrder(
      supplier,
      location,
      products.map((p, i) =>
        i === 0 ? { product: p.id, quantity: '12' } : { product: p.id, quantity: '10', unitCost: '3.00' },
      ),
    );
    expect(order.docNo).toMatch(/^PO-\d{4}-\d{6}$/);
    expect(order).toMatchObject({ status: 'draft', subtotal: '1200.00', tax: '2.70', total: '1202.70' });
    const lines = order.lines as Row[];
    expect(lines[0]).toMatchObject({
      product: p1,
      supplierItemCode: 'S-1',
      packSize: '6.000',
      unitCost: '2.50',
      lineTotal: '30.00',
      receivedQty: null,
    });
    expect(lines[1]).toMatchObject({ supplierItemCode: null, unitCost: '3.00', lineTotal: '30.00' });

    // Not sent yet: nothing can be received.
    const early = await w.run(order, 'receive', { lines: [{ product: p1, quantity: '1' }] });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(
      `Purchase order ${String(order.docNo)} is draft: it cannot be received (only when sent or partially received)`,
    );

    const sent = await w.run(order, 'send');
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data).toMatchObject({ status: 'sent' });
    expect(sent.body.data.expectedDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const edit = await w.post('/DataRepository/Update/purchaseorder', { id: order.id, version: 2, remarks: 'x' });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toContain('is sent');

    // Receipt 1: lines 1–20 in full; P1 invoiced at 2.40; freight 12.00 spread by value.
    const r1 = await w.run(order, 'receive', {
      lines: products
        .slice(0, 20)
        .map((p, i) =>
          i === 0 ? { product: p.id, quantity: '12', unitCost: '2.40' } : { product: p.id, quantity: '10' },
        ),
      freight: '12.00',
      landedCostBasis: 'value',
      reference: 'DN-1001',
    });
    expect(r1.status, JSON.stringify(r1.body)).toBe(200);
    expect(r1.body.data.status).toBe('partiallyReceived');
    const receipt1 = r1.body.data.receipt as Row;
    expect(receipt1.docNo).toMatch(/^GR-\d{4}-\d{6}$/);
    expect(receipt1).toMatchObject({ kind: 'receipt', createdBy: 'admin', reference: 'DN-1001', freight: '12.00' });
    // Value 28.80 + 19 × 30.00 = 598.80; P1's share of 12.00 = round(1200 × 2880 / 59880) = 58 cents, P2's 118 − 58 = 60.
    const r1Lines = receipt1.lines as Row[];
    expect(r1Lines[0]).toMatchObject({ unitCost: '2.40', landedCost: '0.58', lineTotal: '29.38' });
    expect(r1Lines[1]).toMatchObject({ unitCost: '3.00', landedCost: '0.60', lineTotal: '30.60' });
    expect(receipt1.total).toBe('610.80');
    let ledger = await w.assertLedger(location);
    expect(ledger.get(p1!)).toBe('22.000');
    expect(ledger.get(p2!)).toBe('10.000');
    let balances = await w.balances(location);
    // P1: (10 × 1.00 + 29.38) / 22 = 1.79; P2 (nothing before): 30.60 / 10 = 3.06.
    expect(balances.get(p1!)!.averageCost).toBe('1.79');
    expect(balances.get(p2!)!.averageCost).toBe('3.06');
    const moves = await w.post<Row[]>('/DataRepository/fetch/stockmovement', {
      filters: [{ ColumnName: 'reference', ColumnValue: receipt1.docNo, Operator: 'EQ' }],
      sorts: [{ ColumnName: 'id', Direction: 'ASC' }],
      Take: 100,
    });
    expect(moves.body.data).toHaveLength(20);
    // Per unit with its landed cost: 29.38 / 12 = 2.448… → 2.45.
    expect(moves.body.data[0]).toMatchObject({ kind: 'purchase', product: p1, quantity: '12.000', unitCost: '2.45' });

    // Over the 10% tolerance needs a reason; within it does not.
    const over = await w.run(order, 'receive', { lines: [{ product: p23, quantity: '12' }] });
    expect(over.status).toBe(400);
    expect(over.body.errors?.[0]?.field).toBe('lines.0.quantity');
    const unknown = await w.run(order, 'receive', { lines: [{ product: 999999, quantity: '1' }] });
    expect(unknown.status).toBe(400);
    expect(await w.assertLedger(location)).toEqual(ledger);

    // Receipt 2: lines 21–35; P21 half (5), P22 one over (11, within tolerance); duty 15.00 by quantity.
    const r2 = await w.run(order, 'receive', {
      lines: products.slice(20, 35).map((p, i) => ({ product: p.id, quantity: i === 0 ? '5' : i === 1 ? '11' : '10' })),
      duty: '15.00',
      landedCostBasis: 'quantity',
    });
    expect(r2.status, JSON.stringify(r2.body)).toBe(200);
    expect(r2.body.data.status).toBe('partiallyReceived');
    // 146 units; P21's share = round(1500 × 5 / 146) = 51 cents → (15.00 + 0.51) / 5 = 3.10.
    expect((r2.body.data.receipt as Row).lines).toEqual(
      expect.arrayContaining([expect.objectContaining({ product: p21, landedCost: '0.51' })]),
    );
    ledger = await w.assertLedger(location);
    expect(ledger.get(p22!)).toBe('11.000');
    balances = await w.balances(location);
    expect(balances.get(p21!)!.averageCost).toBe('3.10');

    // Receipt 3: P21's other 5 at 3.20, lines 36–38 in full; 39 and 40 stay on backorder.
    const r3 = await w.run(order, 'receive', {
      lines: [
        { product: p21, quantity: '5', unitCost: '3.20' },
        ...products.slice(35, 38).map((p) => ({ product: p.id, quantity: '10' })),
      ],
    });
    expect(r3.status, JSON.stringify(r3.body)).toBe(200);
    expect(r3.body.data.status).toBe('partiallyReceived');
    const after3 = r3.body.data.lines as Row[];
    expect(after3[20]).toMatchObject({ receivedQty: '10.000' });
    expect(after3[38]).toMatchObject({ receivedQty: null });
    ledger = await w.assertLedger(location);
    expect(ledger.get(p21!)).toBe('10.000');
    balances = await w.balances(location);
    // (5 × 3.10 + 5 × 3.20) / 10 = 3.15.
    expect(balances.get(p21!)!.averageCost).toBe('3.15');

    // Cancel is for orders nothing was received on; close short needs a reason.
    expect((await w.run(order, 'cancel')).body.message).toContain('is partially received');
    const noReason = await w.run(order, 'closeShort');
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors?.[0]?.field).toBe('reason');
    const reason = await w.newReason({ code: `SHORT${Date.now() % 100000}` });
    const closed = await w.run(order, 'closeShort', { reason: reason.code });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.data).toMatchObject({ status: 'closed', closeReason: reason.id });
    for (const action of ['send', 'receive', 'closeShort', 'cancel'])
      expect(
        (await w.run(order, action, { lines: [{ product: p1, quantity: '1' }], reason: reason.id })).body.message,
      ).toContain('is closed');
    expect(await w.assertLedger(location)).toEqual(ledger);

    // Return 2 of P1 from receipt 1: 2 × 2.40 + round(58 × 2 / 12) = 4.90 goes back;
    // (22 × 1.79 − 4.90) / 20 = 1.724 → 1.72.
    const returned = await w.run(order, 'returnToSupplier', {
      receipt: receipt1.id,
      lines: [{ product: p1, quantity: '2' }],
      reason: reason.id,
      reference: 'RMA-7',
    });
    expect(returned.status, JSON.stringify(returned.body)).toBe(200);
    const rts = returned.body.data.receipt as Row;
    expect(rts).toMatchObject({ kind: 'return', original: receipt1.id, reference: 'RMA-7', total: '4.90' });
    expect(rts.docNo).toMatch(/^RTS-\d{4}-\d{6}$/);
    ledger = await w.assertLedger(location);
    expect(ledger.get(p1!)).toBe('20.000');
    expect((await w.balances(location)).get(p1!)!.averageCost).toBe('1.72');
    // No more than the receipt brought.
    const tooMany = await w.run(order, 'returnToSupplier', {
      receipt: receipt1.id,
      lines: [{ product: p1, quantity: '11' }],
      reason: reason.id,
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors?.[0]?.field).toBe('lines.0.quantity');

    const receipts = await w.post<Row[]>('/DataRepository/fetch/goodsreceipt', {
      filters: [{ ColumnName: 'purchaseOrder', ColumnValue: order.id, Operator: 'EQ' }],
    });
    expect(receipts.body.data.map((r) => r.kind).sort()).toEqual(['receipt', 'receipt', 'receipt', 'return']);
  }, 90_000);

  it('averages a receipt at its own location only: the same product elsewhere keeps its average', async () => {
    const [here, there] = [(await w.newLocation()).id as number, (await w.newLocation()).id as number];
    const supplier = (await w.newSupplier()).id as number;
    const p = (await w.newProduct({ costPrice: '1.00', taxCode: null })).id as number;
    const receive = async (location: number, unitCost: string) => {
      const order = await w.newPurchaseOrder(supplier, location, [{ product: p, quantity: '10', unitCost }]);
      expect((await w.run(order, 'send', { belowMinimum: true })).status).toBe(200);
      const received = await w.run(order, 'receive', { lines: [{ product: p, quantity: '10' }] });
      expect(received.status, JSON.stringify(received.body)).toBe(200);
    };
    await receive(there, '2.00');
    await receive(here, '5.00');
    expect((await w.balances(here)).get(p)!.averageCost).toBe('5.00');
    expect((await w.balances(there)).get(p)!.averageCost).toBe('2.00');
    // 10 more at 3.00 there: (20.00 + 30.00) / 20 = 2.50; here stays 5.00.
    await receive(there, '3.00');
    expect((await w.balances(there)).get(p)!.averageCost).toBe('2.50');
    expect((await w.balances(here)).get(p)!.averageCost).toBe('5.00');
  });

  it('refuses to send below the minimum order value unless told, and dates the order by the lead time', async () => {
    const location = (await w.newLocation()).id as number;
    const supplier = (await w.newSupplier({ leadTimeDays: 7, minimumOrderValue: '100.00' })).id as number;
    const p = await w.newProduct({ costPrice: '1.00', taxCode: null });
    const order = await w.newPurchaseOrder(supplier, location, [{ product: p.id, quantity: '10' }]);
    expect(order).toMatchObject({ subtotal: '10.00', expectedDate: null });
    const refused = await w.run(order, 'send');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('minimum order value of 100.00');
    const sent = await w.run(order, 'send', { belowMinimum: true });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const days =
      (Date.parse(sent.body.data.expectedDate as string) - Date.parse(new Date().toISOString().slice(0, 10))) /
      86_400_000;
    expect(Math.abs(days - 7)).toBeLessThanOrEqual(1);
    const cancelled = await w.run(order, 'cancel');
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled' });
    expect((await w.run(order, 'send')).body.message).toContain('is cancelled');
  });

  it('refuses lines of products that keep no stock and lines with no cost anywhere, writing nothing', async () => {
    const location = (await w.newLocation()).id as number;
    const supplier = (await w.newSupplier()).id as number;
    const service = await w.newProduct({ type: 'service', costPrice: '1.00' });
    const res = await w.post('/DataRepository/Insert/purchaseorder', {
      supplier,
      location,
      lines: [{ product: service.id, quantity: '1' }],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.field).toBe('lines.0.product');
    const free = await w.newProduct({ costPrice: null });
    const noCost = await w.post('/DataRepository/Insert/purchaseorder', {
      supplier,
      location,
      lines: [{ product: free.id, quantity: '1' }],
    });
    expect(noCost.status).toBe(400);
    expect(noCost.body.errors?.[0]?.field).toBe('lines.0.unitCost');
  });
});

describe("a receipt's answer and its audit", () => {
  it('answers the order as a read of it does, labels and lines included, and audits it without labels', async () => {
    const location = (await w.newLocation()).id as number;
    const supplier = (await w.newSupplier()).id as number;
    const [p1, p2] = [await w.newProduct({ costPrice: '1.00' }), await w.newProduct({ costPrice: '1.00' })];
    const order = await w.newPurchaseOrder(supplier, location, [
      { product: p1.id, quantity: '4', unitCost: '2.00' },
      { product: p2.id, quantity: '6', unitCost: '3.00' },
    ]);
    expect((await w.run(order, 'send')).status).toBe(200);
    const received = await w.run(order, 'receive', { lines: [{ product: p1.id, quantity: '4' }] });
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    const { receipt, ...answered } = received.body.data;
    expect(receipt).toMatchObject({ kind: 'receipt' });

    const read = await w.post<Row[]>('/DataRepository/fetch/purchaseorder', {
      filters: [{ ColumnName: 'id', ColumnValue: order.id, Operator: 'EQ' }],
    });
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(answered).toEqual(read.body.data[0]);
    expect(answered).toMatchObject({
      status: 'partiallyReceived',
      supplierLabel: expect.stringContaining('Supplier'),
      locationLabel: expect.any(String),
    });
    expect((answered.lines as Row[]).map((l) => [l.productLabel, l.receivedQty])).toEqual([
      [expect.any(String), '4.000'],
      [expect.any(String), null],
    ]);

    const audit = await w.post<Row[]>('/DataRepository/fetch/auditlog', {
      filters: [
        { ColumnName: 'entity', ColumnValue: 'purchaseorder', Operator: 'EQ' },
        { ColumnName: 'rowId', ColumnValue: order.id, Operator: 'EQ' },
        { ColumnName: 'action', ColumnValue: 'update', Operator: 'EQ' },
      ],
      sorts: [{ ColumnName: 'id', Direction: 'DESC' }],
      Take: 1,
    });
    expect(audit.status, JSON.stringify(audit.body)).toBe(200);
    const changes = audit.body.data[0]!.changes as { before: Row; after: Row };
    expect(changes.after).toMatchObject({ status: 'partiallyReceived' });
    expect(JSON.stringify(changes)).not.toContain('Label');
  });
});
