import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { findEntity } from '@backroom/schema';
import { describe, expect, it } from 'vitest';
import type { SheetMappingOffer } from '@backroom/schema';
import { startCatalogue, useCatalogue, type Catalogue } from '../domain/support/catalogue';
import { importSheet, legacyOf, productByCode, waitFor } from './support';

const c = useCatalogue();
const fixture = (name: string) => readFile(join(__dirname, '../fixtures/imports', name));

/** The mapping offered for a file, as the console asks for it before the file is checked. */
async function offerFor(t: Catalogue, file: Buffer, name: string): Promise<SheetMappingOffer> {
  const form = new FormData();
  form.append('importType', 'product');
  form.append('file', new Blob([file]), name);
  const offered = await fetch(`${legacyOf(t)}/DataImporter/InspectImport`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${t.tokens.admin}` },
  });
  return ((await offered.json()) as { data: SheetMappingOffer }).data;
}

/** The real example files of other systems (fixtures/imports/README.md), imported with no mapping sent. */
describe('known sources imported with no mapping', () => {
  it('Shopify: products, variants by their options, prices, compare-at prices, costs, status, tags and images', async () => {
    const file = await fixture('shopify-product_template.csv');
    const checked = await importSheet(c, file, 'product', 'validate', 'products.csv');
    expect(checked.errors).toEqual([]);
    expect(checked.source).toBe('shopify');
    expect(checked.creates?.attributes).toEqual(
      expect.arrayContaining([
        { name: 'Color', values: ['Green', 'Blue', 'Gray', 'Purple'] },
        { name: 'Size', values: expect.arrayContaining(['S', 'M', 'L', '28', '30', '40']) },
      ]),
    );
    // Barcodes a spreadsheet turned into 3.65275E+11 cannot be read back: left out, each named.
    expect(checked.warnings?.[0]).toMatchObject({ row: 2, column: 'Variant Barcode' });
    expect(checked.mapping?.['Variant Compare At Price']).toBe('compareAtPrice');

    const job = await importSheet(c, file, 'product', 'commit', 'products.csv');
    expect(job.errors).toEqual([]);
    expect(job.committed).toBe(true);
    expect(job.inserted).toBe(2 + 12 + 3 + 1);
    const shirt = (await productByCode(c, 'example-shirt'))!;
    expect(shirt).toMatchObject({ type: 'variantParent', name: 'Example T-Shirt', listingStatus: 'active' });
    const green = (await productByCode(c, 'SRT_COT_111'))!;
    expect(green).toMatchObject({ parent: shirt.id, sellingPrice: '25.00', weight: '0.145' });
    expect(green.variantAttributeValues).toHaveLength(2);
    const jeans = (await productByCode(c, 'PNT_DEN_285'))!;
    expect(jeans).toMatchObject({ sellingPrice: '95.00', compareAtPrice: '64.95', costPrice: '50.00' });
    expect((await productByCode(c, 'example-pants'))!.listingStatus).toBe('draft');
    const beanie = (await productByCode(c, 'HAT_GRY_275'))!;
    expect(beanie).toMatchObject({ type: 'standard', parent: null, listingStatus: 'archived', costPrice: '8.50' });
    expect(beanie.imageUrls).toBe('https://burst.shopifycdn.com/photos/kids-beanie.jpg?width=1500');

    // The same file again changes nothing.
    const again = await importSheet(c, file, 'product', 'validate', 'products.csv');
    expect(again).toMatchObject({ errorCount: 0, inserted: 0, updated: 0 });
  });

  it('Loyverse: items with their first store’s price, cost, barcode and stock on hand', async () => {
    const store = await c.builder.insert(findEntity('inventorylocation')!, {
      code: 'CHL',
      name: 'Chillo',
      kind: 'store',
    });
    const file = await fixture('loyverse-export_items.csv');
    const job = await importSheet(c, file, 'product', 'commit', 'export_items.csv');
    expect(job.errors).toEqual([]);
    expect(job.source).toBe('loyverse');
    expect(job.committed).toBe(true);
    // Each negative count (-11.000 on the sheet's row 4, …) is not imported: named by its own row and column.
    const negative = 'A negative quantity on hand is not imported: count it';
    expect(job.warnings?.filter((w) => w.column.startsWith('In stock'))).toEqual(
      [4, 34, 108, 109].map((row) => ({ row, column: 'In stock [Chillo]', message: negative })),
    );
    expect(job.stock?.[0]).toMatchObject({ location: 'Chillo' });
    // In stock [Chillo] 19.000 became the product's on hand there, through the ledger.
    const cola = (await productByCode(c, '10109'))!;
    const balances = await c.post<{ quantity: string; location: number }[]>('/DataRepository/fetch/stockbalance', {
      filters: [{ ColumnName: 'product', ColumnValue: cola.id, Operator: 'EQ' }],
    });
    expect(balances.body.data).toEqual([expect.objectContaining({ location: store.id, quantity: '19.000' })]);
    expect(await productByCode(c, '10108')).toMatchObject({
      name: '100 Plus Lemon (Can) 325ml',
      sellingPrice: '22.00',
      costPrice: '15.00',
      barcode: '9556570105207',
    });
  });

  it('Odoo: a product export with technical field names', async () => {
    const job = await importSheet(c, await fixture('odoo-product.template.csv'), 'product', 'commit', 'p.csv');
    expect(job.errors).toEqual([]);
    expect(job.source).toBe('odoo');
    expect(job.inserted).toBe(2);
    expect(await productByCode(c, 'FRAI00001')).toMatchObject({
      name: 'Article périssable',
      sellingPrice: '5.00',
      costPrice: '4.00',
      weight: '0.500',
    });
  });

  it('Square: item variations grouped into items', async () => {
    const job = await importSheet(c, await fixture('square-item-library.csv'), 'product', 'commit', 'catalog.csv');
    expect(job.errors).toEqual([]);
    expect(job.source).toBe('square');
    expect(job.committed).toBe(true);
    const headset = (await productByCode(c, 'UQ5LACMDX7R4CZNNID4JNXO6'))!;
    expect(headset).toMatchObject({ sellingPrice: '37.23' });
    expect(headset.parent).not.toBeNull();
    // Its quantities are at locations this company does not have yet: created, and stocked.
    expect(job.creates?.locations).toEqual(expect.arrayContaining(['TVM McHenry']));
    const created = await c.post<{ id: number; name: string; kind: string }[]>(
      '/DataRepository/fetch/inventorylocation',
      { filters: [{ ColumnName: 'name', ColumnValue: 'TVM McHenry', Operator: 'EQ' }] },
    );
    expect(created.body.data).toEqual([expect.objectContaining({ name: 'TVM McHenry', kind: 'store' })]);
    expect(job.stock?.map((s) => s.location)).toContain('TVM McHenry');
  });

  it('Square with its offered mapping sent back unchanged, as the console confirms it: read as with none', async () => {
    const file = await fixture('square-item-library.csv');
    const offer = await offerFor(c, file, 'catalog.csv');
    // Item Name is read into the name and the parent: the offer names both, and offers one of them.
    expect(offer.columns).toContainEqual({
      header: 'Item Name',
      field: 'parent',
      by: 'source',
      feeds: ['name', 'parent'],
    });
    expect(offer.columns).toContainEqual({ header: 'SKU', field: 'code', by: 'source' });
    const form = new FormData();
    form.append('importType', 'product');
    form.append('mode', 'validate');
    form.append(
      'sourceMapping',
      JSON.stringify(
        Object.fromEntries(offer.columns.filter((o) => o.header !== 'Tags').map((o) => [o.header, o.field])),
      ),
    );
    form.append('file', new Blob([file]), 'catalog.csv');
    const submitted = await fetch(`${legacyOf(c)}/DataImporter/SubmitDataImport`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${c.tokens.admin}` },
    });
    const body = (await submitted.json()) as { data: { jobId: number } };
    expect(submitted.status, JSON.stringify(body)).toBe(200);
    const confirmed = await waitFor(c, body.data.jobId);
    const alone = await importSheet(c, file, 'product', 'validate', 'catalog.csv');
    expect(confirmed.errors).toEqual([]);
    expect(confirmed).toMatchObject({
      source: 'square',
      errorCount: 0,
      inserted: alone.inserted,
      updated: alone.updated,
    });
  });

  it('Square validated: the locations its stock names are listed as created by the commit, none written', async () => {
    const file = Buffer.from(
      (await fixture('square-item-library.csv')).toString('utf8').replaceAll('TVM McHenry', 'TVM Elgin'),
    );
    const checked = await importSheet(c, file, 'product', 'validate', 'catalog.csv');
    expect(checked.errors).toEqual([]);
    expect(checked.creates?.locations).toContain('TVM Elgin');
    expect(checked.stock?.map((s) => s.location)).toContain('TVM Elgin');
    const found = await c.post<unknown[]>('/DataRepository/fetch/inventorylocation', {
      filters: [{ ColumnName: 'name', ColumnValue: 'TVM Elgin', Operator: 'EQ' }],
    });
    expect(found.body.data).toEqual([]);
  });

  it('Shopify with its recognised mapping edited: a column into another field, one ignored; saved for next time', async () => {
    const t = await startCatalogue();
    try {
      const file = await fixture('shopify-product_template.csv');
      const form = new FormData();
      form.append('importType', 'product');
      form.append('mode', 'commit');
      form.append('sourceMapping', JSON.stringify({ Vendor: null, 'Variant Compare At Price': 'minimumPrice' }));
      form.append('file', new Blob([file]), 'products.csv');
      const submitted = await fetch(`${legacyOf(t)}/DataImporter/SubmitDataImport`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${t.tokens.admin}` },
      });
      const body = (await submitted.json()) as { data: { jobId: number } };
      expect(submitted.status, JSON.stringify(body)).toBe(200);
      const job = await waitFor(t, body.data.jobId);
      expect(job.errors).toEqual([]);
      expect(job).toMatchObject({ source: 'shopify', committed: true });
      expect(job.mapping).toMatchObject({ Vendor: null, 'Variant Compare At Price': 'minimumPrice' });
      expect(job.ignoredColumns).toContain('Vendor');
      const jeans = (await productByCode(t, 'PNT_DEN_285'))!;
      expect(jeans).toMatchObject({ minimumPrice: '64.95', compareAtPrice: null, brand: null });

      // Offered again for the next Shopify file, and applied over the API with nothing sent.
      const offer = await offerFor(t, file, 'products.csv');
      expect(offer.source?.name).toBe('shopify');
      expect(offer.columns).toEqual(
        expect.arrayContaining([
          { header: 'Vendor', field: null, by: 'saved' },
          { header: 'Variant Compare At Price', field: 'minimumPrice', by: 'saved' },
          { header: 'Title', field: 'name', by: 'source' },
        ]),
      );
      const again = await importSheet(t, file, 'product', 'validate', 'products.csv');
      expect(again.mapping).toMatchObject({ Vendor: null, 'Variant Compare At Price': 'minimumPrice' });
      expect(again).toMatchObject({ errorCount: 0, inserted: 0, updated: 0 });
    } finally {
      await t.close();
    }
  });
});

describe('a known source file with a column the source does not read', () => {
  const METAFIELD = 'Material (product.metafields.custom.material)';
  const csv = [
    `Handle,Title,Variant SKU,Variant Price,Option1 Name,Option1 Value,Type,${METAFIELD}`,
    'linen-shirt,Linen shirt,MF-LINEN,30.00,Title,Default Title,Shirts,Linen',
    'wool-hat,Wool hat,MF-WOOL,12.00,Title,Default Title,Hats,Merino wool',
  ].join('\n');
  const send = async (t: Catalogue, path: string, fields: Record<string, string>) => {
    const form = new FormData();
    form.append('importType', 'product');
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', new Blob([csv]), 'products_export.csv');
    const response = await fetch(`${legacyOf(t)}/DataImporter/${path}`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${t.tokens.admin}` },
    });
    return { status: response.status, body: (await response.json()) as { data: unknown; errors?: unknown[] } };
  };

  it('offers it (a field or ignored), reads it into the field chosen, and refuses Bundle items for it', async () => {
    const t = await startCatalogue();
    try {
      const inserted = await t.post('/DataRepository/Insert/customfield', {
        entity: 'product',
        key: 'material',
        label: 'Material',
        kind: 'text',
        sortOrder: 0,
      });
      expect(inserted.status, JSON.stringify(inserted.body)).toBe(200);
      const offered = await send(t, 'InspectImport', {});
      const offer = offered.body.data as SheetMappingOffer;
      expect(offer.source?.name).toBe('shopify');
      expect(offer.columns).toContainEqual({ header: METAFIELD, field: null, by: 'none' });
      expect(offer.fields.map((f) => f.name)).toContain('material');
      expect(offer.fields.map((f) => f.name)).not.toContain('bundleItems');

      // Sent with nothing chosen for it: listed as ignored, not dropped unseen.
      const plain = await importSheet(t, Buffer.from(csv), 'product', 'validate', 'products_export.csv');
      expect(plain.ignoredColumns).toContain(METAFIELD);

      const submitted = await send(t, 'SubmitDataImport', {
        mode: 'commit',
        sourceMapping: JSON.stringify({ [METAFIELD]: 'material' }),
      });
      expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
      const job = await waitFor(t, (submitted.body.data as { jobId: number }).jobId);
      expect(job.errors).toEqual([]);
      expect(job).toMatchObject({ source: 'shopify', committed: true, inserted: 2 });
      expect(job.mapping?.[METAFIELD]).toBe('material');
      expect(await productByCode(t, 'MF-LINEN')).toMatchObject({ name: 'Linen shirt', material: 'Linen' });
      expect(await productByCode(t, 'MF-WOOL')).toMatchObject({ sellingPrice: '12.00', material: 'Merino wool' });

      const bundles = await send(t, 'SubmitDataImport', {
        mode: 'validate',
        sourceMapping: JSON.stringify({ [METAFIELD]: 'bundleItems' }),
      });
      expect(bundles.status).toBe(400);
      expect(bundles.body.errors).toEqual([
        { field: 'sourceMapping', message: expect.stringContaining('has no bundle rows') },
      ]);
    } finally {
      await t.close();
    }
  });
});
