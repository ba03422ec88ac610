import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { launchBrowser } from './support/browser';
import { DEMO, consolePath, expectPath, signIn } from './support/console';
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

describe('route guard on load (SPEC §2)', () => {
  test('an anonymous visitor to a protected path goes to login with the path as redirect', async () => {
    await page.goto(`${server.app}/product`);
    await expectPath(page, '/login?redirect=/product');
    await expect(page.getByRole('button', { name: 'Sign in' }).isVisible()).resolves.toBe(true);
  });

  test('a path or query containing resetpassword goes to /resetpassword with the original path and query', async () => {
    await page.goto(`${server.app}/home?step=resetpassword`);
    await expect.poll(() => new URL(page.url()).searchParams.get('redirect')).toBe('/home?step=resetpassword');
    expect(new URL(page.url()).pathname).toBe('/backoffice/new/resetpassword');
    await page.getByRole('heading', { name: 'Reset password' }).waitFor();
  });

  test('a path containing unauthorized goes to /unauthorized with the same redirect handling', async () => {
    await page.goto(`${server.app}/reports/unauthorized-access?from=mail`);
    await expect.poll(() => new URL(page.url()).searchParams.get('redirect')).toBe('/reports/unauthorized-access?from=mail');
    expect(new URL(page.url()).pathname).toBe('/backoffice/new/unauthorized');
    await page.getByRole('heading', { name: 'Not authorised' }).waitFor();
  });

  test('a signed-in user on another public path is sent home; on /logout stays there', async () => {
    await signIn(page, server.app);
    await page.goto(`${server.app}/login`);
    await expectPath(page, '/home');
    await page.goto(`${server.app}/lock`);
    await expectPath(page, '/home');
    await page.goto(`${server.app}/logout`);
    await page.waitForLoadState('networkidle');
    expect(consolePath(page)).toBe('/logout');
  });

  test('after sign-in the user lands on the redirect target', async () => {
    await page.goto(`${server.app}/category`);
    await expectPath(page, '/login?redirect=/category');
    await page.getByLabel('User name').fill(DEMO.admin.userName);
    await page.getByLabel('Password').fill(DEMO.admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectPath(page, '/category');
  });
});

describe('fallback for routes without menu permission', () => {
  test('a signed-in cashier opening an administration screen ends at /noaccess', async () => {
    await signIn(page, server.app, DEMO.cashier);
    await page.goto(`${server.app}/user`);
    await expectPath(page, '/noaccess');
    await page.goto(`${server.app}/no-such-screen/edit/3`);
    await expectPath(page, '/noaccess');
  });

  test('menu routes exist for list, edit and add of every visible item', async () => {
    await signIn(page, server.app, DEMO.manager);
    for (const path of ['/product', '/product/edit/7', '/product/add', '/listvalue/brand']) {
      await page.goto(`${server.app}${path}`);
      await expectPath(page, path);
      await page.getByRole('main').getByRole('heading').first().waitFor();
    }
    await page.goto(`${server.app}/listvaluecategory/add`);
    await expectPath(page, '/noaccess');
  });
});

describe('start-up address rule (SPEC §2)', () => {
  test('with no requestid and no stored user, the address becomes login plus the query', async () => {
    await page.goto(`${server.app}/?path=/product`);
    await expectPath(page, '/login?path=/product');
  });

  test('a signed-in user is taken to the path parameter', async () => {
    await signIn(page, server.app);
    await page.goto(`${server.app}/?path=/category`);
    await expectPath(page, '/category');
  });

  test('a path containing login while a user is stored becomes home', async () => {
    await signIn(page, server.app);
    await page.goto(`${server.app}/?path=/login`);
    await expectPath(page, '/home');
  });
});
