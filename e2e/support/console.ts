import { expect } from 'vitest';
import type { Page } from 'playwright-core';

export const DEMO = {
  admin: { userName: 'admin', password: 'Admin@123', role: 'Administrator' },
  manager: { userName: 'manager', password: 'Manager@123', role: 'Store Manager' },
  cashier: { userName: 'cashier', password: 'Cashier@123', role: 'Cashier' },
} as const;

/** The page's address relative to the console, query decoded (`/home`, `/login?redirect=/product`). */
export const consolePath = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname.replace(/^\/backoffice\/new/, '') + decodeURIComponent(url.search);
};

/** Waits until the console's address matches, relative to the console root. */
export async function expectPath(page: Page, expected: string | RegExp) {
  await expect
    .poll(() => consolePath(page), { timeout: 10_000 })
    .toSatisfy((path: string) => (typeof expected === 'string' ? path === expected : expected.test(path)));
}

/** Signs in through the login form and waits for the shell. */
export async function signIn(page: Page, app: string, user: { userName: string; password: string } = DEMO.admin) {
  await page.goto(`${app}/login`);
  await page.getByLabel('User name').fill(user.userName);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
}
