import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { apiAs } from './support/api';
import { DEMO, consolePath, expectPath, signIn } from './support/console';
import { consoleHarness } from './support/harness';
import { saveByKeyboard, tabToSave, withoutBookkeeping } from './support/keyboard';

const t = consoleHarness({ demoCatalogue: true });

type Row = Record<string, unknown> & { id: number; version: number };
const many = (value: unknown) => Array.isArray(value) && value.length > 0;

const admin = () => apiAs(t.server, DEMO.admin);

/** The option a select shows (its text, not its value). */
const shownOption = (page: Page, label: string) =>
  page
    .getByLabel(label, { exact: true })
    .evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent ?? '');

/** Opens a row's form and waits for its first field. */
async function openForm(page: Page, route: string, id: number, firstField: string) {
  await page.goto(`${t.server.app}/${route}/edit/${id}`);
  const first = page.getByLabel(firstField, { exact: true });
  await first.waitFor();
  return first;
}

/** Tabs through the whole form from its first field, saves by keyboard, and checks that nothing changed. */
async function tabThroughAndSaveChangesNothing(
  page: Page,
  entity: string,
  route: string,
  id: number,
  firstField: string,
  fields: string[],
) {
  const api = await admin();
  const before = await api.row(entity, id);
  const history = await api.history(entity, id);
  const passed = await tabToSave(page, await openForm(page, route, id, firstField));
  expect(passed).toEqual(expect.arrayContaining(fields));
  await saveByKeyboard(page);

  expect(withoutBookkeeping(await api.row(entity, id))).toEqual(withoutBookkeeping(before));
  expect(await api.history(entity, id)).toEqual(history);
  await page.getByRole('tab', { name: 'History' }).click();
  if (history.length === 0) await page.getByText('No changes recorded yet.').waitFor();
  else
    await expect
      .poll(() => page.getByRole('list', { name: 'History' }).getByRole('listitem').count())
      .toBe(history.length);
}

describe('tabbing through a form and saving changes nothing', () => {
  test('the product form: list values, references, child rows', async () => {
    const rows = await (await admin()).rows('product', { Skip: 0, Take: 400 });
    const product = rows.find(
      (r) =>
        r.brand != null &&
        r.department != null &&
        r.taxCode != null &&
        many(r.alternateBarcodes) &&
        many(r.supplierMapping),
    ) as Row;
    expect(product).toBeDefined();
    await signIn(t.page, t.server.app);
    await tabThroughAndSaveChangesNothing(t.page, 'product', 'product', product.id, 'SKU', [
      'SKU',
      'Name',
      'Category',
      'Department',
      'Brand',
      'Unit of measure',
      'Type',
      'Selling price',
      'Tax code',
      'Barcode, row 1',
      'Unit of measure, row 1',
      'Supplier, row 1',
    ]);
    // The saved list values show by name once their options have loaded.
    await t.page.getByRole('tab', { name: 'Details' }).click();
    expect(await shownOption(t.page, 'Brand')).toBe(product.brandLabel);
    expect(await shownOption(t.page, 'Unit of measure')).toBe(product.uomLabel);
  });

  test('the member form', async () => {
    const rows = await (await admin()).rows('membership', { Skip: 0, Take: 100 });
    const member = rows.find((r) => r.gender != null && r.outlet != null && r.birthDate != null) as Row;
    expect(member).toBeDefined();
    await signIn(t.page, t.server.app);
    await tabThroughAndSaveChangesNothing(t.page, 'membership', 'membership', member.id, 'Member no.', [
      'Member no.',
      'Name',
      'Phone',
      'Birth date',
      'Gender',
      'Membership group',
      'Status',
      'Registered at',
    ]);
  });

  test('the user form, with outlets allowed shown by name', async () => {
    const api = await admin();
    const outlets = await api.rows('outlet', { Skip: 0, Take: 2, sorts: [{ ColumnName: 'id', Direction: 'ASC' }] });
    const [manager] = await api.rows('user', {
      Skip: 0,
      Take: 1,
      filters: [{ ColumnName: 'userName', ColumnValue: 'manager', Operator: 'EQ' }],
    });
    await api.update('user', { id: manager!.id, version: manager!.version, outlets: outlets.map((o) => o.id) });

    await signIn(t.page, t.server.app);
    await openForm(t.page, 'user', manager!.id, 'User name');
    const chips = t.page.getByRole('list', { name: 'Selected' });
    await expect.poll(() => chips.getByRole('listitem').allTextContents()).toEqual(outlets.map((o) => String(o.name)));
    await tabThroughAndSaveChangesNothing(t.page, 'user', 'user', manager!.id, 'User name', [
      'User name',
      'Display name',
      'Email',
      'Role',
      'Outlets allowed',
      'Active',
    ]);
  });
});

