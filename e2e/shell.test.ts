import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { launchBrowser } from './support/browser';
import { DEMO, expectPath, signIn } from './support/console';
import { startConsoleServer, type ConsoleServer } from './support/server';

let server: ConsoleServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startConsoleServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});
beforeEach(async () => {
  context = await browser.newContext();
  page = await context.newPage();
});
afterEach(async () => context.close());

const bodyClasses = (p: Page) => p.evaluate(() => [...document.body.classList]);

describe('the shell', () => {
  test('top bar shows role and user name; footer shows versions; header names the page', async () => {
    await signIn(page, server.app, DEMO.manager);
    const banner = page.getByRole('navigation', { name: 'Top bar' });
    await expect(banner.textContent()).resolves.toContain('Store Manager');
    await expect(banner.textContent()).resolves.toContain('manager');
    const footer = await page.locator('footer').textContent();
    expect(footer).toMatch(new RegExp(`© ${new Date().getFullYear()} `));
    expect(footer).toMatch(/Web app version \d+\.\d+\.\d+/);
    expect(footer).toMatch(/API version \d+\.\d+\.\d+/);
    await expect.poll(() => page.title()).toBe('Backroom - Home');
  });

  test('sign-out asks for confirmation; Cancel keeps the session, Logout ends it', async () => {
    await signIn(page, server.app);
    const openLogout = async () => {
      await page.getByRole('button', { name: 'User menu' }).click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
    };
    await openLogout();
    const dialog = page.getByRole('dialog');
    await expect(dialog.textContent()).resolves.toContain('Are you sure want to logout?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog.count()).resolves.toBe(0);
    await expectPath(page, '/home');

    await openLogout();
    await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
    await expectPath(page, /^\/login/);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    await page.goto(`${server.app}/home`);
    await expectPath(page, '/login?redirect=/home');
  });

  test('a theme swatch swaps the stylesheet, and it loads', async () => {
    await signIn(page, server.app);
    const themeHref = () => page.evaluate(() => document.querySelector<HTMLLinkElement>('link#theme-stylesheet')?.getAttribute('href'));
    expect(await themeHref()).toBe('themes/theme-e.css');
    await page.getByRole('button', { name: 'Settings' }).click();
    const loaded = page.waitForResponse((r) => r.url().endsWith('themes/theme-a.css') && r.status() === 200);
    await page.getByRole('button', { name: 'Theme a' }).click();
    await loaded;
    expect(await themeHref()).toBe('themes/theme-a.css');
  });

  test('layout and aside toggles set the body classes', async () => {
    await signIn(page, server.app);
    await page.getByRole('button', { name: 'Settings' }).click();
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
      const control = page.getByRole('checkbox', { name, exact: true });
      const before = (await bodyClasses(page)).includes(bodyClass);
      await control.click();
      await expect.poll(async () => (await bodyClasses(page)).includes(bodyClass)).toBe(!before);
    }
    expect(await bodyClasses(page)).toContain('offsidebar-open');
  });

  test('only one sidebar group is open at a time, and opening an item closes the sidebar', async () => {
    await signIn(page, server.app);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    const catalogue = menu.getByRole('button', { name: 'Catalogue' });
    const pricing = menu.getByRole('button', { name: 'Pricing and promotions' });
    await catalogue.click();
    expect(await catalogue.getAttribute('aria-expanded')).toBe('true');
    await pricing.click();
    expect(await pricing.getAttribute('aria-expanded')).toBe('true');
    expect(await catalogue.getAttribute('aria-expanded')).toBe('false');

    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect.poll(async () => (await bodyClasses(page)).includes('aside-toggled')).toBe(true);
    await menu.getByRole('link', { name: 'Promotions' }).click();
    await expectPath(page, '/promotion');
    await expect.poll(async () => (await bodyClasses(page)).includes('aside-toggled')).toBe(false);
    await expect.poll(() => page.title()).toBe('Backroom - Promotions');
  });

  test('the cashier sees only the catalogue group', async () => {
    await signIn(page, server.app, DEMO.cashier);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('button', { name: 'Catalogue' }).count()).resolves.toBe(1);
    await expect(menu.getByRole('button', { name: 'Administration' }).count()).resolves.toBe(0);
    await expect(menu.getByRole('button', { name: 'Pricing and promotions' }).count()).resolves.toBe(0);
  });
});
