import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { audit, settled } from './support/axe';
import { DEMO, expectPath, signIn, signOut } from './support/console';
import { consoleHarness } from './support/harness';

const t = consoleHarness();
const main = (page: Page) => page.getByRole('main');

describe('gaps closed', () => {
  test('create a user who can sign in: a generated password and a role chosen from a select', async () => {
    const { page } = t;
    await signIn(page, t.server.app, DEMO.admin);
    await page.goto(`${t.server.app}/user/add`);
    await main(page).getByLabel('User name').fill('siti');
    await main(page).getByLabel('Display name').fill('Siti Aminah');
    const role = main(page).getByRole('combobox', { name: 'Role' });
    await expect
      .poll(() => role.locator('option').allTextContents())
      .toEqual(expect.arrayContaining(['Store Manager', 'Cashier', 'Administrator']));
    await role.selectOption({ label: 'Store Manager' });
    await main(page).getByRole('switch', { name: 'Must change password' }).uncheck();
    await main(page).getByRole('button', { name: 'Generate' }).click();
    const password = await main(page).getByLabel('Password', { exact: true }).inputValue();
    expect(password.length).toBeGreaterThanOrEqual(16);
    await main(page).getByRole('button', { name: 'Save', exact: true }).click();
    await main(page).getByRole('status').getByText('Saved').waitFor();
    await expectPath(page, /^\/user\/edit\/\d+$/);
    // Shown once: the saved user's page has no password on it.
    expect(await page.content()).not.toContain(password);

    await signOut(page);
    await signIn(page, t.server.app, { userName: 'siti', password });
    await expectPath(page, '/home');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('button', { name: 'Catalogue' }).click();
    await menu.getByRole('link', { name: 'Products' }).waitFor();
    await expect(menu.getByRole('button', { name: 'Administration' }).count()).resolves.toBe(0);
  });

  test('a top-menu link added on the Company screen is in the user menu at once', async () => {
    const { page } = t;
    await signIn(page, t.server.app, DEMO.admin);
    await page.goto(`${t.server.app}/company`);
    const links = main(page).getByRole('group', { name: 'Top-menu links' });
    await links.getByRole('button', { name: 'Add link' }).click();
    const n = await links.getByRole('button', { name: /^Remove link/ }).count();
    await links.getByLabel(`Text of link ${n}`).fill('Wiki');
    await links.getByLabel(`Address of link ${n}`).fill('wiki.example');
    await main(page).getByRole('button', { name: 'Save app settings' }).click();
    await links.getByText('A link starts with http://, https:// or /').waitFor();
    await links.getByLabel(`Address of link ${n}`).fill('https://wiki.example');
    await main(page).getByRole('button', { name: 'Save app settings' }).click();
    await main(page).getByText('App settings saved.').waitFor();
    await page.getByRole('button', { name: 'User menu' }).click();
    expect(await page.getByRole('menuitem', { name: 'Wiki' }).getAttribute('href')).toBe('https://wiki.example');
  });

  test('a list-only screen adds its rows: a list value category', async () => {
    const { page } = t;
    await signIn(page, t.server.app, DEMO.admin);
    await page.goto(`${t.server.app}/listvaluecategory`);
    await main(page).getByRole('button', { name: 'Add', exact: true }).click();
    const form = main(page).getByRole('form', { name: 'New list value category' });
    await form.getByLabel('Code').fill('SEASON');
    await form.getByLabel('Name').fill('Season');
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    await main(page).getByText('Added.').waitFor();
    await main(page).getByRole('cell', { name: 'SEASON', exact: true }).first().waitFor();
  });

  test('Malay names the menu, the screen and its fields', async () => {
    const { page } = t;
    await signIn(page, t.server.app, DEMO.admin);
    await page.getByRole('combobox', { name: 'Language' }).selectOption('ms');
    const menu = page.getByRole('navigation', { name: 'Menu utama' });
    await menu.getByRole('button', { name: 'Pentadbiran' }).click();
    await menu.getByRole('link', { name: 'Pengguna', exact: true }).click();
    await expectPath(page, '/user');
    await main(page).getByRole('heading', { name: 'Pengguna', level: 2 }).waitFor();
    await main(page)
      .getByRole('columnheader', { name: /Nama pengguna/ })
      .first()
      .waitFor();
  });

  test('the new parts pass axe: the password with its Copy, the settings and links, a list-only Add', async () => {
    const { page } = t;
    await signIn(page, t.server.app, DEMO.admin);
    const findings: string[] = [];
    await page.goto(`${t.server.app}/user/add`);
    await main(page).getByRole('button', { name: 'Generate' }).click();
    await main(page).getByRole('button', { name: 'Copy' }).waitFor();
    await settled(page);
    findings.push(...(await audit(page, '/user/add with a generated password')));
    await page.goto(`${t.server.app}/company`);
    await main(page).getByRole('group', { name: 'Top-menu links' }).getByRole('button', { name: 'Add link' }).click();
    await settled(page);
    findings.push(...(await audit(page, '/company')));
    await page.goto(`${t.server.app}/futureproductprice`);
    await main(page).getByRole('button', { name: 'Add', exact: true }).click();
    await settled(page);
    findings.push(...(await audit(page, '/futureproductprice with Add open')));
    expect(findings).toEqual([]);
  });
});
