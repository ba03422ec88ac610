import { describe, expect, test } from 'vitest';
import { DEMO, signIn } from './support/console';
import { consoleHarness } from './support/harness';

const t = consoleHarness();

describe('Home', () => {
  test('shows the business in one request, with the charts loaded on Home only', async () => {
    const scripts: string[] = [];
    t.page.on('response', (r) => {
      if (r.url().endsWith('.js')) scripts.push(r.url());
    });
    const summaries: number[] = [];
    t.page.on('response', (r) => {
      if (r.url().includes('/home/Summary')) summaries.push(r.status());
    });
    await t.page.goto(`${t.server.app}/login`);
    await expect.poll(() => scripts.length).toBeGreaterThan(0);
    expect(scripts.some((s) => s.includes('SalesCharts'))).toBe(false);

    await signIn(t.page, t.server.app);
    await t.page.getByText('Sales today').waitFor();
    await t.page.getByRole('img', { name: /Bar chart of today's sales by outlet/ }).waitFor();
    expect(scripts.some((s) => s.includes('SalesCharts'))).toBe(true);
    await t.page.getByText('Show the figures as a table').first().click();
    await t.page.getByRole('table', { name: "Today's sales by outlet" }).waitFor();
    expect(summaries).toEqual([200]);
  });

  test('a viewer without sales rights sees no sales', async () => {
    const answered = t.page.waitForResponse((r) => r.url().includes('/home/Summary'));
    await signIn(t.page, t.server.app, DEMO.cashier);
    expect((await (await answered).json()).data).toEqual({ at: expect.any(String) });
    await t.page.getByText(/Welcome/).waitFor();
    expect(await t.page.getByText('Sales today').count()).toBe(0);
  });
});
