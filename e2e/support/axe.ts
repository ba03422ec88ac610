import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

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
    const axe = (window as unknown as { axe: { run(context: Document | string, options: unknown): Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run(selector ?? document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] })).violations;
  }, within);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} (${v.impact}) at ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
}
