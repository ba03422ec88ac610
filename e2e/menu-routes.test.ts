import { PRODUCT_SHORT_NAME, type MenuGroupDto } from '@backroom/schema';
import { describe, expect, test } from 'vitest';
import { apiAs } from './support/api';
import { audit, settled } from './support/axe';
import { DEMO, expectPath, signIn } from './support/console';
import { consoleHarness } from './support/harness';

const t = consoleHarness();

/**
 * Menu routes whose screen has not been built yet: they show an "arrives later" notice. The list
 * shrinks as issues deliver screens; the test fails both on a notice for a route not listed here
 * (a delivered screen showing a placeholder) and on a listed route that now shows a real screen
 * (take it off the list).
 */
const PENDING = new Set<string>([]);

/** The texts of the placeholder a screen not built yet shows. */
const PLACEHOLDER = /arrives? (later|with the generic screens)/;

/** The role's visible menu items, as the server gives them. */
async function visibleRoutes(user: { userName: string; password: string }) {
  const api = await apiAs(t.server, user);
  const groups = await api.get<MenuGroupDto[]>('/AppModule/GetMenu/1');
  return groups.flatMap((g) => g.items).filter((item) => item.ableToView);
}

/**
 * Every menu route opens, named, for every demo role. The administrator's walk, which reaches every
 * route, also audits each screen with axe-core in the default theme (accessibility.test.ts audits
 * the rest): one walk of the ~80 routes instead of two.
 */
describe("every menu route opens, named, for every demo role (the administrator's also axe-clean)", () => {
  test.each(Object.entries(DEMO))(
    '%s',
    async (role, user) => {
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
        const main = page.getByRole('main');
        await main.getByRole('heading', { name: item.menuText }).first().waitFor();
        await expect.poll(() => main.getByText('Loading…').count()).toBe(0);
        // The header and the tab title name this page, not the one before it.
        const title = `${PRODUCT_SHORT_NAME} - ${item.menuText}`;
        const named = await page
          .waitForFunction(
            (title) => document.title === title && document.querySelector('main h1')?.textContent === title,
            title,
            { timeout: 5_000 },
          )
          .then(
            () => true,
            () => false,
          );
        if (!named) failures.push(`/${item.route}: page named "${await page.title()}", not "${title}"`);
        const modal = await page.getByRole('dialog', { name: 'Sorry,' }).count();
        const alerts = await page
          .getByRole('alert')
          .filter({ hasText: /Could not load|went wrong|failed/i })
          .allTextContents();
        if (modal > 0 || alerts.length > 0)
          failures.push(`/${item.route}: ${modal > 0 ? 'error modal' : alerts.join(' ')}`);
        const placeholder = (await main.getByRole('status').filter({ hasText: PLACEHOLDER }).count()) > 0;
        if (placeholder && !PENDING.has(item.route))
          failures.push(`/${item.route}: shows the "arrives later" placeholder, but is not listed as pending`);
        if (!placeholder && PENDING.has(item.route))
          failures.push(`/${item.route}: shows a real screen now; take it off PENDING`);
        if (role === 'admin') {
          await settled(page);
          failures.push(...(await audit(page, `/${item.route}`)));
        }
      }
      expect(failures).toEqual([]);
    },
    // The administrator's ~80 routes at 2–3 s each beside a loaded npm test reached 240 s, before
    // each was also audited.
    600_000,
  );
});
