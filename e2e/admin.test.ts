import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { BASE_PATH } from './support/server';
import { DEMO, expectPath, signIn } from './support/console';
import { consoleHarness } from './support/harness';

const t = consoleHarness();

const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

/** Signs a second person in, in a browser context of their own. */
async function asOtherUser(user: { userName: string; password: string }, use: (page: Page) => Promise<void>) {
  const context = await t.browser.newContext();
  try {
    const page = await context.newPage();
    await signIn(page, t.server.app, user);
    await use(page);
  } finally {
    await context.close();
  }
}

describe('administration single screens', () => {
  test('taking view on Products from the Store Manager in the grid takes Products out of the manager’s menu', async () => {
    await asOtherUser(DEMO.manager, async (manager) => {
      await mainMenu(manager).getByRole('button', { name: 'Catalogue' }).click();
      await mainMenu(manager).getByRole('link', { name: 'Products' }).waitFor();
    });

    await signIn(t.page, t.server.app);
    await t.page.goto(`${t.server.app}/roleprivilege`);
    await t.page.getByLabel('Role', { exact: true }).selectOption({ label: 'Store Manager' });
    await t.page.getByRole('table', { name: 'Privileges of Store Manager' }).waitFor();
    const viewProducts = t.page.getByRole('checkbox', { name: 'View Products', exact: true });
    expect(await viewProducts.isChecked()).toBe(true);
    await viewProducts.uncheck();
    expect(await t.page.getByRole('checkbox', { name: 'Edit Products', exact: true }).isChecked()).toBe(false);
    await t.page.getByText('1 unsaved change').waitFor();
    await t.page.getByRole('button', { name: 'Save', exact: true }).click();
    await t.page.getByText(/Role privileges saved/).waitFor();

    await asOtherUser(DEMO.manager, async (manager) => {
      const menu = mainMenu(manager);
      await menu.getByRole('button', { name: 'Catalogue' }).click();
      await menu.getByRole('link', { name: 'Bundles' }).waitFor();
      await expect(menu.getByRole('link', { name: 'Products' }).count()).resolves.toBe(0);
      await manager.goto(`${t.server.app}/product`);
      await expectPath(manager, '/noaccess');
    });
  });

  test('an administrator unlocks a locked cashier, who can then sign in', async () => {
    const login = `${t.server.origin}${BASE_PATH}/core/api/Authentication/Login`;
    for (let i = 0; i < 5; i++) {
      await fetch(login, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userName: 'cashier', password: 'wrong-password' }),
      });
    }
    await signIn(t.page, t.server.app);
    await t.page.goto(`${t.server.app}/lockeduser`);
    const row = t.page.getByRole('row').filter({ has: t.page.getByRole('rowheader', { name: 'cashier' }) });
    await expect(row.textContent()).resolves.toContain('Casey Cashier');
    await row.getByRole('button', { name: 'Unlock cashier' }).click();
    await t.page.getByRole('dialog', { name: 'Unlock cashier?' }).getByRole('button', { name: 'Unlock' }).click();
    await t.page.getByText('cashier is unlocked and can sign in again.').waitFor();
    await t.page.getByText('No account is locked.').waitFor();

    await asOtherUser(DEMO.cashier, async (cashier) => {
      await expectPath(cashier, '/home');
    });
  });

  test('switching the membership module off removes the Membership group from the menu', async () => {
    await signIn(t.page, t.server.app);
    const menu = mainMenu(t.page);
    await menu.getByRole('button', { name: 'Membership' }).waitFor();
    await t.page.goto(`${t.server.app}/feature`);
    const membership = t.page.getByRole('switch', { name: 'Membership' });
    expect(await membership.isChecked()).toBe(true);
    await membership.uncheck();
    await t.page.getByRole('button', { name: 'Save', exact: true }).click();
    await t.page.getByText('Features saved.').waitFor();
    await expect.poll(() => menu.getByRole('button', { name: 'Membership' }).count()).toBe(0);

    await t.page.reload();
    await menu.getByRole('button', { name: 'Catalogue' }).waitFor();
    await expect(menu.getByRole('button', { name: 'Membership' }).count()).resolves.toBe(0);

    await t.page.getByRole('switch', { name: 'Membership' }).check();
    await t.page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => menu.getByRole('button', { name: 'Membership' }).count()).toBe(1);
  });
});

