import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  nodes: { target: string[] }[];
}

/** Waits for the page's fades to end: a half-faded text would read as low contrast. */
export async function settled(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

/** axe-core (WCAG 2.1 A and AA) over the page as it is (or the part `within` selects); the serious and critical findings, one line each. */
export async function audit(page: Page, where: string, within?: string): Promise<string[]> {
  // Evaluated through the browser's debugging protocol: the console's CSP would refuse an inline script.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  const violations = await page.evaluate(async (selector) => {
    const axe = (
      window as unknown as {
        axe: { run(context: Document | string, options: unknown): Promise<{ violations: Violation[] }> };
      }
    ).axe;
    return (
      await axe.run(selector ?? document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
        resultTypes: ['violations'],
      })
    ).violations;
  }, within);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${where}: ${v.id} (${v.impact}) at ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
    );
}

/** Opens a route of the console at `app` and waits until its screen has settled (heading shown, nothing loading). */
export async function openSettled(page: Page, app: string, route: string) {
  await page.goto(`${app}/${route}`);
  const main = page.getByRole('main');
  await main.getByRole('heading').first().waitFor();
  // Audited as it is after a short wait: a part still loading is checked as the user sees it.
  await expect
    .poll(() => main.getByText('Loading…').count(), { timeout: 3000 })
    .toBe(0)
    .catch(() => undefined);
  await settled(page);
}

/** Chooses a theme the way a user does: in the Settings panel. The choice is kept across loads. */
async function chooseTheme(page: Page, letter: string) {
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page
    .getByRole('button', { name: `Theme ${letter.toUpperCase()}` })
    .or(page.getByRole('button', { name: `Theme ${letter}` }))
    .first()
    .click();
  await page.keyboard.press('Escape');
}

/** Opens a dialog by `open`, audits the page with it, and closes it by `close` (Escape by default). */
async function withDialog(
  page: Page,
  where: string,
  open: () => Promise<void>,
  close = () => page.keyboard.press('Escape'),
): Promise<string[]> {
  await open();
  await page.getByRole('dialog').first().waitFor();
  await settled(page);
  const findings = await audit(page, where);
  await close();
  await expect.poll(() => page.getByRole('dialog').count(), { timeout: 5000 }).toBe(0);
  return findings;
}

/** The product list's dialogs and bars: rows chosen (the bulk bar), Set field…, Delete, and the command palette. */
async function listDialogs(page: Page, app: string, letter: string): Promise<string[]> {
  await openSettled(page, app, 'product');
  const rows = page.getByRole('table', { name: 'Products' }).locator('tbody tr');
  for (let i = 0; i < 2; i++) await rows.nth(i).getByRole('checkbox').check();
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await bar.waitFor();
  await settled(page);
  const findings = await audit(page, `theme ${letter} /product with rows chosen`);
  findings.push(
    ...(await withDialog(page, `theme ${letter} set field dialog`, () =>
      bar.getByRole('button', { name: 'Set field…' }).click(),
    )),
  );
  findings.push(
    ...(await withDialog(page, `theme ${letter} delete dialog`, () =>
      rows
        .first()
        .getByRole('button', { name: /^Delete / })
        .click(),
    )),
  );
  findings.push(...(await withDialog(page, `theme ${letter} command palette`, () => page.keyboard.press('Control+K'))));
  return findings;
}

/** The product importer after checking a file with problems: the error summary, its column filter and the problems table. */
async function importErrors(page: Page, app: string, letter: string): Promise<string[]> {
  await page.goto(`${app}/importer/product`);
  await page.getByRole('button', { name: 'Download template' }).waitFor();
  await page.setInputFiles('#sheet-file', {
    name: 'bad.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('SKU,Name,Category,Unit of measure,Selling price\r\nAXE-1,Tea,NOPE,PCS,abc', 'utf8'),
  });
  await page.getByRole('table', { name: 'Problems by row and column' }).waitFor({ timeout: 15_000 });
  await settled(page);
  return audit(page, `theme ${letter} import error summary`);
}

/** At 390 px: the product list as one line per row, and the menu slid in over it by ≡. */
async function phoneList(page: Page, app: string, letter: string): Promise<string[]> {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    await openSettled(page, app, 'product');
    await page.getByRole('list', { name: 'Products' }).getByRole('listitem').first().waitFor();
    const findings = await audit(page, `theme ${letter} /product at 390 px`);
    const menu = page.getByRole('button', { name: 'Show menu' });
    await menu.click();
    await settled(page);
    findings.push(...(await audit(page, `theme ${letter} menu at 390 px`)));
    await menu.click();
    return findings;
  } finally {
    if (size) await page.setViewportSize(size);
  }
}

/** Routes checked in every theme besides the default one, which checks them all: a list, forms, a single screen. */
const SAMPLE = ['product', 'product/add', 'user/add', 'membership', 'company', 'home'];

/**
 * In each of `themes` (letters, chosen in the Settings panel of a signed-in page): a sample of
 * screens, the Settings panel itself, the product list's bars and dialogs with the command palette, and
 * the product list and the menu at phone width.
 */
export async function auditThemes(page: Page, app: string, themes: readonly string[]): Promise<string[]> {
  const findings: string[] = [];
  for (const letter of themes) {
    await chooseTheme(page, letter);
    for (const route of SAMPLE) {
      await openSettled(page, app, route);
      findings.push(...(await audit(page, `theme ${letter} /${route}`)));
    }
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    findings.push(...(await audit(page, `theme ${letter} settings panel`)));
    await page.keyboard.press('Escape');
    findings.push(...(await listDialogs(page, app, letter)));
    findings.push(...(await phoneList(page, app, letter)));
    findings.push(...(await importErrors(page, app, letter)));
  }
  return findings;
}
