import { FIELD_GROUP_NAMES, FIELD_GROUPS, fieldGroupPrivilege, menuGroups } from '@backroom/schema';
import type { Kysely } from 'kysely';
import type { Database } from '../types';

export const ADMIN_ROLE_CODE = 'ADMIN';

/** The privilege rows of the field groups (`fields/{group}`) form the last group of the privilege grid; no menu shows them. */
export const FIELD_GROUPS_KEY = 'fields';

/** Every privilege the registry declares: its screens by menu group, then its field groups. */
function declaredPrivileges() {
  const screens = menuGroups.flatMap((group, groupIndex) =>
    group.screens.map((screen, index) => ({
      screen,
      index,
      group: { key: group.key, label: group.label, icon: group.icon, sort: (groupIndex + 1) * 10 },
    })),
  );
  const fieldGroups = FIELD_GROUP_NAMES.map((name, index) => ({
    screen: {
      name: fieldGroupPrivilege(name),
      route: fieldGroupPrivilege(name),
      kind: 'fields',
      label: FIELD_GROUPS[name].label,
      icon: FIELD_GROUPS[name].icon,
      inMenu: false,
    },
    index,
    group: { key: FIELD_GROUPS_KEY, label: 'Fields', icon: 'eye-slash', sort: (menuGroups.length + 1) * 10 },
  }));
  return [...screens, ...fieldGroups];
}

/**
 * One privilege row per registry screen and field group. Runs at every start so screens added to the registry get
 * their row (and the Administrator role its full rights on them); rows that exist are left as an
 * administrator may have edited them.
 */
export async function syncPrivileges(db: Kysely<Database>, now: string): Promise<void> {
  const existing = new Set((await db.selectFrom('privilege').select('name').execute()).map((r) => r.name));
  const rows = declaredPrivileges()
    .filter(({ screen }) => !existing.has(screen.name))
    .map(({ screen, index, group }) => ({
      name: screen.name,
      route: screen.route,
      kind: screen.kind,
      group_key: group.key,
      group_text: group.label,
      group_icon: group.icon,
      group_sort: group.sort,
      menu_text: screen.label,
      icon: screen.icon,
      sort_order: (index + 1) * 10,
      export_procedure: ('exportProcedure' in screen ? screen.exportProcedure : undefined) ?? null,
      label_text: null,
      label_color: null,
      feature: ('feature' in screen ? screen.feature : undefined) ?? null,
      in_menu: screen.inMenu !== false,
      created_at: now,
      created_by: 'system',
      updated_at: now,
      updated_by: 'system',
    }));
  if (rows.length === 0) return;
  // Another server process starting at the same moment may insert the same rows: skip those.
  const inserted = await db
    .insertInto('privilege')
    .values(rows)
    .onConflict((oc) => oc.column('name').doNothing())
    .returning('id')
    .execute();
  if (inserted.length === 0) return;
  const admin = await db.selectFrom('role').select('id').where('code', '=', ADMIN_ROLE_CODE).executeTakeFirst();
  if (admin) {
    await db
      .insertInto('role_privilege')
      .values(
        inserted.map(({ id }) => ({
          role_id: admin.id,
          privilege_id: id,
          able_to_view: true,
          able_to_edit: true,
          able_to_delete: true,
          able_to_set_table: true,
        })),
      )
      .onConflict((oc) => oc.columns(['role_id', 'privilege_id']).doNothing())
      .execute();
  }
}
