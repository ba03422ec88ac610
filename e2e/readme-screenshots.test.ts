import { spawnSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DEMO, signIn } from './support/console';
import { consoleHarness } from './support/harness';

/**
 * The README's screenshots (docs/screenshots): Home, a list and a form at 1280 px, and the phone list at
 * 390 px, from the demo data in Debian's Chromium. Taken only when asked: `npm run screenshots`
 * (SCREENSHOTS=1); where ImageMagick's `convert` works they are cut to 256 colours, else kept as taken.
 */
const OUT = join(import.meta.dirname, '..', 'docs', 'screenshots');
const t = consoleHarness({ demoCatalogue: true });

async function shoot(page: Page, name: string) {
  // Nothing loading, no page fade, no caret blinking in the picture.
  await expect.poll(() => page.getByText('Loading…').count(), { timeout: 15_000 }).toBe(0);
  await page.waitForTimeout(1000);
  const file = join(OUT, `${name}.png`);
  await page.screenshot({ path: file, caret: 'hide', animations: 'disabled' });
  spawnSync('convert', [file, '-strip', '-colors', '256', `PNG8:${file}`]);
}

describe.runIf(process.env.SCREENSHOTS)('README screenshots', () => {
  test('Home, a list, a form and the phone list', async () => {
    const { page } = t;
    await mkdir(OUT, { recursive: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, t.server.app, DEMO.admin);
    await page.goto(`${t.server.app}/home`);
    await page.getByRole('main').getByRole('heading').first().waitFor();
    await shoot(page, 'home');
    await page.goto(`${t.server.app}/product`);
    await page.locator('.list-table tbody .cell-id').first().waitFor();
    await shoot(page, 'list');
    await page.locator('.list-table tbody tr').first().click();
    await page.getByRole('button', { name: 'Save' }).first().waitFor();
    await shoot(page, 'form');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${t.server.app}/product`);
    await page.getByRole('list', { name: 'Products' }).getByRole('listitem').first().waitFor();
    await shoot(page, 'phone-list');
  }, 180_000);
});
