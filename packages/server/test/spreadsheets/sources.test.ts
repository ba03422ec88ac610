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

/** On hand of a product per location id, as the stock ledger's balances say. */
async function onHand(t: Catalogue, product: unknown): Promise<Record<number, string>> {
  const balances = await t.post<{ quantity: string; location: number }[]>('/DataRepository/fetch/stockbalance', {
    filters: [{ ColumnName: 'product', ColumnValue: product, Operator: 'EQ' }],
  });
  return Object.fromEntries(balances.body.data.map((b) => [b.location, b.quantity]));
}

/** Validated, then committed, with no mapping sent: as a merchant moving in would. */
async function moveIn(t: Catalogue, name: string) {
  const file = await fixture(name);
  const checked = await importSheet(t, file, 'product', 'validate', name);
  expect(checked.errors).toEqual([]);
  const job = await importSheet(t, file, 'product', 'commit', name);
  expect(job.errors).toEqual([]);
  expect(job).toMatchObject({ committed: true, inserted: checked.inserted, source: checked.source });
  return job;
}

/** A test in a catalogue of its own, closed after. */
async function inFreshCatalogue(test: (t: Catalogue) => Promise<void>) {
  const t = await startCatalogue();
  try {
    await test(t);
  } finally {
    await t.close();
  }
}

