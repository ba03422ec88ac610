import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { DEMO, signIn } from './support/console';
import { consoleHarness } from './support/harness';

const t = consoleHarness({ demoCatalogue: true });

describe('the mapping step of the product importer', () => {
  test('recognises a Shopify export dropped on it, shows its mapping, and imports it once confirmed', async () => {
    const { page } = t;
    await signIn(page, t.server.app, DEMO.admin);
    await page.goto(`${t.server.app}/importer/product`);
    await page.getByRole('button', { name: 'Download template' }).waitFor();

    // Dropped as a merchant drops it: a drop event carrying the file.
    const content = await readFile(
      join(__dirname, '../packages/server/test/fixtures/imports/shopify-product_template.csv'),
    );
    const transfer = await page.evaluateHandle((text) => {
      const data = new DataTransfer();
      data.items.add(new File([text], 'products_export.csv', { type: 'text/csv' }));
      return data;
    }, content.toString('utf8'));
    await page.dispatchEvent('label[for="sheet-file"]', 'drop', { dataTransfer: transfer });

    await page.getByText('products_export.csv is a Shopify export').waitFor({ timeout: 15_000 });
    const mapping = page.getByRole('table', { name: 'Columns of the file and their fields' });
    const row = (header: string) =>
      mapping.getByRole('row').filter({ has: page.getByRole('rowheader', { name: header, exact: true }) });
    expect(await row('Variant Compare At Price').getByRole('cell').first().textContent()).toBe('Compare-at price');
    expect(await row('Google Shopping / Gender').getByRole('cell').first().textContent()).toBe('Ignored');
    await page.getByLabel('Tags go to').selectOption('tags');
    await page.getByRole('button', { name: 'Use these columns and check the file' }).click();

    const commit = page.getByRole('button', { name: 'Add 18' });
    await commit.waitFor({ timeout: 20_000 });
    const summary = page.getByRole('status', { name: 'How the file was read' });
    await expect.poll(() => summary.textContent()).toContain('Read as a shopify export.');
    expect(await summary.textContent()).toContain('Attribute Color with values Green, Blue, Gray, Purple');
    await commit.click();
    await page.getByText('Imported: 18 inserted, 0 updated, 0 unchanged.').waitFor({ timeout: 20_000 });
  });
});
