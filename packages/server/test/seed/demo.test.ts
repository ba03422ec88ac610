import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestServer, type Row } from '../support/harness';

// The first server of a run builds the demo catalogue's template: a while on a busy machine.
vi.setConfig({ hookTimeout: 240_000 });
const t = useTestServer({ config: { demoCatalogue: true }, users: ['admin'] });
const { tokens } = t;
let products: Row[];
beforeAll(async () => {
  products = await fetchAll('product');
});

async function fetchAll(name: string, body: Row = {}): Promise<Row[]> {
  const res = await t.call<Row[]>('POST', `/DataRepository/fetch/${name}`, {
    token: tokens.admin,
    body: { Take: 9999, ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** GS1: digits weighted 1, 3, 1, 3… from the left; the check digit tops the sum up to a multiple of 10. */
const validEan13 = (code: string) =>
  /^\d{13}$/.test(code) &&
  [...code].reduce((sum, digit, i) => sum + Number(digit) * (i % 2 === 0 ? 1 : 3), 0) % 10 === 0;

describe('demo catalogue', () => {
  it('has a few hundred products, each costing less than it sells for', () => {
    expect(products.length).toBeGreaterThanOrEqual(250);
    for (const p of products.filter((row) => row.costPrice !== null))
      expect(Number(p.costPrice), String(p.code)).toBeLessThan(Number(p.sellingPrice));
  });

  it('gives every barcode and alternate barcode a valid EAN-13 check digit', () => {
    const barcodes = products.flatMap((p) => [
      p.barcode,
      ...(p.alternateBarcodes as Row[]).map((b) => b.barcode),
    ]) as string[];
    expect(barcodes.filter((b) => !validEan13(b))).toEqual([]);
    expect(new Set(barcodes).size).toBe(barcodes.length);
    expect(products.filter((p) => (p.alternateBarcodes as Row[]).length > 0).length).toBeGreaterThanOrEqual(5);
  });

  it('builds variant children under their parents, with their attribute values', () => {
    const byId = new Map(products.map((p) => [p.id, p]));
    const parents = products.filter((p) => p.type === 'variantParent');
    const children = products.filter((p) => p.parent !== null);
    expect(parents.length).toBeGreaterThanOrEqual(10);
    for (const child of children) {
      expect(byId.get(child.parent)?.type, String(child.code)).toBe('variantParent');
      expect((child.variantAttributeValues as Row[]).length).toBeGreaterThan(0);
    }
    for (const parent of parents)
      expect(children.filter((c) => c.parent === parent.id).length, String(parent.code)).toBeGreaterThanOrEqual(2);
    const tee = children.find((c) => c.code === 'APP-TEE-M-BLACK')!;
    expect(tee.variantAttributeValues).toMatchObject([{ value: 'M' }, { value: 'BLACK' }]);
  });

  it('maps every stocked product to exactly one preferred supplier', () => {
    const standard = products.filter((p) => p.type === 'standard');
    for (const p of standard)
      expect((p.supplierMapping as Row[]).filter((m) => m.preferred).length, String(p.code)).toBe(1);
    expect(products.filter((p) => (p.supplierMapping as Row[]).length > 1).length).toBeGreaterThan(0);
  });

  it('makes composite items of other products', () => {
    const sets = products.filter((p) => p.type === 'composite');
    expect(sets.length).toBeGreaterThanOrEqual(3);
    for (const set of sets) expect((set.recipeComponents as Row[]).length).toBeGreaterThanOrEqual(2);
  });

  it('answers fetch/product with a category filter', async () => {
    const [pastries] = await fetchAll('category', {
      filters: [{ ColumnName: 'code', ColumnValue: 'PASTRY', Operator: 'EQ' }],
    });
    const res = await t.call<Row[]>('POST', '/DataRepository/fetch/product', {
      token: tokens.admin,
      body: {
        Take: 5,
        filters: [{ ColumnName: 'category', ColumnValue: pastries!.id, Operator: 'EQ' }],
        sorts: [{ ColumnName: 'sellingPrice', Direction: 'desc' }],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.totalCount).toBeGreaterThanOrEqual(10);
    expect(res.body.data).toHaveLength(5);
    expect(res.body.data.every((p) => p.category === pastries!.id)).toBe(true);
    expect(res.body.data[0]).toMatchObject({ categoryLabel: expect.stringContaining('Pastries') });
  });

  it('seeds the chain around the catalogue', async () => {
    const outlets = await fetchAll('outlet');
    expect(outlets).toHaveLength(4);
    expect(outlets.every((o) => o.timezone === 'Asia/Kuala_Lumpur' && o.defaultInventoryLocation !== null)).toBe(true);
    const locations = await fetchAll('inventorylocation');
    expect(locations.filter((l) => l.kind === 'warehouse')).toHaveLength(1);
    expect((await fetchAll('currency')).filter((c) => c.isBase).map((c) => c.code)).toEqual(['MYR']);
    expect((await fetchAll('gstsetup')).map((g) => g.code).sort()).toEqual(['EX', 'SST6', 'SST8', 'ZR']);
    expect((await fetchAll('listvalue')).length).toBeGreaterThanOrEqual(40);
    expect((await fetchAll('membership')).length).toBeGreaterThanOrEqual(30);
    expect((await fetchAll('pointofsale')).length).toBeGreaterThanOrEqual(8);
    expect((await fetchAll('paymentmode')).map((m) => m.name)).toEqual(
      expect.arrayContaining(['Cash', 'DuitNow QR', "Touch 'n Go eWallet"]),
    );
    const future = await fetchAll('futureproductprice');
    expect(future.some((f) => String(f.effectiveDate) < new Date().toISOString().slice(0, 10))).toBe(true);
    expect(future.some((f) => String(f.effectiveDate) > new Date().toISOString().slice(0, 10))).toBe(true);
    expect((await fetchAll('outletprice')).length).toBeGreaterThan(0);
  });

  it('opens the chain with stock on hand, and delivery orders in every status that agree with the ledger', async () => {
    const balances = await fetchAll('stockbalance');
    const movements = await fetchAll('stockmovement');
    expect(movements.filter((m) => m.kind === 'opening').length).toBeGreaterThan(500);
    const sums = new Map<string, number>();
    for (const m of movements)
      sums.set(
        `${String(m.product)}:${String(m.location)}`,
        (sums.get(`${String(m.product)}:${String(m.location)}`) ?? 0) + Math.round(Number(m.quantity) * 1000),
      );
    for (const b of balances)
      expect(Math.round(Number(b.quantity) * 1000), `${String(b.product)}:${String(b.location)}`).toBe(
        sums.get(`${String(b.product)}:${String(b.location)}`) ?? 0,
      );
    const orders = await fetchAll('printdeliveryorder');
    expect(new Set(orders.map((o) => o.status))).toEqual(
      new Set(['draft', 'confirmed', 'dispatched', 'partiallyReceived', 'received', 'cancelled']),
    );
    // What left a warehouse and has not arrived is in transit: every line adds up.
    for (const o of orders.filter((o) => ['dispatched', 'partiallyReceived', 'received'].includes(String(o.status))))
      for (const l of o.lines as Row[])
        expect(Number(l.receivedQty) + Number(l.inTransitQty) + Number(l.writtenOffQty), String(o.docNo)).toBe(
          Number(l.quantity),
        );
    expect(orders.every((o) => /^DO-\d{4}-\d{6}$/.test(String(o.docNo)))).toBe(true);
    expect(
      orders.some((o) => (o.lines as Row[]).some((l) => l.discrepancy !== null && Number(l.discrepancy) < 0)),
    ).toBe(true);
    expect((await fetchAll('itemquantitytrigger')).some((tr) => tr.lowSince !== null)).toBe(true);
    expect((await fetchAll('stockadjustment')).map((a) => a.status)).toContain('pending');
  });
});
