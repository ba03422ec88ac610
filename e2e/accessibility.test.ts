import type { MenuGroupDto } from '@backroom/schema';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { apiAs } from './support/api';
import { audit, settled } from './support/axe';
import { DEMO, signIn } from './support/console';
import { consoleHarness } from './support/harness';

const t = consoleHarness();
const THEMES = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
/** Routes checked in every theme besides the one that checks them all: a list, forms, a single screen. */
const SAMPLE = ['product', 'product/add', 'user/add', 'membership', 'company', 'home'];

/** Opens a route and waits until its screen has settled (heading shown, nothing loading). */
async function open(page: Page, route: string) {
  await page.goto(`${t.server.app}/${route}`);
  const main = page.getByRole('main');
  await main.getByRole('heading').first().waitFor();
  // Audited as it is after a short wait: a part still loading is checked as the user sees it.
  await expect.poll(() => main.getByText('Loading…').count(), { timeout: 3000 }).toBe(0).catch(() => undefined);
  await settled(page);
}

/** Chooses a theme the way a user does: in the Settings panel. The choice is kept across loads. */
async function chooseTheme(page: Page, letter: string) {
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByRole('button', { name: `Theme ${letter.toUpperCase()}` }).or(page.getByRole('button', { name: `Theme ${letter}` })).first().click();
  await page.keyboard.press('Escape');
}

/** Opens a dialog by `open`, audits the page with it, and closes it by `close` (Escape by default). */
async function withDialog(page: Page, where: string, open: () => Promise<void>, close = () => page.keyboard.press('Escape')): Promise<string[]> {
  await open();
  await page.getByRole('dialog').first().waitFor();
  await settled(page);
  const findings = await audit(page, where);
  await close();
  await expect.poll(() => page.getByRole('dialog').count(), { timeout: 5000 }).toBe(0);
  return findings;
}

/** The product list's dialogs and bars: rows chosen (the bulk bar), Set field…, Delete, and the command palette. */
async function listDialogs(page: Page, letter: string): Promise<string[]> {
  await open(page, 'product');
  const rows = page.getByRole('table', { name: 'Products' }).locator('tbody tr');
  for (let i = 0; i < 2; i++) await rows.nth(i).getByRole('checkbox').check();
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await bar.waitFor();
  await settled(page);
  const findings = await audit(page, `theme ${letter} /product with rows chosen`);
  findings.push(...(await withDialog(page, `theme ${letter} set field dialog`, () => bar.getByRole('button', { name: 'Set field…' }).click())));
  findings.push(...(await withDialog(page, `theme ${letter} delete dialog`, () => rows.first().getByRole('button', { name: /^Delete / }).click())));
  findings.push(...(await withDialog(page, `theme ${letter} command palette`, () => page.keyboard.press('Control+K'))));
  return findings;
}

describe('accessibility (axe-core, WCAG 2.1 A/AA): no serious or critical finding', () => {
  test('sign-in pages, every menu route, forms, dialogs and the command palette, in all eight themes', async () => {
    const { page } = t;
    const findings: string[] = [];
    for (const route of ['login', 'forgotpassword']) {
      await page.goto(`${t.server.app}/${route}`);
      await page.getByRole('button').first().waitFor();
      await settled(page);
      findings.push(...(await audit(page, `/${route}`)));
    }

    await signIn(page, t.server.app, DEMO.admin);
    const api = await apiAs(t.server, DEMO.admin);
    const routes = (await api.get<MenuGroupDto[]>('/AppModule/GetMenu/1')).flatMap((g) => g.items).filter((i) => i.ableToView).map((i) => i.route);

    // Every route in the default theme, with the delete dialog of a list.
    for (const route of routes) {
      await open(page, route);
      findings.push(...(await audit(page, `/${route}`)));
    }
    await open(page, 'product/add');
    findings.push(...(await audit(page, '/product/add')));
    await open(page, 'product');
    await page.getByRole('button', { name: /^Delete / }).first().click();
    await page.getByRole('dialog').waitFor();
    findings.push(...(await audit(page, '/product delete dialog')));
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    // A sample of screens in each other theme, with the Settings panel open once.
    for (const letter of THEMES) {
      await chooseTheme(page, letter);
      for (const route of SAMPLE) {
        await open(page, route);
        findings.push(...(await audit(page, `theme ${letter} /${route}`)));
      }
      await page.getByRole('button', { name: 'Settings', exact: true }).click();
      findings.push(...(await audit(page, `theme ${letter} settings panel`)));
      await page.keyboard.press('Escape');
      findings.push(...(await listDialogs(page, letter)));
    }
    if (findings.length > 0) console.log(findings.join('\n'));
    expect(findings).toEqual([]);
  }, 600_000);
});
