import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { launchBrowser } from './support/browser';
import { DEMO, expectPath, signIn } from './support/console';
import { startConsoleServer, type ConsoleServer } from './support/server';

const ACCESS_TOKEN_TTL_SECONDS = 2;

let server: ConsoleServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startConsoleServer({ accessTokenTtlSeconds: ACCESS_TOKEN_TTL_SECONDS }),
    launchBrowser(),
  ]);
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

describe('the session', () => {
  test('reload keeps the session, and storage holds no readable user or token', async () => {
    await signIn(page, server.app, DEMO.manager);
    await page.reload();
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    await expectPath(page, '/home');
    const stored = await page.evaluate(() => Object.keys(localStorage).map((key) => key + localStorage.getItem(key)).join('\n'));
    expect(stored).not.toBe('');
    expect(stored).not.toContain('manager');
    expect(stored).not.toContain('Store Manager');
    expect(stored).not.toMatch(/eyJ[\w-]+\.[\w-]+/);
  });

  test('an expired access token is refreshed without the user noticing', async () => {
    await signIn(page, server.app);
    await page.waitForTimeout((ACCESS_TOKEN_TTL_SECONDS + 1) * 1000);
    const refreshes: number[] = [];
    page.on('response', (r) => {
      if (/RefreshToken$/i.test(new URL(r.url()).pathname)) refreshes.push(r.status());
    });
    await page.reload();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Catalogue' }).waitFor();
    await expectPath(page, '/home');
    expect(refreshes).toContain(200);
    expect(refreshes.filter((status) => status === 200)).toHaveLength(1);
  });

  test('a failing call shows the error modal, which OK closes', async () => {
    await page.route('**/AppModule/GetTopMenu', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ resultCode: 500, message: 'Internal server error', data: null }) }),
    );
    await signIn(page, server.app);
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const text = await dialog.textContent();
    expect(text).toContain('Sorry,');
    expect(text).toContain("We couldn't provide this page. Please try again later");
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
  });

  test('a wrong password is refused inline and five of them lock the account', async () => {
    await page.goto(`${server.app}/login`);
    for (let attempt = 1; attempt <= 5; attempt++) {
      await page.getByLabel('User name').fill('cashier');
      await page.getByLabel('Password').fill('wrong-password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('alert').filter({ hasText: /Invalid user name or password|locked/ }).waitFor();
    }
    await page.getByLabel('Password').fill(DEMO.cashier.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'locked' }).waitFor();
    await expectPath(page, '/login');
  });
});
