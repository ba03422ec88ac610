import type { Kysely } from 'kysely';
import { newPasswordProblem, revokeUserSessions } from '../auth/index';
import { hashPassword } from '../../crypto/passwords';
import type { BeforeWrite, EntityHook } from '../../data/hooks';
import type { Database } from '../../db/types';
import { ApiError, validationError } from '../../http/envelope';
import {
  assertAnotherAdministrator,
  assertMayActOnUser,
  assertMayAssignRole,
  assertMayGiveOutlets,
  isAdministratorRole,
  usersWithOutletsOnly,
} from './escalation';

/**
 * Not an argon2 hash, so no password matches it: an account created without a password has no
 * usable one until an administrator resets it or its owner uses the password reset.
 */
export const UNUSABLE_PASSWORD_HASH = '!';

/**
 * Escalation rules of a user write (escalation.ts): the role and outlets given must be within the
 * caller's, the user changed or deleted must hold no more than the caller, and the last active
 * administrator stays one. Nobody deletes their own account.
 */
async function checkEscalation(event: BeforeWrite): Promise<void> {
  const { trx, request, action, id, row } = event;
  if (action !== 'delete' && (action === 'insert' || 'outlets' in row))
    await assertMayGiveOutlets(request, (row.outlets as number[] | null | undefined) ?? []);
  if (action === 'insert') return assertMayAssignRole(request, trx, row.role as number);
  const userId = id!;
  if (action === 'delete' && userId === event.auth.userId)
    throw new ApiError(409, 'You cannot delete your own account');
  await assertMayActOnUser(request, trx, userId, action === 'delete' ? 'delete' : 'change');
  const current = await trx
    .selectFrom('app_user as u')
    .innerJoin('role as r', 'r.id', 'u.role_id')
    .select(['u.user_name', 'u.role_id', 'u.is_active', 'r.code'])
    .where('u.id', '=', userId)
    .executeTakeFirstOrThrow();
  const roleChanges = action === 'update' && 'role' in row && row.role !== Number(current.role_id);
  if (roleChanges) await assertMayAssignRole(request, trx, row.role as number);
  if (!isAdministratorRole(current) || !current.is_active) return;
  const leaves =
    action === 'delete' ||
    row.isActive === false ||
    (roleChanges &&
      !isAdministratorRole(
        await trx
          .selectFrom('role')
          .select('code')
          .where('id', '=', row.role as number)
          .executeTakeFirst(),
      ));
  if (leaves) await assertAnotherAdministrator(trx, event.ctx.dialect, userId, current.user_name);
}

/**
 * The `user` entity's table also holds credentials the registry never exposes. A new user gets the
 * policy-checked `password` of the body, else an unusable one and must change it; switching a user
 * off ends their sessions. A caller limited to some outlets sees no user of every outlet.
 */
export const userAccount: EntityHook = {
  rowFilter: usersWithOutletsOnly,
  inputs: ['password'],
  async beforeWrite(event) {
    // No registry field: validation keeps it out of the row and the audit, so it comes from the input.
    const password = event.input.password;
    const given = password !== undefined && password !== null && password !== '';
    if (given && typeof password !== 'string')
      throw validationError([{ field: 'password', message: 'Password must be text' }]);
    if (event.action === 'update' && given)
      throw validationError([{ field: 'password', message: 'Set a password through the password reset' }]);
    if (event.action === 'update' && event.id === event.auth.userId && event.row.isActive === false)
      throw new ApiError(409, 'You cannot disable your own account');
    await checkEscalation(event);
    if (event.action !== 'insert') return;
    if (!given) return { password_hash: UNUSABLE_PASSWORD_HASH, must_change_password: true };
    const problem = newPasswordProblem(password, 'password');
    if (problem) throw validationError([problem]);
    return { password_hash: await hashPassword(password) };
  },
  async afterWrite({ trx, action, id, before, after }) {
    if (action === 'update' && before?.isActive === true && after?.isActive === false)
      await revokeUserSessions(trx as unknown as Kysely<Database>, id, 'user disabled');
  },
};
