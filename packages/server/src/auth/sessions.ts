import type { TokenPair } from '@backroom/schema';
import type { Kysely } from 'kysely';
import type { AppContext } from '../context';
import type { Database } from '../db/types';
import { ApiError } from '../http/envelope';
import {
  hashToken,
  newRefreshToken,
  REFRESH_TOKEN_TTL_MS,
  signAccessToken,
  verifyAccessTokenSignature,
} from './tokens';

export interface ClientMeta {
  userAgent: string | null;
  ip: string | null;
}

const unauthorized = () => new ApiError(401, 'Unauthorized');

async function issueRefreshToken(db: Kysely<Database>, sessionId: number, now: Date): Promise<string> {
  const token = newRefreshToken();
  await db
    .insertInto('refresh_token')
    .values({
      session_id: sessionId,
      token_hash: hashToken(token),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS).toISOString(),
      used_at: null,
    })
    .execute();
  return token;
}

/** Opens a session for a signed-in user and returns its first token pair. */
export async function startSession(ctx: AppContext, user: { id: number; role: string }, meta: ClientMeta): Promise<TokenPair> {
  const now = new Date();
  const { id: sessionId } = await ctx.db
    .insertInto('session')
    .values({ user_id: user.id, created_at: now.toISOString(), user_agent: meta.userAgent?.slice(0, 500) ?? null, ip: meta.ip })
    .returning('id')
    .executeTakeFirstOrThrow();
  const refreshToken = await issueRefreshToken(ctx.db, sessionId, now);
  const accessToken = await signAccessToken(ctx.jwtKey, { userId: user.id, sessionId, role: user.role }, ctx.config.accessTokenTtlSeconds);
  return { accessToken, refreshToken };
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

/**
 * Exchanges a refresh token for a new pair. The access token may be expired but must be ours and
 * name the refresh token's session. A refresh token that was already exchanged revokes its session.
 */
export async function rotateRefreshToken(ctx: AppContext, accessToken: string, refreshToken: string): Promise<TokenPair> {
  const claims = await verifyAccessTokenSignature(ctx.jwtKey, accessToken);
  if (!claims) throw unauthorized();
  const row = await ctx.db
    .selectFrom('refresh_token as rt')
    .innerJoin('session as s', 's.id', 'rt.session_id')
    .innerJoin('app_user as u', 'u.id', 's.user_id')
    .innerJoin('role as r', 'r.id', 'u.role_id')
    .select(['rt.id', 'rt.session_id', 'rt.used_at', 'rt.expires_at', 's.user_id', 's.revoked_at', 'u.is_active', 'r.name as role_name'])
    .where('rt.token_hash', '=', hashToken(refreshToken))
    .executeTakeFirst();
  if (!row || row.session_id !== claims.sessionId || row.user_id !== claims.userId) throw unauthorized();
  if (row.used_at !== null) {
    await revokeSession(ctx.db, row.session_id, 'refresh token reused');
    throw unauthorized();
  }
  const now = new Date();
  if (row.revoked_at !== null || !row.is_active || row.expires_at <= now.toISOString()) throw unauthorized();

  const claimed = await ctx.db
    .updateTable('refresh_token')
    .set({ used_at: now.toISOString() })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) {
    // Another request exchanged it a moment ago: the same token presented twice.
    await revokeSession(ctx.db, row.session_id, 'refresh token reused');
    throw unauthorized();
  }
  await ctx.db.updateTable('session').set({ last_refreshed_at: now.toISOString() }).where('id', '=', row.session_id).execute();
  return {
    accessToken: await signAccessToken(
      ctx.jwtKey,
      { userId: row.user_id, sessionId: row.session_id, role: row.role_name },
      ctx.config.accessTokenTtlSeconds,
    ),
    refreshToken: await issueRefreshToken(ctx.db, row.session_id, now),
  };
}
