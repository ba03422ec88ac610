import { describe, expect, it } from 'vitest';
import { costPrivileges } from '../../src/db/migrations/116_cost_privileges';
import { useTestServer } from '../support/harness';

const t = useTestServer();

/** What each demo role holds on `fields/costs`, by role code. */
async function grants() {
  const rows = await t.server.app.ctx.db
    .selectFrom('role_privilege as rp')
    .innerJoin('privilege as p', 'p.id', 'rp.privilege_id')
    .innerJoin('role as r', 'r.id', 'rp.role_id')
    .select(['r.code', 'rp.able_to_view', 'rp.able_to_edit'])
    .where('p.name', '=', 'fields/costs')
    .execute();
  return Object.fromEntries(
    rows.map((r) => [r.code, { view: Boolean(r.able_to_view), edit: Boolean(r.able_to_edit) }]),
  );
}

describe('the costs privilege', () => {
  it('is seeded to the Administrator and the Store Manager, not the Cashier', async () => {
    expect(await grants()).toMatchObject({
      ADMIN: { view: true, edit: true },
      STORE_MANAGER: { view: true, edit: true },
    });
    expect((await grants()).CASHIER ?? { view: false, edit: false }).toEqual({ view: false, edit: false });
  });

  it('is granted by migration 116 on a database from before it: roles keep what they did with costs, but the demo Cashier', async () => {
    const db = t.server.app.ctx.db;
    await db.deleteFrom('privilege').where('name', '=', 'fields/costs').execute();
    expect(await grants()).toEqual({});
    await costPrivileges.up(db as never);
    const after = await grants();
    expect(after).toMatchObject({ ADMIN: { view: true, edit: true }, STORE_MANAGER: { view: true, edit: true } });
    expect(after.CASHIER).toBeUndefined();
    const row = await db
      .selectFrom('privilege')
      .select(['group_key', 'in_menu'])
      .where('name', '=', 'fields/costs')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ group_key: 'fields' });
    expect(Boolean(row.in_menu)).toBe(false);
  });
});
