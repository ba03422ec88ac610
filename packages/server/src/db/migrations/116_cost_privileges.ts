import type { Kysely, Migration } from 'kysely';

/** The privilege of the `costs` field group, as the seed (seed/privileges.ts) writes it on a new database. */
const COSTS = {
  name: 'fields/costs',
  route: 'fields/costs',
  kind: 'fields',
  group_key: 'fields',
  group_text: 'Fields',
  group_icon: 'eye-slash',
  group_sort: 90,
  menu_text: 'Costs and margins',
  icon: 'cash-coin',
  sort_order: 10,
  in_menu: false,
};

/** The screens whose rows held a field of the group when it was declared: product (cost price, supplier costs) and stock movements (unit cost). */
const SCREENS_WITH_COSTS = ['product', 'stockmovement'];

/** The demo's Cashier role, which views the catalogue and must not see what it costs. */
const DEMO_CASHIER = 'CASHIER';

/**
 * Costs became a privilege of their own. On an existing database every role keeps what it could
 * do with them — view when it views a screen holding costs, edit when it edits one — except the
 * demo Cashier role, which loses them. A new database has no privilege yet: the seed writes the
 * row, and the demo roles their grants.
 */
export const costPrivileges: Migration = {
  async up(unknownDb: Kysely<unknown>) {
    const db = unknownDb as Kysely<any>;
    const screens = await db.selectFrom('privilege').select('id').where('name', 'in', SCREENS_WITH_COSTS).execute();
    if (screens.length === 0) return;
    const now = new Date().toISOString();
    const existing = await db.selectFrom('privilege').select('id').where('name', '=', COSTS.name).executeTakeFirst();
    const id = existing
      ? Number(existing.id)
      : Number(
          (
            await db
              .insertInto('privilege')
              .values({ ...COSTS, created_at: now, created_by: 'system', updated_at: now, updated_by: 'system' })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
        );
    const grants = await db
      .selectFrom('role_privilege as rp')
      .innerJoin('role as r', 'r.id', 'rp.role_id')
      .select(['rp.role_id', 'rp.able_to_view', 'rp.able_to_edit'])
      .where(
        'rp.privilege_id',
        'in',
        screens.map((s) => s.id),
      )
      .where('r.code', '<>', DEMO_CASHIER)
      .execute();
    const byRole = new Map<number, { view: boolean; edit: boolean }>();
    for (const g of grants) {
      const held = byRole.get(Number(g.role_id)) ?? { view: false, edit: false };
      byRole.set(Number(g.role_id), {
        view: held.view || Boolean(g.able_to_view),
        edit: held.edit || Boolean(g.able_to_edit),
      });
    }
    const rows = [...byRole]
      .filter(([, f]) => f.view || f.edit)
      .map(([roleId, f]) => ({
        role_id: roleId,
        privilege_id: id,
        able_to_view: f.view,
        able_to_edit: f.edit,
        able_to_delete: false,
        able_to_set_table: false,
      }));
    if (rows.length > 0)
      await db
        .insertInto('role_privilege')
        .values(rows)
        .onConflict((oc) => oc.columns(['role_id', 'privilege_id']).doNothing())
        .execute();
  },
};
