import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { DEMO, signIn } from './support/console';
import { consoleHarness } from './support/harness';

const t = consoleHarness({ demoCatalogue: true });

/** A real example file (fixtures/imports) dropped on the product importer as a merchant drops it: a drop event carrying it. */
async function dropOnImporter(fixture: string, name: string) {
  await signIn(t.page, t.server.app, DEMO.admin);
  await t.page.goto(`${t.server.app}/importer/product`);
  await t.page.getByRole('button', { name: 'Download template' }).waitFor();
  const content = await readFile(join(__dirname, '../packages/server/test/fixtures/imports', fixture));
  const transfer = await t.page.evaluateHandle(
    ([text, file]) => {
      const data = new DataTransfer();
      data.items.add(new File([text], file, { type: 'text/csv' }));
      return data;
    },
    [content.toString('utf8'), name] as const,
  );
  await t.page.dispatchEvent('label[for="sheet-file"]', 'drop', { dataTransfer: transfer });
}

/** The mapping table's row of a column of the file. */
const row = (header: string) =>
  t.page
    .getByRole('table', { name: 'Columns of the file and their fields' })
    .getByRole('row')
    .filter({ has: t.page.getByRole('rowheader', { name: header, exact: true }) });

/**
 * Confirms the mapping, waits for the check to offer "Add {count}" and the summary to name the source,
 * runs `before` (more checks of the checked file), commits, and waits for the import's report.
 */
async function confirmAndImport(count: number, source: string, before: (summary: string) => Promise<void>) {
  const { page } = t;
  await page.getByRole('button', { name: 'Use these columns and check the file' }).click();
  const commit = page.getByRole('button', { name: `Add ${count}` });
  await commit.waitFor({ timeout: 20_000 });
  const summary = page.getByRole('status', { name: 'How the file was read' });
  await expect.poll(() => summary.textContent()).toContain(`Read as an export of ${source}.`);
  await before((await summary.textContent()) ?? '');
  await commit.click();
  await page.getByText(`Imported: ${count} inserted, 0 updated, 0 unchanged.`).waitFor({ timeout: 20_000 });
}

/** The product list's rows once filtered by SKU. */
async function productsBySku(sku: string) {
  const { page } = t;
  await page.goto(`${t.server.app}/product`);
  await page.getByLabel('Filter SKU').fill(sku);
  return page.getByRole('table', { name: 'Products' });
}

describe('the mapping step of the product importer', () => {
  test('recognises a Shopify export dropped on it, shows its mapping, and imports it once confirmed', async () => {
    const { page } = t;
    await dropOnImporter('shopify-product_template.csv', 'products_export.csv');

    await page.getByText('products_export.csv is an export of Shopify').waitFor({ timeout: 15_000 });
    // Each column the source reads is offered for confirmation or change; the ones it does not read are
    // offered too (a metafield into a custom field), ignored unless chosen.
    expect(await row('Variant Compare At Price').getByRole('combobox').inputValue()).toBe('compareAtPrice');
    expect(await row('Google Shopping / Gender').getByRole('combobox').inputValue()).toBe('');
    expect(await row('Option1 Value').getByRole('cell').first().textContent()).toBe('Read as variant options');
    await page.getByLabel('Tags go to').selectOption('tags');
    await confirmAndImport(18, 'Shopify', async (summary) => {
      expect(summary).toContain('Attribute Color with values Green, Blue, Gray, Purple');
    });

    // The products with their variants, in the product list as any product.
    const list = await productsBySku('SRT_COT');
    await expect.poll(() => list.locator('tbody').textContent(), { timeout: 15_000 }).toContain('SRT_COT_111');
    expect(await list.locator('tbody').textContent()).not.toContain('ACC-001');
    await page.getByLabel('Filter SKU').fill('example-shirt');
    await list.getByText('Example T-Shirt').first().waitFor({ timeout: 15_000 });
  });

  test('recognises an Odoo export with labels partly in German, and imports it with its warnings named', async () => {
    const { page } = t;
    await dropOnImporter('odoo-product.template-labels.csv', 'Product (product.template).csv');

    await page.getByText('Product (product.template).csv is an export of Odoo').waitFor({ timeout: 15_000 });
    expect(await row('Verkaufspreis').getByRole('combobox').inputValue()).toBe('sellingPrice');
    expect(await row('Internal Reference').getByRole('combobox').inputValue()).toBe('code');
    expect(await row('Mengeneinheit').getByRole('combobox').inputValue()).toBe('');
    await confirmAndImport(28, 'Odoo', async (summary) => {
      expect(summary).toContain('No sales price: imported at 0; set the price');
    });

    const list = await productsBySku('M1008');
    await expect.poll(() => list.locator('tbody').textContent(), { timeout: 15_000 }).toContain('Sitz');
    expect(await list.locator('tbody').textContent()).toContain('42.00');
  });
});
