import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DEMO, signIn } from './support/console';
import { consoleHarness } from './support/harness';

const t = consoleHarness({ demoCatalogue: true });
const main = (page: Page) => page.getByRole('main');

/** Chooses the company's base currency on the Company screen: its country's convention becomes everyone's. */
async function chooseCurrency(page: Page, option: string) {
  await page.goto(`${t.server.app}/company`);
  await main(page).getByLabel('Base currency').selectOption({ label: option });
  await main(page).getByRole('button', { name: 'Save', exact: true }).first().click();
  await main(page).getByText('Company saved.').waitFor();
}

/** The Expiry date cells of the member list, top to bottom. */
async function expiryCells(page: Page): Promise<string[]> {
  await page.goto(`${t.server.app}/membership`);
  const table = main(page).getByRole('table').first();
  await table.locator('tbody tr').first().waitFor();
  return table.evaluate((el) => {
    const heads = [...el.querySelectorAll('thead tr:first-child th')].map((th) => th.textContent ?? '');
    const at = heads.findIndex((h) => h.includes('Expiry date'));
    return [...el.querySelectorAll('tbody tr')].map((tr) => tr.children[at]?.textContent ?? '');
  });
}

describe('one date and number convention: the company’s', () => {
  test('lists, filters, form dates and Home follow the base currency’s country, not the browser', async () => {
    const { page } = t;
    await signIn(page, t.server.app, DEMO.admin);

    await chooseCurrency(page, 'USD - US dollar');
    const american = (await expiryCells(page))[0];
    expect(american).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);

    await chooseCurrency(page, 'MYR - Malaysian ringgit');
    const cells = await expiryCells(page);
    const [mm, dd, yyyy] = american.split('/');
    expect(cells[0]).toBe(`${dd}/${mm}/${yyyy}`);

    // The filter reads and takes a date as the cells do (the browser here writes mm/dd/yyyy).
    const from = main(page).getByLabel('Filter Expiry date from');
    expect(await from.getAttribute('placeholder')).toBe('dd/mm/yyyy');
    await from.fill(cells[0]);
    await expect.poll(() => new URL(page.url()).search).toContain(`${yyyy}-${mm}-${dd}`);

    // A form's date input shows the saved date in the same convention.
    await main(page)
      .getByRole('link', { name: /^Edit / })
      .first()
      .click();
    const expiry = main(page).getByLabel('Expiry date', { exact: true });
    await expect.poll(() => expiry.inputValue()).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(await expiry.getAttribute('placeholder')).toBe('dd/mm/yyyy');

    // Home: money with the currency and thousands separators.
    await page.goto(`${t.server.app}/home`);
    await expect
      .poll(
        () =>
          main(page)
            .getByText(/^RM\s[\d,]+\.\d{2}$/)
            .count(),
        { timeout: 10_000 },
      )
      .toBeGreaterThan(0);
  });
});
