import { describe, expect, test } from 'vitest';
import { audit, settled } from './support/axe';
import { signIn } from './support/console';
import { consoleHarness } from './support/harness';

const t = consoleHarness();
/** The machine may be busy: a poll waits this long. */
const WAIT = { timeout: 15_000 };

describe('bulk edit of a list', () => {
  test('choose three products, set their brand at once by keyboard, confirm; the list shows the new brand', async () => {
    const { page } = t;
    await signIn(page, t.server.app);
    await page.goto(`${t.server.app}/product`);
    const table = page.getByRole('table', { name: 'Products' });
    await table.locator('tbody tr td[data-label="SKU"]').nth(2).waitFor();
    const rows = table.locator('tbody tr');
    const codes: string[] = [];
    for (let i = 0; i < 3; i++) {
      const row = rows.nth(i);
      codes.push((await row.locator('td[data-label="SKU"]').textContent())!.trim());
      await row.getByRole('checkbox').focus();
      await page.keyboard.press('Space');
    }
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await expect.poll(() => bar.textContent(), WAIT).toContain('3 selected');

    await bar.getByRole('button', { name: 'Set field…' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Set a field on 3 products' });
    await dialog.waitFor();
    const field = dialog.getByRole('combobox', { name: 'Field' });
    await expect.poll(() => field.evaluate((el) => el === document.activeElement), WAIT).toBe(true);
    await field.selectOption({ label: 'Brand' });
    await page.keyboard.press('Tab');
    const brand = dialog.getByRole('combobox', { name: 'Brand' });
    await expect.poll(() => brand.evaluate((el) => el === document.activeElement), WAIT).toBe(true);
    await expect.poll(() => brand.locator('option', { hasText: 'Kedai Emas' }).count(), WAIT).toBe(1);
    await brand.selectOption({ label: 'Kedai Emas' });
    await settled(page);
    expect(await audit(page, 'set field dialog', '[role="dialog"]')).toEqual([]);

    await dialog.getByRole('button', { name: 'Continue' }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Set Brand to Kedai Emas on 3 products?' });
    await confirm.waitFor();
    expect(await audit(page, 'set field confirmation', '[role="dialog"]')).toEqual([]);
    // The focus starts on Back; the next button sets the value.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Set on 3 rows');
    const saved = page.waitForResponse((r) => r.url().includes('/DataRepository/bulkupdate/product'));
    await page.keyboard.press('Enter');
    expect((await saved).status()).toBe(200);

    const status = page.getByRole('status').filter({ hasText: 'Brand set to Kedai Emas on 3 products' });
    await status.waitFor();
    await expect.poll(() => status.evaluate((el) => el === document.activeElement), WAIT).toBe(true);
    expect(await page.getByRole('dialog').count()).toBe(0);
    for (const code of codes) {
      const row = table.locator('tbody tr').filter({ has: page.locator('td[data-label="SKU"]', { hasText: code }) });
      await expect.poll(() => row.locator('td[data-label="Brand"]').textContent(), WAIT).toBe('Kedai Emas');
    }
  });
});
