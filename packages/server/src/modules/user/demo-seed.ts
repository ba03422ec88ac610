import type { ModuleSeed } from '../../db/seed/index';
import { ADMIN_ROLE_CODE, FIELD_GROUPS_KEY } from '../../db/seed/privileges';
import { hashPassword } from '../../crypto/passwords';

type Flags = { able_to_view: boolean; able_to_edit: boolean; able_to_delete: boolean; able_to_set_table: boolean };
const NONE: Flags = { able_to_view: false, able_to_edit: false, able_to_delete: false, able_to_set_table: false };

const VIEW: Flags = { ...NONE, able_to_view: true };
/** What a store manager runs a shop with beyond the catalogue, pricing and inventory groups: its outlets' sales (and Home's sales sections), Simulate sales. */
const MANAGER_SCREENS: Record<string, Flags> = {
  sale: VIEW,
  onlinesalesorder: VIEW,
  saledifference: VIEW,
  commissionreport: VIEW,
  simulatesales: { ...VIEW, able_to_edit: true },
};

const ROLES: { code: string; name: string; description: string; flags: (groupKey: string, screen: string) => Flags }[] =
  [
    {
      code: ADMIN_ROLE_CODE,
      name: 'Administrator',
      description: 'Every privilege',
      flags: () => ({ able_to_view: true, able_to_edit: true, able_to_delete: true, able_to_set_table: true }),
    },
    {
      code: 'STORE_MANAGER',
      name: 'Store Manager',
      description:
        "Catalogue, pricing and inventory (costs and stock counts included), its outlets' sales, Simulate sales; without delete",
      flags: (group, screen) =>
        ['catalogue', 'pricing', 'inventory', FIELD_GROUPS_KEY].includes(group)
          ? { able_to_view: true, able_to_edit: true, able_to_delete: false, able_to_set_table: true }
          : (MANAGER_SCREENS[screen] ?? NONE),
    },
    {
      code: 'CASHIER',
      name: 'Cashier',
      description: 'Views the catalogue, without costs',
      flags: (group) => (group === 'catalogue' ? { ...NONE, able_to_view: true } : NONE),
    },
  ];

export const DEMO_USERS = [
  { userName: 'admin', password: 'Admin@123', displayName: 'Alex Admin', role: ADMIN_ROLE_CODE },
  { userName: 'manager', password: 'Manager@123', displayName: 'Morgan Manager', role: 'STORE_MANAGER' },
  { userName: 'cashier', password: 'Cashier@123', displayName: 'Casey Cashier', role: 'CASHIER' },
] as const;

/** The demo roles (administrator, store manager, cashier) with their privileges, and a user of each. */
export const userDemoSeed: ModuleSeed = {
  demo: async ({ trx, now }) => {
    const audit = { created_at: now, created_by: 'system', updated_at: now, updated_by: 'system' };
    const hashes = await Promise.all(DEMO_USERS.map((u) => hashPassword(u.password)));
    const privileges = await trx.selectFrom('privilege').select(['id', 'group_key', 'name']).execute();
    const roleIds = new Map<string, number>();
    for (const role of ROLES) {
      const { id } = await trx
        .insertInto('role')
        .values({ code: role.code, name: role.name, description: role.description, ...audit })
        .returning('id')
        .executeTakeFirstOrThrow();
      roleIds.set(role.code, id);
      await trx
        .insertInto('role_privilege')
        .values(privileges.map((p) => ({ role_id: id, privilege_id: p.id, ...role.flags(p.group_key, p.name) })))
        .execute();
    }

    await trx
      .insertInto('app_user')
      .values(
        DEMO_USERS.map((u, i) => ({
          user_name: u.userName,
          display_name: u.displayName,
          email: `${u.userName}@backroom.example`,
          role_id: roleIds.get(u.role)!,
          password_hash: hashes[i]!,
          is_active: true,
          must_change_password: false,
          otp_enabled: false,
          ...audit,
        })),
      )
      .execute();
  },
};
