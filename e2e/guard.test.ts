import { describe, expect, test } from 'vitest';
import { DEMO, consolePath, expectPath, signIn } from './support/console';
import { consoleHarness } from './support/harness';

const t = consoleHarness();

describe('route guard on load', () => {
  test('an anonymous visitor to a protected path goes to login with the path as redirect', async () => {
    await t.page.goto(`${t.server.app}/product`);
    await expectPath(t.page, '/login?redirect=/product');
    await t.page.getByRole('button', { name: 'Sign in' }).waitFor();
  });

  test('a path or query containing resetpassword goes to /resetpassword with the original path and query', async () => {
    await t.page.goto(`${t.server.app}/home?step=resetpassword`);
    await expect.poll(() => new URL(t.page.url()).searchParams.get('redirect')).toBe('/home?step=resetpassword');
    expect(new URL(t.page.url()).pathname).toBe('/backoffice/new/resetpassword');
    await t.page.getByRole('heading', { name: 'Reset password' }).waitFor();
  });

  test('a path containing unauthorized goes to /unauthorized with the same redirect handling', async () => {
    await t.page.goto(`${t.server.app}/reports/unauthorized-access?from=mail`);
    await expect
      .poll(() => new URL(t.page.url()).searchParams.get('redirect'))
      .toBe('/reports/unauthorized-access?from=mail');
    expect(new URL(t.page.url()).pathname).toBe('/backoffice/new/unauthorized');
    await t.page.getByRole('heading', { name: 'Not authorised' }).waitFor();
  });

  test('a signed-in user on another public path is sent home; on /logout stays there', async () => {
    await signIn(t.page, t.server.app);
    await t.page.goto(`${t.server.app}/login`);
    await expectPath(t.page, '/home');
    await t.page.goto(`${t.server.app}/lock`);
    await expectPath(t.page, '/home');
    await t.page.goto(`${t.server.app}/logout`);
    await t.page.waitForLoadState('networkidle');
    expect(consolePath(t.page)).toBe('/logout');
  });

  test('after sign-in the user lands on the redirect target', async () => {
    await t.page.goto(`${t.server.app}/category`);
    await expectPath(t.page, '/login?redirect=/category');
    await t.page.getByLabel('User name').fill(DEMO.admin.userName);
    await t.page.getByLabel('Password').fill(DEMO.admin.password);
    await t.page.getByRole('button', { name: 'Sign in' }).click();
    await expectPath(t.page, '/category');
  });
});

describe('fallback for routes without menu permission', () => {
  test('a signed-in cashier opening an administration screen ends at /noaccess', async () => {
    await signIn(t.page, t.server.app, DEMO.cashier);
    await t.page.goto(`${t.server.app}/user`);
    await expectPath(t.page, '/noaccess');
    await t.page.goto(`${t.server.app}/no-such-screen/edit/3`);
    await expectPath(t.page, '/noaccess');
  });

  test('menu routes exist for list, edit and add of every visible item', async () => {
    await signIn(t.page, t.server.app, DEMO.manager);
    for (const path of ['/product', '/product/edit/7', '/product/add', '/listvalue/brand']) {
      await t.page.goto(`${t.server.app}${path}`);
      await expectPath(t.page, path);
      await t.page.getByRole('main').getByRole('heading').first().waitFor();
    }
    await t.page.goto(`${t.server.app}/listvaluecategory/add`);
    await expectPath(t.page, '/noaccess');
  });
});

describe('start-up address rule', () => {
  test('with no requestid and no stored user, the address becomes login plus the query', async () => {
    await t.page.goto(`${t.server.app}/?path=/product`);
    await expectPath(t.page, '/login?path=/product');
  });

  test('a signed-in user is taken to the path parameter', async () => {
    await signIn(t.page, t.server.app);
    await t.page.goto(`${t.server.app}/?path=/category`);
    await expectPath(t.page, '/category');
  });

  test('a path containing login while a user is stored becomes home', async () => {
    await signIn(t.page, t.server.app);
    await t.page.goto(`${t.server.app}/?path=/login`);
    await expectPath(t.page, '/home');
  });
});
