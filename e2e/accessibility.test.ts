import { describe, expect, test } from 'vitest';
import { audit, openSettled, settled } from './support/axe';
import { DEMO, signIn } from './support/console';
import { consoleHarness } from './support/harness';

const t = consoleHarness();

// Every menu route is audited in the default theme by menu-routes.test.ts (the administrator's walk);
// the other themes by accessibility-themes-*.test.ts: one file each would take minutes.
describe('accessibility (axe-core, WCAG 2.1 A/AA): no serious or critical finding', () => {
  test('sign-in pages, a form and a dialog, in the default theme', async () => {
    const { page } = t;
    const findings: string[] = [];
    for (const route of ['login', 'forgotpassword']) {
      await page.goto(`${t.server.app}/${route}`);
      await page.getByRole('button').first().waitFor();
      await settled(page);
      findings.push(...(await audit(page, `/${route}`)));
    }

    // A form, and the delete dialog of a list.
    await signIn(page, t.server.app, DEMO.admin);
    await openSettled(page, t.server.app, 'product/add');
    findings.push(...(await audit(page, '/product/add')));
    await openSettled(page, t.server.app, 'product');
    await page
      .getByRole('button', { name: /^Delete / })
      .first()
      .click();
    await page.getByRole('dialog').waitFor();
    findings.push(...(await audit(page, '/product delete dialog')));
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    if (findings.length > 0) console.log(findings.join('\n'));
    expect(findings).toEqual([]);
  }, 120_000);
});
