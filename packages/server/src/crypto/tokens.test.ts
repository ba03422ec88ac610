import { SignJWT, decodeJwt } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import {
  hashToken,
  newRefreshToken,
  signAccessToken,
  signOtpToken,
  verifyAccessToken,
  verifyAccessTokenSignature,
  verifyOtpToken,
} from './tokens';

const key = new TextEncoder().encode('unit-test-secret-unit-test-secret');
const other = new TextEncoder().encode('another-secret-another-secret-xx');

describe('tokens', () => {
  it('signs and verifies access tokens', async () => {
    const token = await signAccessToken(key, { userId: 7, sessionId: 3, role: 'Cashier' }, 900);
    expect(await verifyAccessToken(key, token)).toEqual({ userId: 7, sessionId: 3, role: 'Cashier' });
    expect(await verifyAccessToken(other, token)).toBeNull();
    expect(await verifyAccessTokenSignature(other, token)).toBeNull();
  });

  it('checks a token once, and its expiry at every use', () => {
    vi.useFakeTimers({ now: new Date('2026-11-26T10:00:00Z') });
    try {
      const token = signAccessToken(key, { userId: 7, sessionId: 3, role: 'Cashier' }, 60);
      expect(verifyAccessToken(key, token)).toEqual({ userId: 7, sessionId: 3, role: 'Cashier' });
      expect(verifyAccessToken(key, token)).toEqual({ userId: 7, sessionId: 3, role: 'Cashier' });
      const [header, body, signature] = token.split('.') as [string, string, string];
      const flipped = `${header}.${body}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BA' : 'AA'}`;
      expect(verifyAccessToken(key, flipped)).toBeNull();
      expect(verifyAccessToken(other, token)).toBeNull();
      vi.setSystemTime(new Date('2026-11-26T10:01:01Z'));
      expect(verifyAccessToken(key, token)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps OTP tokens and access tokens apart', async () => {
    const otpToken = await signOtpToken(key, 7);
    expect(await verifyOtpToken(key, otpToken)).toBe(7);
    expect(await verifyAccessToken(key, otpToken)).toBeNull();
    expect(await verifyAccessTokenSignature(key, otpToken)).toBeNull();
    const access = await signAccessToken(key, { userId: 7, sessionId: 3, role: 'Cashier' }, 900);
    expect(await verifyOtpToken(key, access)).toBeNull();
  });

  it('refuses the none algorithm', async () => {
    const token = await signAccessToken(key, { userId: 1, sessionId: 1, role: 'Administrator' }, 900);
    const [, payload] = token.split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${payload}.`;
    expect(await verifyAccessToken(key, none)).toBeNull();
    expect(await verifyAccessTokenSignature(key, none)).toBeNull();
  });

  it('gives every access token its own jti, even within the same second', async () => {
    const claims = { userId: 7, sessionId: 3, role: 'Cashier' };
    const a = signAccessToken(key, claims, 900);
    const b = signAccessToken(key, claims, 900);
    expect(a).not.toBe(b);
    expect(decodeJwt(a).jti).toMatch(/^[0-9a-f-]{36}$/);
    expect(decodeJwt(a).jti).not.toBe(decodeJwt(b).jti);
    expect(decodeJwt(a).iat).toBe(decodeJwt(b).iat);
  });

  it('never lets an access token outlive its session', () => {
    const sessionEnd = new Date(Date.now() + 60_000);
    const exp = decodeJwt(signAccessToken(key, { userId: 7, sessionId: 3, role: 'Cashier' }, 900, sessionEnd)).exp!;
    expect(exp).toBe(Math.floor(sessionEnd.getTime() / 1000));
  });

  it('accepts a standard HS256 JWT and refuses one without exp, or with another algorithm or audience', async () => {
    const base = () =>
      new SignJWT({ sid: 3, role: 'Cashier' })
        .setSubject('7')
        .setIssuer('backroom')
        .setAudience('backroom-api')
        .setIssuedAt();
    const good = await base().setProtectedHeader({ alg: 'HS256' }).setExpirationTime('5m').sign(key);
    expect(verifyAccessToken(key, good)).toEqual({ userId: 7, sessionId: 3, role: 'Cashier' });
    const noExp = await base().setProtectedHeader({ alg: 'HS256' }).sign(key);
    expect(verifyAccessToken(key, noExp)).toBeNull();
    expect(verifyAccessTokenSignature(key, noExp)).toBeNull();
    const hs512 = await base().setProtectedHeader({ alg: 'HS512' }).setExpirationTime('5m').sign(key);
    expect(verifyAccessToken(key, hs512)).toBeNull();
    const otherAudience = await base()
      .setAudience('elsewhere')
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('5m')
      .sign(key);
    expect(verifyAccessToken(key, otherAudience)).toBeNull();
    const expired = await base()
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(key);
    expect(verifyAccessToken(key, expired)).toBeNull();
    expect(verifyAccessTokenSignature(key, expired)).toEqual({ userId: 7, sessionId: 3, role: 'Cashier' });
  });

  it('refuses a tampered payload', () => {
    const token = signAccessToken(key, { userId: 7, sessionId: 3, role: 'Cashier' }, 900);
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, role: 'Administrator' })).toString('base64url');
    expect(verifyAccessToken(key, `${header}.${forged}.${signature}`)).toBeNull();
  });

  it('makes 256-bit refresh tokens stored as sha256', () => {
    const token = newRefreshToken();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(newRefreshToken()).not.toBe(token);
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
  });
});
