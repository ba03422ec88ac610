import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';

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
