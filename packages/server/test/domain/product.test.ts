import { findEntity } from '@backroom/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { useCatalogue, type Row } from './support/catalogue';

const c = useCatalogue();

const attribute = findEntity('attribute')!;
const byCode = (rows: Row[], code: string) => rows.find((r) => r.code === code)!.id as number;
const fetchWhere = (name: string, column: string, value: unknown) =>
  c.post<Row[]>(`/DataRepository/fetch/${name}`, {
    Take: 100,
    filters: [{ ColumnName: column, ColumnValue: value, Operator: 'EQ' }],
  });

describe('Product/GenerateVariants', () => {
  let size: Row;
  let colour: Row;
  let parent: Row;
  beforeAll(async () => {
    size = await c.builder.insert(attribute, {
      code: 'TSIZE',
      name: 'Size',
      kind: 'list',
      values: [
        { code: 'S', name: 'Small' },
        { code: 'M', name: 'Medium' },
        { code: 'L', name: 'Large' },
      ],
    });
    colour = await c.builder.insert(attribute, {
      code: 'TCOLOUR',
      name: 'Colour',
      kind: 'list',
      values: [
        { code: 'RED', name: 'Red' },
        { code: 'BLUE', name: 'Blue' },
      ],
    });
    parent = await c.newProduct({
      code: 'VTEE',
      name: 'Tee',
      type: 'variantParent',
      sellingPrice: '20.00',
      costPrice: '8.00',
    });
  });
  const values = (attr: Row, ...codes: string[]) => ({
    attribute: attr.id,
    values: codes.map((code) => byCode(attr.values as Row[], code)),
  });

  it('creates one child product per combination, then only the missing ones', async () => {
    const first = await c.post<Row[]>('/Product/GenerateVariants', {
      productId: parent.id,
      attributes: [values(size, 'S', 'M'), values(colour, 'RED')],
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.map((r) => [r.code, r.name])).toEqual([
      ['VTEE-S-RED', 'Tee Small Red'],
      ['VTEE-M-RED', 'Tee Medium Red'],
    ]);
    const variant = first.body.data[0]!;
    expect(variant).toMatchObject({
      parent: parent.id,
      category: parent.category,
      uom: parent.uom,
      sellingPrice: '20.00',
      costPrice: '8.00',
      type: 'standard',
    });
    expect(variant.variantAttributeValues).toMatchObject([
      { attribute: size.id, value: 'S' },
      { attribute: colour.id, value: 'RED' },
    ]);

    const second = await c.post<Row[]>('/Product/GenerateVariants', {
      productId: parent.id,
      attributes: [values(size, 'S', 'M'), values(colour, 'RED', 'BLUE')],
    });
    expect(second.body.data.map((r) => r.code)).toEqual(['VTEE-S-BLUE', 'VTEE-M-BLUE']);
    const again = await c.post<Row[]>('/DataRepository/Execute/product', {
      action: 'GenerateVariants',
      ids: [parent.id],
      attributes: [values(size, 'S', 'M'), values(colour, 'RED', 'BLUE')],
    });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual([]);
    expect((await fetchWhere('product', 'parent', parent.id)).body.totalCount).toBe(4);
  });

  it('writes audit and price history rows through the generic write path', async () => {
    const id = (await fetchWhere('product', 'code', 'VTEE-S-RED')).body.data[0]!.id;
    const audit = await c.post<Row[]>('/DataRepository/fetch/auditlog', {
      filters: [
        { ColumnName: 'entity', ColumnValue: 'product', Operator: 'EQ' },
        { ColumnName: 'rowId', ColumnValue: id as number, Operator: 'EQ' },
      ],
    });
    expect(audit.body.data.map((r) => r.action)).toEqual(['insert']);
    const history = await fetchWhere('pricehistory', 'product', id);
    expect(history.body.data.map((r) => r.newPrice)).toEqual(['20.00']);
  });

  it('creates all or nothing', async () => {
    await c.newProduct({ code: 'VTEE-L-BLUE' });
    const res = await c.post('/Product/GenerateVariants', {
      productId: parent.id,
      attributes: [values(size, 'L'), values(colour, 'RED', 'BLUE')],
    });
    expect(res.status).toBe(409);
    expect((await fetchWhere('product', 'code', 'VTEE-L-RED')).body.totalCount).toBe(0);
  });

  it('refuses a product that is no variant parent, a text attribute and a foreign value', async () => {
    const plain = await c.newProduct();
    const notParent = await c.post('/Product/GenerateVariants', {
      productId: plain.id,
      attributes: [values(size, 'S')],
    });
    expect(notParent.status).toBe(400);
    expect(notParent.body.errors).toMatchObject([{ field: 'productId' }]);

    const text = await c.builder.insert(attribute, {
      code: 'TMATERIAL',
      name: 'Material',
      kind: 'text',
      values: [{ code: 'COTTON', name: 'Cotton' }],
    });
    const textAxis = await c.post('/Product/GenerateVariants', {
      productId: parent.id,
      attributes: [values(text, 'COTTON')],
    });
    expect(textAxis.status).toBe(400);
    expect(textAxis.body.errors).toMatchObject([{ field: 'attributes.0.attribute' }]);

    const foreign = await c.post('/Product/GenerateVariants', {
      productId: parent.id,
      attributes: [{ attribute: size.id, values: [byCode(colour.values as Row[], 'RED')] }],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toMatchObject([{ field: 'attributes.0.values.0' }]);
    expect(
      (await c.post('/Product/GenerateVariants', { productId: 999999, attributes: [values(size, 'S')] })).status,
    ).toBe(404);
  });
});

describe('barcodes', () => {
  let first: Row;
  beforeAll(async () => {
    first = await c.newProduct({ barcode: 'B-100', alternateBarcodes: [{ barcode: 'A-100' }] });
  });
  const conflict = async (row: Row, field: string) => {
    const res = await c.post('/Product/Insert', {
      ...(await c.builder.row(findEntity('product')!)),
      supplierMapping: [],
      recipeComponents: [],
      variantAttributeValues: [],
      ...row,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.errors).toMatchObject([{ field }]);
  };

  it('keeps main and alternate barcodes unique across products', async () => {
    await conflict({ barcode: 'A-100', alternateBarcodes: [] }, 'barcode');
    await conflict({ barcode: 'B-100', alternateBarcodes: [] }, 'barcode');
    await conflict(
      { barcode: null, alternateBarcodes: [{ barcode: 'X-1' }, { barcode: 'B-100' }] },
      'alternateBarcodes.1.barcode',
    );
    await conflict({ barcode: null, alternateBarcodes: [{ barcode: 'A-100' }] }, 'alternateBarcodes.0.barcode');
  });

  it('keeps them unique within one product', async () => {
    await conflict({ barcode: 'S-1', alternateBarcodes: [{ barcode: 'S-1' }] }, 'alternateBarcodes.0.barcode');
    await conflict(
      { barcode: null, alternateBarcodes: [{ barcode: 'S-2' }, { barcode: 'S-2' }] },
      'alternateBarcodes.1.barcode',
    );
    const ownMain = await c.post('/Product/Update', {
      id: first.id,
      version: first.version,
      alternateBarcodes: [{ barcode: 'B-100' }],
    });
    expect(ownMain.status).toBe(409);
    expect(ownMain.body.errors).toMatchObject([{ field: 'alternateBarcodes.0.barcode' }]);
  });

  it('lets a product keep its own barcodes', async () => {
    const res = await c.post('/Product/Update', {
      id: first.id,
      version: first.version,
      barcode: 'B-100',
      alternateBarcodes: [{ barcode: 'A-100' }, { barcode: 'A-101' }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});

describe('recipe components', () => {
  it('refuses the product itself and cycles through other recipes', async () => {
    const a = await c.newProduct({ type: 'composite' });
    const b = await c.newProduct({ type: 'composite', recipeComponents: [{ product: a.id, quantity: '1' }] });
    const d = await c.newProduct({ type: 'composite', recipeComponents: [{ product: b.id, quantity: '2' }] });
    const plain = await c.newProduct();
    const update = (components: unknown[]) =>
      c.post('/Product/Update', { id: a.id, version: a.version, recipeComponents: components });

    const self = await update([
      { product: plain.id, quantity: '1' },
      { product: a.id, quantity: '1' },
    ]);
    expect(self.status).toBe(400);
    expect(self.body.errors).toMatchObject([{ field: 'recipeComponents.1.product' }]);
    const direct = await update([{ product: b.id, quantity: '1' }]);
    expect(direct.status).toBe(400);
    expect(direct.body.errors).toMatchObject([{ field: 'recipeComponents.0.product' }]);
    const indirect = await update([
      { product: plain.id, quantity: '1' },
      { product: d.id, quantity: '1' },
    ]);
    expect(indirect.status).toBe(400);
    expect(indirect.body.errors).toMatchObject([{ field: 'recipeComponents.1.product' }]);
    expect((await update([{ product: plain.id, quantity: '1.5' }])).status).toBe(200);
  });
});

describe('supplier mapping', () => {
  it('allows one preferred supplier per product', async () => {
    const supplier = findEntity('supplier')!;
    const [s1, s2] = [await c.builder.insert(supplier), await c.builder.insert(supplier)];
    const res = await c.post('/Product/Insert', {
      ...(await c.builder.row(findEntity('product')!)),
      recipeComponents: [],
      variantAttributeValues: [],
      supplierMapping: [
        { supplier: s1!.id, preferred: true },
        { supplier: s2!.id, preferred: true },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject([{ field: 'supplierMapping.1.preferred' }]);
    const one = await c.newProduct({ supplierMapping: [{ supplier: s1!.id, preferred: true }, { supplier: s2!.id }] });
    expect(one.supplierMapping).toHaveLength(2);
  });
});
