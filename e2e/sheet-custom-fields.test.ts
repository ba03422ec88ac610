import ExcelJS from 'exceljs';
import { describe, expect, test } from 'vitest';
import { apiAs } from './support/api';
import { DEMO, signIn } from './support/console';
import { consoleHarness } from './support/harness';

const t = consoleHarness({ demoCatalogue: true });

describe('a custom field through the product template', () => {
  test('is a column of the downloaded template; filled in and imported, the product form shows it', async () => {
    const api = await apiAs(t.server, DEMO.admin);
    await api.insert('customfield', { entity: 'product', key: 'launchDate', label: 'Launch date', kind: 'date' });
    const { page } = t;
    await signIn(page, t.server.app, DEMO.admin);
    await page.goto(`${t.server.app}/importer/product`);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download template' }).click();
    const template = new ExcelJS.Workbook();
    await template.xlsx.readFile((await (await download).path())!);
    const headers = (template.worksheets[0]!.getRow(1).values as unknown[]).slice(1).map(String);
    expect(headers).toContain('Launch date');

    // Filled in as a merchant fills it: the template's header row (required ones marked "*"), one product
    // with its launch date typed as text.
    const values: Record<string, string | number> = {
      SKU: 'E2E-LAUNCH',
      Name: 'Launch tee',
      Category: 'COFFEE',
      'Unit of measure': 'PCS',
      'Selling price': 39.9,
      'Launch date': '15/03/2027',
    };
    const filled = new ExcelJS.Workbook();
    const sheet = filled.addWorksheet('Products');
    sheet.addRow(headers);
    sheet.addRow(headers.map((h) => values[h.replace(/ \*$/, '')] ?? null));
    await page.setInputFiles('#sheet-file', {
      name: 'launch.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from(await filled.xlsx.writeBuffer()),
    });
    await page.getByRole('button', { name: 'Add 1' }).click({ timeout: 15_000 });
    await page.getByText('Imported: 1 inserted, 0 updated, 0 unchanged.').waitFor({ timeout: 15_000 });

    const [product] = await api.rows('product', {
      Skip: 0,
      Take: 1,
      filters: [{ ColumnName: 'code', ColumnValue: 'E2E-LAUNCH', Operator: 'EQ' }],
    });
    expect(product!.launchDate).toBe('2027-03-15');
    await page.goto(`${t.server.app}/product/edit/${product!.id}`);
    const launch = page.getByRole('main').getByLabel('Launch date', { exact: true });
    await expect.poll(() => launch.inputValue(), { timeout: 15_000 }).toBe('15/03/2027');
  });
});
