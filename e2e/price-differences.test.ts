import { describe, expect, test } from 'vitest';
import { apiAs } from './support/api';
import { DEMO } from './support/console';
import { signedInHarness } from './support/harness';
import { BASE_PATH } from './support/server';

const t = signedInHarness(DEMO.admin);

/** A terminal API call, as a till makes it. */
async function asTill(path: string, authorization: string | null, body: unknown) {
  const answer = await fetch(`${t.server.origin}${BASE_PATH}/core/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    body: JSON.stringify(body),
  });
  const envelope = (await answer.json()) as { data: Record<string, unknown>; message: string };
  expect(answer.status, `${path}: ${envelope.message}`).toBe(200);
  return envelope.data;
}

describe('Price differences in the browser', () => {
  test('lists what the tills charged against what was expected, by outlet, terminal, cashier and day, with totals, and filters by outlet', async () => {
    const api = await apiAs(t.server, DEMO.admin);
    const [terminal] = await api.rows('pointofsale', {
      Skip: 0,
      Take: 1,
      filters: [{ ColumnName: 'code', ColumnValue: '-POS2', Operator: 'LIKE' }],
    });
    const [product] = await api.rows('product', {
      Skip: 0,
      Take: 1,
      filters: [{ ColumnName: 'code', ColumnValue: 'PST-002', Operator: 'EQ' }],
    });
    const { code } = await api.execute<{ code: string }>('pointofsale', {
      action: 'pair',
      ids: [Number(terminal!.id)],
    });
    const paired = await asTill('/pointofsale/Pair', null, { code, deviceId: 'e2e-differences' });
    const price = Number(product!.sellingPrice);
    // The till sold two at 1.00 under the price: a difference of -2.00 at its terminal.
    const receiptNo = `E2E-DIFF-${Date.now()}`;
    await asTill('/pointofsale/Sales', `Terminal ${String(paired.terminalToken)}`, {
      receiptNo,
      at: new Date().toISOString(),
      cashier: 'admin',
      lines: [{ product: 'PST-002', quantity: 2, unitPrice: (price - 1).toFixed(2) }],
    });

    const { page } = t;
    await page.goto(`${t.server.app}/saledifference`);
    const totals = page.getByRole('table', { name: 'Totals by outlet, terminal, cashier and day' });
    await totals.waitFor();
    const ours = totals
      .getByRole('row')
      .filter({ hasText: String(terminal!.code) })
      .filter({ hasText: 'admin' });
    await expect.poll(() => ours.count()).toBe(1);
    const outletName = String((await api.row('outlet', Number(terminal!.outlet))).name);
    const cells = await ours.getByRole('cell').allTextContents();
    expect(cells[0]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(cells.slice(1).map((c) => c.replace(/,/g, ''))).toEqual([
      outletName,
      String(terminal!.code),
      'admin',
      '1',
      (price * 2).toFixed(2),
      ((price - 1) * 2).toFixed(2),
      '-2.00',
    ]);
    // The total row adds up the rows shown.
    const differences = (await totals.locator('tbody tr td:nth-child(8)').allTextContents()).map((v) =>
      Math.round(Number(v.replace(/,/g, '')) * 100),
    );
    const footer = await totals.locator('tfoot td').last().textContent();
    expect(Math.round(Number(footer!.replace(/,/g, '')) * 100)).toBe(differences.reduce((a, b) => a + b, 0));

    // Each difference is a row of the registry's list, with its reason.
    await page.getByRole('row').filter({ hasText: receiptNo }).filter({ hasText: 'Price' }).first().waitFor();

    // Another outlet: the terminal's row is not among its totals.
    const outlet = page.getByLabel('Outlet', { exact: true });
    const other = (await outlet.locator('option').allTextContents()).find(
      (label) => label !== 'All outlets' && !label.includes(outletName),
    )!;
    await outlet.selectOption({ label: other });
    await expect.poll(() => ours.count()).toBe(0);
  });
});
