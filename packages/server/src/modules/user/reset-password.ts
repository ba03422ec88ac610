import { randomInt } from 'node:crypto';
import {
  adminResetPasswordRequest,
  adminResetPasswordResponse,
  type AdminResetPasswordResponse,
} from '@backroom/schema';
import type { FastifyInstance } from 'fastify';
import { clearFailures, userKey, newPasswordProblem, revokeUserSessions } from '../auth/index';
import { hashPassword } from '../../crypto/passwords';
import { recordRequestEvent } from '../../data/audit';
import { anyDb } from '../../data/store';
import { assertMayActOnUser } from './escalation';
import { requireAuth, requirePrivilege } from '../../http/auth-guard';
import { ApiError, ok, validationError } from '../../http/envelope';
import { parseBody } from '../../http/validate';
import { documented } from '../../http/openapi-contract';

// No look-alikes (0/O, 1/l/I), so a password read out over the phone survives.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
const GENERATED_LENGTH = 14;

function generatePassword(): string {
  let password = '';
  for (let i = 0; i < GENERATED_LENGTH; i++) password += ALPHABET[randomInt(ALPHABET.length)];
  return password;
}

/**
 * `POST /api/ResetPassword/Reset`: an administrator sets a temporary password (or has one
 * generated, returned once), which ends the user's sessions, lifts a lockout, voids pending reset
 * codes and, by default, makes the user choose a new one at next sign-in.
 */
export function registerResetPasswordRoutes(app: FastifyInstance, apiPrefix: string): void {
  const { db } = app.ctx;

  app.post(
    `${apiPrefix}/ResetPassword/Reset`,
    {
      ...documented({
        summary: 'An administrator sets a user’s new password',
        body: adminResetPasswordRequest,
        answer: adminResetPasswordResponse,
      }),
      preHandler: requirePrivilege('user', 'edit'),
    },
    async (request) => {
      const auth = requireAuth(request);
      const body = parseBody(adminResetPasswordRequest, request.body);
      if (body.newPassword !== undefined) {
        const problem = newPasswordProblem(body.newPassword);
        if (problem) throw validationError([problem]);
      }
      const user = await db
        .selectFrom('app_user')
        .select(['id', 'user_name'])
        .where('id', '=', body.userId)
        .executeTakeFirst();
      if (!user) throw new ApiError(404, 'User not found');
      if (user.id === auth.userId) throw new ApiError(409, 'Change your own password on your profile page');
      await assertMayActOnUser(request, anyDb(app.ctx), user.id, 'reset the password of');

      const password = body.newPassword ?? generatePassword();
      const passwordHash = await hashPassword(password);
      const now = new Date().toISOString();
      const sessionsRevoked = await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('app_user')
          .set((eb) => ({
            password_hash: passwordHash,
            must_change_password: body.mustChangePassword,
            updated_at: now,
            updated_by: auth.userName,
            version: eb('version', '+', 1),
          }))
          .where('id', '=', user.id)
          .execute();
        await trx
          .updateTable('password_reset')
          .set({ used_at: now })
          .where('user_id', '=', user.id)
          .where('used_at', 'is', null)
          .execute();
        await clearFailures(trx, userKey(user.user_name));
        const revoked = await revokeUserSessions(trx, user.id, 'password reset by administrator');
        // What was done, never the password.
        const after = {
          mustChangePassword: body.mustChangePassword,
          passwordGenerated: body.newPassword === undefined,
          sessionsRevoked: revoked,
        };
        await recordRequestEvent(
          request,
          { action: 'adminPasswordReset', entity: 'user', rowId: user.id, changes: { before: {}, after } },
          trx,
        );
        return revoked;
      });
      const data: AdminResetPasswordResponse = {
        userId: user.id,
        userName: user.user_name,
        generatedPassword: body.newPassword === undefined ? password : null,
        mustChangePassword: body.mustChangePassword,
        sessionsRevoked,
      };
      return ok(data, `The password of ${user.user_name} is reset`);
    },
  );
}
