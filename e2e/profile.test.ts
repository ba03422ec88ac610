import * as OTPAuth from 'otpauth';
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

async function signOut() {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
  await expectPath(page, /^\/login/);
}

describe('profile and two-step sign-in', () => {
  test('turning TOTP on from the profile makes the next sign-in ask for a code', async () => {
    await signIn(page, server.app, DEMO.manager);
    await page.goto(`${server.app}/profil`);
    await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await page.locator('code').first().textContent())!.trim();
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });

    await page.getByLabel('Authentication code').fill(totp.generate());
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByText('Two-step sign-in is on').waitFor();

    await signOut();
    await page.getByLabel('User name').fill(DEMO.manager.userName);
    await page.getByLabel('Password').fill(DEMO.manager.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Enter the 6-digit code' }).waitFor();

    await page.getByLabel('Authentication code').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('navigation', { name: 'Main menu' }).count()).toBe(0);

    // The code used to turn TOTP on may not be replayed: take the next period's.
    await page.getByLabel('Authentication code').fill(totp.generate({ timestamp: Date.now() + 30_000 }));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
  });

  test('a weak new password is refused beside the field; a good one keeps the user signed in', async () => {
    await signIn(page, server.app, DEMO.cashier);
    await page.goto(`${server.app}/profil`);
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password').fill(DEMO.cashier.password);
    await form.getByLabel('New password', { exact: true }).fill('password1');
    await form.getByLabel('Confirm new password').fill('password1');
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('This password is too common').waitFor();

    await form.getByLabel('New password', { exact: true }).fill('Till-Roll-Amber-42');
    await form.getByLabel('Confirm new password').fill('Till-Roll-Amber-42');
    await form.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password has been changed.').waitFor();
    await page.goto(`${server.app}/home`);
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();

    await signOut();
    await signIn(page, server.app, { userName: DEMO.cashier.userName, password: 'Till-Roll-Amber-42' });
  });
});

describe('languages', () => {
  test('switching to Malay translates the shell and is remembered', async () => {
    await signIn(page, server.app);
    await page.getByRole('combobox', { name: 'Language' }).selectOption('ms');
    await page.getByRole('navigation', { name: 'Menu utama' }).getByRole('link', { name: 'Laman utama' }).waitFor();
    await page.reload();
    await page.getByRole('navigation', { name: 'Menu utama' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ms');
  });
});
