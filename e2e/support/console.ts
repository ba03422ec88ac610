import { expect } from 'vitest';
import type { Page } from 'playwright-core';

export const DEMO = {
  admin: { userName: 'admin', password: 'Admin@123', role: 'Administrator' },
  manager: { userName: 'manager', password: 'Manager@123', role: 'Store Manager' },
  cashier: { userName: 'cashier', password: 'Cashier@123', role: 'Cashier' },
} as const;

/** The page's address relative to the console, query decoded (`/home`, `/login?redirect=/product`). */
export const consolePath = (page: Page) => pathIn(new URL(page.url()));

const pathIn = (url: URL) => url.pathname.replace(/^\/backoffice\/new/, '') + decodeURIComponent(url.search);

/** Waits until the console's address matches, relative to the console root. */
export async function expectPath(page: Page, expected: string | RegExp) {
  await expect
    .poll(() => consolePath(page), { timeout: 10_000 })
    .toSatisfy((path: string) => (typeof expected === 'string' ? path === expected : expected.test(path)));
}

/**
 * Signs in through the login form and waits for the console to have settled: the shell shown and
 * the guard's redirect away from the login page done. Call it on a page where no navigation of the
 * console's own is under way (signOut waits for its own).
 */
export async function signIn(page: Page, app: string, user: { userName: string; password: string } = DEMO.admin) {
  await page.goto(`${app}/login`);
  await page.getByLabel('User name').fill(user.userName);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
  // Waited for by Playwright rather than expect.poll, so a file may sign in once in beforeAll.
  await page.waitForURL((url) => !pathIn(url).startsWith('/login'), { timeout: 10_000 });
}

/**
 * Signs out through the user menu. Logout loads the console afresh (a new document), which then
 * redirects to the login page: the helper waits for that load and that redirect, so the next
 * navigation of the test cannot race them.
 */
export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  const reloaded = page.waitForEvent('load');
  await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
  await reloaded;
  await expectPath(page, /^\/login/);
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
}
