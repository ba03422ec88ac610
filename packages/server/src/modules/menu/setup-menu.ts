import { listValueRoute, type MenuGroupDto, type MenuItemDto } from '@backroom/schema';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';

/** Groups and list-value items have no privilege row: their appMenuIDs live in ranges of their own. */
export const GROUP_MENU_ID_BASE = 100_000;
export const LIST_VALUE_MENU_ID_BASE = 200_000;
/** No role has this id (ids start at 1). */
const NO_ROLE = 0;

/**
 * The setup menu for a role: every privilege row in menu order with the role's flags (false without
 * a role_privilege row), minus switched-off modules and screens not shown in the menu; each list-value
 * category becomes an item after `listvaluecategory` carrying the `listvalue` flags. A switched-off
 * role (null) holds nothing: every flag is false.
 */
export async function buildSetupMenu(db: Kysely<Database>, roleId: number | null): Promise<MenuGroupDto[]> {
  const [rows, switchedOff, categories] = await Promise.all([
    db
      .selectFrom('privilege as p')
      .leftJoin('role_privilege as rp', (join) =>
        join.onRef('rp.privilege_id', '=', 'p.id').on('rp.role_id', '=', roleId ?? NO_ROLE),
      )
      .select([
        'p.id',
        'p.name',
        'p.route',
        'p.group_key',
        'p.group_text',
        'p.group_icon',
        'p.group_sort',
        'p.menu_text',
        'p.export_procedure',
        'p.label_text',
        'p.label_color',
        'p.feature',
        'p.in_menu',
        'rp.able_to_view',
        'rp.able_to_edit',
        'rp.able_to_delete',
        'rp.able_to_set_table',
      ])
      .orderBy('p.group_sort')
      .orderBy('p.sort_order')
      .orderBy('p.id')
      .execute(),
    db.selectFrom('feature_switch').select('key').where('enabled', '=', false).execute(),
    db
      .selectFrom('list_value_category')
      .select(['id', 'code', 'name'])
      .where('is_active', '=', true)
      .orderBy('name')
      .execute(),
  ]);
  const disabled = new Set(switchedOff.map((f) => f.key));
  const flagsOf = (row: (typeof rows)[number]) => ({
    ableToView: row.able_to_view ?? false,
    ableToEdit: row.able_to_edit ?? false,
    ableToDelete: row.able_to_delete ?? false,
    ableToSetTable: row.able_to_set_table ?? false,
  });
  const listValue = rows.find((r) => r.name === 'listvalue');
  const listValueFlags = listValue
    ? flagsOf(listValue)
    : { ableToView: false, ableToEdit: false, ableToDelete: false, ableToSetTable: false };

  const groups = new Map<string, MenuGroupDto>();
  for (const row of rows) {
    if (!row.in_menu || (row.feature !== null && disabled.has(row.feature))) continue;
    let group = groups.get(row.group_key);
    if (!group) {
      group = {
        appMenuID: GROUP_MENU_ID_BASE + row.group_sort,
        menuText: row.group_text,
        icon: row.group_icon,
        ableToView: false,
        items: [],
      };
      groups.set(row.group_key, group);
    }
    const item: MenuItemDto = {
      appMenuID: row.id,
      menuText: row.menu_text,
      route: row.route,
      ...flagsOf(row),
      exportProcedure: row.export_procedure,
      label: row.label_text ? { value: row.label_text, color: row.label_color ?? 'info' } : null,
    };
    group.items.push(item);
    if (row.name === 'listvaluecategory') {
      for (const category of categories) {
        group.items.push({
          appMenuID: LIST_VALUE_MENU_ID_BASE + category.id,
          menuText: category.name,
          route: listValueRoute(category.code),
          ...listValueFlags,
          exportProcedure: null,
          label: null,
        });
      }
    }
  }
  const result = [...groups.values()];
  for (const group of result) group.ableToView = group.items.some((item) => item.ableToView);
  return result;
}