describe('the installer on a first start without demo data', () => {
  const first = consoleHarness({ demo: false });

  test('the login page offers the set-up; it creates the first administrator and then closes', async () => {
    const page = first.page;
    await page.goto(`${first.server.app}/login`);
    await page.getByRole('link', { name: 'Set up Backroom' }).click();
    await expectPath(page, '/installer');
    await page.getByLabel('Company name').fill('Kedai Runcit Sdn Bhd');
    await page.getByLabel('Base currency').fill('MYR');
    await page.getByLabel('Time zone').fill('Asia/Kuala_Lumpur');
    await page.getByLabel('User name').fill('owner');
    await page.getByLabel('Display name').fill('Olivia Owner');
    await page.getByLabel('Email').fill('owner@kedai.example');
    await page.getByLabel('Password', { exact: true }).fill('Kedai#Owner2026');
    await page.getByLabel('Confirm password').fill('Kedai#Owner2026');
    await page.getByRole('button', { name: 'Set up' }).click();
    await page.getByText('Backroom is set up. Sign in as owner.').waitFor();
    await page.getByRole('link', { name: 'Go to sign-in' }).click();

    await signIn(page, first.server.app, { userName: 'owner', password: 'Kedai#Owner2026' });
    const banner = page.getByRole('navigation', { name: 'Top bar' });
    await expect(banner.textContent()).resolves.toContain('Administrator');

    const anonymous = await first.browser.newContext();
    try {
      const visitor = await anonymous.newPage();
      await visitor.goto(`${first.server.app}/installer`);
      await visitor.getByText('Backroom is set up already. Sign in instead.').waitFor();
      await visitor.goto(`${first.server.app}/login`);
      await visitor.getByRole('button', { name: 'Sign in' }).waitFor();
      await visitor.waitForLoadState('networkidle'); // the link appears only after the installer's status arrives
      await expect(visitor.getByRole('link', { name: 'Set up Backroom' }).count()).resolves.toBe(0);
    } finally {
      await anonymous.close();
    }
  });

  test('an administrator resets a user’s password from the user form; the user signs in with it and must change it', async () => {
    await signIn(t.page, t.server.app);
    await t.page.goto(`${t.server.app}/user`);
    await t.page.getByLabel('Filter User name').fill('cashier');
    await expect.poll(() => t.page.getByRole('link', { name: /^Edit / }).count()).toBe(1);
    await t.page.getByRole('link', { name: /^Edit / }).click();
    await t.page.getByRole('button', { name: 'Reset password' }).click();
    const dialog = t.page.getByRole('dialog', { name: 'Reset the password of cashier' });
    await dialog.getByRole('button', { name: 'Reset password' }).click();
    const temporary = (await dialog.locator('code').textContent())!.trim();
    expect(temporary.length).toBeGreaterThanOrEqual(12);
    await dialog.getByRole('button', { name: 'Done' }).click();

    const context = await t.browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${t.server.app}/login`);
      await page.getByLabel('User name').fill('cashier');
      await page.getByLabel('Password').fill(DEMO.cashier.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('alert').filter({ hasText: 'Invalid user name or password' }).waitFor();
      await page.getByLabel('Password').fill(temporary);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expectPath(page, '/profil');
      await page.getByText('Your password must be changed before you continue.').waitFor();
      // Until it is changed the server answers nothing else, and the console asks nothing else.
      expect(await page.getByRole('dialog').count()).toBe(0);
      await page.getByLabel('Current password').fill(temporary);
      await page.getByLabel('New password', { exact: true }).fill('Fresh-Till-Roll-58');
      await page.getByLabel('Confirm new password').fill('Fresh-Till-Roll-58');
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link').first().waitFor();
    } finally {
      await context.close();
    }
  });
});