/** Other vintages and languages of the same exports (fixtures/imports/README.md). */
describe('other vintages of known sources, imported with no mapping', () => {
  it('Shopify’s current export: linked options, no inventory column, barcodes kept as text, archived products', () =>
    inFreshCatalogue(async (t) => {
      const job = await moveIn(t, 'shopify-products_export-2025.csv');
      expect(job).toMatchObject({ source: 'shopify', inserted: 23, warnings: [] });
      // Option names and values are read; the columns linking them to Shopify's metafields are not.
      expect(job.ignoredColumns).toEqual(expect.arrayContaining(['Option1 Linked To', 'Published']));
      expect(job.ignoredColumns).not.toContain('Option1 Name');
      expect(job.ignoredColumns).not.toContain('Option2 Value');
      // Shopify writes barcodes after an apostrophe (text for a spreadsheet): the digits are the barcode.
      const wheels = (await productByCode(t, 'WH-FS-700C-BK-V1'))!;
      expect(wheels).toMatchObject({
        type: 'standard',
        name: 'VELOFANT - Wheelset',
        sellingPrice: '2999.00',
        compareAtPrice: '3499.00',
        costPrice: '2000.00',
        barcode: '7350177880121',
        weight: '2.000',
        listingStatus: 'active',
      });
      expect(String(wheels.imageUrls).split('\n')).toHaveLength(8);
      const bar = (await productByCode(t, 'ken-mid-rise-bar-styre-72cm'))!;
      expect(bar).toMatchObject({ type: 'variantParent', name: 'KEN - Mid Rise Bar - 72cm' });
      expect(await productByCode(t, 'HB-MID-SIL-72-X')).toMatchObject({
        parent: bar.id,
        name: 'KEN - Mid Rise Bar - 72cm - silver',
        barcode: '7350177880091',
        costPrice: '250.00',
        variantAttributeValues: [expect.objectContaining({ attributeLabel: 'Färg' })],
      });
      expect(await productByCode(t, 'crescent-chess-28')).toMatchObject({ listingStatus: 'archived', tags: '28"' });
      expect(job.creates?.categories).toEqual(['TILL', 'Cykel']);
    }));

  it('Shopify’s 2021 export: variant rows without option names, quantities at the store', () =>
    inFreshCatalogue(async (t) => {
      const store = await t.builder.insert(findEntity('inventorylocation')!, {
        code: 'ST1',
        name: 'Shop',
        kind: 'store',
      });
      const job = await moveIn(t, 'shopify-products_export-2021.csv');
      expect(job).toMatchObject({ source: 'shopify', inserted: 19 + 1 + 2 });
      const gloves = (await productByCode(t, 'gardening-gloves'))!;
      expect(gloves.type).toBe('variantParent');
      const yellow = (await productByCode(t, 'gardening-gloves-Yellow'))!;
      expect(yellow).toMatchObject({ parent: gloves.id, sellingPrice: '15.99', name: 'Gardening Gloves - Yellow' });
      expect(await onHand(t, yellow.id)).toEqual({ [String(store.id)]: '3.000' });
      expect(await productByCode(t, 'floor-lamp')).toMatchObject({ compareAtPrice: '85.00', tags: 'Black, Lamp' });
    }));

  it('Shopify export saved with padded cells and no Type: trimmed, the category from Shopify’s Product Category', () =>
    inFreshCatalogue(async (t) => {
      const job = await moveIn(t, 'shopify-products_export-padded.csv');
      expect(job).toMatchObject({ source: 'shopify', inserted: 8 });
      expect(job.creates?.categories).toEqual(['Cupcakes']);
      expect(await productByCode(t, 'blueberry-almond-brownie')).toMatchObject({
        name: 'Blueberry Almond Brownie',
        sellingPrice: '4.00',
        taxable: false,
        tags: 'limited',
      });
    }));

  it('Loyverse in Italian: variants under their item with the item’s settings, open prices, weighed items, stock', () =>
    inFreshCatalogue(async (t) => {
      const job = await moveIn(t, 'loyverse-export_items-it.csv');
      expect(job).toMatchObject({ source: 'loyverse', inserted: 60 + 2 });
      expect(job.creates?.locations).toEqual(['Eni Live Station']);
      // The items' own recipes (SKU / Quantity of included item) are no product field: named, not imported.
      expect(job.ignoredColumns).toEqual(
        expect.arrayContaining(['SKU of included item', 'Quantity of included item', 'Low stock [Eni Live Station]']),
      );
      const wash = (await productByCode(t, 'best-car'))!;
      expect(wash).toMatchObject({ type: 'variantParent', name: 'BEST CAR', trackStock: false });
      // A variant's row leaves Track stock blank: the item's N holds for it.
      expect(await productByCode(t, '10497')).toMatchObject({
        parent: wash.id,
        name: 'BEST CAR - COMPLETO + MOTORE',
        sellingPrice: '25.00',
        trackStock: false,
        variantAttributeValues: [expect.objectContaining({ attributeLabel: 'TIPO LAVAGGIO' })],
      });
      expect(await productByCode(t, '10420')).toMatchObject({ sellingPrice: '0.00', allowOpenPrice: true });
      const water = (await productByCode(t, '10053'))!;
      expect(water).toMatchObject({ costPrice: '0.50', barcode: '8006786000571', sellingPrice: '3.00' });
      const station = await t.post<{ id: number }[]>('/DataRepository/fetch/inventorylocation', {
        filters: [{ ColumnName: 'name', ColumnValue: 'Eni Live Station', Operator: 'EQ' }],
      });
      expect(await onHand(t, water.id)).toEqual({ [station.body.data[0]!.id]: '2.000' });
      const antifreeze = (await productByCode(t, '10540'))!;
      expect(antifreeze).toMatchObject({ name: 'Antigelo Radiatori Blu Sfuso', costPrice: null });
      expect(antifreeze.uom).not.toBe((await productByCode(t, '10053'))!.uom);
    }));

  it('Square’s older header (one Category, no Reporting Category): the category read from it, named in the mapping', () =>
    inFreshCatalogue(async (t) => {
      // The real file with its header as Square's item library named it before 2023 (none was found public).
      const real = (await fixture('square-item-library.csv')).toString('utf8');
      const header = real.slice(0, real.indexOf('\n'));
      const older =
        header.replace('Categories,Reporting Category,', 'Category,Reporting Group,') + real.slice(header.length);
      const job = await importSheet(t, Buffer.from(older), 'product', 'validate', 'catalog.csv');
      expect(job.errors).toEqual([]);
      expect(job).toMatchObject({ source: 'square', mapping: { Category: 'category', 'Reporting Group': null } });
      // The first category of each item (the current header's Reporting Category may name another).
      expect([...(job.creates?.categories ?? [])].sort()).toEqual(
        ['Expressly TVM', 'Labz', 'TRTR Curated', 'Uncategorised'].sort(),
      );
      expect(job.ignoredColumns).not.toContain('Category');
    }));

  it('Odoo export with labels, partly in German: recognised, a blank sales price imported at 0 with a warning', () =>
    inFreshCatalogue(async (t) => {
      const job = await moveIn(t, 'odoo-product.template-labels.csv');
      expect(job).toMatchObject({ source: 'odoo', inserted: 28 });
      expect(job.mapping).toMatchObject({
        'Internal Reference': 'code',
        Name: 'name',
        Verkaufspreis: 'sellingPrice',
        Cost: 'costPrice',
        Strichcode: 'barcode',
        'Product Type': 'type',
        Mengeneinheit: null,
      });
      expect(job.warnings).toContainEqual({
        row: 2,
        column: 'Verkaufspreis',
        message: 'No sales price: imported at 0; set the price',
      });
      expect(job.warnings).toHaveLength(26);
      expect(await productByCode(t, 'M1008')).toMatchObject({
        name: 'Sitz',
        sellingPrice: '42.00',
        costPrice: '18.85',
        barcode: '201203201131',
        type: 'standard',
      });
      expect(await productByCode(t, 'M1000')).toMatchObject({ sellingPrice: '0.00', costPrice: '85.25' });
    }));

  it('Odoo product.product (variants) export: numeric references, categories by external id', () =>
    inFreshCatalogue(async (t) => {
      const job = await moveIn(t, 'odoo-product.product.csv');
      expect(job).toMatchObject({ source: 'odoo', inserted: 42 });
      expect(job.ignoredColumns).toEqual(['public_categ_ids/id', 'website_published', 'valuation', 'sale_delay']);
      expect(await productByCode(t, '789456123')).toMatchObject({
        name: 'Casque de vélo enfant rouge',
        sellingPrice: '15.89',
        costPrice: '10.00',
        type: 'standard',
      });
      expect(job.creates?.categories).toContain('product_category_4');
    }));
});

