import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/** The label a user hears for the focused element: its <label>, else aria-label, else its text. */
const focusedLabel = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return '';
    const input = el as HTMLInputElement;
    return (input.labels?.[0]?.textContent ?? el.getAttribute('aria-label') ?? el.textContent ?? '').trim();
  });

const isSave = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLButtonElement | null)?.type === 'submit');

/**
 * Walks a form with the keyboard alone: from its first field, Tab to the Save button, Shift+Tab a
 * few steps back and Tab forward again, touching nothing; returns the labels of the controls the
 * focus passed. The first field is focused directly (no click).
 */
export async function tabToSave(page: Page, firstField: Locator): Promise<string[]> {
  await firstField.focus();
  const passed: string[] = [];
  for (let i = 0; i < 400 && !(await isSave(page)); i++) {
    passed.push(await focusedLabel(page));
    await page.keyboard.press('Tab');
  }
  expect(await isSave(page)).toBe(true);
  for (let i = 0; i < 6; i++) await page.keyboard.press('Shift+Tab');
  for (let i = 0; i < 6; i++) await page.keyboard.press('Tab');
  expect(await isSave(page)).toBe(true);
  return passed;
}

/** Presses Enter on the focused Save button and waits for the form to say it saved. */
export async function saveByKeyboard(page: Page) {
  await page.keyboard.press('Enter');
  await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
}

/** The fields of a row that a save may change without the user: the version and who saved when. */
export const withoutBookkeeping = (row: Record<string, unknown>) => {
  const { version: _version, updatedAt: _updatedAt, updatedBy: _updatedBy, ...rest } = row;
  return rest;
};
