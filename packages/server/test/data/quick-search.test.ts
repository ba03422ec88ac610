import { describe, expect, it } from 'vitest';
import { useCatalogue, type Row } from '../domain/support/catalogue';

const c = useCatalogue();

const NAMES = [
  'Indigo Tote 12345',
  'Canvas TOTE bag',
  'Cotton scarf',
  '100% wool "Classic"',
  'Maple tray',
  'Totem pole lamp',
];

const search = async (text: string) => {
  const res = await c.post<Row[]>('/DataRepository/fetch/product', {
    Take: 100,
    search: text,
    filters: [{ ColumnName: 'code', ColumnValue: 'QS-', Operator: 'STARTSWITH' }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.map((r) => r.name).sort();
};

/** What "contains, case-insensitively" answers over the names, computed here. */
const expected = (text: string) => NAMES.filter((n) => n.toLowerCase().includes(text.toLowerCase())).sort();

describe('quick search by part of a name', () => {
  it('answers exactly the rows whose code, name, short name or barcode contains the text, any case', async () => {
    for (const [i, name] of NAMES.entries()) await c.newProduct({ code: `QS-${i}`, name });
    for (const text of [
      'tote',
      'TOTE',
      'ote 12',
      'otem',
      'scarf',
      '100%',
      '"Classic"',
      'wool "',
      'qs-3',
      'zzz',
      'to',
      'e',
    ]) {
      expect(await search(text), text).toEqual(text.toLowerCase().startsWith('qs-') ? [NAMES[3]] : expected(text));
    }
  });

  it('follows the rows as they change and go', async () => {
    const product = await c.newProduct({ code: 'QS-X', name: 'Saffron candle' });
    expect(await search('affron')).toEqual(['Saffron candle']);
    const updated = await c.post('/DataRepository/Update/product', {
      id: product.id,
      version: product.version,
      name: 'Amber candle',
    });
    expect(updated.status).toBe(200);
    expect(await search('affron')).toEqual([]);
    expect(await search('mber cand')).toEqual(['Amber candle']);
    expect((await c.post('/DataRepository/Execute/product', { action: 'delete', ids: [product.id] })).status).toBe(200);
    expect(await search('mber cand')).toEqual([]);
  });

  it('a LIKE filter on a searched column answers the rows whose that column contains the text, any case', async () => {
    const names = ['Pewter Lamp 404', 'pewter LAMP shade', 'Copper lamp', '50% off "Lamp"'];
    for (const [i, name] of names.entries()) await c.newProduct({ code: `LK-${i}-LAMP`, name });
    const byName = async (text: string) => {
      const res = await c.post<Row[]>('/DataRepository/fetch/product', {
        Take: 100,
        filters: [
          { ColumnName: 'code', ColumnValue: 'LK-', Operator: 'STARTSWITH' },
          { ColumnName: 'name', ColumnValue: text, Operator: 'LIKE' },
        ],
        sorts: [{ ColumnName: 'code', Direction: 'DESC' }],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.totalCount).toBe(res.body.data.length);
      return res.body.data.map((r) => r.name);
    };
    // Every code holds "LAMP": only the name is asked, and the answer keeps the list's order.
    for (const text of ['lamp', 'PEWTER lamp', 'ter l', '50%', '"Lamp"', 'zzz', 'la'])
      expect(await byName(text), text).toEqual(
        names.filter((n) => n.toLowerCase().includes(text.toLowerCase())).reverse(),
      );
  });

  it('serves the product dropdown’s search the same way', async () => {
    const options = await c.get<{ text: string }[]>('/AppModule/GetDropDown/product?search=ote%2012');
    expect(options.body.data.map((o) => o.text)).toEqual(['QS-0 - Indigo Tote 12345']);
  });
});
