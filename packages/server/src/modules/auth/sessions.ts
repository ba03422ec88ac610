import type { TokenPair } from '@backroom/schema';
import type { FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { AppContext } from '../../context';
import { recordRequestEvent } from '../../data/audit';
import type { Database } from '../../db/types';
import { ApiError } from '../../http/envelope';
import {
  hashToken,
  newRefreshToken,
  REFRESH_TOKEN_TTL_MS,
  signAccessToken,
  type AccessClaims,
} from '../../crypto/tokens';

export interface ClientMeta {
  userAgent: string | null;
  ip: string | null;
}

const unauthorized = () => new ApiError(401, 'Unauthorized');

/**
 * How long a just-exchanged refresh token may be presented again: two tabs (or a retry after a
 * lost answer) refreshing at once send the same token. Within it the token gets a new pair of the
 * same session; after it, the token coming back means someone holds a copy.
 */
export const REFRESH_GRACE_MS = 30_000;
const withinGrace = (usedAt: string, now: Date) => now.getTime() - Date.parse(usedAt) <= REFRESH_GRACE_MS;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A refresh token: it slides (7 days from each use) but never past the session's absolute end. */
async function issueRefreshToken(
  db: Kysely<Database>,
  sessionId: number,
  now: Date,
  sessionEnd: Date,
): Promise<string> {
  const token = newRefreshToken();
  await db
    .insertInto('refresh_token')
    .values({
      session_id: sessionId,
      token_hash: hashToken(token),
      created_at: now.toISOString(),
      expires_at: new Date(Math.min(now.getTime() + REFRESH_TOKEN_TTL_MS, sessionEnd.getTime())).toISOString(),
      used_at: null,
    })
    .execute();
  return token;
}

const accessToken = (ctx: AppContext, claims: AccessClaims, sessionEnd: Date) =>
  signAccessToken(ctx.jwtKey, claims, ctx.config.accessTokenTtlSeconds, sessionEnd);

/** Opens a session (ending SESSION_LIFETIME_DAYS from now) and returns its first token pair. */
export async function startSession(
  ctx: AppContext,
  user: { id: number; role: string },
  meta: ClientMeta,
): Promise<TokenPair> {
  const now = new Date();
  const end = new Date(now.getTime() + ctx.config.sessionLifetimeDays * DAY_MS);
  const { id: sessionId } = await ctx.db
    .insertInto('session')
    .values({
      user_id: user.id,
      created_at: now.toISOString(),
      expires_at: end.toISOString(),
      user_agent: meta.userAgent?.slice(0, 500) ?? null,
      ip: meta.ip,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const refreshToken = await issueRefreshToken(ctx.db, sessionId, now, end);
  return { accessToken: accessToken(ctx, { userId: user.id, sessionId, role: user.role }, end), refreshToken };
}

/** Whether `user` (a lower-cased name) has a session opened from `ip` still on record. */
export async function hasSignedInFrom(db: Kysely<Database>, user: string, ip: string): Promise<boolean> {
  const row = await db
    .selectFrom('session as s')
    .innerJoin('app_user as u', 'u.id', 's.user_id')
    .select('s.id')
    .where(sql`lower(u.user_name)`, '=', user)
    .where('s.ip', '=', ip)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function revokeSession(db: Kysely<Database>, sessionId: number, reason: string): Promise<void> {
  await db
    .updateTable('session')
    .set({ revoked_at: new Date().toISOString(), revoked_reason: reason })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeUserSessions(db: Kysely<Database>, userId: number, reason: string): Promise<number> {
  const result = await db
    .updateTable('session')
    .set({ revoked_at: new Date().toISOString(), revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A rotated refresh token came back: someone holds a copy. The session ends, and the audit log says so. */
async function refreshReused(
  request: FastifyRequest,
  row: { session_id: number; user_id: number; user_name: string },
): Promise<never> {
  await revokeSession(request.server.ctx.db, row.session_id, 'refresh token reused');
  await recordRequestEvent(request, {
    action: 'refreshReuse',
    entity: 'user',
    rowId: row.user_id,
    actor: { userId: row.user_id, userName: row.user_name },
    changes: { before: {}, after: { session: row.session_id } },
  });
  throw unauthorized();
}

/**
 * Exchanges a refresh token for a new pair. The access token (`claims`, whose signature was
 * checked; it may be expired) must name the refresh token's session. A refresh token exchanged
 * less than REFRESH_GRACE_MS ago gets another new pair of its session (a second tab's refresh);
 * one exchanged before that revokes its session. An ended session (revoked, past its absolute
 * end, its user disabled or its user's role switched off) refreshes nothing.
 */
export async function rotateRefreshToken(
  request: FastifyRequest,
  claims: AccessClaims,
  refreshToken: string,
): Promise<TokenPair> {
  const ctx = request.server.ctx;
  const row = await ctx.db
    .selectFrom('refresh_token as rt')
    .innerJoin('session as s', 's.id', 'rt.session_id')
    .innerJoin('app_user as u', 'u.id', 's.user_id')
    .innerJoin('role as r', 'r.id', 'u.role_id')
    .select([
      'rt.id',
      'rt.session_id',
      'rt.used_at',
      'rt.expires_at',
      's.user_id',
      's.revoked_at',
      's.expires_at as session_expires_at',
      'u.user_name',
      'u.is_active',
      'r.name as role_name',
      'r.is_active as role_active',
    ])
    .where('rt.token_hash', '=', hashToken(refreshToken))
    .executeTakeFirst();
  if (!row || row.session_id !== claims.sessionId || row.user_id !== claims.userId) throw unauthorized();
  const now = new Date();
  if (row.used_at !== null && !withinGrace(row.used_at, now)) return refreshReused(request, row);
  const nowIso = now.toISOString();
  const sessionEnd = row.session_expires_at;
  if (
    row.revoked_at !== null ||
    !row.is_active ||
    !row.role_active ||
    row.expires_at <= nowIso ||
    sessionEnd === null ||
    sessionEnd <= nowIso
  )
    throw unauthorized();
  // The first exchange marks it used; a parallel one that loses this race exchanged it within the grace.
  await ctx.db
    .updateTable('refresh_token')
    .set({ used_at: nowIso })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .execute();
  await ctx.db.updateTable('session').set({ last_refreshed_at: nowIso }).where('id', '=', row.session_id).execute();
  const end = new Date(sessionEnd);
  return {
    accessToken: accessToken(ctx, { userId: row.user_id, sessionId: row.session_id, role: row.role_name }, end),
    refreshToken: await issueRefreshToken(ctx.db, row.session_id, now, end),
  };
}
