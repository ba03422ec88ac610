import { createHash, randomBytes } from 'node:crypto';
import { compactVerify, jwtVerify, SignJWT, type JWTPayload } from 'jose';

export const OTP_TOKEN_TTL_SECONDS = 5 * 60;
export const REFRESH_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const ISSUER = 'backroom';
const ACCESS_AUDIENCE = 'backroom-api';
const OTP_AUDIENCE = 'backroom-otp';

export interface AccessClaims {
  userId: number;
  sessionId: number;
  role: string;
}

export function signAccessToken(key: Uint8Array, claims: AccessClaims, ttlSeconds: number): Promise<string> {
  return new SignJWT({ sid: claims.sessionId, role: claims.role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setAudience(ACCESS_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(key);
}

function toAccessClaims(payload: JWTPayload): AccessClaims | null {
  const userId = Number(payload.sub);
  const { sid, role } = payload as { sid?: unknown; role?: unknown };
  if (!Number.isInteger(userId) || typeof sid !== 'number' || !Number.isInteger(sid) || typeof role !== 'string') return null;
  return { userId, sessionId: sid, role };
}

/** A valid, unexpired access token's claims, or null. */
export async function verifyAccessToken(key: Uint8Array, token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER, audience: ACCESS_AUDIENCE });
    return toAccessClaims(payload);
  } catch {
    return null;
  }
}

/** The claims of an access token whose signature is ours, expired or not (for RefreshToken). */
export async function verifyAccessTokenSignature(key: Uint8Array, token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await compactVerify(token, key, { algorithms: ['HS256'] });
    const claims = JSON.parse(new TextDecoder().decode(payload)) as JWTPayload;
    const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
    if (claims.iss !== ISSUER || !audience.includes(ACCESS_AUDIENCE)) return null;
    return toAccessClaims(claims);
  } catch {
    return null;
  }
}

/** Proves the password step of a sign-in with TOTP on; exchanged by ValidateOtp. */
export function signOtpToken(key: Uint8Array, userId: number): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuer(ISSUER)
    .setAudience(OTP_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${OTP_TOKEN_TTL_SECONDS}s`)
    .sign(key);
}

export async function verifyOtpToken(key: Uint8Array, token: string): Promise<number | null> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER, audience: OTP_AUDIENCE });
    const userId = Number(payload.sub);
    return Number.isInteger(userId) ? userId : null;
  } catch {
    return null;
  }
}

export const newRefreshToken = () => randomBytes(32).toString('base64url');

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
