import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DEMO, expectPath, signIn, signOut } from './support/console';
import { consoleHarness } from './support/harness';

const t = consoleHarness();

const bodyClasses = (p: Page) => p.evaluate(() => [...document.body.classList]);

describe('the shell', () => {
  test('top bar shows role and user name; footer shows versions; header names the page', async () => {
    await signIn(t.page, t.server.app, DEMO.manager);
    const banner = t.page.getByRole('navigation', { name: 'Top bar' });
    await expect(banner.textContent()).resolves.toContain('Store Manager');
    await expect(banner.textContent()).resolves.toContain('manager');
    const footer = await t.page.locator('footer').textContent();
    expect(footer).toMatch(new RegExp(`© ${new Date().getFullYear()} `));
    expect(footer).toMatch(/Web app version \d+\.\d+\.\d+/);
    expect(footer).toMatch(/API version \d+\.\d+\.\d+/);
    await expect.poll(() => t.page.title()).toBe('Backroom - Home');
  });

  test('sign-out asks for confirmation; Cancel keeps the session, Logout ends it', async () => {
    await signIn(t.page, t.server.app);
    await t.page.getByRole('button', { name: 'User menu' }).click();
    await t.page.getByRole('menuitem', { name: 'Logout' }).click();
    const dialog = t.page.getByRole('dialog');
    await expect(dialog.textContent()).resolves.toContain('Are you sure want to logout?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expectPath(t.page, '/home');

    await signOut(t.page);
    await expect.poll(() => t.page.evaluate(() => localStorage.length)).toBe(0);
    await t.page.goto(`${t.server.app}/home`);
    await expectPath(t.page, '/login?redirect=/home');
  });

  test('a theme swatch swaps the stylesheet, and it loads', async () => {
    await signIn(t.page, t.server.app);
    const themeHref = () =>
      t.page.evaluate(() => document.querySelector<HTMLLinkElement>('link#theme-stylesheet')?.getAttribute('href'));
    expect(await themeHref()).toBe('themes/theme-e.css');
    await t.page.getByRole('button', { name: 'Settings' }).click();
    const loaded = t.page.waitForResponse((r) => r.url().endsWith('themes/theme-a.css') && r.status() === 200);
    await t.page.getByRole('button', { name: 'Theme a' }).click();
    await loaded;
    expect(await themeHref()).toBe('themes/theme-a.css');
  });

  test('layout and aside toggles set the body classes', async () => {
    await signIn(t.page, t.server.app);
    await t.page.getByRole('button', { name: 'Settings' }).click();
    const toggles: [string, string][] = [
      ['Fixed', 'layout-fixed'],
      ['Boxed', 'layout-boxed'],
      ['Collapsed', 'aside-collapsed'],
      ['Collapsed Text', 'aside-collapsed-text'],
      ['Float', 'aside-float'],
      ['Hover', 'aside-hover'],
      ['Show Scrollbar', 'show-scrollbar'],
    ];
    for (const [name, bodyClass] of toggles) {
      const control = t.page.getByRole('checkbox', { name, exact: true });
      const before = (await bodyClasses(t.page)).includes(bodyClass);
      await control.click();
      await expect.poll(async () => (await bodyClasses(t.page)).includes(bodyClass)).toBe(!before);
    }
    expect(await bodyClasses(t.page)).toContain('offsidebar-open');
  });

  test('only one sidebar group is open at a time, and opening an item closes the sidebar', async () => {
    await signIn(t.page, t.server.app);
    const menu = t.page.getByRole('navigation', { name: 'Main menu' });
    const catalogue = menu.getByRole('button', { name: 'Catalogue' });
    const pricing = menu.getByRole('button', { name: 'Pricing and promotions' });
    await catalogue.click();
    expect(await catalogue.getAttribute('aria-expanded')).toBe('true');
    await pricing.click();
    expect(await pricing.getAttribute('aria-expanded')).toBe('true');
    expect(await catalogue.getAttribute('aria-expanded')).toBe('false');

    await t.page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect.poll(async () => (await bodyClasses(t.page)).includes('aside-toggled')).toBe(true);
    await menu.getByRole('link', { name: 'Promotions' }).click();
    await expectPath(t.page, '/promotion');
    await expect.poll(async () => (await bodyClasses(t.page)).includes('aside-toggled')).toBe(false);
    await expect.poll(() => t.page.title()).toBe('Backroom - Promotions');
  });

  test('the cashier sees only the catalogue group', async () => {
    await signIn(t.page, t.server.app, DEMO.cashier);
    const menu = t.page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('button', { name: 'Catalogue' }).waitFor();
    await expect(menu.getByRole('button', { name: 'Administration' }).count()).resolves.toBe(0);
    await expect(menu.getByRole('button', { name: 'Pricing and promotions' }).count()).resolves.toBe(0);
  });
});

describe('the phone menu, by keyboard alone', () => {
  const focused = (p: Page) =>
    p.evaluate(() => {
      const el = document.activeElement;
      return {
        label: el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? '',
        inMenu: !!el?.closest('#aside'),
      };
    });

  test('at 390 px: put away, Tab never reaches its links; ≡ brings focus into it; Escape from anywhere puts it away and focus is back on ≡', async () => {
    const { page } = t;
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await signIn(page, t.server.app);
      const button = page.getByRole('button', { name: 'Show menu', exact: true });
      await button.waitFor();
      expect(await button.getAttribute('aria-expanded')).toBe('false');

      // Closed: a whole round of Tab from the top never lands in the menu.
      await page.locator('body').focus();
      for (let i = 0; i < 40; i++) {
        await page.keyboard.press('Tab');
        expect((await focused(page)).inMenu, `Tab ${i + 1}`).toBe(false);
      }

      await button.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
      await expect.poll(async () => (await focused(page)).inMenu).toBe(true);
      expect((await focused(page)).label).toBe('Home');
      await page.keyboard.press('Tab');
      expect((await focused(page)).inMenu).toBe(true);

      // Escape inside the menu puts it away.
      await page.keyboard.press('Escape');
      await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
      expect(await focused(page)).toEqual({ label: 'Show menu', inMenu: false });

      // Escape with focus outside the menu (the page's heading) puts it away too.
      await page.keyboard.press('Enter');
      await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
      await page.locator('main h1').first().focus();
      expect((await focused(page)).inMenu).toBe(false);
      await page.keyboard.press('Escape');
      await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
      expect(await focused(page)).toEqual({ label: 'Show menu', inMenu: false });
      await page.keyboard.press('Tab');
      expect((await focused(page)).inMenu).toBe(false);
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });
});
