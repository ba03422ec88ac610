import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectPath, signIn } from './support/console';
import { consoleHarness } from './support/harness';

const t = consoleHarness();

/** A 1×1 PNG, as a product photo. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function pick(page: Page, combobox: Locator, search: string, option: RegExp) {
  await combobox.fill(search);
  await page.getByRole('option', { name: option }).first().click();
}

async function fillProduct(page: Page, values: { sku: string; name: string; price: string; type?: string }) {
  await page.getByLabel('SKU').fill(values.sku);
  await page.getByLabel('Name', { exact: true }).fill(values.name);
  await pick(page, page.getByRole('combobox', { name: 'Category' }), 'Appar', /Apparel/);
  await page.getByLabel('Unit of measure', { exact: true }).selectOption({ index: 1 });
  if (values.type) await page.getByLabel('Type', { exact: true }).selectOption({ label: values.type });
  await page.getByLabel('Selling price').fill(values.price);
}

async function save(page: Page) {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
}

const productList = (page: Page) => page.getByRole('table', { name: 'Products' });

// A whole product's life in one test: twice the browser suite's 60 s (it took 63 s beside a loaded npm test).
describe('a product through the screens', { timeout: 120_000 }, () => {
  test('create with an alternate barcode, an image and a variant; find, sort, edit, delete', async () => {
    const { page } = t;
    await signIn(page, t.server.app);

    // The parent, with an alternate barcode and a photo.
    await page.goto(`${t.server.app}/product/add`);
    await fillProduct(page, { sku: 'E2E-TEE', name: 'E2E Tee', price: '49.90', type: 'Variant parent' });
    await page.getByRole('button', { name: 'Add row to Alternate barcodes' }).click();
    await page.getByLabel('Barcode, row 1').fill('9990000000017');
    const uploaded = page.waitForResponse((r) => r.url().includes('/upload/backoffice') && r.status() === 200);
    await page.getByLabel('Images').setInputFiles({ name: 'tee.png', mimeType: 'image/png', buffer: PNG });
    await uploaded;
    await page.locator('img[src*="/backoffice/files/"]').first().waitFor();
    await save(page);
    await expectPath(page, /^\/product\/edit\/\d+$/);

    // A variant of it.
    await page.goto(`${t.server.app}/product/add`);
    await fillProduct(page, { sku: 'E2E-TEE-M', name: 'E2E Tee M', price: '52.90' });
    await pick(page, page.getByRole('combobox', { name: 'Parent product' }), 'E2E-TEE', /E2E-TEE - E2E Tee/);
    await page.getByRole('button', { name: 'Add row to Variant attribute values' }).click();
    await pick(page, page.getByRole('combobox', { name: 'Attribute, row 1' }), 'Size', /Size/);
    await page.getByLabel('Value, row 1').fill('M');
    await save(page);

    // Found by a filter, ordered by a sort.
    await page.goto(`${t.server.app}/product`);
    await page.getByLabel('Filter SKU').fill('E2E-TEE');
    await expect.poll(() => productList(page).getByRole('row').count()).toBe(4); // header, filters, two rows
    await page.getByRole('button', { name: 'Selling price' }).click();
    await page.getByRole('button', { name: 'Selling price' }).click();
    await expect.poll(() => productList(page).locator('tbody tr').first().textContent()).toContain('E2E-TEE-M');
    expect(new URL(page.url()).search).toContain('E2E-TEE');
    await page.reload();
    await expect.poll(() => productList(page).locator('tbody tr').first().textContent()).toContain('E2E-TEE-M');

    // Edited, and the change is in its history.
    await page.getByRole('link', { name: /Edit E2E-TEE - E2E Tee$/ }).click();
    await expect.poll(() => page.getByLabel('Barcode, row 1').inputValue()).toBe('9990000000017');
    await page.locator('img[src*="/backoffice/files/"]').first().waitFor();
    await page.getByLabel('Name', { exact: true }).fill('E2E Tee Classic');
    await save(page);
    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByText('E2E Tee Classic').first().waitFor();

    // Deleted with the confirmation: the variant, then its parent.
    await page.goto(`${t.server.app}/product`);
    await page.getByLabel('Filter SKU').fill('E2E-TEE');
    for (const label of [/Delete E2E-TEE-M - /, /Delete E2E-TEE - /]) {
      await page.getByRole('button', { name: label }).click();
      const dialog = page.getByRole('dialog', { name: /^Delete product E2E-TEE/ });
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await expect.poll(() => dialog.count()).toBe(0);
    }
    await productList(page).getByText('No products match the search or filters.').waitFor();
  });

  test('bad input is refused with messages beside the fields, and nothing is saved', async () => {
    const { page } = t;
    await signIn(page, t.server.app);
    await page.goto(`${t.server.app}/product/add`);
    await page.getByLabel('SKU').fill('X'.repeat(51));
    await page.getByLabel('Selling price').fill('12.345');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const messageOf = async (label: string, exact = false) => {
      const input = page.getByLabel(label, { exact });
      expect(await input.getAttribute('aria-invalid')).toBe('true');
      const ids = (await input.getAttribute('aria-describedby'))!.split(' ');
      return (await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()))).join(' ');
    };
    expect(await messageOf('SKU')).toContain('at most 50 characters');
    expect(await messageOf('Name', true)).toContain('Name is required');
    expect(await messageOf('Selling price')).toMatch(/Selling price/);
    await expectPath(page, '/product/add');

    // A duplicate SKU comes back from the server onto its field.
    await fillProduct(page, { sku: 'ACC-001', name: 'Duplicate', price: '1.00' });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByLabel('SKU').getAttribute('aria-invalid')).toBe('true');
    await expectPath(page, '/product/add');
  });
});
