import { findEntity, type BlankTemplateOption } from '@backroom/schema';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { useCatalogue, type Row } from '../domain/support/catalogue';
import { importSheet, legacyOf, productByCode, rowsOf, submit, xlsx } from './support';

const c = useCatalogue({ users: ['admin', 'cashier'] });
const full = async (code: string) => (await productByCode(c, code))!;
const productCoded = full;

beforeAll(async () => {
  for (const code of ['KIT', 'FLOUR', 'SUGAR', 'CAKE', 'OTHER']) await c.newProduct({ code, name: `${code} product` });
  await c.newProduct({ code: 'SCANNED', barcode: 'MAIN-1' });
  await c.builder.insert(findEntity('supplier')!, { code: 'SUP-A', name: 'Supplier A' });
  await c.builder.insert(findEntity('supplier')!, { code: 'SUP-B', name: 'Supplier B' });
});

describe('the child-list and image importers', () => {
  it('each offer an option and a template whose instructions sheet says what the import means and what each column holds', async () => {
    for (const [type, meaning] of [
      ['recipe', 'Recipe components of composite products'],
      ['supplierproduct', 'Which supplier sells which product'],
      ['alternatebarcode', 'More barcodes that scan to a product'],
      ['imageproduct', 'a zip of images, each named by the SKU'],
    ]) {
      const [option] = (await c.get<BlankTemplateOption[]>(`/AppModule/GetBlankTemplateOption/${type}`)).body.data;
      const response = await fetch(`${legacyOf(c)}/DataExporter/ExportBlankTemplate/${type}/${option!.value}`, {
        headers: { authorization: `Bearer ${c.tokens.admin}` },
      });
      expect(response.status).toBe(200);
      const book = await new ExcelJS.Workbook().xlsx.load(await response.arrayBuffer());
      const instructions = book.getWorksheet('Instructions')!;
      expect(String(instructions.getRow(2).getCell(4).value)).toContain(meaning);
      expect(instructions.rowCount).toBeGreaterThan(3);
    }
  });

  it('need edit on products and view on the importer', async () => {
    const answer = await submit(
      c,
      await xlsx(['Composite SKU', 'Component SKU', 'Quantity'], [['CAKE', 'FLOUR', 1]]),
      'recipe',
      'commit',
      { token: c.tokens.cashier },
    );
    expect(answer.status).toBe(403);
  });
});

describe('the recipe importer', () => {
  const HEADER = ['Composite SKU *', 'Component SKU *', 'Quantity *', 'Unit of measure'];

  it('offers a template whose instructions say what a recipe row means', async () => {
    expect(
      (await c.get<BlankTemplateOption[]>('/AppModule/GetBlankTemplateOption/recipe')).body.data.map((o) => o.value),
    ).toEqual(['components']);
    const response = await fetch(`${legacyOf(c)}/DataExporter/ExportBlankTemplate/recipe/components`, {
      headers: { authorization: `Bearer ${c.tokens.admin}` },
    });
    expect(response.status).toBe(200);
    expect((await rowsOf(await response.arrayBuffer()))[0]).toEqual(HEADER);
  });

  it('adds components, then counts unchanged lines and updates a changed quantity', async () => {
    const sheet = [
      ['CAKE', 'FLOUR', 0.5, 'PCS'],
      ['CAKE', 'SUGAR', 0.25, null],
      ['KIT', 'CAKE', 2, null],
    ];
    expect(await importSheet(c, await xlsx(HEADER, sheet), 'recipe', 'validate')).toMatchObject({
      status: 'succeeded',
      committed: false,
      inserted: 3,
      errorCount: 0,
    });
    expect((await full('CAKE')).recipeComponents).toEqual([]);
    expect(await importSheet(c, await xlsx(HEADER, sheet), 'recipe', 'commit')).toMatchObject({
      committed: true,
      inserted: 3,
      updated: 0,
      unchanged: 0,
    });
    const cake = await full('CAKE');
    expect((cake.recipeComponents as Row[]).map((l) => [l.product, l.quantity])).toEqual([
      [(await productCoded('FLOUR')).id, '0.500'],
      [(await productCoded('SUGAR')).id, '0.250'],
    ]);
    const again = await importSheet(
      c,
      await xlsx(HEADER, [
        ['CAKE', 'FLOUR', 0.5, 'PCS'],
        ['CAKE', 'SUGAR', 0.3, null],
      ]),
      'recipe',
      'commit',
    );
    expect(again).toMatchObject({ committed: true, inserted: 0, updated: 1, unchanged: 1 });
    expect(((await full('CAKE')).recipeComponents as Row[]).map((l) => l.quantity)).toEqual(['0.500', '0.300']);
  });

  it('refuses cycles through stored recipes and through the sheet itself, bad quantities, unknown codes and repeats, and writes nothing', async () => {
    const job = await importSheet(
      c,
      await xlsx(HEADER, [
        ['FLOUR', 'KIT', 1, null],
        ['OTHER', 'OTHER', 1, null],
        ['SUGAR', 'OTHER', 1, null],
        ['OTHER', 'SUGAR', 1, null],
        ['OTHER', 'FLOUR', 0, null],
        ['NOPE', 'FLOUR', 1, null],
        ['CAKE', 'FLOUR', 1, null],
        ['CAKE', 'FLOUR', 2, null],
      ]),
      'recipe',
      'commit',
    );
    expect(job.committed).toBe(false);
    expect(job.errors.map((e) => [e.row, e.column])).toEqual([
      [2, 'Component SKU'],
      [3, 'Component SKU'],
      [4, 'Component SKU'],
      [5, 'Component SKU'],
      [6, 'Quantity'],
      [7, 'Composite SKU'],
      // FLOUR → KIT (row 2) → CAKE (stored) → FLOUR: each row of the circle is reported.
      [8, 'Component SKU'],
      [9, 'Composite SKU'],
    ]);
    expect(job.errors[0]!.message).toContain('circle');
    expect(job.errors[1]!.message).toContain('itself');
    expect((await full('OTHER')).recipeComponents).toEqual([]);
    expect(((await full('CAKE')).recipeComponents as Row[]).map((l) => l.quantity)).toEqual(['0.500', '0.300']);
  });
});

