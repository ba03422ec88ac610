import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { apiAs } from './support/api';
import { DEMO, signIn } from './support/console';
import { consoleHarness } from './support/harness';

const t = consoleHarness({ demoCatalogue: true });
const main = (page: Page) => page.getByRole('main');

/** Chooses the company's base currency on the Company screen: its country's convention becomes everyone's. */
async function chooseCurrency(page: Page, option: string, timezone?: string) {
  await page.goto(`${t.server.app}/company`);
  await main(page).getByLabel('Base currency').selectOption({ label: option });
  if (timezone) await main(page).getByLabel('Time zone').fill(timezone);
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

describe('date-times typed in the company’s convention', () => {
  test('a form and a list filter take 1/1/2030 9:05 pm (en-MY) in an American browser; en-GB reads 21:05', async () => {
    // The browser's zone and the company's agree (UTC), so the list cells (the company's zone) and the
    // inputs (the browser's, as a native date-time input's were) read the same clock.
    const context = await t.browser.newContext({ locale: 'en-US', timezoneId: 'UTC' });
    try {
      const page = await context.newPage();
      await signIn(page, t.server.app, DEMO.admin);
      await chooseCurrency(page, 'MYR - Malaysian ringgit', 'UTC');

      await page.goto(`${t.server.app}/guestbook/add`);
      const visit = main(page).getByLabel('Visit at', { exact: true });
      await expect.poll(() => visit.getAttribute('placeholder')).toBe('dd/mm/yyyy hh:mm am/pm');
      await main(page).getByRole('combobox', { name: 'Outlet' }).fill('Bangsar');
      await page
        .getByRole('option', { name: /Bangsar/ })
        .first()
        .click();
      await main(page).getByLabel('Visitor name').fill('Farah Convention');
      await visit.pressSequentially('1/1/2030 9:05 pm');
      const inserted = page.waitForResponse((r) => r.url().includes('/Insert/guestbook'));
      await main(page).getByRole('button', { name: 'Save', exact: true }).first().click();
      const { id } = ((await (await inserted).json()) as { data: { id: number } }).data;
      const api = await apiAs(t.server, DEMO.admin);
      expect((await api.row('guestbook', id)).visitAt).toBe('2030-01-01T21:05:00.000Z');

      // The form shows it back as typed, the list's cell as the company writes an instant.
      await page.goto(`${t.server.app}/guestbook/edit/${id}`);
      await expect.poll(() => visit.inputValue()).toBe('01/01/2030 9:05 pm');
      await page.goto(`${t.server.app}/guestbook`);
      const rows = main(page).getByRole('table').first().locator('tbody tr');
      await expect.poll(() => rows.first().textContent()).toMatch(/Farah Convention.*01\/01\/2030,? 0?9:05\spm/);

      // The filter: from 9:00 pm to 9:04 pm finds nobody, to 9:05 pm finds Farah alone.
      const from = main(page).getByLabel('Filter Visit at from');
      const to = main(page).getByLabel('Filter Visit at to');
      expect(await from.getAttribute('placeholder')).toBe('dd/mm/yyyy hh:mm am/pm');
      // The date-time box is as wide as its column (main.scss), not its text's width.
      expect(await from.evaluate((el) => getComputedStyle(el).minWidth)).toBe('100%');
      await from.pressSequentially('1/1/2030 9:00 pm');
      await to.pressSequentially('01/01/2030 09:04 PM');
      await expect.poll(() => new URL(page.url()).search).toContain('f.visitAt.max=2030-01-01T21%3A04');
      expect(new URL(page.url()).search).toContain('f.visitAt.min=2030-01-01T21%3A00');
      await main(page)
        .getByText(/match the search or filters/)
        .waitFor();
      await to.fill('1/1/2030 9:05 pm');
      await expect.poll(() => rows.count()).toBe(1);
      await expect.poll(() => rows.first().textContent()).toContain('Farah Convention');

      // en-GB: the same filter and cell in 24-hour time.
      await api.insert('currency', { code: 'GBP', name: 'Pound sterling', symbol: '£', decimals: 2 });
      await chooseCurrency(page, 'GBP - Pound sterling');
      await page.goto(`${t.server.app}/guestbook?f.visitAt.min=2030-01-01T21:00`);
      await expect.poll(() => main(page).getByLabel('Filter Visit at from').inputValue()).toBe('01/01/2030 21:00');
      await expect.poll(() => rows.first().textContent()).toMatch(/Farah Convention.*01\/01\/2030,? 21:05/);
    } finally {
      await context.close();
    }
  });
});
