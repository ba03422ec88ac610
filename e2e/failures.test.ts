import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { signedInHarness } from './support/harness';

const t = signedInHarness();

/** Answers every call to `pattern` with a 500 until the returned function is called. */
async function fail(page: Page, pattern: string) {
  const handler = (route: Parameters<Parameters<Page['route']>[1]>[0]) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ resultCode: 500, message: 'Internal server error', data: null }),
    });
  await page.route(pattern, handler);
  return () => page.unroute(pattern, handler);
}

/** The "Sorry," modal is shown; OK closes it. */
async function sorry(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Sorry,' });
  await dialog.getByText("We couldn't provide this page. Please try again later").waitFor();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect.poll(() => dialog.count()).toBe(0);
}

describe('a failing server, call by call', () => {
  test('Home: the modal, and Try again shows the figures', async () => {
    const recover = await fail(t.page, '**/api/home/Summary');
    await t.page.goto(`${t.server.app}/home`);
    await sorry(t.page);
    await recover();
    await t.page.getByRole('alert').getByRole('button', { name: 'Try again' }).click();
    await t.page.getByText('Sales today').waitFor();
  });

  test('a list: the modal, and Try again shows the rows', async () => {
    const recover = await fail(t.page, '**/DataRepository/fetch/outlet');
    await t.page.goto(`${t.server.app}/outlet`);
    await sorry(t.page);
    await recover();
    await t.page.getByRole('alert').getByRole('button', { name: 'Try again' }).click();
    await t.page.getByRole('table').getByRole('row').nth(1).waitFor();
  });

  test('a form: the modal, and Try again shows the record', async () => {
    const recover = await fail(t.page, '**/DataRepository/fetch/outlet');
    await t.page.goto(`${t.server.app}/outlet/edit/1`);
    await sorry(t.page);
    await recover();
    await t.page.getByRole('alert').getByRole('button', { name: 'Try again' }).click();
    await t.page.getByLabel('Code', { exact: true }).waitFor();
  });

  test('a drop-down: the modal when a picker opened by a click fails to load', async () => {
    const recover = await fail(t.page, '**/AppModule/GetDropDown/product*');
    await t.page.goto(`${t.server.app}/bundle/add`);
    await t.page.getByRole('button', { name: 'Add row to Items' }).click();
    // Focus follows "Add row" to the new row's first input.
    const product = t.page.getByRole('combobox', { name: 'Product, row 1' });
    await expect.poll(() => product.evaluate((input) => input === document.activeElement)).toBe(true);
    await product.click();
    await sorry(t.page);
    await recover();
  });

  test('the modal names the failed request by the id the server gave it', async () => {
    const pattern = '**/DataRepository/fetch/outlet';
    let id = '';
    // The server's own answer, headers and all, turned into a failure: its X-Request-Id is what a person quotes.
    const handler = async (route: Parameters<Parameters<Page['route']>[1]>[0]) => {
      const real = await route.fetch();
      id = real.headers()['x-request-id'] ?? '';
      await route.fulfill({
        response: real,
        status: 500,
        body: JSON.stringify({ resultCode: 500, message: 'Internal server error', data: null }),
      });
    };
    await t.page.route(pattern, handler);
    await t.page.goto(`${t.server.app}/outlet`);
    const dialog = t.page.getByRole('dialog', { name: 'Sorry,' });
    await dialog.waitFor();
    expect(id).not.toBe('');
    await expect.poll(() => dialog.textContent()).toContain(`Reference: ${id}`);
    await t.page.unroute(pattern, handler);
    await sorry(t.page);
  });

  // Last: it leaves its form with unsaved changes.
  test('a save: the modal, and the form keeps what was typed', async () => {
    await t.page.goto(`${t.server.app}/outlet/edit/1`);
    const name = t.page.getByLabel('Name', { exact: true });
    await name.waitFor();
    const recover = await fail(t.page, '**/DataRepository/Update/outlet');
    await name.fill('Renamed while the server is down');
    await t.page.getByRole('button', { name: 'Save', exact: true }).click();
    await sorry(t.page);
    expect(await name.inputValue()).toBe('Renamed while the server is down');
    await recover();
  });
});
