import type { EntityHook } from '../../data/hooks';
import { ADMIN_ROLE_CODE } from '../../db/seed/privileges';
import { ApiError } from '../../http/envelope';
import { administratorRole, assertMayActOnRole, isAdministratorRole } from './escalation';

/**
 * Roles through the generic API: a role may be changed, switched off or deleted only by someone who
 * holds all it holds; the Administrator role is never switched off, renamed away from its code or
 * deleted; nobody switches off or deletes their own role (nobody could use it to undo that).
 */
export const roleRules: EntityHook = {
  async beforeWrite({ trx, request, auth, action, id, row }) {
    if (action === 'insert') return;
    const roleId = id!;
    const current = await trx.selectFrom('role').select(['code']).where('id', '=', roleId).executeTakeFirstOrThrow();
    const switchesOff = action === 'delete' || row.isActive === false;
    if (isAdministratorRole(current)) {
      if (action === 'delete') throw administratorRole('deleted');
      if (row.isActive === false) throw administratorRole('switched off');
      if ('code' in row && row.code !== ADMIN_ROLE_CODE)
        throw administratorRole(`given another code than ${ADMIN_ROLE_CODE}`);
    }
    if (switchesOff && roleId === auth.roleId)
      throw new ApiError(409, `You cannot ${action === 'delete' ? 'delete' : 'switch off'} your own role`);
    await assertMayActOnRole(request, trx, roleId, action === 'delete' ? 'delete the role' : 'change the role');
  },
};
