import type { Kysely, Transaction } from 'kysely';
import { markInstalled } from '../../modules/administration/installation';
import { hashPassword } from '../../crypto/passwords';
import type { Database } from '../types';
import { seedCatalogue } from './catalogue/index';
import { ADMIN_ROLE_CODE, FIELD_GROUPS_KEY } from './privileges';
import { seedTopMenu } from './settings';

type Flags = { able_to_view: boolean; able_to_edit: boolean; able_to_delete: boolean; able_to_set_table: boolean };
const NONE: Flags = { able_to_view: false, able_to_edit: false, able_to_delete: false, able_to_set_table: false };

const ROLES: { code: string; name: string; description: string; flags: (groupKey: string) => Flags }[] = [
  {
    code: ADMIN_ROLE_CODE,
    name: 'Administrator',
    description: 'Every privilege',
    flags: () => ({ able_to_view: true, able_to_edit: true, able_to_delete: true, able_to_set_table: true }),
  },
  {
    code: 'STORE_MANAGER',
    name: 'Store Manager',
    description: 'Catalogue, pricing and inventory (costs included), without delete',
    flags: (group) =>
      ['catalogue', 'pricing', 'inventory', FIELD_GROUPS_KEY].includes(group)
        ? { able_to_view: true, able_to_edit: true, able_to_delete: false, able_to_set_table: true }
        : NONE,
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

const LIST_VALUES: Record<string, { name: string; values: [string, string][] }> = {
  BRAND: { name: 'Brand', values: [['ACME', 'Acme'], ['NORTHWIND', 'Northwind'], ['CONTOSO', 'Contoso']] },
  UOM: { name: 'Unit of measure', values: [['PCS', 'Piece'], ['BOX', 'Box'], ['KG', 'Kilogram'], ['L', 'Litre']] },
  GENDER: { name: 'Gender', values: [['F', 'Female'], ['M', 'Male'], ['X', 'Unspecified']] },
  COLOUR: { name: 'Colour', values: [['BLACK', 'Black'], ['WHITE', 'White'], ['RED', 'Red'], ['BLUE', 'Blue']] },
  SIZE: { name: 'Size', values: [['S', 'Small'], ['M', 'Medium'], ['L', 'Large'], ['XL', 'Extra large']] },
  CANCEL_REASON: {
    name: 'Cancel reason',
    values: [['OUT_OF_STOCK', 'Out of stock'], ['CUSTOMER', 'Customer request'], ['DUPLICATE', 'Duplicate order']],
  },
};

/** The demo data, written once on a fresh database. Privileges must exist already. */
export async function seedDemo(db: Kysely<Database>, now: string, options: { catalogue: boolean }): Promise<void> {
  const audit = { created_at: now, created_by: 'system', updated_at: now, updated_by: 'system' };
  const hashes = await Promise.all(DEMO_USERS.map((u) => hashPassword(u.password)));
  await db.transaction().execute(async (trx: Transaction<Database>) => {
    // The demo data is a set-up: the installer stays closed.
    await markInstalled(trx, now, 'demo');
    await trx.insertInto('company').values({ name: 'Backroom Demo Retail', timezone: 'UTC', ...audit }).execute();

    const privileges = await trx.selectFrom('privilege').select(['id', 'group_key']).execute();
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
        .values(privileges.map((p) => ({ role_id: id, privilege_id: p.id, ...role.flags(p.group_key) })))
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

    for (const [code, category] of Object.entries(LIST_VALUES)) {
      const { id } = await trx
        .insertInto('list_value_category')
        .values({ code, name: category.name, description: null, ...audit })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('list_value')
        .values(category.values.map(([valueCode, name], i) => ({ category_id: id, code: valueCode, name, sort_order: (i + 1) * 10, ...audit })))
        .execute();
    }

    await seedTopMenu(trx, now);
    if (options.catalogue) await seedCatalogue(trx, now);
  });
}
