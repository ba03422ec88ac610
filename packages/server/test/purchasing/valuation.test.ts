import { describe, expect, it } from 'vitest';
import { usePurchasingWorld, type Row } from './support';

const w = usePurchasingWorld();

let n = 0;
async function category() {
  const res = await w.post('/DataRepository/Insert/category', {
    code: `VC${++n}${Date.now() % 10000}`,
    name: `Val ${n}`,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id as number;
}

const shift = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('stock valuation at a date, by location and category', () => {
  it('values the ledger’s quantity at the average cost, else the cost price, as worked out by hand', async () => {
    const location = (await w.newLocation()).id as number;
    const supplier = (await w.newSupplier()).id as number;
    const [x, y] = [await category(), await category()];
    const a = (await w.newProduct({ category: x, costPrice: '1.00', taxCode: null })).id as number;
    const b = (await w.newProduct({ category: x, costPrice: '9.99', taxCode: null })).id as number;
    const c = (await w.newProduct({ category: y, costPrice: '9.99', taxCode: null })).id as number;
    await w.stock(a, location, '10'); // no receipt: valued at its cost price, 10 × 1.00
    const order = await w.newPurchaseOrder(supplier, location, [
      { product: b, quantity: '4', unitCost: '2.50' },
      { product: c, quantity: '3', unitCost: '1.25' },
    ]);
    expect((await w.run(order, 'send')).status).toBe(200);
    const received = await w.run(order, 'receive', {
      lines: [
        { product: b, quantity: '4' },
        { product: c, quantity: '3' },
      ],
    });
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    await w.stock(c, location, '-1'); // an outflow leaves the average: 2 × 1.25
    await w.assertLedger(location);

    const res = await w.post<{ date: string; rows: Row[]; total: string }>('/stockvaluation/Fetch', {
      locations: [location],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const today = res.body.data.date;
    expect(res.body.data.rows).toEqual([
      expect.objectContaining({ location, category: x, products: 2, quantity: '14.000', value: '20.00' }),
      expect.objectContaining({ location, category: y, products: 1, quantity: '2.000', value: '2.50' }),
    ]);
    expect(res.body.data.total).toBe('22.50');

    const byProduct = await w.post<{ rows: Row[] }>('/stockvaluation/Fetch', {
      locations: [location],
      by: 'product',
      categories: [x],
    });
    expect(byProduct.body.data.rows.map((r) => [r.product, r.quantity, r.value])).toEqual([
      [a, '10.000', '10.00'],
      [b, '4.000', '10.00'],
    ]);

    // The day before, nothing had moved here yet.
    const before = await w.post<{ rows: Row[]; total: string }>('/stockvaluation/Fetch', {
      locations: [location],
      date: shift(today, -1),
    });
    expect(before.body.data).toMatchObject({ rows: [], total: '0.00' });

    const csv = await fetch(`${w.api}/stockvaluation/Export?locations=${location}`, {
      headers: { authorization: `Bearer ${w.tokens.admin}` },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const text = await csv.text();
    expect(text.split('\r\n')[0]).toBe('date,location,category,products,quantity,value');
    expect(text).toContain(',2,14.000,20.00');
    expect(text).toContain(',Total,,,,22.50');

    // A list the export cannot read (a repeated key, as some clients send arrays) is a 400 naming it.
    for (const query of [`locations=${location}&locations=${location}`, 'categories=1,x']) {
      const refused = await fetch(`${w.api}/stockvaluation/Export?${query}`, {
        headers: { authorization: `Bearer ${w.tokens.admin}` },
      });
      expect(refused.status, query).toBe(400);
      expect(((await refused.json()) as { errors: { field: string }[] }).errors[0]!.field).toMatch(
        /^(locations|categories)/,
      );
    }

    const bad = await w.post('/stockvaluation/Fetch', { date: '2025-13-45' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('date');
  });
});
