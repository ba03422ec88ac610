import type { NormalisedEntity } from '@backroom/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { allowedOutlets } from '../data/access';
import { withCustom, type AnyDb } from '../data/store';
import type { Writer } from '../data/write';
import { generationColumns, generationsOf } from '../db/generations';
import type { AuthContext } from '../http/auth-guard';

/** Jobs whose author is unknown write as this; audit rows then read "system". */
const SYSTEM: Omit<AuthContext, 'generations'> = {
  userId: 0,
  userName: 'system',
  sessionId: 0,
  roleId: 0,
  role: 'system',
  roleActive: true,
};

/** The user named `userName` (a row's `updatedBy`) as the author of a job's writes, else the system. */
export async function actingUser(db: AnyDb, userName: string | null | undefined): Promise<AuthContext> {
  const generations = generationsOf(await db.selectNoFrom(generationColumns()).executeTakeFirstOrThrow());
  if (!userName) return { ...SYSTEM, generations };
  const user = await db
    .selectFrom('app_user as u')
    .innerJoin('role as r', 'r.id', 'u.role_id')
    .select(['u.id', 'u.user_name', 'u.role_id', 'r.name', 'r.is_active'])
    .where('u.user_name', '=', userName)
    .executeTakeFirst();
  return user
    ? {
        userId: Number(user.id),
        userName: user.user_name,
        sessionId: 0,
        roleId: Number(user.role_id),
        role: user.name,
        roleActive: Boolean(user.is_active),
        generations,
      }
    : { ...SYSTEM, generations };
}

/**
 * A stand-in request for the generic write path outside HTTP: the path reads only the caller
 * (`auth`) and the app (`server`: its context and the entity hooks) from it, for the caller's outlet limits. Made before a
 * transaction: those limits are read outside it, and SQLite's one connection is the transaction's.
 */
export async function actingRequest(server: FastifyInstance, auth: AuthContext): Promise<FastifyRequest> {
  const request = { server, auth } as unknown as FastifyRequest;
  await allowedOutlets(request);
  return request;
}

/**
 * The stand-in request with `ctx` (a context inside a transaction, `withinTransaction`) as its app's
 * context: whatever the write path reads through `request.server.ctx` joins that transaction.
 */
export function requestWithin(request: FastifyRequest, ctx: AppContext): FastifyRequest {
  const server = Object.create(request.server, { ctx: { value: ctx } }) as FastifyInstance;
  return Object.create(request, { server: { value: server } }) as FastifyRequest;
}

export async function jobWriter(
  ctx: AppContext,
  trx: AnyDb,
  request: FastifyRequest,
  entity: NormalisedEntity,
): Promise<Writer> {
  return {
    ctx,
    trx,
    auth: request.auth!,
    request,
    entity: await withCustom(trx, entity),
    now: new Date().toISOString(),
  };
}
