import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DEMO, signIn } from './support/console';
import { consoleHarness } from './support/harness';

const t = consoleHarness({ demoCatalogue: true });

/** The cells of a list that name a row or the rows it refers to, whose text does not fit (scrollWidth > clientWidth). */
async function cutIdentifyingCells(page: Page, route: string): Promise<string[]> {
  await page.goto(`${t.server.app}/${route}`);
  const rows = page.locator('.list-table tbody tr');
  await rows.first().locator('.cell-id').first().waitFor();
  // Cut: the cell scrolls, its text reaches past it, or a clamp hides part of it.
  return page.locator('.list-table tbody td:has(.cell-id)').evaluateAll((cells) => {
    const clipped = (td: Element) => {
      const span = td.querySelector('.cell-id')!;
      return getComputedStyle(span).overflow === 'hidden' && span.scrollHeight > span.clientHeight + 1;
    };
    return cells
      .filter((td) => {
        if (!td.textContent?.trim()) return false;
        const range = document.createRange();
        range.selectNodeContents(td.querySelector('.cell-id')!);
        const text = range.getBoundingClientRect();
        const box = td.getBoundingClientRect();
        return (
          td.scrollWidth > td.clientWidth || text.right > box.right + 0.5 || text.left < box.left - 0.5 || clipped(td)
        );
      })
      .map((td) => td.textContent ?? '');
  });
}

describe('lists that fit', () => {
  test('at 1280 px a row’s code and name are never cut', async () => {
    const { page } = t;
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, t.server.app, DEMO.admin);
    for (const route of ['product', 'membership', 'outlet']) {
      expect(await cutIdentifyingCells(page, route)).toEqual([]);
      // The cells measured are really there: code and name.
      expect(await page.locator('.list-table tbody td:has(.cell-id)').count()).toBeGreaterThan(1);
    }
  });

  test('on a phone the ≡ button slides the menu in, and leaves the desktop sidebar as it was', async () => {
    const { page } = t;
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, t.server.app, DEMO.admin);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    const inView = async () => {
      const box = await menu.boundingBox();
      return box !== null && box.x >= 0 && box.x + box.width <= 390;
    };
    expect(await inView()).toBe(false);
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect.poll(inView).toBe(true);
    expect(await page.evaluate(() => document.body.classList.contains('aside-collapsed'))).toBe(false);
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect.poll(inView).toBe(false);
  });
});
