import type { MenuGroupDto } from '@backroom/schema';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { apiAs } from './support/api';
import { DEMO, expectPath, signIn } from './support/console';
import { consoleHarness } from './support/harness';

const t = consoleHarness();

/** The admin's menu routes, as the server gives them. */
async function adminRoutes() {
  const api = await apiAs(t.server, DEMO.admin);
  const groups = await api.get<MenuGroupDto[]>('/AppModule/GetMenu/1');
  return groups.flatMap((g) => g.items).filter((item) => item.ableToView);
}

/** Opens a console path and waits for the screen to have loaded and its page fade to end. */
async function open(page: Page, path: string) {
  await page.goto(`${t.server.app}${path}`);
  await expectPath(page, path);
  const main = page.getByRole('main');
  await main.getByRole('heading').first().waitFor();
  await expect.poll(() => main.getByText('Loading…').count(), { timeout: 15_000 }).toBe(0);
  await expect.poll(() => page.locator('.page-fade-leaving').count(), { timeout: 5_000 }).toBe(0);
}

/** How far the document is wider than the window (0 when nothing scrolls sideways). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('phone width (390 × 844)', () => {
  test('no screen scrolls sideways; lists one line per row, forms one column; the folded top bar works by keyboard', async () => {
    const { page } = t;
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, t.server.app);

    const wide: string[] = [];
    for (const item of await adminRoutes()) {
      await open(page, `/${item.route}`);
      const extra = await overflow(page);
      if (extra > 0) wide.push(`/${item.route}: ${extra} px`);
    }
    for (const path of ['/product/edit/1', '/product/add', '/user/add', '/home', '/profil']) {
      await open(page, path);
      const extra = await overflow(page);
      if (extra > 0) wide.push(`${path}: ${extra} px`);
    }
    expect(wide).toEqual([]);

    // A list: one line per row, no table (fit.test.ts reads the rows through), inside the window.
    await open(page, '/product');
    const firstRow = page.locator('.list-phone-row').first();
    await firstRow.getByRole('link').first().waitFor();
    expect(await page.locator('.list-table').count()).toBe(0);
    const row = await firstRow.boundingBox();
    expect(row!.x + row!.width).toBeLessThanOrEqual(390);

    // A form: its sections in one column.
    await open(page, '/product/edit/1');
    const lefts = await page
      .locator('.form-section > .row > *')
      .evaluateAll((fields) => new Set(fields.map((field) => Math.round(field.getBoundingClientRect().left))).size);
    expect(lefts).toBe(1);

    // The top bar: its tools fold behind one toggle, opened and used by keyboard alone.
    const toggle = page.getByRole('button', { name: 'Top bar menu' });
    expect(await page.getByRole('button', { name: 'User menu' }).isVisible()).toBe(false);
    await toggle.focus();
    await page.keyboard.press('Enter');
    for (const name of ['Search', 'Settings', 'User menu'])
      expect(await page.getByRole('button', { name, exact: true }).isVisible()).toBe(true);
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    // The language, switched by keyboard on its select and back.
    await page.getByRole('combobox', { name: 'Language' }).focus();
    await page.keyboard.press('ArrowDown');
    await page.getByRole('button', { name: 'Menu bar atas' }).waitFor();
    await page.getByRole('combobox', { name: 'Bahasa' }).focus();
    await page.keyboard.press('ArrowUp');
    await toggle.waitFor();

    // Settings opens its panel; Escape closes it and gives the focus back to the button.
    await page.getByRole('button', { name: 'Settings' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('complementary', { name: 'Settings' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('complementary', { name: 'Settings' }).waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Settings');
    // On a phone it covers the bar; its own close button is there for a finger.
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Close settings' }).click();
    await page.getByRole('complementary', { name: 'Settings' }).waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Settings' }).focus();

    // Escape folds the tools back, the focus on the toggle.
    await page.keyboard.press('Escape');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Top bar menu');

    // Logout from the folded user menu, by keyboard.
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'User menu' }).focus();
    await page.keyboard.press('Enter');
    const logout = page.getByRole('menuitem', { name: 'Logout' });
    await logout.waitFor();
    await page.keyboard.press('End');
    expect(await logout.evaluate((item) => item === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    const reloaded = page.waitForEvent('load');
    await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
    await reloaded;
    await expectPath(page, /^\/login/);
  }, 480_000);
});

/** The routes of the menu items named, as the admin's menu gives them. */
async function routesOf(names: string[]) {
  const items = await adminRoutes();
  return names.map((name) => {
    const item = items.find((i) => i.menuText === name);
    if (!item) throw new Error(`no menu item ${name}`);
    return `/${item.route}`;
  });
}

