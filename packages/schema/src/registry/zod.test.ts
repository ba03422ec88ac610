import { describe, expect, it } from 'vitest';
import {
  findEntity,
  insertSchema,
  maskSecret,
  toFieldErrors,
  updateSchema,
  validateRow,
  withCustomFields,
  type CustomFieldRow,
} from '../index';

const errorsOf = (result: { success: boolean; error?: unknown }) =>
  result.success ? [] : toFieldErrors(result.error as Parameters<typeof toFieldErrors>[0]);

const goodProduct = { code: 'SKU-1', name: 'Flat white', category: 3, uom: '2', sellingPrice: '4.50' };

describe('insertSchema', () => {
  it('accepts form input and returns wire values', () => {
    const result = insertSchema('product').safeParse({
      ...goodProduct,
      costPrice: '',
      barcode: '  ',
      costPrice2: 'ignored',
      taxInclusive: 'on',
    });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({
      code: 'SKU-1',
      category: 3,
      uom: 2,
      sellingPrice: '4.50',
      costPrice: null,
      barcode: null,
      type: 'standard',
      trackStock: true,
      taxInclusive: true,
      isActive: true,
      alternateBarcodes: [],
    });
    expect(result.data).not.toHaveProperty('costPrice2');
    expect(result.data).not.toHaveProperty('id');
  });

  it('rejects bad input with readable messages on the right fields', () => {
    const result = insertSchema('product').safeParse({
      code: 'X'.repeat(51),
      name: '',
      sellingPrice: 'twelve',
      costPrice: '-1',
      type: 'gift',
      category: 'abc',
    });
    expect(errorsOf(result)).toEqual([
      { field: 'code', message: 'SKU must be at most 50 characters' },
      { field: 'name', message: 'Name is required' },
      { field: 'category', message: 'Category must be chosen from the list' },
      { field: 'uom', message: 'Unit of measure is required' },
      { field: 'type', message: 'Type must be one of: standard, variantParent, service, composite, nonStock' },
      { field: 'costPrice', message: 'Cost price cannot be negative' },
      { field: 'sellingPrice', message: 'Selling price must be a number' },
    ]);
  });

  it('counts a text’s length in characters, not UTF-16 units', () => {
    const smile = '\u{1F600}';
    // 30 characters of two units each: within a code of at most 30.
    expect(errorsOf(insertSchema('department').safeParse({ code: smile.repeat(30), name: 'Drinks' }))).toEqual([]);
    expect(errorsOf(insertSchema('department').safeParse({ code: smile.repeat(31), name: 'Drinks' }))).toEqual([
      { field: 'code', message: 'Code must be at most 30 characters' },
    ]);
    expect(errorsOf(insertSchema('department').safeParse({ code: `${smile.repeat(29)}ab`, name: 'Drinks' }))).toEqual([
      { field: 'code', message: 'Code must be at most 30 characters' },
    ]);
  });

  it('says "Code must be at most 30 characters" and checks formats', () => {
    expect(errorsOf(insertSchema('department').safeParse({ code: 'D'.repeat(31), name: 'Drinks' }))).toEqual([
      { field: 'code', message: 'Code must be at most 30 characters' },
    ]);
    expect(
      errorsOf(
        insertSchema('supplier').safeParse({
          code: 'S1',
          name: 'Acme',
          email: 'not-an-email',
          paymentTermsDays: '1.5',
        }),
      ),
    ).toEqual([
      { field: 'email', message: 'Email must be an email address' },
      { field: 'paymentTermsDays', message: 'Payment terms days must be a whole number' },
    ]);
    expect(errorsOf(insertSchema('currency').safeParse({ code: 'usd', name: 'Dollar' }))).toEqual([
      { field: 'code', message: 'Code must be three capital letters, such as MYR' },
    ]);
    expect(
      errorsOf(
        insertSchema('paymentgateway').safeParse({
          code: 'G',
          name: 'G',
          provider: 'p',
          callbackUrl: 'javascript:alert(1)',
        }),
      ),
    ).toEqual([
      { field: 'callbackUrl', message: 'Callback URL must be a web address starting with http:// or https://' },
    ]);
  });

  it('parses money and quantities exactly, refusing extra decimals', () => {
    const bundle = (price: unknown, quantity: unknown) =>
      insertSchema('bundle').safeParse({ code: 'B', name: 'Bundle', price, items: [{ product: 1, quantity }] });
    expect(bundle('0.1', '1.5').data).toMatchObject({ price: '0.10', items: [{ product: 1, quantity: '1.500' }] });
    expect(bundle(12.5, 2).data).toMatchObject({ price: '12.50', items: [{ quantity: '2.000' }] });
    expect(errorsOf(bundle('12.505', '1.0005'))).toEqual([
      { field: 'price', message: 'Price must have at most 2 decimal places' },
      { field: 'items.0.quantity', message: 'Quantity must have at most 3 decimal places' },
    ]);
    expect(errorsOf(bundle(0.1 + 0.2, 0))).toEqual([
      { field: 'price', message: 'Price must have at most 2 decimal places' },
      { field: 'items.0.quantity', message: 'Quantity must be at least 0.001' },
    ]);
  });

  it('checks enums, dates, times, percents and ranges', () => {
    const promotion = (extra: Record<string, unknown>) =>
      insertSchema('promotion').safeParse({
        code: 'P',
        name: 'Promo',
        kind: 'percentOff',
        validFrom: '2025-01-01',
        ...extra,
      });
    expect(promotion({ daysOfWeek: 'sat,mon', timeFrom: '09:30:00' }).data).toMatchObject({
      daysOfWeek: ['mon', 'sat'],
      timeFrom: '09:30',
    });
    expect(errorsOf(promotion({ validFrom: '2025-02-30', daysOfWeek: ['funday'], timeTo: '25:00' }))).toEqual([
      { field: 'validFrom', message: 'Valid from must be a date such as 2026-09-28' },
      { field: 'daysOfWeek', message: 'Days of week must be one of: mon, tue, wed, thu, fri, sat, sun' },
      { field: 'timeTo', message: 'Time to must be a time such as 14:05' },
    ]);
    expect(errorsOf(promotion({ validTo: '2024-12-31' }))).toEqual([
      { field: 'validTo', message: 'Valid to cannot be before valid from' },
    ]);
    expect(errorsOf(insertSchema('gstsetup').safeParse({ code: 'SR', name: 'Standard', ratePercent: '101' }))).toEqual([
      { field: 'ratePercent', message: 'Rate (%) must be at most 100' },
    ]);
    expect(
      insertSchema('guestbook').parse({ outlet: 1, visitorName: 'Ann', visitAt: '2025-03-01T10:00' }),
    ).toMatchObject({
      visitAt: '2025-03-01T10:00:00.000Z',
    });
  });

  it('names the row and field of a bad child row', () => {
    const result = insertSchema('printdeliveryorder').safeParse({
      fromLocation: 1,
      toLocation: 2,
      date: '2025-01-01',
      lines: [{ product: 5, quantity: '2' }, { quantity: 'x' }, 'junk'],
      status: 'received',
    });
    expect(errorsOf(result)).toEqual([
      { field: 'lines.1.product', message: 'Product is required' },
      { field: 'lines.1.quantity', message: 'Quantity must be a number' },
      { field: 'lines.2', message: 'Each row must be an object' },
    ]);
    // status is server-computed: the default applies, the client's value does not.
    const ok = insertSchema('printdeliveryorder').parse({
      fromLocation: 1,
      toLocation: 2,
      date: '2025-01-01',
      status: 'received',
      docNo: 'X',
    });
    expect(ok).toMatchObject({ status: 'draft', lines: [] });
    expect(ok).not.toHaveProperty('docNo');
  });
});