describe('the supplier product importer', () => {
  const HEADER = ['Supplier *', 'SKU *', 'Supplier item code', 'Cost', 'Preferred'];

  it('maps suppliers to products with their item codes and costs; one preferred supplier a product', async () => {
    const first = await importSheet(
      c,
      await xlsx(HEADER, [
        ['SUP-A', 'FLOUR', 'A-100', 1.2, 'Yes'],
        ['SUP-B', 'FLOUR', 'B-7', 1.35, 'No'],
      ]),
      'supplierproduct',
      'commit',
    );
    expect(first).toMatchObject({ committed: true, inserted: 2, errorCount: 0 });
    const switched = await importSheet(
      c,
      await xlsx(['Supplier', 'SKU', 'Preferred'], [['SUP-B', 'FLOUR', 'Yes']]),
      'supplierproduct',
      'commit',
    );
    expect(switched).toMatchObject({ committed: true, updated: 1 });
    const lines = (await full('FLOUR')).supplierMapping as Row[];
    expect(lines.map((l) => [l.supplierItemCode, l.cost, l.preferred])).toEqual([
      ['A-100', '1.20', false],
      ['B-7', '1.35', true],
    ]);
    expect(
      await importSheet(
        c,
        await xlsx(['Supplier', 'SKU', 'Cost'], [['SUP-A', 'FLOUR', '1.20']]),
        'supplierproduct',
        'commit',
      ),
    ).toMatchObject({ unchanged: 1, updated: 0 });
  });

  it('reports two preferred suppliers for one product, unknown suppliers and negative costs', async () => {
    const job = await importSheet(
      c,
      await xlsx(HEADER, [
        ['SUP-A', 'SUGAR', null, 1, 'Yes'],
        ['SUP-B', 'SUGAR', null, 1, 'Yes'],
        ['SUP-Z', 'SUGAR', null, 1, null],
        ['SUP-A', 'KIT', null, -1, null],
      ]),
      'supplierproduct',
      'commit',
    );
    expect(job.errors.map((e) => [e.row, e.column])).toEqual([
      [3, 'Preferred'],
      [4, 'Supplier'],
      [5, 'Cost'],
    ]);
    expect((await full('SUGAR')).supplierMapping).toEqual([]);
  });
});

describe('the alternate barcode importer', () => {
  const HEADER = ['Barcode *', 'SKU *', 'Unit of measure', 'Quantity per unit'];

  it('adds barcodes, and refuses one that is a main barcode or another product’s', async () => {
    expect(
      await importSheet(
        c,
        await xlsx(HEADER, [
          ['ALT-1', 'SUGAR', 'PCS', 12],
          [4006381333931, 'SUGAR', null, null],
        ]),
        'alternatebarcode',
        'commit',
      ),
    ).toMatchObject({
      committed: true,
      inserted: 2,
    });
    expect(((await full('SUGAR')).alternateBarcodes as Row[]).map((l) => [l.barcode, l.quantityPerUnit])).toEqual([
      ['ALT-1', '12.000'],
      ['4006381333931', '1.000'],
    ]);
    const job = await importSheet(
      c,
      await xlsx(HEADER, [
        ['ALT-1', 'SUGAR', 'PCS', 6],
        ['ALT-1', 'FLOUR', null, null],
        ['MAIN-1', 'FLOUR', null, null],
        ['ALT-2', 'FLOUR', null, null],
      ]),
      'alternatebarcode',
      'commit',
    );
    expect(job.errors.map((e) => [e.row, e.column, e.message])).toEqual([
      [3, 'Barcode', expect.stringContaining('row 2')],
      [4, 'Barcode', 'Barcode "MAIN-1" is already used: it is the main barcode of SCANNED'],
    ]);
    expect(
      await importSheet(c, await xlsx(HEADER, [['ALT-2', 'SUGAR', null, null]]), 'alternatebarcode', 'validate'),
    ).toMatchObject({ inserted: 1 });
    expect(
      (await importSheet(c, await xlsx(HEADER, [['ALT-1', 'FLOUR', null, null]]), 'alternatebarcode', 'validate'))
        .errors[0]!.message,
    ).toBe('Barcode "ALT-1" is already used: it is the alternate barcode of SUGAR');
    expect((await full('FLOUR')).alternateBarcodes).toEqual([]);
  });
});
