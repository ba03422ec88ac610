import type { RolePrivilegeGrid, RoleOption } from '@backroom/schema';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { apiAs } from './support/api';
import { DEMO, signIn } from './support/console';
import { consoleHarness } from './support/harness';

/**
 * A role without the costs privilege (`fields/costs`) sees no cost column, input or box in the
 * console — not an empty one — while the Store Manager sees them all (issue 25).
 */
const t = consoleHarness({ demoCatalogue: true });
const CLERK = { userName: 'clerk', password: 'Receiving#Clerk-2026' };
let sentOrder = 0;
let receivedOrder = 0;
let product = 0;

/** The Store Manager's privileges but costs, for a new user `clerk`: purchasing without costs. */
async function clerkWithoutCosts() {
  const admin = await apiAs(t.server, DEMO.admin);
  const roles = await admin.get<RoleOption[]>('/RolePrivileges/Roles');
  const manager = roles.find((r) => r.code === 'STORE_MANAGER')!;
  const role = await admin.insert('role', { code: 'RECEIVING', name: 'Receiving clerk' });
  const grid = await admin.get<RolePrivilegeGrid>(`/RolePrivileges/Grid?roleId=${manager.id}`);
  const rows = grid.groups
    .flatMap((g) => g.rows)
    .map(({ privilegeId, name, ableToView, ableToEdit, ableToDelete, ableToSetTable }) =>
      name === 'fields/costs'
        ? { privilegeId, ableToView: false, ableToEdit: false, ableToDelete: false, ableToSetTable: false }
        : { privilegeId, ableToView, ableToEdit, ableToDelete, ableToSetTable },
    );
  await admin.post('/RolePrivileges/Save', { roleId: role.id, rows });
  const user = await admin.insert('user', {
    userName: CLERK.userName,
    displayName: 'Rina Receiving',
    role: role.id,
    mustChangePassword: false,
  });
  await admin.post('/ResetPassword/Reset', { userId: user.id, newPassword: CLERK.password, mustChangePassword: false });
}

beforeAll(async () => {
  await clerkWithoutCosts();
  const admin = await apiAs(t.server, DEMO.admin);
  const order = async (status: string) =>
    (
      await admin.rows('purchaseorder', {
        Skip: 0,
        Take: 1,
        filters: [{ ColumnName: 'status', ColumnValue: status, Operator: 'EQ' }],
      })
    )[0]!.id;
  [sentOrder, receivedOrder] = await Promise.all([order('sent'), order('received')]);
  product = (
    await admin.rows('product', {
      Skip: 0,
      Take: 1,
      filters: [{ ColumnName: 'code', ColumnValue: 'DRY-001', Operator: 'EQ' }],
    })
  )[0]!.id;
});

const headers = async (page: Page, table: string | RegExp) =>
  (await page.getByRole('table', { name: table }).first().getByRole('columnheader').allTextContents()).map((h) =>
    h.trim(),
  );
const costHeaders = (names: string[]) => names.filter((h) => /cost|total/i.test(h));

async function openProduct(page: Page) {
  await page.goto(`${t.server.app}/product/edit/${product}`);
  await page.getByLabel('Selling price').waitFor();
}

async function openOrder(page: Page, id: number) {
  await page.goto(`${t.server.app}/purchaseorder/edit/${id}`);
  await page.getByRole('heading', { name: /^Purchase order PO-/ }).waitFor();
}

/** The column headings of the received order's first goods receipt, on its Receipts tab. */
async function receiptHeaders(page: Page) {
  await openOrder(page, receivedOrder);
  await page.getByRole('tab', { name: 'Receipts' }).click();
  const receipt = page.getByRole('tabpanel', { name: 'Receipts' }).getByRole('table').first();
  await receipt.waitFor();
  return (await receipt.getByRole('columnheader').allTextContents()).map((h) => h.trim());
}

describe('costs in the console', () => {
  test('the Cashier’s product list and product show no cost price, nor supplier cost', async () => {
    const { page } = t;
    await signIn(page, t.server.app, DEMO.cashier);
    await page.goto(`${t.server.app}/product`);
    await page.getByRole('table', { name: 'product' }).getByRole('row').nth(1).waitFor();
    expect(costHeaders(await headers(page, 'product'))).toEqual([]);
    await openProduct(page);
    expect(await page.getByLabel('Cost price').count()).toBe(0);
    expect(costHeaders(await headers(page, /Supplier/))).toEqual([]);
  });

  test('a role with purchasing but not costs opens orders and receives without a cost column, total or freight box', async () => {
    const { page } = t;
    await signIn(page, t.server.app, CLERK);
    await openOrder(page, sentOrder);
    expect(costHeaders(await headers(page, /Lines/))).toEqual([]);
    expect(await page.getByTestId('summary-total').count()).toBe(0);
    await page.getByRole('toolbar', { name: 'Order actions' }).getByRole('button', { name: 'Receive…' }).click();
    const dialog = page.getByRole('dialog', { name: /^Receive PO-/ });
    await dialog.getByLabel('Delivery note / invoice').waitFor();
    expect(await dialog.getByLabel('Freight', { exact: true }).count()).toBe(0);
    expect(await dialog.getByLabel('Duty', { exact: true }).count()).toBe(0);
    expect(await dialog.getByLabel('Spread freight and duty by').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    expect(await receiptHeaders(page)).toEqual(['Product', 'Quantity']);
  });

  test('the Store Manager sees them all', async () => {
    const { page } = t;
    await signIn(page, t.server.app, DEMO.manager);
    await openProduct(page);
    await page.getByLabel('Cost price').waitFor();
    expect(costHeaders(await headers(page, /Supplier/))).not.toEqual([]);
    await openOrder(page, sentOrder);
    expect(costHeaders(await headers(page, /Lines/))).toEqual(expect.arrayContaining(['Unit cost']));
    await page.getByTestId('summary-total').waitFor();
    await page.getByRole('toolbar', { name: 'Order actions' }).getByRole('button', { name: 'Receive…' }).click();
    const dialog = page.getByRole('dialog', { name: /^Receive PO-/ });
    await dialog.getByLabel('Freight', { exact: true }).waitFor();
    await dialog.getByLabel('Duty', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await receiptHeaders(page)).toEqual(['Product', 'Quantity', 'Unit cost', 'Landed cost', 'Total']);
  });
});