describe('Odoo 18’s goods', () => {
  it('are stocked products when Track Inventory is set, non-stock items when not', () =>
    inFreshCatalogue(async (t) => {
      // Odoo 18 exports every physical product as Goods (`consu`), stocked or not by Track Inventory.
      const csv = [
        'Internal Reference,Name,Product Type,Track Inventory,Sales Price,Cost',
        'DESK-01,Desk,Goods,True,250.00,120.00',
        'BAG-01,Paper bag,Goods,False,0.10,0.02',
        'FIT-01,Fitting,Service,False,30.00,',
      ].join('\n');
      const job = await importSheet(t, Buffer.from(csv), 'product', 'commit', 'product.template.csv');
      expect(job.errors).toEqual([]);
      expect(job).toMatchObject({ source: 'odoo', inserted: 3 });
      expect(job.ignoredColumns).toEqual([]);
      expect(await productByCode(t, 'DESK-01')).toMatchObject({ type: 'standard', sellingPrice: '250.00' });
      expect(await productByCode(t, 'BAG-01')).toMatchObject({ type: 'nonStock' });
      expect(await productByCode(t, 'FIT-01')).toMatchObject({ type: 'service' });
    }));
});

describe('an Odoo product.product export with its variant values', () => {
  it('groups the variants of a template under a parent, each value of a variant on a row of its own', () =>
    inFreshCatalogue(async (t) => {
      // Odoo's export with labels writes a many-to-many field one value a row, the other cells blank.
      const csv = [
        '"Name","Internal Reference","Variant Values","Sales Price","Cost","Product Category","Barcode"',
        '"Linen Shirt","LS-S-WHT","Size: S","39.00","12.00","All / Saleable / Shirts","4006381333931"',
        '"","","Colour: White","","","",""',
        '"Linen Shirt","LS-M-WHT","Size: M","39.00","12.00","All / Saleable / Shirts","4006381333948"',
        '"","","Colour: White","","","",""',
        '"Linen Shirt","","Size: L","41.00","12.50","All / Saleable / Shirts",""',
        '"","","Colour: Blue","","","",""',
        '"Desk Lamp","LAMP-1","","25.00","9.00","All / Saleable / Home",""',
      ].join('\n');
      const job = await importSheet(t, Buffer.from(csv), 'product', 'commit', 'product.product.csv');
      expect(job.errors).toEqual([]);
      expect(job).toMatchObject({ source: 'odoo', inserted: 1 + 3 + 1 });
      expect(job.mapping).toMatchObject({ 'Variant Values': 'variantAttributeValues', Name: 'name' });
      expect(job.creates?.attributes).toEqual(
        expect.arrayContaining([
          { name: 'Size', values: ['S', 'M', 'L'] },
          { name: 'Colour', values: ['White', 'Blue'] },
        ]),
      );
      const shirt = (await productByCode(t, 'LINEN-SHIRT'))!;
      expect(shirt).toMatchObject({ type: 'variantParent', name: 'Linen Shirt' });
      const medium = (await productByCode(t, 'LS-M-WHT'))!;
      expect(medium).toMatchObject({ parent: shirt.id, name: 'Linen Shirt - M / White', barcode: '4006381333948' });
      expect(medium.variantAttributeValues).toHaveLength(2);
      // A variant without an internal reference: the template's code and its values.
      expect(await productByCode(t, 'LINEN-SHIRT-L-BLUE')).toMatchObject({ parent: shirt.id, sellingPrice: '41.00' });
      expect(await productByCode(t, 'LAMP-1')).toMatchObject({ type: 'standard', parent: null, costPrice: '9.00' });
    }));
});

