import type { MenuGroupDto } from '@backroom/schema';
import { describe, expect, test } from 'vitest';
import { DEMO, expectPath, signIn } from './support/console';
import { consoleHarness } from './support/harness';

const t = consoleHarness();

/** The role's visible menu items, as the server gives them. */
async function visibleRoutes(user: { userName: string; password: string }) {
  const api = `${t.server.origin}/backoffice/core/api`;
  const login = await fetch(`${api}/Authentication/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(user),
  });
  const token = (await login.json()).data.token.accessToken as string;
  const menu = await fetch(`${api}/AppModule/GetMenu/1`, { headers: { authorization: `Bearer ${token}` } });
  const groups = (await menu.json()).data as MenuGroupDto[];
  return groups.flatMap((g) => g.items).filter((item) => item.ableToView);
}

describe('every menu route opens for every demo role', () => {
  test.each(Object.entries(DEMO))('%s', async (_role, user) => {
    const items = await visibleRoutes(user);
    expect(items.length).toBeGreaterThan(0);
    const { page } = t;
    const failures: string[] = [];
    page.on('pageerror', (error) => failures.push(`${page.url()}: ${error.message}`));
    await signIn(page, t.server.app, user);

    for (const item of items) {
      await page.goto(`${t.server.app}/${item.route}`);
      await expectPath(page, `/${item.route}`);
      // The screen's own heading, not only the shell's.
      await page.getByRole('main').getByRole('heading', { name: item.menuText }).first().waitFor();
      await expect.poll(() => page.getByRole('main').getByText('Loading…').count()).toBe(0);
      const modal = await page.getByRole('dialog', { name: 'Sorry,' }).count();
      const alerts = await page.getByRole('alert').filter({ hasText: /Could not load|went wrong|failed/i }).allTextContents();
      if (modal > 0 || alerts.length > 0) failures.push(`/${item.route}: ${modal > 0 ? 'error modal' : alerts.join(' ')}`);
    }
    expect(failures).toEqual([]);
  }, 240_000);
});
