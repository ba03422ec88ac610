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

describe('date-times typed in the company’s convention and time zone', () => {
  test('a form, a list cell and a filter agree on one instant in a browser in New York for a shop in Kuala Lumpur; en-GB reads 07:05', async () => {
    // The laptop is in New York (UTC−5), the company in Kuala Lumpur (UTC+8): 7:05 am on 1 January 2030
    // there is 23:05 on 31 December in UTC and 6:05 pm the day before in New York.
    // Pages wait longer than the suite's 5 s: this file shares a loaded machine.
    const WAIT = { timeout: 20_000 };
    const context = await t.browser.newContext({ locale: 'en-US', timezoneId: 'America/New_York' });
    try {
      const page = await context.newPage();
      await signIn(page, t.server.app, DEMO.admin);
      await chooseCurrency(page, 'MYR - Malaysian ringgit', 'Asia/Kuala_Lumpur');

      await page.goto(`${t.server.app}/guestbook/add`);
      const visit = main(page).getByLabel('Visit at', { exact: true });
      await expect.poll(() => visit.getAttribute('placeholder'), WAIT).toBe('dd/mm/yyyy hh:mm am/pm');
      await main(page).getByRole('combobox', { name: 'Outlet' }).fill('Bangsar');
      await page
        .getByRole('option', { name: /Bangsar/ })
        .first()
        .click();
      await main(page).getByLabel('Visitor name').fill('Farah Convention');
      await visit.pressSequentially('1/1/2030 7:05 am');
      const inserted = page.waitForResponse((r) => r.url().includes('/Insert/guestbook'));
      await main(page).getByRole('button', { name: 'Save', exact: true }).first().click();
      const { id } = ((await (await inserted).json()) as { data: { id: number } }).data;
      const api = await apiAs(t.server, DEMO.admin);
      expect((await api.row('guestbook', id)).visitAt).toBe('2029-12-31T23:05:00.000Z');

      // The form shows it back as typed, the list's cell the same clock.
      await page.goto(`${t.server.app}/guestbook/edit/${id}`);
      await expect.poll(() => visit.inputValue(), WAIT).toBe('01/01/2030 7:05 am');
      await page.goto(`${t.server.app}/guestbook`);
      const rows = main(page).getByRole('table').first().locator('tbody tr');
      const farah = rows.filter({ hasText: 'Farah Convention' });
      await expect
        .poll(() => farah.getByRole('cell', { name: '01/01/2030 7:05 am', exact: true }).count(), WAIT)
        .toBe(1);

      // The filter: from 7:06 am finds nobody, from 7:05 am Farah alone.
      const from = main(page).getByLabel('Filter Visit at from');
      expect(await from.getAttribute('placeholder')).toBe('dd/mm/yyyy hh:mm am/pm');
      // The date-time box is as wide as its column (main.scss), not its text's width.
      expect(await from.evaluate((el) => getComputedStyle(el).minWidth)).toBe('100%');
      await from.fill('1/1/2030 7:06 am');
      await expect.poll(() => new URL(page.url()).search, WAIT).toContain('f.visitAt.min=2029-12-31T23%3A06%3A00.000Z');
      await main(page)
        .getByText(/match the search or filters/)
        .waitFor(WAIT);
      await from.fill('01/01/2030 07:05 AM');
      await expect.poll(() => rows.count(), WAIT).toBe(1);
      await expect.poll(() => rows.first().textContent(), WAIT).toContain('Farah Convention');

      // "From 1/1/2030" is Kuala Lumpur's midnight: Farah's 7:05 am is in (in UTC or New York it is the day before).
      await from.fill('1/1/2030');
      await expect.poll(() => new URL(page.url()).search, WAIT).toContain('f.visitAt.min=2029-12-31T16%3A00%3A00.000Z');
      await expect.poll(() => rows.count(), WAIT).toBe(1);
      await expect.poll(() => rows.first().textContent(), WAIT).toContain('Farah Convention');
      await from.fill('2/1/2030');
      await main(page)
        .getByText(/match the search or filters/)
        .waitFor(WAIT);

      // The other end from an address: it reads on the company's clock and leaves Farah out.
      await page.goto(`${t.server.app}/guestbook?f.visitAt.max=2029-12-31T23:04:00.000Z`);
      await expect
        .poll(() => main(page).getByLabel('Filter Visit at to').inputValue(), WAIT)
        .toBe('01/01/2030 7:04 am');
      await expect.poll(() => rows.count(), WAIT).toBeGreaterThan(0);
      expect(await farah.count()).toBe(0);

      // en-GB: the same filter and cell in 24-hour time, in the same zone.
      await api.insert('currency', { code: 'GBP', name: 'Pound sterling', symbol: '£', decimals: 2 });
      await chooseCurrency(page, 'GBP - Pound sterling');
      await page.goto(`${t.server.app}/guestbook?f.visitAt.min=2029-12-31T23:00:00.000Z`);
      await expect
        .poll(() => main(page).getByLabel('Filter Visit at from').inputValue(), WAIT)
        .toBe('01/01/2030 07:00');
      await expect.poll(() => farah.getByRole('cell', { name: '01/01/2030 07:05', exact: true }).count(), WAIT).toBe(1);
    } finally {
      await context.close();
    }
    // A form, a list and five filterings on a machine the other suites share.
  }, 180_000);
});
