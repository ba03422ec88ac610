import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { apiAs } from './support/api';
import { audit, settled } from './support/axe';
import { DEMO, expectPath } from './support/console';
import { signedInHarness } from './support/harness';
import { saveByKeyboard } from './support/keyboard';

const t = signedInHarness(DEMO.admin);

const activeOption = (page: Page) =>
  page.evaluate(() => {
    const id = document.activeElement?.getAttribute('aria-activedescendant');
    return id ? (document.getElementById(id)?.textContent ?? '') : '';
  });

const focusedLabel = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent?.trim() ?? '');

/** Presses Tab until `reached` holds for the focused element (at most `max` times). */
async function tabUntil(page: Page, reached: () => Promise<boolean>, max = 200) {
  for (let i = 0; i < max && !(await reached()); i++) await page.keyboard.press('Tab');
  expect(await reached()).toBe(true);
}

describe('command palette', () => {
  test('finds a product by part of its name and changes its price, by keyboard alone; the open palette passes axe', async () => {
    const { page, server } = t;
    const api = await apiAs(server, DEMO.admin);
    const [tote] = await api.rows('product', { Skip: 0, Take: 1, search: 'Canvas Tote Bag' });
    expect(tote?.name).toBe('Canvas Tote Bag');

    await page.keyboard.press('Control+K');
    const dialog = page.getByRole('dialog', { name: 'Find anything' });
    const input = dialog.getByRole('combobox', { name: 'Find a screen or a record' });
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('anvas tot');
    await dialog.getByRole('option', { name: /Canvas Tote Bag/ }).waitFor();
    await settled(page);
    expect(await audit(page, 'open command palette')).toEqual([]);

    // The focus stays in the palette.
    await page.keyboard.press('Tab');
    expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);

    await page.keyboard.press('ArrowDown');
    for (let i = 0; i < 20 && !(await activeOption(page)).includes('Canvas Tote Bag'); i++)
      await page.keyboard.press('ArrowDown');
    expect(await activeOption(page)).toContain('Canvas Tote Bag');
    await page.keyboard.press('Enter');
    await expectPath(page, `/product/edit/${tote!.id}`);
    expect(await dialog.count()).toBe(0);

    await page.getByLabel('Selling price').waitFor();
    await tabUntil(page, async () => (await focusedLabel(page)).startsWith('Selling price'));
    await page.keyboard.press('Control+A');
    await page.keyboard.type('31.50');
    await tabUntil(page, () =>
      page.evaluate(() => (document.activeElement as HTMLButtonElement | null)?.type === 'submit'),
    );
    await saveByKeyboard(page);
    expect((await api.row('product', tote!.id)).sellingPrice).toBe('31.50');
  });

  test('Escape closes it and gives the focus back to the top bar’s search button', async () => {
    const { page } = t;
    const button = page.getByRole('button', { name: 'Search', exact: true });
    await button.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Find anything' }).waitFor();
    await page.keyboard.press('Escape');
    expect(await page.getByRole('dialog', { name: 'Find anything' }).count()).toBe(0);
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  test('fits a phone: the open palette and its suggestions stay inside 390 px', async () => {
    const { page } = t;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.keyboard.press('Control+K');
    const dialog = page.getByRole('dialog', { name: 'Find anything' });
    await page.keyboard.type('canvas');
    await dialog.getByRole('option').first().waitFor();
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.keyboard.press('Escape');
  });
});
