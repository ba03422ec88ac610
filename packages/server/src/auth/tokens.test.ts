import { describe, expect, it } from 'vitest';
import { hashToken, newRefreshToken, signAccessToken, signOtpToken, verifyAccessToken, verifyAccessTokenSignature, verifyOtpToken } from './tokens';

const key = new TextEncoder().encode('unit-test-secret-unit-test-secret');
const other = new TextEncoder().encode('another-secret-another-secret-xx');

describe('tokens', () => {
  it('signs and verifies access tokens', async () => {
    const token = await signAccessToken(key, { userId: 7, sessionId: 3, role: 'Cashier' }, 900);
    expect(await verifyAccessToken(key, token)).toEqual({ userId: 7, sessionId: 3, role: 'Cashier' });
    expect(await verifyAccessToken(other, token)).toBeNull();
    expect(await verifyAccessTokenSignature(other, token)).toBeNull();
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

  it('makes 256-bit refresh tokens stored as sha256', () => {
    const token = newRefreshToken();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(newRefreshToken()).not.toBe(token);
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
  });
});
