import { describe, expect, test } from 'vitest';
import { apiAs } from './support/api';
import { DEMO } from './support/console';
import { signedInHarness } from './support/harness';

const t = signedInHarness();

type Row = Record<string, unknown> & { id: number; version: number };

describe('a console that speaks plainly and writes only changes', () => {
  test('a save that changes nothing writes nothing, so a colleague’s open form saves without a 409', async () => {
    const api = await apiAs(t.server, DEMO.admin);
    const before = (await api.row('outlet', 1)) as Row;
    const history = await api.history('outlet', 1);
    // The colleague opens the outlet first, in a second tab.
    const colleague = await t.context.newPage();
    await colleague.goto(`${t.server.app}/outlet/edit/1`);
    const theirName = colleague.getByLabel('Name', { exact: true });
    await theirName.waitFor();

    await t.page.goto(`${t.server.app}/outlet/edit/1`);
    await t.page.getByLabel('Name', { exact: true }).waitFor();
    await t.page.getByRole('button', { name: 'Save', exact: true }).click();
    await t.page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    expect(((await api.row('outlet', 1)) as Row).version).toBe(before.version);
    expect(await api.history('outlet', 1)).toEqual(history);

    await theirName.fill(`${String(before.name)} (renamed)`);
    await colleague.getByRole('button', { name: 'Save', exact: true }).click();
    await colleague.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    expect(((await api.row('outlet', 1)) as Row).version).toBe(before.version + 1);
    await colleague.close();
  });

  test('Home’s recent changes name the record and its row, not the table', async () => {
    await t.page.goto(`${t.server.app}/home`);
    const changes = t.page.getByRole('region', { name: 'Recent changes' });
    await expect.poll(() => changes.textContent()).toMatch(/admin changed outlet \S/);
    expect(await changes.textContent()).not.toMatch(/\b(outlet|product) \d+\b/);
  });
});
