import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret } from '../../crypto/sealed';
import { acceptOtp, newOtpSecret } from './otp';

describe('TOTP secrets at rest', () => {
  const key = randomBytes(32);

  it('round-trips and never stores the plain secret', () => {
    const { secret } = newOtpSecret('admin');
    const stored = encryptSecret(key, secret);
    expect(stored).not.toContain(secret);
    expect(decryptSecret(key, stored)).toBe(secret);
    expect(encryptSecret(key, secret)).not.toBe(stored);
  });

  it('fails on tampering or another key', () => {
    const stored = encryptSecret(key, 'JBSWY3DPEHPK3PXP');
    const [iv, tag, data] = stored.split('.');
    const flipped = Buffer.from(data!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => decryptSecret(key, [iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
    expect(() => decryptSecret(randomBytes(32), stored)).toThrow();
  });
});

describe('acceptOtp', () => {
  const { secret, otpauthUrl } = newOtpSecret('manager');
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
  const now = Date.UTC(2026, 10, 21, 12, 0, 10);
  const step = Math.floor(now / 30_000);

  it('names the issuer and account in the otpauth URL', () => {
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Backroom:manager\?/);
    expect(otpauthUrl).toContain(`secret=${secret}`);
  });

  it('accepts the current code and one step of drift either way', () => {
    expect(acceptOtp(secret, totp.generate({ timestamp: now }), null, now)).toBe(step);
    expect(acceptOtp(secret, totp.generate({ timestamp: now - 30_000 }), null, now)).toBe(step - 1);
    expect(acceptOtp(secret, totp.generate({ timestamp: now + 30_000 }), null, now)).toBe(step + 1);
    expect(acceptOtp(secret, totp.generate({ timestamp: now + 90_000 }), null, now)).toBeNull();
  });

  it('refuses a code of a step already used', () => {
    const code = totp.generate({ timestamp: now });
    expect(acceptOtp(secret, code, step, now)).toBeNull();
    expect(acceptOtp(secret, code, step - 1, now)).toBe(step);
  });
});
