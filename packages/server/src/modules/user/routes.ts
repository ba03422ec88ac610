import {
  dropdownItem,
  getEntity,
  lockedUser,
  setUserActiveRequest,
  userIdRequest,
  type LockedUserDto,
} from '@backroom/schema';
import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clearFailures, isKeyOfUser, userKey, revokeUserSessions } from '../auth/index';
import { requirePrivilege } from '../../http/auth-guard';
import { ApiError, ok } from '../../http/envelope';
import { parseBody } from '../../http/validate';
import { rowFilters } from '../../data/access';
import { recordRequestEvent } from '../../data/audit';
import { allOf } from '../../data/query';
import { anyDb } from '../../data/store';
import { assertMayActOnUser, assignableRoles } from './escalation';
import { inTransaction } from '../../data/transaction';
import { updateRow } from '../../data/write';
import { documented } from '../../http/openapi-contract';

/** The user, if the caller may `what` them (their role within the caller's, escalation.ts); else 404 or 403. */
async function userToActOn(request: FastifyRequest, userId: number, what: string) {
  const { ctx } = request.server;
  const user = await ctx.db
    .selectFrom('app_user')
    .select(['id', 'user_name', 'is_active', 'version'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw new ApiError(404, 'User not found');
  await assertMayActOnUser(request, anyDb(ctx), user.id, what);
  return user;
}

/** Account administration that the lockout and session rules need (`lockeduser`, `user` privileges). */
export function registerUserRoutes(app: FastifyInstance, apiPrefix: string): void {
  const ctx = app.ctx;

  // Users locked out from at least one address that the caller may see (their outlets), as the
  // user list shows them: the failures of their locked addresses, and when the last lock ends.
  app.get(
    `${apiPrefix}/user/Locked`,
    {
      ...documented({ summary: 'Users locked out by failed sign-ins', answer: z.array(lockedUser) }),
      preHandler: requirePrivilege('lockeduser', 'view'),
    },
    async (request) => {
      const rows = await ctx.db
        .selectFrom('login_failure as f')
        .innerJoin('app_user as t', (join) => join.on(isKeyOfUser('f.user_key', 't.user_name')))
        .select(['t.id', 't.user_name', 't.display_name'])
        .select((eb) => [
          eb.fn.sum<number | string>('f.failure_count').as('failure_count'),
          eb.fn.max('f.locked_until').as('locked_until'),
        ])
        .where('f.locked_until', '>', new Date().toISOString())
        .where(allOf(await rowFilters(request, getEntity('user'))))
        .groupBy(['t.id', 't.user_name', 't.display_name'])
        .orderBy('t.user_name')
        .execute();
      const data: LockedUserDto[] = rows.map((r) => ({
        userId: r.id,
        userName: r.user_name,
        displayName: r.display_name,
        failureCount: Number(r.failure_count),
        lockedUntil: r.locked_until!,
      }));
      return ok(data, 'OK', data.length);
    },
  );

  // The user form's role select: the roles the caller may give (the write checks again).
  app.get(
    `${apiPrefix}/user/AssignableRoles`,
    {
      ...documented({ summary: 'The roles the caller may give a user', answer: z.array(dropdownItem) }),
      preHandler: requirePrivilege('user', 'edit'),
    },
    async (request) => {
      const data = await assignableRoles(request, anyDb(ctx));
      return ok(data, 'OK', data.length);
    },
  );

  app.post(
    `${apiPrefix}/user/Unlock`,
    {
      ...documented({ summary: 'Unlock a locked user', body: userIdRequest, answer: z.null() }),
      preHandler: requirePrivilege('lockeduser', 'edit'),
    },
    async (request) => {
      const { userId } = parseBody(userIdRequest, request.body);
      const user = await userToActOn(request, userId, 'unlock');
      await ctx.db.transaction().execute(async (trx) => {
        await clearFailures(trx, userKey(user.user_name));
        await recordRequestEvent(request, { action: 'unlock', entity: 'user', rowId: user.id }, trx);
      });
      return ok(null, `${user.user_name} is unlocked`);
    },
  );

  app.post(
    `${apiPrefix}/user/RevokeSessions`,
    {
      ...documented({
        summary: 'End every session of a user',
        body: userIdRequest,
        answer: z.object({ revoked: z.number().int() }),
      }),
      preHandler: requirePrivilege('user', 'edit'),
    },
    async (request) => {
      const { userId } = parseBody(userIdRequest, request.body);
      const user = await userToActOn(request, userId, 'sign out');
      const revoked = await ctx.db.transaction().execute(async (trx) => {
        const sessionsRevoked = await revokeUserSessions(trx, user.id, 'revoked by administrator');
        await recordRequestEvent(
          request,
          {
            action: 'revokeSessions',
            entity: 'user',
            rowId: user.id,
            changes: { before: {}, after: { sessionsRevoked } },
          },
          trx,
        );
        return sessionsRevoked;
      });
      return ok({ revoked }, `Signed ${user.user_name} out everywhere`);
    },
  );

  app.post(
    `${apiPrefix}/user/ResetOtp`,
    {
      ...documented({ summary: 'Turn a user’s two-factor sign-in off', body: userIdRequest, answer: z.null() }),
      preHandler: requirePrivilege('user', 'edit'),
    },
    async (request) => {
      const { userId } = parseBody(userIdRequest, request.body);
      const user = await userToActOn(request, userId, 'reset two-step sign-in of');
      await ctx.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('app_user')
          .set({ otp_enabled: false, otp_secret: null, otp_last_step: null })
          .where('id', '=', user.id)
          .execute();
        await recordRequestEvent(request, { action: 'resetOtp', entity: 'user', rowId: user.id }, trx);
      });
      return ok(null, `Two-factor sign-in is off for ${user.user_name}`);
    },
  );

  app.post(
    `${apiPrefix}/user/SetActive`,
    {
      ...documented({
        summary: 'Enable or disable a user',
        body: setUserActiveRequest,
        answer: z.object({ userId: z.number().int(), isActive: z.boolean() }),
      }),
      preHandler: requirePrivilege('user', 'edit'),
    },
    async (request) => {
      const { userId, isActive } = parseBody(setUserActiveRequest, request.body);
      const user = await userToActOn(request, userId, 'change');
      // The generic write path: validation, the audit row, and the user hook (no self-disable; sessions end).
      await inTransaction(request, getEntity('user'), (w) =>
        updateRow(w, w.entity, { id: user.id, version: user.version, isActive }),
      );
      return ok(
        { userId: user.id, isActive },
        isActive ? `${user.user_name} is enabled` : `${user.user_name} is disabled`,
      );
    },
  );
}
