import { describe, expect, test } from 'vitest';
import { apiAs } from './support/api';
import { DEMO, signIn } from './support/console';
import { consoleHarness } from './support/harness';

const t = consoleHarness({ demoCatalogue: true });

describe('reorder suggestions in the console', () => {
  test('a low product’s suggestion is selected and becomes a draft purchase order in the PO list', async () => {
    const { page } = t;
    const api = await apiAs(t.server, DEMO.admin);
    const [dry1] = await api.rows('product', {
      Skip: 0,
      Take: 1,
      filters: [{ ColumnName: 'code', ColumnValue: 'DRY-001', Operator: 'EQ' }],
    });
    const locations = await api.rows('inventorylocation', { Skip: 0, Take: 100 });
    const store = locations.find((l) => /Bangsar store room/.test(String(l.name)))!;
    expect(store).toBeDefined();
    // A minimum far above what is on hand: DRY-001 must be reordered here.
    const [trigger] = await api.rows('ItemQuantityTrigger', {
      Skip: 0,
      Take: 1,
      filters: [
        { ColumnName: 'product', ColumnValue: dry1!.id, Operator: 'EQ' },
        { ColumnName: 'location', ColumnValue: store.id, Operator: 'EQ' },
      ],
    });
    if (trigger) await api.update('ItemQuantityTrigger', { ...trigger, minQty: '5000', reorderQty: null });
    else await api.insert('ItemQuantityTrigger', { product: dry1!.id, location: store.id, minQty: '5000' });

    await signIn(page, t.server.app, DEMO.admin);
    await page.goto(`${t.server.app}/reorder`);
    const select = page.getByRole('checkbox', { name: /^Select DRY-001 .* at .*Bangsar store room/ });
    await select.waitFor();
    const line = page.getByRole('row').filter({ has: select });
    // Each figure explained beside the product.
    await expect.poll(() => line.textContent()).toMatch(/target 5000\.000; on hand \+ in transit \+ on order = /);
    await select.check();
    await page.getByRole('button', { name: /^Create .*draft purchase order/ }).click();
    const created = page.getByText(/^Draft purchase orders created: PO-\d{4}-\d{6}$/);
    await created.waitFor();
    const docNo = (await created.textContent())!.replace('Draft purchase orders created: ', '');

    await page.goto(`${t.server.app}/purchaseorder`);
    await page.getByRole('cell', { name: docNo, exact: true }).waitFor();
    const [order] = await api.rows('purchaseorder', {
      Skip: 0,
      Take: 1,
      filters: [{ ColumnName: 'docNo', ColumnValue: docNo, Operator: 'EQ' }],
    });
    expect(order).toMatchObject({ status: 'draft', location: store.id });
    expect((order!.lines as { product: number }[]).map((l) => l.product)).toEqual([dry1!.id]);
  });
});
