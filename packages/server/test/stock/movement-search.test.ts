import { describe, expect, it } from 'vitest';
import { useStockWorld, type Row } from './support';

const w = useStockWorld();

/** The stock movements list's quick search, as the screen sends it, narrowed to one location. */
async function search(text: string, location: number, path = 'stockmovement'): Promise<Row[]> {
  const res = await w.post<Row[]>(`/DataRepository/fetch/${path}`, {
    Take: 100,
    search: text,
    filters: [{ ColumnName: 'location', ColumnValue: location, Operator: 'EQ' }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

describe('stock movements search', () => {
  it('finds movements by the product’s code, name, barcode or alternate barcode, and by the document number; nothing else', async () => {
    const from = (await w.newLocation({ kind: 'warehouse' })).id as number;
    const to = (await w.newLocation()).id as number;
    const kopi = await w.newProduct({
      code: 'MS-KOPI-01',
      name: 'Kopi O beans',
      barcode: '9557000000011',
      alternateBarcodes: [{ barcode: 'CASE-KOPI-12', quantityPerUnit: '12.000' }],
    });
    const teh = await w.newProduct({ code: 'MS-TEH-02', name: 'Teh tarik mix', barcode: '9557000000028' });
    await w.stock(kopi.id as number, from, '10');
    await w.stock(teh.id as number, from, '10');
    const order = await w.newOrder(from, to, [{ product: kopi.id as number, quantity: '4' }]);
    await w.act(order, 'confirm');
    expect((await w.act(order, 'dispatch')).status).toBe(200);

    const products = async (text: string) => (await search(text, from)).map((m) => m.product).sort();
    expect(await products('')).toEqual([kopi.id, kopi.id, teh.id].sort());
    expect(await products('zzzz')).toEqual([]);
    expect(await products('ms-kopi')).toEqual([kopi.id, kopi.id]);
    expect(await products('tarik')).toEqual([teh.id]);
    expect(await products('9557000000028')).toEqual([teh.id]);
    expect(await products('CASE-KOPI-12')).toEqual([kopi.id, kopi.id]);
    const byDocument = await search(String(order.docNo), from);
    expect(byDocument.map((m) => [m.product, m.quantity, m.reference])).toEqual([[kopi.id, '-4.000', order.docNo]]);
    // The receiving end has no movement until the order is received.
    expect((await search(String(order.docNo), to)).length).toBe(0);
    expect(await products('MS-')).toEqual([kopi.id, kopi.id, teh.id].sort());
  });

  it('searches a list with no text of its own through its references: balances by product', async () => {
    const location = (await w.newLocation()).id as number;
    const a = await w.newProduct({ code: 'BAL-ALPHA', name: 'Alpha' });
    const b = await w.newProduct({ code: 'BAL-BETA', name: 'Beta' });
    await w.stock(a.id as number, location, '1');
    await w.stock(b.id as number, location, '1');
    expect((await search('beta', location, 'stockbalance')).map((r) => r.product)).toEqual([b.id]);
    expect(await search('zzzz', location, 'stockbalance')).toEqual([]);
  });

  it('finds nothing, rather than everything, on a list with nothing to search in', async () => {
    const res = await w.post<Row[]>('/DataRepository/fetch/auditlog', { Take: 5, search: 'zzzz' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual([]);
    expect((await w.post<Row[]>('/DataRepository/fetch/auditlog', { Take: 5 })).body.data.length).toBeGreaterThan(0);
  });

  // 120 products to insert: more time than a test is usually given on a busy machine.
  it(
    'finds any of more than 100 products in a dropdown by searching on the server, and labels one by id',
    { timeout: 120_000 },
    async () => {
      const made: Row[] = [];
      for (let i = 1; i <= 120; i++)
        made.push(await w.newProduct({ code: `DD-${String(i).padStart(3, '0')}`, name: `Dropdown item ${i}` }));
      const get = async (query: string) => {
        const res = await w.call<{ text: string; value: number }[]>('GET', `/AppModule/GetDropDown/${query}`, {
          token: w.tokens.admin,
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return res.body.data;
      };
      expect((await get('product?search=DD-&Take=100')).length).toBe(100);
      expect((await get('product?search=DD-120&Take=20')).map((o) => o.value)).toEqual([made[119]!.id]);
      expect((await get('product?search=item 117&Take=20')).map((o) => o.value)).toEqual([made[116]!.id]);
      expect(await get(`product?ids=${String(made[118]!.id)}`)).toEqual([
        { text: 'DD-119 - Dropdown item 119', value: made[118]!.id },
      ]);
      // A dropdown labelled by a reference is searched through it: low-quantity triggers by their product.
      const location = (await w.newLocation()).id as number;
      const trigger = await w.post('/DataRepository/Insert/itemquantitytrigger', {
        product: made[109]!.id,
        location,
        minQty: '2',
      });
      expect(trigger.status, JSON.stringify(trigger.body)).toBe(200);
      expect((await get('itemquantitytrigger?search=DD-110')).map((o) => o.value)).toEqual([trigger.body.data.id]);
    },
  );
});
