import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { findEntity } from '@backroom/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { useCatalogue, type Row } from '../domain/support/catalogue';
import { importSheet, productByCode } from './support';

/**
 * Spreadsheets saved by LibreOffice Calc 7 (Debian's libreoffice-calc: `soffice --headless
 * --convert-to xlsx` of the CSV beside each), not by our writer: shared strings, its own styles, and
 * dates typed as dates.
 */
const c = useCatalogue();
const fixture = (name: string) => readFile(join(import.meta.dirname, '..', 'fixtures', name));
const fetchWhere = async (entity: string, column: string, prefix: string) =>
  (
    await c.post<Row[]>(`/DataRepository/fetch/${entity}`, {
      filters: [{ ColumnName: column, ColumnValue: prefix, Operator: 'STARTSWITH' }],
    })
  ).body.data;

beforeAll(async () => {
  await c.builder.insert(findEntity('category')!, { code: 'LOCAT', name: 'Office goods' });
  await c.builder.insert(findEntity('membershipgroup')!, { code: 'LOGRP', name: 'Office members' });
  await c.builder.insert(findEntity('inventorylocation')!, { code: 'LOLOC', name: 'Office store' });
  await c.builder.insert(findEntity('inventorylocation')!, { code: 'LOLOC2', name: 'Office back room' });
  await c.builder.insert(findEntity('supplier')!, { code: 'LOSUP', name: 'Office supplier' });
  for (const code of ['LOR-CAKE', 'LOR-FLOUR', 'LOR-SUGAR', '00123']) await c.newProduct({ code, images: [] });
});
const product = async (code: string) => (await productByCode(c, code))!;

