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

const currentStep = (page: Page) => page.getByRole('list', { name: 'Order status' }).locator('[aria-current="step"]');

describe('purchase orders in the console', () => {
  test('a purchase order is created, sent, received in part (typed and scanned), and shows its backorder', async () => {
    const { page } = t;
    const api = await apiAs(t.server, DEMO.admin);
    const [dry1] = await api.rows('product', {
      Skip: 0,
      Take: 1,
      filters: [{ ColumnName: 'code', ColumnValue: 'DRY-001', Operator: 'EQ' }],
    });
    const barcode = dry1!.barcode as string;
    expect(barcode).toMatch(/^\d{13}$/);

    await signIn(page, t.server.app, DEMO.admin);
    await page.goto(`${t.server.app}/purchaseorder/add`);
    await pick(page, page.getByRole('combobox', { name: 'Supplier' }), 'Pasar', /Pasar Pagi/);
    await pick(page, page.getByRole('combobox', { name: 'Deliver to' }), 'Bangsar', /Bangsar store room/);
    await page.getByRole('button', { name: 'Add row to Lines' }).click();
    await pick(page, page.getByRole('combobox', { name: 'Product, row 1' }), 'DRY-001', /DRY-001/);
    await page.getByLabel('Quantity, row 1', { exact: true }).fill('6');
    await page.getByLabel('Unit cost, row 1', { exact: true }).fill('4.00');
    await page.getByRole('button', { name: 'Add row to Lines' }).click();
    await pick(page, page.getByRole('combobox', { name: 'Product, row 2' }), 'DRY-007', /DRY-007/);
    await page.getByLabel('Quantity, row 2', { exact: true }).fill('4');
    await page.getByLabel('Unit cost, row 2', { exact: true }).fill('2.50');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectPath(page, /^\/purchaseorder\/edit\/\d+$/);
    const heading = page.getByRole('heading', { name: /^Purchase order PO-\d{4}-\d{6}$/ });
    const docNo = (await heading.textContent())!.replace('Purchase order ', '');
    await expect.poll(() => currentStep(page).textContent()).toContain('Draft');
    await expect.poll(() => page.getByTestId('summary-total').textContent()).toContain('34.00');

    const actions = page.getByRole('toolbar', { name: 'Order actions' });
    await actions.getByRole('button', { name: 'Send' }).click();
    await page
      .getByRole('dialog', { name: new RegExp(`^Send ${docNo} to .*Pasar Pagi`) })
      .getByRole('button', { name: 'Send' })
      .click();
    await page.getByText(`${docNo} is sent.`).waitFor();
    await expect.poll(() => currentStep(page).textContent()).toContain('Sent');

    // Receive 3 of DRY-001 (typed: 2, then one scan of its barcode) and nothing of DRY-007.
    await actions.getByRole('button', { name: 'Receive…' }).click();
    const dialog = page.getByRole('dialog', { name: `Receive ${docNo}` });
    await dialog.getByRole('button', { name: 'Start every line at 0' }).click();
    await dialog.getByRole('textbox', { name: /Received now of DRY-001/ }).fill('2');
    await dialog.getByLabel('Scan a barcode').fill(barcode);
    await dialog.getByLabel('Scan a barcode').press('Enter');
    await expect.poll(() => dialog.getByRole('textbox', { name: /Received now of DRY-001/ }).inputValue()).toBe('3');
    await dialog.getByLabel('Scan a barcode').fill('NOT-A-CODE');
    await dialog.getByLabel('Scan a barcode').press('Enter');
    await dialog.getByText('NOT-A-CODE is no product on this order.').waitFor();
    await dialog.getByRole('button', { name: 'Receive', exact: true }).click();
    await page.getByText(new RegExp(`Received on ${docNo}: goods receipt GR-\\d{4}-\\d{6}`)).waitFor();
    await expect.poll(() => currentStep(page).textContent()).toContain('Partially received');
    const backorder = page.getByRole('list', { name: 'Backorder' });
    await expect.poll(() => backorder.textContent()).toContain('3.000 still to come');
    await expect.poll(() => backorder.getByRole('listitem').count()).toBe(2);
    expect(await page.getByLabel('Received, row 1').inputValue()).toBe('3.000');
    // Received in part: cancel is gone, close short is offered.
    expect(await actions.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);
    expect(await actions.getByRole('button', { name: 'Close short' }).count()).toBe(1);

    // The receipt is on the Receipts tab; the rest is closed short with a reason.
    await page.getByRole('tab', { name: 'Receipts' }).click();
    await page
      .getByRole('region', { name: /^GR-\d{4}-\d{6}$/ })
      .getByText('DRY-001')
      .waitFor();
    await actions.getByRole('button', { name: 'Close short' }).click();
    const close = page.getByRole('dialog', { name: `Close ${docNo} short` });
    await pick(page, close.getByRole('combobox', { name: 'Reason' }), 'Exp', /Expired/);
    await close.getByRole('button', { name: 'Close short' }).click();
    await page.getByText(`${docNo} is closed short.`).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: /^Closed short$/ })
      .waitFor();
  });
});
