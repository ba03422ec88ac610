import type { WhatIfResult, WhatIfStatus } from '@backroom/schema';
import type { Locator } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { apiAs } from './support/api';
import { DEMO, signIn } from './support/console';
import { consoleHarness } from './support/harness';

const t = consoleHarness({ demoCatalogue: true });

/** The replay as the API answers it, for the same request the form makes. */
async function replayed(body: Record<string, unknown>): Promise<WhatIfResult> {
  const api = await apiAs(t.server, DEMO.admin);
  const { jobId } = await api.post<{ jobId: number }>('/pricing/WhatIf', body);
  for (let i = 0; i < 300; i++) {
    const status = await api.get<WhatIfStatus>(`/pricing/WhatIf/${jobId}`);
    if (status.status === 'done') return status.result!;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the replay did not finish');
}

/** The totals row's cells by column. */
async function totals(dialog: Locator) {
  const row = dialog.getByTestId('whatif-total');
  await row.waitFor();
  const cell = async (column: string) => (await row.locator(`[data-column="${column}"]`).textContent())?.trim();
  return {
    baskets: await cell('baskets'),
    affected: await cell('basketsAffected'),
    discount: await cell('discountGiven'),
    marginGivenUp: await cell('marginGivenUp'),
  };
}

describe('try a promotion on past sales', () => {
  test('replays the demo chain’s last 30 days with the happy hour, saved and as edited in the form, and shows the totals', async () => {
    const { page } = t;
    const api = await apiAs(t.server, DEMO.admin);
    const [happy] = await api.rows('promotion', {
      Skip: 0,
      Take: 1,
      filters: [{ ColumnName: 'code', ColumnValue: 'HAPPY-HOUR', Operator: 'EQ' }],
    });
    await signIn(page, t.server.app);
    await page.goto(`${t.server.app}/promotion/edit/${happy!.id}`);
    await page.getByLabel('Code', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Try on past sales' }).click();
    const dialog = page.getByRole('dialog', { name: 'Try on past sales' });
    await dialog.getByLabel('Days back').fill('30');
    await dialog.getByRole('button', { name: 'Replay' }).click();
    const saved = await totals(dialog);
    const expected = await replayed({ entity: 'promotion', id: happy!.id, days: 30 });
    expect(Number(saved.baskets)).toBeGreaterThan(200);
    expect(saved).toEqual({
      baskets: String(expected.total.baskets),
      affected: String(expected.total.basketsAffected),
      discount: expected.total.discountGiven,
      marginGivenUp: expected.total.marginGivenUp,
    });
    expect(Number(saved.affected)).toBeGreaterThan(0);
    expect(Number(saved.discount)).toBeGreaterThan(0);
    await dialog.getByRole('table', { name: 'Top products' }).getByRole('row').nth(1).waitFor();
    await dialog.getByRole('button', { name: 'OK' }).click();

    // Unsaved: twice the percent gives twice the discount on the same baskets.
    await page.getByLabel('Value', { exact: true }).fill('40');
    await page.getByRole('button', { name: 'Try on past sales' }).click();
    await dialog.getByRole('button', { name: 'Replay' }).click();
    const drafted = await totals(dialog);
    expect(drafted.affected).toBe(saved.affected);
    expect(Number(drafted.discount)).toBeGreaterThan(Number(saved.discount) * 1.9);
    // Nothing was saved.
    expect((await api.row('promotion', happy!.id)).value).toBe(happy!.value);
  });
});
