import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

export const OTP_TOKEN_TTL_SECONDS = 5 * 60;
export const REFRESH_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const ISSUER = 'backroom';
const ACCESS_AUDIENCE = 'backroom-api';
const OTP_AUDIENCE = 'backroom-otp';
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
/** Far beyond any token we sign; longer input is refused before any work. */
const MAX_TOKEN_LENGTH = 2048;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

export interface AccessClaims {
  userId: number;
  sessionId: number;
  role: string;
}

interface Payload {
  sub?: unknown;
  iss?: unknown;
  aud?: unknown;
  exp?: unknown;
  nbf?: unknown;
  sid?: unknown;
  role?: unknown;
}

const hmac = (key: Uint8Array, input: string) => createHmac('sha256', key).update(input).digest();

/**
 * HS256 compact JWTs with node:crypto: signing and checking cost one HMAC on the calling thread,
 * with no key import and no hop to the thread pool, where password hashing may be queued.
 */
function sign(
  key: Uint8Array,
  claims: Record<string, unknown>,
  audience: string,
  ttlSeconds: number,
  expiresBy?: Date,
): string {
  const now = Math.floor(Date.now() / 1000);
  const latest = expiresBy ? Math.floor(expiresBy.getTime() / 1000) : Infinity;
  const payload = {
    ...claims,
    iss: ISSUER,
    aud: audience,
    iat: now,
    exp: Math.min(now + ttlSeconds, latest),
    jti: randomUUID(),
  };
  const input = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${input}.${hmac(key, input).toString('base64url')}`;
}

const parseJson = (part: string): unknown => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));

/**
 * The payload of a token signed with `key` for `audience`, or null. `exp` must be present (a token
 * without one is refused) and, unless `acceptExpired`, in the future.
 */
function verify(key: Uint8Array, token: string, audience: string, acceptExpired = false): Payload | null {
  if (token.length > MAX_TOKEN_LENGTH) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((p) => BASE64URL.test(p))) return null;
  const [header, body, signature] = parts as [string, string, string];
  const expected = hmac(key, `${header}.${body}`);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const head = parseJson(header) as { alg?: unknown; crit?: unknown };
    if (head.alg !== 'HS256' || head.crit !== undefined) return null;
    const payload = parseJson(body) as Payload | null;
    if (!payload || typeof payload !== 'object') return null;
    const now = Date.now() / 1000;
    if (payload.iss !== ISSUER) return null;
    if (!(Array.isArray(payload.aud) ? payload.aud.includes(audience) : payload.aud === audience)) return null;
    if (typeof payload.exp !== 'number' || !Number.isFinite(payload.exp)) return null;
    if (!acceptExpired && payload.exp <= now) return null;
    if (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || payload.nbf > now)) return null;
    return payload;
  } catch {
    return null;
  }
}

/** An access token: 15 minutes by default, never past `sessionExpiresAt`; each carries a unique `jti`. */
export function signAccessToken(
  key: Uint8Array,
  claims: AccessClaims,
  ttlSeconds: number,
  sessionExpiresAt?: Date,
): string {
  return sign(
    key,
    { sub: String(claims.userId), sid: claims.sessionId, role: claims.role },
    ACCESS_AUDIENCE,
    ttlSeconds,
    sessionExpiresAt,
  );
}

function toAccessClaims(payload: Payload | null): AccessClaims | null {
  if (!payload) return null;
  const userId = Number(payload.sub);
  const { sid, role } = payload;
  if (
    typeof payload.sub !== 'string' ||
    !Number.isSafeInteger(userId) ||
    typeof sid !== 'number' ||
    !Number.isSafeInteger(sid) ||
    typeof role !== 'string'
  )
    return null;
  return { userId, sessionId: sid, role };
}

interface CheckedToken {
  claims: AccessClaims;
  exp: number;
  nbf: number;
}

/**
 * Access tokens whose signature and claims were checked, by key: every request carries one, and
 * the same token comes back for its whole life. Only tokens that passed are kept (no one can fill
 * this with tokens we did not sign); their times are checked again at every use.
 */
const checkedTokens = new WeakMap<Uint8Array, Map<string, CheckedToken>>();
const CHECKED_TOKENS_LIMIT = 10_000;

/** A valid, unexpired access token's claims, or null. */
export function verifyAccessToken(key: Uint8Array, token: string): AccessClaims | null {
  let checked = checkedTokens.get(key);
  if (!checked) checkedTokens.set(key, (checked = new Map()));
  const kept = checked.get(token);
  if (kept) {
    const now = Date.now() / 1000;
    return kept.exp > now && kept.nbf <= now ? kept.claims : null;
  }
  const payload = verify(key, token, ACCESS_AUDIENCE);
  const claims = toAccessClaims(payload);
  if (claims) {
    if (checked.size >= CHECKED_TOKENS_LIMIT) checked.clear();
    checked.set(token, { claims, exp: payload!.exp as number, nbf: (payload!.nbf as number | undefined) ?? -Infinity });
  }
  return claims;
}

/** The claims of an access token whose signature is ours, expired or not (for RefreshToken). */
export function verifyAccessTokenSignature(key: Uint8Array, token: string): AccessClaims | null {
  return toAccessClaims(verify(key, token, ACCESS_AUDIENCE, true));
}

/** Proves the password step of a sign-in with TOTP on; exchanged by ValidateOtp. */
export function signOtpToken(key: Uint8Array, userId: number): string {
  return sign(key, { sub: String(userId) }, OTP_AUDIENCE, OTP_TOKEN_TTL_SECONDS);
}

export function verifyOtpToken(key: Uint8Array, token: string): number | null {
  const payload = verify(key, token, OTP_AUDIENCE);
  const userId = Number(payload?.sub);
  return payload && typeof payload.sub === 'string' && Number.isSafeInteger(userId) ? userId : null;
}

export const newRefreshToken = () => randomBytes(32).toString('base64url');

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