describe('desktop width', () => {
  test('compact rows show at least 15 products at 1440 × 900', async () => {
    const { page } = t;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, t.server.app);
    await open(page, '/product');
    await page.getByLabel('Page size').selectOption('25');
    await expect.poll(() => page.locator('.list-table tbody tr').count()).toBe(25);
    const inView = await page
      .locator('.list-table tbody tr')
      .evaluateAll((rows) => rows.filter((row) => row.getBoundingClientRect().bottom <= window.innerHeight).length);
    expect(inView).toBeGreaterThanOrEqual(15);
  });

  test('at 1280 the default columns of Users, Members, GST setup and Terminals fit: long text cut with its value on hover, actions sticky', async () => {
    const { page } = t;
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, t.server.app);
    const wide: string[] = [];
    for (const path of await routesOf(['Users', 'Members', 'GST setup', 'Terminals'])) {
      await open(page, path);
      await page.locator('.list-table tbody tr td.actions-cell').first().waitFor();
      const { table, box } = await page
        .locator('.list-table')
        .evaluate((el) => ({ table: el.scrollWidth, box: el.parentElement!.clientWidth }));
      if (table > box) wide.push(`${path}: table ${table} px in ${box} px`);
      const extra = await overflow(page);
      if (extra > 0) wide.push(`${path}: page ${extra} px too wide`);
      expect(
        await page
          .locator('.list-table td.actions-cell')
          .first()
          .evaluate((cell) => getComputedStyle(cell).position),
      ).toBe('sticky');
      // Every cut text carries its whole value as its title.
      const cut = await page
        .locator('.list-table .cell-text')
        .evaluateAll(
          (cells) =>
            cells.filter(
              (cell) => cell.scrollHeight > cell.clientHeight + 1 && cell.getAttribute('title') !== cell.textContent,
            ).length,
        );
      expect(cut, path).toBe(0);
    }
    expect(wide).toEqual([]);
  }, 120_000);
});

describe('navigation', () => {
  test('focus goes to the page heading; Back to list keeps search, sort, page and filters', async () => {
    const { page } = t;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, t.server.app);
    const listAddress = '/product?page=2&size=5&sort=-code&q=a&f.isActive=true';
    await open(page, listAddress);
    await expect.poll(() => page.locator('.list-table tbody tr').count()).toBe(5);
    expect(await page.getByRole('searchbox', { name: 'Search', exact: true }).inputValue()).toBe('a');

    await page
      .locator('.list-table tbody tr')
      .first()
      .getByRole('link', { name: /^(Edit|View) / })
      .click();
    await expectPath(page, /^\/product\/edit\/\d+$/);
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');

    await page.getByRole('link', { name: 'Back to list' }).click();
    await expectPath(page, listAddress);
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    expect(await page.getByRole('searchbox', { name: 'Search', exact: true }).inputValue()).toBe('a');
    await expect.poll(() => page.locator('.list-table tbody tr').count()).toBe(5);
  });

  test('a user who may not edit is refused the add route', async () => {
    const { page } = t;
    await signIn(page, t.server.app, DEMO.cashier);
    await page.goto(`${t.server.app}/product/add`);
    await expectPath(page, '/noaccess');
    await page.getByText('You do not have access to this page').waitFor();
    await page.goto(`${t.server.app}/product`);
    await page.getByRole('main').getByRole('heading', { name: 'Products' }).first().waitFor();
    expect(await page.getByRole('link', { name: 'Add', exact: true }).count()).toBe(0);
  });
});
