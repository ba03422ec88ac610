import { describe, expect, test } from 'vitest';
import { DEMO, signIn } from './support/console';
import { consoleHarness } from './support/harness';

const t = consoleHarness({ demoCatalogue: true });

const sheet = (rows: string[]) =>
  Buffer.from(['SKU,Name,Category,Unit of measure,Selling price', ...rows].join('\r\n'), 'utf8');

describe('the product importer screen', () => {
  test('shows the problems of a file by row and column, then imports a clean one', async () => {
    const { page } = t;
    await signIn(page, t.server.app, DEMO.admin);
    await page.goto(`${t.server.app}/importer/product`);
    await page.getByRole('button', { name: 'Download template' }).waitFor();

    await page.setInputFiles('#sheet-file', {
      name: 'bad.csv',
      mimeType: 'text/csv',
      buffer: sheet(['E2E-1,Tea,COFFEE,PCS,abc', 'E2E-2,Cup,NOPE,PCS,5']),
    });
    const problems = page.getByRole('table', { name: 'Problems by row and column' }).getByRole('row');
    await expect.poll(() => problems.count(), { timeout: 15_000 }).toBe(3);
    expect(await problems.nth(1).getByRole('cell').allTextContents()).toEqual([
      '2',
      'Selling price',
      expect.any(String),
    ]);
    expect(await problems.nth(2).getByRole('cell').nth(1).textContent()).toBe('Category');
    expect(await page.getByRole('button', { name: /^(Add|Change) \d+/ }).count()).toBe(0);

    await page.setInputFiles('#sheet-file', {
      name: 'good.csv',
      mimeType: 'text/csv',
      buffer: sheet(['E2E-1,Tea,COFFEE,PCS,3.50', 'E2E-2,Cup,COFFEE,PCS,5']),
    });
    await page.getByRole('button', { name: 'Add 2' }).click();
    await page.getByText('Imported: 2 inserted, 0 updated, 0 unchanged.').waitFor({ timeout: 15_000 });
  });

  test('previews each row (filterable by action) and says on its button what the commit will do', async () => {
    const { page } = t;
    await signIn(page, t.server.app, DEMO.admin);
    await page.goto(`${t.server.app}/importer/product`);
    await page.getByRole('button', { name: 'Download template' }).waitFor();
    await page.setInputFiles('#sheet-file', {
      name: 'first.csv',
      mimeType: 'text/csv',
      buffer: sheet(['E2E-P1,Tea,COFFEE,PCS,3.50', 'E2E-P2,Cup,COFFEE,PCS,5', 'E2E-P3,Pot,COFFEE,PCS,9']),
    });
    await page.getByRole('button', { name: 'Add 3' }).click();
    await page.getByText('Imported: 3 inserted, 0 updated, 0 unchanged.').waitFor({ timeout: 15_000 });

    await page.setInputFiles('#sheet-file', {
      name: 'second.csv',
      mimeType: 'text/csv',
      buffer: sheet([
        'E2E-P1,Tea,COFFEE,PCS,4',
        'E2E-P2,Cup,COFFEE,PCS,5',
        'E2E-P3,Pot,COFFEE,PCS,9',
        'E2E-P4,Saucer,COFFEE,PCS,2',
      ]),
    });
    const button = page.getByRole('button', { name: 'Add 1, change 1 — 2 unchanged' });
    await button.waitFor({ timeout: 15_000 });
    const preview = page.getByRole('table', { name: 'What the import will do, row by row' });
    expect(await preview.getByRole('row').count()).toBe(5);
    await page.getByLabel('Show rows').selectOption({ label: 'Change' });
    const changed = preview.getByRole('row');
    await expect.poll(() => changed.count()).toBe(2);
    expect(await changed.nth(1).getByRole('cell').allTextContents()).toEqual([
      '2',
      'E2E-P1',
      'Change',
      'Selling price: 3.50 → 4.00',
    ]);
    await button.click();
    await page.getByText('Imported: 1 inserted, 1 updated, 2 unchanged.').waitFor({ timeout: 15_000 });

    // The same file again changes nothing: no commit is offered.
    await page.setInputFiles('#sheet-file', {
      name: 'third.csv',
      mimeType: 'text/csv',
      buffer: sheet(['E2E-P1,Tea,COFFEE,PCS,4', 'E2E-P4,Saucer,COFFEE,PCS,2']),
    });
    await page.getByText('Nothing to import: all 2 rows are as stored.').waitFor({ timeout: 15_000 });
    expect(await page.getByRole('button', { name: /^(Add|Change) \d+/ }).count()).toBe(0);
  });

  test('cancels a running check with the button beside its progress bar', async () => {
    const { page } = t;
    await signIn(page, t.server.app, DEMO.admin);
    await page.goto(`${t.server.app}/importer/product`);
    await page.getByRole('button', { name: 'Download template' }).waitFor();
    // Enough rows that the check is still running when the click lands: since the faster reader, 40,000 could finish first.
    const rows = Array.from({ length: 150_000 }, (_, i) => `E2E-C${i},Cancelled tea ${i},COFFEE,PCS,3.50`);
    await page.setInputFiles('#sheet-file', { name: 'many.csv', mimeType: 'text/csv', buffer: sheet(rows) });
    await page.getByRole('progressbar', { name: 'Checking every row…' }).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('Cancelled: nothing was imported.').waitFor({ timeout: 15_000 });
    expect(await page.getByRole('progressbar').count()).toBe(0);
  });
});