describe('a Loyverse export with a default price', () => {
  it('sells at the store’s price, or at the default price where the store has none', () =>
    inFreshCatalogue(async (t) => {
      const csv = [
        'Handle,SKU,Name,Category,Description,Sold by weight,Option 1 name,Option 1 value,Default price,Cost,Barcode,Track stock,Available for sale [Main],Price [Main],In stock [Main]',
        'latte,10001,Latte,Coffee,,N,,,3.50,1.10,,N,Y,,',
        'mocha,10002,Mocha,Coffee,,N,,,3.80,1.20,,N,Y,4.00,',
      ].join('\n');
      const job = await importSheet(t, Buffer.from(csv), 'product', 'commit', 'export_items.csv');
      expect(job.errors).toEqual([]);
      expect(job).toMatchObject({ source: 'loyverse', inserted: 2 });
      expect(job.ignoredColumns).toEqual(['Available for sale [Main]']);
      expect(await productByCode(t, '10001')).toMatchObject({ sellingPrice: '3.50', costPrice: '1.10' });
      expect(await productByCode(t, '10002')).toMatchObject({ sellingPrice: '4.00' });
    }));
});

describe('a known source’s amounts as a spreadsheet may have written them', () => {
  it('reads a thousands separator, and a decimal comma as any import reads it: 12,50 is 12.50, not 1250; grams before they are scaled', () =>
    inFreshCatalogue(async (t) => {
      const csv = [
        'Handle,Title,Variant SKU,Variant Price,Cost per item,Variant Grams,Option1 Name,Option1 Value,Type',
        'sofa,Sofa,AM-SOFA,"$1,250.00","12,50","1.499,9",Title,Default Title,Living',
      ].join('\n');
      const job = await importSheet(t, Buffer.from(csv), 'product', 'commit', 'products_export.csv');
      expect(job.source).toBe('shopify');
      expect(job.errors).toEqual([]);
      // A weight is read before its grams become kilograms: 1.499,9 g is 1.500 kg, not 1,499.9 kg.
      expect(await productByCode(t, 'AM-SOFA')).toMatchObject({
        sellingPrice: '1250.00',
        costPrice: '12.50',
        weight: '1.500',
      });
    }));
});

