import { ACCESS_REFUSALS, findEntity, findScreen } from '@backroom/schema';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { verifyAccessToken } from '../crypto/tokens';
import { runCompiled } from '../db/compiled';
import { cachePerApp, generationColumns, generationsOf } from '../db/generations';
import { ApiError } from './envelope';
import { sessionCheckCache } from './session-check-cache';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';

/** Who is calling: set by `authenticate` from the bearer token and a live session. */
export interface AuthContext {
  userId: number;
  userName: string;
  sessionId: number;
  roleId: number;
  role: string;
  /**
   * The `access` and `schema` cache generations as this request's session query read them: what
   * the process keeps of roles, privileges, outlets and custom fields is used only at these.
   */
  generations: { access: number; schema: number };
  /** A switched-off role grants nothing: every privilege check answers 403. */
  roleActive: boolean;
}

export type PrivilegeAction = 'view' | 'edit' | 'delete' | 'setTable';

export interface PrivilegeFlags {
  ableToView: boolean;
  ableToEdit: boolean;
  ableToDelete: boolean;
  ableToSetTable: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

const unauthorized = () => new ApiError(401, 'Unauthorized');

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

const passwordChangeDue = () =>
  new ApiError(
    403,
    'Your password must be changed first. Until then only your profile, ChangePassword and Logout are available.',
  );

/** Whether the signed-in caller of a request must change their password, beside `request.auth`. */
const passwordChangeState = new WeakMap<FastifyRequest, boolean>();

/** The live session's row (user, role, generations), or none: one indexed query. */
async function sessionRow(db: Kysely<Database>, sessionId: number) {
  const now = new Date().toISOString();
  const [row] = await runCompiled(db, 'session of a request', [sessionId, now, true], () =>
    db
      .selectFrom('session as s')
      .innerJoin('app_user as u', 'u.id', 's.user_id')
      .innerJoin('role as r', 'r.id', 'u.role_id')
      .select([
        's.user_id',
        's.expires_at',
        'u.user_name',
        'u.role_id',
        'u.must_change_password',
        'r.name as role_name',
        'r.is_active as role_active',
      ])
      .select(generationColumns())
      .where('s.id', '=', sessionId)
      .where('s.revoked_at', 'is', null)
      .where('s.expires_at', '>', now)
      .where('u.is_active', '=', true),
  );
  return row;
}

type SessionRow = NonNullable<Awaited<ReturnType<typeof sessionRow>>>;

/** The caller's session from the bearer token (cached on the request), whether or not a password change is due. */
async function signedInCaller(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<{ auth: AuthContext; passwordChangeDue: boolean }> {
  const cached = passwordChangeState.get(request);
  if (request.auth && cached !== undefined) return { auth: request.auth, passwordChangeDue: cached };
  const token = bearerToken(request);
  const claims = token ? verifyAccessToken(request.server.ctx.jwtKey, token) : null;
  if (!claims) {
    reply.header('WWW-Authenticate', 'Bearer');
    throw unauthorized();
  }
  const { db } = request.server.ctx;
  const row = await sessionCheckCache<SessionRow>(request.server.ctx).get(claims.sessionId, () =>
    sessionRow(db, claims.sessionId),
  );
  if (!row || row.user_id !== claims.userId) {
    reply.header('WWW-Authenticate', 'Bearer error="invalid_token"');
    throw unauthorized();
  }
  request.auth = {
    userId: row.user_id,
    userName: row.user_name,
    sessionId: claims.sessionId,
    roleId: row.role_id,
    role: row.role_name,
    roleActive: Boolean(row.role_active),
    generations: generationsOf(row),
  };
  passwordChangeState.set(request, row.must_change_password);
  return { auth: request.auth, passwordChangeDue: row.must_change_password };
}

/**
 * preHandler: a valid access token whose session is live (not revoked, not past its absolute end)
 * and whose user is active (one indexed lookup per request), else 401; and no password change
 * due, else 403.
 */
export async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if ((await signedInCaller(request, reply)).passwordChangeDue) throw passwordChangeDue();
}

/** As `authenticate`, but also for a user who must change their password: the profile, ChangePassword and Logout. */
export async function authenticateDuringPasswordChange(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await signedInCaller(request, reply);
}

/** The signed-in caller; for handlers behind `authenticate`. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

const NO_PRIVILEGE: PrivilegeFlags = {
  ableToView: false,
  ableToEdit: false,
  ableToDelete: false,
  ableToSetTable: false,
};

const rolePrivileges = cachePerApp<number, Map<string, PrivilegeFlags>>();

/** Every flag of a role, by screen name: one query, kept by the process for the `access` generation. */
function privilegesOfRole(request: FastifyRequest, auth: AuthContext): Promise<Map<string, PrivilegeFlags>> {
  const ctx = request.server.ctx;
  return rolePrivileges(ctx).get(auth.roleId, auth.generations.access, async () => {
    const rows = await ctx.db
      .selectFrom('role_privilege as rp')
      .innerJoin('privilege as p', 'p.id', 'rp.privilege_id')
      .select(['p.name', 'rp.able_to_view', 'rp.able_to_edit', 'rp.able_to_delete', 'rp.able_to_set_table'])
      .where('rp.role_id', '=', auth.roleId)
      .execute();
    return new Map(
      rows.map((row) => [
        row.name,
        {
          ableToView: row.able_to_view,
          ableToEdit: row.able_to_edit,
          ableToDelete: row.able_to_delete,
          ableToSetTable: row.able_to_set_table,
        },
      ]),
    );
  });
}

/** The caller's flags on a screen (all false without a role_privilege row). */
export async function privilegesOf(request: FastifyRequest, screenName: string): Promise<PrivilegeFlags> {
  const auth = requireAuth(request);
  if (!auth.roleActive) return NO_PRIVILEGE;
  return (await privilegesOfRole(request, auth)).get(screenName) ?? NO_PRIVILEGE;
}

const FLAG: Record<PrivilegeAction, keyof PrivilegeFlags> = {
  view: 'ableToView',
  edit: 'ableToEdit',
  delete: 'ableToDelete',
  setTable: 'ableToSetTable',
};

/** A privilege's screen as the menu names it ("Locked users"), not its key (`lockeduser`). */
export const screenLabel = (screenName: string): string =>
  findScreen(screenName)?.label ?? findEntity(screenName)?.label ?? screenName;

/** Whether the caller's role has `action` on `screenName`. */
export async function hasPrivilege(
  request: FastifyRequest,
  screenName: string,
  action: PrivilegeAction,
): Promise<boolean> {
  return (await privilegesOf(request, screenName))[FLAG[action]];
}

/** Throws 403 unless the caller's role has `action` on `screenName`. */
export async function assertPrivilege(
  request: FastifyRequest,
  screenName: string,
  action: PrivilegeAction,
): Promise<void> {
  const auth = requireAuth(request);
  if (!auth.roleActive) throw new ApiError(403, ACCESS_REFUSALS.roleOff({ role: auth.role }));
  if (!(await hasPrivilege(request, screenName, action)))
    throw new ApiError(403, ACCESS_REFUSALS[action]({ screen: screenLabel(screenName) }));
}

/**
 * preHandler factory: authenticates (401) and then requires the privilege (403), e.g.
 * `{ preHandler: requirePrivilege('product', 'edit') }`.
 */
export function requirePrivilege(screenName: string, action: PrivilegeAction) {
  return async function privilegeGuard(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await authenticate(request, reply);
    await assertPrivilege(request, screenName, action);
  };
}