describe('updateSchema', () => {
  it('needs id and version, and validates only the fields sent', () => {
    expect(updateSchema('product').parse({ id: '7', version: 3, sellingPrice: '5' })).toEqual({
      id: 7,
      version: 3,
      sellingPrice: '5.00',
    });
    expect(errorsOf(updateSchema('product').safeParse({ name: '' }))).toEqual([
      { field: 'name', message: 'Name is required' },
      { field: 'id', message: 'Id is required' },
      { field: 'version', message: 'Version is required' },
    ]);
  });

  it('keeps the stored secret when the field comes back blank or masked', () => {
    const schema = updateSchema('paymentgateway');
    expect(schema.parse({ id: 1, version: 1, apiKey: '' })).toEqual({ id: 1, version: 1 });
    expect(schema.parse({ id: 1, version: 1, apiKey: maskSecret('sk_live_abcd1234') })).toEqual({ id: 1, version: 1 });
    expect(schema.parse({ id: 1, version: 1, apiKey: 'sk_live_new' })).toEqual({
      id: 1,
      version: 1,
      apiKey: 'sk_live_new',
    });
    expect(
      insertSchema('paymentgateway').parse({ code: 'G', name: 'G', provider: 'stripe', apiKey: 'sk' }),
    ).toMatchObject({ apiKey: 'sk', environment: 'sandbox' });
  });
});

