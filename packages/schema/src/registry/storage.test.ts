import { describe, expect, it } from 'vitest';
import {
  findEntity,
  fromStorageRow,
  getField,
  insertSchema,
  storageType,
  toStorageRow,
  withCustomFields,
} from '../index';

describe('storage form', () => {
  const product = findEntity('product')!;

  it('stores decimals as scaled integers and reads them back exactly', () => {
    const row = insertSchema('product').parse({
      code: 'A',
      name: 'A',
      category: 1,
      uom: 1,
      sellingPrice: '12.5',
      images: ['/files/a.png'],
    });
    const stored = toStorageRow(product, row);
    expect(stored).toMatchObject({
      selling_price: 1250,
      cost_price: null,
      track_stock: 1,
      category_id: 1,
      uom_id: 1,
      images: '["/files/a.png"]',
    });
    expect(stored).not.toHaveProperty('alternate_barcodes');
    expect(toStorageRow(product, row, 'postgres')).toMatchObject({ track_stock: true });
    // The pg driver hands BIGINT back as a string.
    expect(fromStorageRow(product, { ...stored, selling_price: '1250', track_stock: 0 })).toMatchObject({
      category: 1,
      sellingPrice: '12.50',
      trackStock: false,
      images: ['/files/a.png'],
    });
    expect(storageType(getField(product, 'sellingPrice')!)).toBe('bigint');
    expect(storageType(getField(findEntity('bundle')!, 'outlets')!)).toBe('link');
    const line = getField(findEntity('printdeliveryorder')!, 'lines');
    expect(line && line.kind === 'children' && storageType(line.fields.find((x) => x.name === 'quantity')!)).toBe(
      'bigint',
    );
  });

  it('never reads back any character of a secret', () => {
    const gateway = findEntity('paymentgateway')!;
    expect(fromStorageRow(gateway, { api_key: 'cipher' })).toEqual({ apiKey: '••••' });
    expect(fromStorageRow(gateway, { api_key: null })).toEqual({ apiKey: null });
  });

  it('packs custom fields into one JSON column', () => {
    const extended = withCustomFields(product, [{ entity: 'product', key: 'origin', label: 'Origin', kind: 'text' }]);
    const stored = toStorageRow(extended, { code: 'A', origin: 'Kenya' });
    expect(stored).toEqual({ code: 'A', custom_fields: '{"origin":"Kenya"}' });
    expect(fromStorageRow(extended, stored)).toMatchObject({ code: 'A', origin: 'Kenya' });
  });
});