describe('the mapping offered for a known source’s file', () => {
  it('says how the source reads the columns it needs whatever is chosen: options, stock per location, part of a field', () =>
    inFreshCatalogue(async (t) => {
      const shopifyFile = await fixture('shopify-product_template.csv');
      // An edit an older console saved for them (it sent every column, these ignored) does not change it.
      const older = new FormData();
      older.append('importType', 'product');
      older.append('mode', 'validate');
      older.append('sourceMapping', JSON.stringify({ 'Option1 Name': null, 'Variant Inventory Qty': null }));
      older.append('file', new Blob([shopifyFile]), 'products.csv');
      const submitted = await fetch(`${legacyOf(t)}/DataImporter/SubmitDataImport`, {
        method: 'POST',
        body: older,
        headers: { authorization: `Bearer ${t.tokens.admin}` },
      });
      expect(submitted.status).toBe(200);
      await waitFor(t, ((await submitted.json()) as { data: { jobId: number } }).data.jobId);

      const shopify = await offerFor(t, shopifyFile, 'products.csv');
      // The console's test of the mapping step shows this offer as it is (the fields are the registry's).
      const saved = JSON.parse(
        await readFile(join(__dirname, '../fixtures/imports/shopify-product_template.offer.json'), 'utf8'),
      ) as SheetMappingOffer;
      expect({ ...shopify, fields: [] }).toEqual({ ...saved, fields: [] });
      expect(shopify.columns).toEqual(
        expect.arrayContaining([
          { header: 'Option1 Name', field: null, by: 'source', reads: { as: 'options' } },
          { header: 'Option1 Value', field: 'variantAttributeValues', by: 'source', reads: { as: 'options' } },
          { header: 'Option2 Value', field: null, by: 'source', reads: { as: 'options' } },
          { header: 'Variant Inventory Qty', field: null, by: 'source', reads: { as: 'stock', location: null } },
          { header: 'Variant Image', field: null, by: 'source', reads: { as: 'field', field: 'imageUrls' } },
          { header: 'Variant Price', field: 'sellingPrice', by: 'source' },
          { header: 'Gift Card', field: null, by: 'none' },
        ]),
      );

      const loyverse = (await offerFor(t, await fixture('loyverse-export_items.csv'), 'export_items.csv')).columns;
      expect(loyverse).toEqual(
        expect.arrayContaining([
          { header: 'In stock [Chillo]', field: null, by: 'source', reads: { as: 'stock', location: 'Chillo' } },
          { header: 'Price [Chillo]', field: null, by: 'source', reads: { as: 'field', field: 'sellingPrice' } },
          { header: 'Option 2 name', field: null, by: 'source', reads: { as: 'options' } },
          { header: 'Low stock [Chillo]', field: null, by: 'none' },
        ]),
      );

      const square = (await offerFor(t, await fixture('square-item-library.csv'), 'catalog.csv')).columns;
      expect(square).toEqual(
        expect.arrayContaining([
          {
            header: 'Current Quantity RRV Richmond',
            field: null,
            by: 'source',
            reads: { as: 'stock', location: 'RRV Richmond' },
          },
          { header: 'New Quantity RRV Richmond', field: null, by: 'none' },
          { header: 'Token', field: null, by: 'source', reads: { as: 'field', field: 'code' } },
          { header: 'Option Value 1', field: 'variantAttributeValues', by: 'source', reads: { as: 'options' } },
        ]),
      );

      const odooFile = [
        '"Name","Internal Reference","Variant Values","Sales Price"',
        '"Shirt","S-1","Size: S","39.00"',
      ];
      const odoo = (await offerFor(t, Buffer.from(odooFile.join('\n')), 'product.product.csv')).columns;
      expect(odoo).toContainEqual({
        header: 'Variant Values',
        field: 'variantAttributeValues',
        by: 'source',
        reads: { as: 'options' },
      });
    }));
});