describe('secrets', () => {
  it('are shown masked, without any of their characters', () => {
    expect(maskSecret('sk_live_abcd1234')).toBe('••••');
    expect(maskSecret('short')).toBe('••••');
    expect(maskSecret(null)).toBe('');
  });
});

describe('custom fields', () => {
  const rows: CustomFieldRow[] = [
    {
      entity: 'product',
      key: 'warrantyMonths',
      label: 'Warranty (months)',
      kind: 'number',
      required: true,
      sortOrder: 2,
    },
    { entity: 'product', key: 'origin', label: 'Origin', kind: 'text', sortOrder: 1 },
    { entity: 'product', key: 'colour', label: 'Colour', kind: 'list', listValueCategory: 'COLOUR', sortOrder: 3 },
    { entity: 'product', key: 'launchDate', label: 'Launch date', kind: 'date', isActive: false },
    { entity: 'product', key: 'name', label: 'Clash', kind: 'text' },
    { entity: 'supplier', key: 'origin', label: 'Elsewhere', kind: 'text' },
  ];

  it('extend the form and the list', () => {
    const product = withCustomFields(findEntity('product')!, rows);
    const custom = product.fields.filter((x) => x.custom).map((x) => x.name);
    expect(custom).toEqual(['origin', 'warrantyMonths', 'colour']);
    expect(product.listColumns.slice(-4)).toEqual(['origin', 'warrantyMonths', 'colour', 'isActive']);
    expect(findEntity('product')!.fields.some((x) => x.custom)).toBe(false);
  });

  it('extend validation', () => {
    expect(errorsOf(insertSchema('product', rows).safeParse(goodProduct))).toEqual([
      { field: 'warrantyMonths', message: 'Warranty (months) is required' },
    ]);
    expect(errorsOf(insertSchema('product', rows).safeParse({ ...goodProduct, warrantyMonths: 'soon' }))).toEqual([
      { field: 'warrantyMonths', message: 'Warranty (months) must be a number' },
    ]);
    expect(
      insertSchema('product', rows).parse({ ...goodProduct, warrantyMonths: '12', origin: ' Kenya ', colour: '4' }),
    ).toMatchObject({
      warrantyMonths: '12.0000',
      origin: 'Kenya',
      colour: 4,
    });
    expect(insertSchema('product').parse(goodProduct)).not.toHaveProperty('warrantyMonths');
    expect(validateRow('product', { id: 1, version: 1, origin: 'x'.repeat(256) }, 'update', rows)).toEqual({
      ok: false,
      errors: [{ field: 'origin', path: ['origin'], message: 'Origin must be at most 255 characters' }],
    });
  });
});
