import type { Kysely } from 'kysely';
import { ADMIN_ROLE_CODE } from '../db/seed/privileges';
import type { Database } from '../db/types';

/** True while some active user holds the Administrator role; the installer stays closed then. */
export async function activeAdministratorExists(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectFrom('app_user as u')
    .innerJoin('role as r', 'r.id', 'u.role_id')
    .select('u.id')
    .where('r.code', '=', ADMIN_ROLE_CODE)
    .where('r.is_active', '=', true)
    .where('u.is_active', '=', true)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Every flag on every privilege for the role (rows that exist are switched fully on). */
export async function grantEveryPrivilege(db: Kysely<Database>, roleId: number): Promise<void> {
  const privileges = await db.selectFrom('privilege').select('id').execute();
  if (privileges.length === 0) return;
  const all = { able_to_view: true, able_to_edit: true, able_to_delete: true, able_to_set_table: true };
  await db
    .insertInto('role_privilege')
    .values(privileges.map((p) => ({ role_id: roleId, privilege_id: p.id, ...all })))
    .onConflict((oc) => oc.columns(['role_id', 'privilege_id']).doUpdateSet(all))
    .execute();
}