describe('changing one field by keyboard changes that field only', () => {
  test('the member’s gender, chosen by typing on the select, is the one change saved and recorded', async () => {
    const api = await admin();
    const rows = await api.rows('membership', { Skip: 0, Take: 100 });
    const member = rows.find((r) => r.genderLabel === 'Female' && r.outlet != null) as Row;
    expect(member).toBeDefined();
    const before = await api.row('membership', member.id);

    await signIn(t.page, t.server.app);
    const first = await openForm(t.page, 'membership', member.id, 'Member no.');
    await first.focus();
    for (
      let i = 0;
      i < 20 &&
      (await t.page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent)) !==
        'Gender';
      i++
    )
      await t.page.keyboard.press('Tab');
    // Typing a letter on a select chooses the first option starting with it.
    await expect.poll(() => shownOption(t.page, 'Gender')).toBe('Female');
    await t.page.keyboard.type('M');
    await expect.poll(() => shownOption(t.page, 'Gender')).toBe('Male');
    await tabToSave(t.page, t.page.getByLabel('Gender', { exact: true }));
    await saveByKeyboard(t.page);

    const after = await api.row('membership', member.id);
    expect(withoutBookkeeping({ ...after, gender: before.gender, genderLabel: before.genderLabel })).toEqual(
      withoutBookkeeping(before),
    );
    expect(after.genderLabel).toBe('Male');
    const [entry, ...older] = await api.history('membership', member.id);
    expect(older).toEqual([]);
    expect(Object.keys((entry!.changes as { after: object }).after)).toEqual(['gender']);

    await t.page.getByRole('tab', { name: 'History' }).click();
    const history = t.page.getByRole('list', { name: 'History' });
    await history.getByRole('row', { name: 'Gender Female Male' }).waitFor();
    expect(await history.getByRole('row').count()).toBe(2); // the header and the one change
  });
});

describe('multi-reference chips', () => {
  test('a promotion’s outlets show by name after a reload', async () => {
    const api = await admin();
    const outlets = await api.rows('outlet', { Skip: 0, Take: 3, sorts: [{ ColumnName: 'id', Direction: 'DESC' }] });
    const promotion = await api.insert('promotion', {
      code: 'E2E-CHIPS',
      name: 'Chips by name',
      kind: 'percentOff',
      value: '10',
      validFrom: '2026-01-01',
      outlets: outlets.map((o) => o.id),
    });

    await signIn(t.page, t.server.app);
    await openForm(t.page, 'promotion', promotion.id, 'Code');
    await t.page.reload();
    const chips = t.page.getByRole('list', { name: 'Selected' });
    await expect
      .poll(() => chips.getByRole('listitem').allTextContents())
      .toEqual(expect.arrayContaining(outlets.map((o) => String(o.name))));
    expect(await chips.getByRole('listitem').count()).toBe(outlets.length);
  });
});

describe('the unsaved-changes guard', () => {
  test('holds the browser’s Back button behind its dialog', async () => {
    await signIn(t.page, t.server.app);
    await t.page.goto(`${t.server.app}/product`);
    // Into the form inside the console, as a user goes: Back then returns to the list in the same page.
    await t.page
      .getByRole('table', { name: 'Products' })
      .getByRole('link', { name: /^Edit / })
      .first()
      .click();
    await expectPath(t.page, /^\/product\/edit\/\d+$/);
    const name = t.page.getByLabel('Name', { exact: true });
    await expect.poll(() => name.inputValue()).not.toBe('');
    const saved = await name.inputValue();
    const editPath = consolePath(t.page);
    await name.focus();
    await t.page.keyboard.press('End');
    await t.page.keyboard.type(' (edited)');

    await t.page.goBack();
    const dialog = t.page.getByRole('dialog', { name: 'Leave without saving your changes?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expectPath(t.page, editPath);
    expect(await name.inputValue()).toBe(`${saved} (edited)`);

    await t.page.goBack();
    await dialog.getByRole('button', { name: 'Leave' }).click();
    await expectPath(t.page, '/product');
  });
});
