import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { apiAs } from './support/api';
import { DEMO, expectPath, signIn } from './support/console';
import { consoleHarness } from './support/harness';

const t = consoleHarness({ demoCatalogue: true });

async function pick(page: Page, combobox: Locator, search: string, option: RegExp) {
  await combobox.fill(search);
  await page.getByRole('option', { name: option }).first().click();
}

/** The step the order is at, as the stepper marks it. */
const currentStep = (page: Page) => page.getByRole('list', { name: 'Order status' }).locator('[aria-current="step"]');

/** On hand of the one virtual-stock row shown for a search at a location. */
async function onHandAt(page: Page, location: RegExp, search: string): Promise<string> {
  await pick(page, page.getByRole('combobox', { name: 'Location' }), location.source.split(' ')[0]!, location);
  await page.getByLabel('Search products').fill(search);
  await page.getByLabel('Search products').press('Enter');
  const rows = page.getByRole('table', { name: 'Virtual stock' }).getByRole('row');
  await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2);
  return (await rows.nth(1).getByRole('cell').nth(1).textContent())!.trim();
}

describe('stock in the console', () => {
  test('a delivery order goes from draft through partially received to received, and prints', async () => {
    const { page } = t;
    await signIn(page, t.server.app, DEMO.manager);
    await page.goto(`${t.server.app}/printdeliveryorder/add`);
    await pick(page, page.getByRole('combobox', { name: 'From' }), 'Central', /Central warehouse/);
    await pick(page, page.getByRole('combobox', { name: 'To' }), 'Bangsar', /Bangsar store room/);
    await page.getByRole('button', { name: 'Add row to Lines' }).click();
    await pick(page, page.getByRole('combobox', { name: 'Product, row 1' }), 'DRY-001', /DRY-001/);
    await page.getByLabel('Quantity, row 1', { exact: true }).fill('6');
    await page.getByRole('button', { name: 'Add row to Lines' }).click();
    await pick(page, page.getByRole('combobox', { name: 'Product, row 2' }), 'DRY-007', /DRY-007/);
    await page.getByLabel('Quantity, row 2', { exact: true }).fill('4');
    // An unsaved order holds the page: leaving asks first.
    await page.getByRole('link', { name: 'Back to list' }).click();
    await page
      .getByRole('dialog', { name: 'Leave without saving your changes?' })
      .getByRole('button', { name: 'Cancel' })
      .click();
    await expectPath(page, '/printdeliveryorder/add');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectPath(page, /^\/printdeliveryorder\/edit\/\d+$/);
    const heading = page.getByRole('heading', { name: /^Delivery order DO-\d{4}-\d{6}$/ });
    const docNo = (await heading.textContent())!.replace('Delivery order ', '');
    await expect.poll(() => currentStep(page).textContent()).toContain('Draft');

    const actions = page.getByRole('toolbar', { name: 'Order actions' });
    await actions.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(`${docNo} is confirmed.`).waitFor();
    await expect.poll(() => currentStep(page).textContent()).toContain('Confirmed');
    expect(await page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    expect(await page.getByLabel('Quantity, row 1', { exact: true }).isDisabled()).toBe(true);

    await actions.getByRole('button', { name: 'Dispatch' }).click();
    await page.getByText(`${docNo} is dispatched`, { exact: false }).waitFor();
    await expect.poll(() => currentStep(page).textContent()).toContain('Dispatched');

    // Received short: the rest stays in transit and the order partially received.
    await actions.getByRole('button', { name: 'Receive…' }).click();
    const dialog = page.getByRole('dialog', { name: `Receive ${docNo}` });
    await dialog.getByRole('textbox', { name: /Received quantity of DRY-001/ }).fill('5');
    await dialog.getByRole('button', { name: 'Receive' }).click();
    await page.getByText(`${docNo} is partially received`, { exact: false }).waitFor();
    await expect.poll(() => currentStep(page).textContent()).toContain('Partially received');
    expect(await page.getByLabel('Received quantity, row 1').inputValue()).toBe('5.000');
    expect(await page.getByLabel('In transit, row 1').inputValue()).toBe('1.000');
    expect(await page.getByLabel('Received quantity, row 2').inputValue()).toBe('4.000');

    // The rest arrives later.
    await actions.getByRole('button', { name: 'Receive…' }).click();
    const rest = page.getByRole('dialog', { name: `Receive ${docNo}` });
    expect(await rest.getByRole('textbox', { name: /Received quantity of DRY-001/ }).inputValue()).toBe('1.000');
    await rest.getByRole('button', { name: 'Receive' }).click();
    await page.getByText(`${docNo} is received`, { exact: false }).waitFor();
    await expect.poll(() => currentStep(page).textContent()).toContain('Received');
    expect(await page.getByLabel('Received quantity, row 1').inputValue()).toBe('6.000');
    expect(await page.getByLabel('In transit, row 1').inputValue()).toBe('0.000');
    expect(await page.getByLabel('Discrepancy, row 1').inputValue()).toBe('0.000');
    expect(await actions.getByRole('button').allTextContents()).toEqual([' Print', ' Print labels']);

    const printed = page.waitForResponse((r) => r.url().endsWith('/print/request.aspx'));
    const popup = page.waitForEvent('popup');
    await actions.getByRole('button', { name: 'Print', exact: true }).click();
    const response = await printed;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect((await popup).url()).toMatch(/^blob:/);

    // The ledger lists what the order moved: out of the warehouse into transit, then out of
    // transit into the store (2 + 2 lines, then 1 + 1 for the rest).
    await page.goto(`${t.server.app}/stockmovement`);
    const movements = page.getByRole('table', { name: 'Stock movements' });
    await movements.getByRole('cell', { name: docNo }).first().waitFor();
    expect(await movements.getByRole('cell', { name: docNo, exact: true }).count()).toBe(10);
  });

  test('a write-off that needs approval waits for another user, who approves it', async () => {
    const { page } = t;
    await signIn(page, t.server.app, DEMO.manager);
    await page.goto(`${t.server.app}/virtualstock`);
    await page.getByRole('table', { name: 'Virtual stock' }).waitFor();
    const before = await onHandAt(page, /Mid Valley store room/, 'PST-002');

    await page.getByRole('button', { name: /^Adjust PST-002/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Quantity', { exact: true }).fill('-1');
    await pick(page, dialog.getByRole('combobox', { name: 'Stock-out reason' }), 'Theft', /Theft or loss/);
    await dialog.getByLabel('Remarks').fill('E2E: one missing after closing');
    await dialog.getByRole('button', { name: 'Adjust' }).click();
    await page.getByText('another user must approve it before stock moves', { exact: false }).waitFor();
    const pending = page.getByRole('table', { name: 'Waiting for approval' });
    const mine = pending.getByRole('row').filter({ hasText: 'E2E: one missing after closing' });
    await mine.getByText('Another user must approve it').waitFor();
    expect(await onHandAt(page, /Mid Valley store room/, 'PST-002')).toBe(before);

    // A write-off whose reason needs no approval moves stock at once.
    await page.getByRole('button', { name: /^Adjust PST-002/ }).click();
    await page.getByRole('dialog').getByLabel('the counted quantity').check();
    await page
      .getByRole('dialog')
      .getByLabel('Counted', { exact: true })
      .fill(String(Number(before) - 2));
    await pick(
      page,
      page.getByRole('dialog').getByRole('combobox', { name: 'Stock-out reason' }),
      'count',
      /Stock count correction/,
    );
    await page.getByRole('dialog').getByRole('button', { name: 'Adjust' }).click();
    const counted = (Number(before) - 2).toFixed(3);
    await page.getByText(`Adjusted. On hand is now ${counted}.`).waitFor();

    const admin = await t.context.browser()!.newContext();
    const adminPage = await admin.newPage();
    await signIn(adminPage, t.server.app, DEMO.admin);
    await adminPage.goto(`${t.server.app}/virtualstock`);
    const row = adminPage
      .getByRole('table', { name: 'Waiting for approval' })
      .getByRole('row')
      .filter({ hasText: 'E2E: one missing after closing' });
    await row.getByRole('button', { name: 'Approve' }).click();
    await adminPage.getByText(`Approved. On hand is now ${(Number(before) - 3).toFixed(3)}.`).waitFor();
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(0);
    await admin.close();
  });

  test('the stock movements list finds any of 300 products by searching its product filter, and its search box by code or document', async () => {
    const { page } = t;
    const api = await apiAs(t.server, DEMO.admin);
    // A product past the first 100 in the filter's order, with movements of its own.
    const products = await api.get<{ text: string; value: number }[]>('/AppModule/GetDropDown/product?Take=1000');
    expect(products.length).toBeGreaterThan(150);
    let late: { text: string; value: number } | undefined;
    for (const candidate of products.slice(120).reverse()) {
      const moved = await api.rows('stockmovement', {
        Skip: 0,
        Take: 1,
        filters: [{ ColumnName: 'product', ColumnValue: candidate.value, Operator: 'EQ' }],
      });
      if (moved.length > 0) {
        late = candidate;
        break;
      }
    }
    const code = late!.text.split(' - ')[0]!;
    const reference = (
      await api.rows('stockmovement', {
        Skip: 0,
        Take: 1,
        filters: [
          { ColumnName: 'product', ColumnValue: late!.value, Operator: 'EQ' },
          { ColumnName: 'reference', ColumnValue: '-', Operator: 'LIKE' },
        ],
      })
    )[0]?.reference as string | undefined;
    await signIn(page, t.server.app, DEMO.admin);
    await page.goto(`${t.server.app}/stockmovement`);
    const table = page.getByRole('table').first();
    /** Whether every movement shown (after the header and filter rows) holds the text, and there are some. */
    const allShow = async (text: string) => {
      const rows = (await table.getByRole('row').allTextContents()).slice(2);
      return rows.length > 0 && rows.every((r) => r.includes(text));
    };
    await table.getByRole('row').nth(1).waitFor();
    await pick(page, page.getByRole('combobox', { name: 'Filter Product' }), code, new RegExp(`^${code} - `));
    await expect.poll(() => new URL(page.url()).searchParams.get('f.product')).toBe(String(late!.value));
    await expect.poll(() => allShow(code)).toBe(true);
    // Read back from the address, the filter still names the product.
    await page.reload();
    await expect.poll(() => page.getByRole('combobox', { name: 'Filter Product' }).inputValue()).toBe(late!.text);
    await page.getByRole('button', { name: 'Clear Filter Product' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('f.product')).toBe(null);

    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.fill('zzzz');
    await page.getByText('No stock movements match the search or filters.').waitFor();
    await search.fill(code.toLowerCase());
    await expect.poll(() => allShow(code)).toBe(true);
    if (reference) {
      await search.fill(reference);
      await expect.poll(() => allShow(reference)).toBe(true);
    }
  });
});
