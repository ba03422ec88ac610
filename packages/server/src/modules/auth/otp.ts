import { Secret, TOTP } from 'otpauth';
import { PRODUCT_NAME } from '@backroom/schema';

const PERIOD = 30;

const totp = (secretBase32: string, label = '') =>
  new TOTP({
    issuer: PRODUCT_NAME,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secretBase32),
  });

export function newOtpSecret(userName: string): { secret: string; otpauthUrl: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, otpauthUrl: totp(secret, userName).toString() };
}

/**
 * The time step a code belongs to (±1 step of clock drift), or null when it is wrong or belongs to
 * a step already used (`lastStep`), so an observed code cannot be replayed.
 */
export function acceptOtp(
  secretBase32: string,
  code: string,
  lastStep: number | null,
  now = Date.now(),
): number | null {
  const delta = totp(secretBase32).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  const step = Math.floor(now / 1000 / PERIOD) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}