describe('files saved by LibreOffice', () => {
  it('imports products', async () => {
    const job = await importSheet(c, await fixture('libreoffice-products.xlsx'), 'product', 'commit');
    expect(job, JSON.stringify(job.errors)).toMatchObject({
      status: 'succeeded',
      committed: true,
      inserted: 2,
      errorCount: 0,
    });
    const rows = await fetchWhere('product', 'code', 'LO-');
    expect(rows.map((r) => [r.code, r.name, r.sellingPrice, r.costPrice, r.trackStock])).toEqual([
      ['LO-1', 'LibreOffice tea', '3.50', '1.20', true],
      ['LO-2', 'LibreOffice cup', '12.00', null, false],
    ]);
  });

  it('imports members with the dates LibreOffice typed as dates', async () => {
    const job = await importSheet(c, await fixture('libreoffice-members.xlsx'), 'membership', 'commit');
    expect(job, JSON.stringify(job.errors)).toMatchObject({ committed: true, inserted: 2, errorCount: 0 });
    const rows = await fetchWhere('membership', 'memberNo', 'LOM-');
    expect(rows.map((r) => [r.memberNo, r.phone, r.birthDate, r.joinDate])).toEqual([
      ['LOM-1', '+60 12 000 0001', '1990-05-17', '2024-01-05'],
      ['LOM-2', null, null, '2024-02-29'],
    ]);
  });

  it('imports a stock count', async () => {
    const job = await importSheet(c, await fixture('libreoffice-count.xlsx'), 'outletitembalance', 'commit');
    expect(job, JSON.stringify(job.errors)).toMatchObject({ committed: true, updated: 2, errorCount: 0 });
    const balances = (
      await c.post<Row[]>('/DataRepository/fetch/stockbalance', {
        sorts: [{ ColumnName: 'quantity', Direction: 'asc' }],
      })
    ).body.data;
    expect(balances.map((b) => b.quantity)).toEqual(['0.500', '7.000']);
  });

  it('imports a recipe', async () => {
    const job = await importSheet(c, await fixture('libreoffice-recipe.xlsx'), 'recipe', 'commit');
    expect(job, JSON.stringify(job.errors)).toMatchObject({ committed: true, inserted: 2, errorCount: 0 });
    const [flour, sugar] = [await product('LOR-FLOUR'), await product('LOR-SUGAR')];
    expect(((await product('LOR-CAKE')).recipeComponents as Row[]).map((l) => [l.product, l.quantity])).toEqual([
      [flour.id, '0.500'],
      [sugar.id, '0.250'],
    ]);
  });

  it('imports supplier products, the item code kept as text', async () => {
    const job = await importSheet(c, await fixture('libreoffice-supplierproducts.xlsx'), 'supplierproduct', 'commit');
    expect(job, JSON.stringify(job.errors)).toMatchObject({ committed: true, inserted: 2, errorCount: 0 });
    expect(
      ((await product('LOR-FLOUR')).supplierMapping as Row[]).map((l) => [
        l.supplierItemCode,
        l.cost,
        l.leadTimeDays,
        l.preferred,
      ]),
    ).toEqual([['F-123', '1.25', 7, true]]);
    expect(
      ((await product('LOR-SUGAR')).supplierMapping as Row[]).map((l) => [l.supplierItemCode, l.cost, l.preferred]),
    ).toEqual([['S-9', '0.80', false]]);
  });

  it('imports alternate barcodes, a barcode LibreOffice typed as a number read as its digits', async () => {
    const job = await importSheet(c, await fixture('libreoffice-barcodes.xlsx'), 'alternatebarcode', 'commit');
    expect(job, JSON.stringify(job.errors)).toMatchObject({ committed: true, inserted: 2, errorCount: 0 });
    expect(
      ((await product('LOR-SUGAR')).alternateBarcodes as Row[]).map((l) => [l.barcode, l.quantityPerUnit]),
    ).toEqual([['9555123456789', '12.000']]);
    expect(((await product('LOR-FLOUR')).alternateBarcodes as Row[]).map((l) => l.barcode)).toEqual(['LO-ALT-1']);
  });

  // Calc here has no image export: the images are LibreOffice's own gallery PNGs, zipped (deflated) by Info-ZIP.
  it('imports a zip of images written by Info-ZIP', async () => {
    const job = await importSheet(c, await fixture('libreoffice-images.zip'), 'imageproduct', 'commit', 'images.zip');
    expect(job, JSON.stringify(job.errors)).toMatchObject({ committed: true, inserted: 2, errorCount: 0 });
    expect((await product('LOR-CAKE')).images).toEqual([
      expect.stringMatching(/^\/backoffice\/files\/product\/.+\.png$/),
    ]);
  });

  // The CSV beside it, typed as a person would: LibreOffice turned the barcodes and the SKU 00123 into numbers.
  it('reads the hazards of a product sheet right, or reports each with its row, column and what was read', async () => {
    const job = await importSheet(c, await fixture('libreoffice-hazards.xlsx'), 'product', 'commit');
    expect(job.committed).toBe(false);
    expect(job.errors).toEqual([
      {
        row: 2,
        column: 'Barcode',
        message:
          'Barcode was read as the number 3.65275E+11 (365275000000): a spreadsheet cut its digits; format the column as text and type the value again',
      },
      {
        row: 5,
        column: 'SKU',
        message:
          'SKU "123" is not stored, but "00123" is: a spreadsheet dropped its leading zeros; format the column as text and type the code again',
      },
      {
        row: 6,
        column: 'Barcode',
        message:
          'Barcode was read as the number 12345678905: a barcode of 11 digits has most likely lost a leading zero (an EAN-8 has 8, a UPC-A 12, an EAN-13 13); format the column as text and type the value again',
      },
    ]);
    const preview = await importSheet(c, await fixture('libreoffice-hazards.xlsx'), 'product', 'validate');
    // Thousands separators and a decimal comma are read as the numbers they are: those rows pass.
    const prices = Object.fromEntries(preview.rows!.filter((r) => r.action === 'insert').map((r) => [r.key, r.action]));
    expect(prices).toEqual({ 'LOH-2': 'insert', 'LOH-3': 'insert', 'LOH-5': 'insert' });
  });

  it('reads dates typed as text day first, month first or year first, and reports one that reads two ways', async () => {
    const sheet = await fixture('libreoffice-hazard-dates.xlsx');
    const job = await importSheet(c, sheet, 'membership', 'validate');
    expect(job.errors).toEqual([
      {
        row: 4,
        column: 'Birth date',
        message:
          'Birth date is a date that reads two ways: "03/04/1990" is 1990-04-03 day first, 1990-03-04 month first; write it year first, such as 2026-09-28',
      },
    ]);
    const csv = (await readFile(join(import.meta.dirname, '..', 'fixtures', 'libreoffice-hazard-dates.csv'), 'utf8'))
      .split('\n')
      .slice(0, 3)
      .join('\n');
    expect(await importSheet(c, Buffer.from(csv), 'membership', 'commit', 'dates.csv')).toMatchObject({
      committed: true,
      inserted: 2,
    });
    const rows = await fetchWhere('membership', 'memberNo', 'LOHM-');
    expect(rows.map((r) => [r.memberNo, r.birthDate, r.joinDate])).toEqual([
      ['LOHM-1', '1990-12-31', '2024-01-05'],
      ['LOHM-2', '1990-12-31', '2024-01-13'],
    ]);
    // A date that reads both ways is read in the order its column's other dates all show.
    const dayFirst =
      'Member no.,Name,Membership group,Birth date\nLOHM-4,Day first,LOGRP,25/12/1980\nLOHM-5,Either,LOGRP,03/04/1981';
    expect(await importSheet(c, Buffer.from(dayFirst), 'membership', 'commit', 'day-first.csv')).toMatchObject({
      committed: true,
      inserted: 2,
      errorCount: 0,
    });
    expect((await fetchWhere('membership', 'memberNo', 'LOHM-5'))[0]!.birthDate).toBe('1981-04-03');
  });
});
