import { describe, expect, test } from 'vitest';
import { DEMO, expectPath, signIn } from './support/console';
import { consoleHarness } from './support/harness';

const ACCESS_TOKEN_TTL_SECONDS = 2;

const t = consoleHarness({ accessTokenTtlSeconds: ACCESS_TOKEN_TTL_SECONDS });

describe('the session', () => {
  test('reload keeps the session, and storage holds no readable user or token', async () => {
    await signIn(t.page, t.server.app, DEMO.manager);
    await t.page.reload();
    await t.page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    await expectPath(t.page, '/home');
    const stored = await t.page.evaluate(() =>
      Object.keys(localStorage)
        .map((key) => key + localStorage.getItem(key))
        .join('\n'),
    );
    expect(stored).not.toBe('');
    expect(stored).not.toContain('manager');
    expect(stored).not.toContain('Store Manager');
    expect(stored).not.toMatch(/eyJ[\w-]+\.[\w-]+/);
  });

  test('an expired access token is refreshed without the user noticing', async () => {
    await signIn(t.page, t.server.app);
    await t.page.waitForTimeout((ACCESS_TOKEN_TTL_SECONDS + 1) * 1000);
    const refreshes: number[] = [];
    t.page.on('response', (r) => {
      if (/RefreshToken$/i.test(new URL(r.url()).pathname)) refreshes.push(r.status());
    });
    await t.page.reload();
    await t.page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Catalogue' }).waitFor();
    await expectPath(t.page, '/home');
    expect(refreshes).toContain(200);
    expect(refreshes.filter((status) => status === 200)).toHaveLength(1);
  });

  test('a failing call shows the error modal, which OK closes', async () => {
    await t.page.route('**/AppModule/GetTopMenu', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ resultCode: 500, message: 'Internal server error', data: null }),
      }),
    );
    await signIn(t.page, t.server.app);
    const dialog = t.page.getByRole('dialog');
    await dialog.waitFor();
    const text = await dialog.textContent();
    expect(text).toContain('Sorry,');
    expect(text).toContain("We couldn't provide this page. Please try again later");
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
  });

  test('a wrong password is refused inline and five of them lock the account', async () => {
    await t.page.goto(`${t.server.app}/login`);
    for (let attempt = 1; attempt <= 5; attempt++) {
      await t.page.getByLabel('User name').fill('cashier');
      await t.page.getByLabel('Password').fill('wrong-password');
      await t.page.getByRole('button', { name: 'Sign in' }).click();
      await t.page
        .getByRole('alert')
        .filter({ hasText: /Invalid user name or password|locked/ })
        .waitFor();
    }
    await t.page.getByLabel('Password').fill(DEMO.cashier.password);
    await t.page.getByRole('button', { name: 'Sign in' }).click();
    await t.page.getByRole('alert').filter({ hasText: 'locked' }).waitFor();
    await expectPath(t.page, '/login');
  });
});
