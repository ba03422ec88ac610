import { describe, expect, test } from 'vitest';
import { audit, settled } from './support/axe';
import { expectPath, signIn } from './support/console';
import { consoleHarness } from './support/harness';

const t = consoleHarness();

describe('the API reference', () => {
  test('an anonymous visitor is sent to sign in, as on every other console route', async () => {
    await t.page.goto(`${t.server.app}/api-docs`);
    await expectPath(t.page, '/login?redirect=/api-docs');
    await t.page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await t.page.getByText('Request body').count()).toBe(0);
  });

  test('a signed-in user opens it from the user menu, finds an operation and reads its body fields', async () => {
    const page = t.page;
    await signIn(page, t.server.app);
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'API reference' }).click();
    await expectPath(page, '/api-docs');
    await page.getByRole('heading', { name: 'API reference', level: 1 }).waitFor();

    await page.getByLabel('Search by path or summary').fill('DataRepository/Insert/product');
    const insert = page.locator('details', { hasText: 'Products: add a row' });
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/^[1-9] of \d{3,} operations$/);
    await insert.locator('summary').focus();
    await page.keyboard.press('Enter');
    const body = insert.locator('.api-fields').first();
    await body.waitFor();
    const sellingPrice = body.locator(':scope > li', {
      has: page.locator(':scope > code', { hasText: /^sellingPrice$/ }),
    });
    await expect.poll(() => sellingPrice.textContent()).toMatch(/^sellingPrice.*required.*Selling price/);
    const barcodes = body.locator(':scope > li', {
      has: page.locator(':scope > code', { hasText: /^alternateBarcodes$/ }),
    });
    expect(await barcodes.locator('.api-fields code', { hasText: /^barcode$/ }).count()).toBe(1);
    expect(await insert.getByText('Answer (200)').count()).toBe(1);

    await settled(page);
    expect(await audit(page, '/api-docs')).toEqual([]);
  });
});
