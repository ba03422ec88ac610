import { describe, expect, it } from 'vitest';
import { enforceRateLimit } from '../src/modules/auth/rate-limit';
import { signOtpToken } from '../src/crypto/tokens';
import { startServer } from '../src/app';
import { anyDb } from '../src/data/store';
import { ApiError } from '../src/http/envelope';
import { useTestServer } from './support/harness';

const LIMITS = { windowSeconds: 60, perAddress: 5, perUser: 3 };

type Status = { status: number; headers: Headers; body: { resultCode: number; message: string } };

/** Splits answers into those let through and the 429s, checking every 429's envelope and Retry-After. */
function throttled(answers: Status[]): { passed: number; refused: number } {
  const refused = answers.filter((a) => a.status === 429);
  for (const a of refused) {
    expect(a.body).toMatchObject({
      resultCode: 429,
      message: expect.stringMatching(/^Too many attempts\. Try again in \d+ seconds\.$/),
    });
    const retryAfter = Number(a.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(LIMITS.windowSeconds);
  }
  return { passed: answers.length - refused.length, refused: refused.length };
}

const times = <T>(n: number, f: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => f(i)));

describe('rate limits behind a trusted proxy', () => {
  const t = useTestServer({ config: { rateLimit: LIMITS, trustProxy: true } });
  const from = (address: string) => ({ 'x-forwarded-for': address });
  const call = (action: string, body: unknown, address: string) =>
    t.call('POST', `/Authentication/${action}`, { body, headers: from(address) }) as Promise<Status>;

  it('lets five sign-ins per address through in a window, whatever the user names, and counts each address apart', async () => {
    const answers = await times(12, (i) =>
      call('Login', { userName: `someone-${i}`, password: 'not-their-password' }, '10.0.0.1'),
    );
    expect(throttled(answers)).toEqual({ passed: 5, refused: 7 });
    expect(answers.filter((a) => a.status !== 429).every((a) => a.status === 401)).toBe(true);
    expect((await call('Login', { userName: 'someone-else', password: 'not-their-password' }, '10.0.0.2')).status).toBe(
      401,
    );
  });

  it('lets three sign-ins per user name through in a window, from however many addresses', async () => {
    const answers = await times(8, (i) =>
      call('Login', { userName: 'Target-User', password: 'not-their-password' }, `10.1.0.${i}`),
    );
    expect(throttled(answers)).toEqual({ passed: 3, refused: 5 });
  });

  it('limits each of ValidateOtp, RefreshToken, RequestResetPassword and ValidateResetPasswordOtp per address', async () => {
    const bodies: Record<string, (i: number) => unknown> = {
      ValidateOtp: () => ({ otpToken: 'not-a-token', otp: '123456' }),
      RefreshToken: () => ({ accessToken: 'not-a-token', refreshToken: 'nor-this' }),
      RequestResetPassword: (i) => ({ userName: `reset-${i}` }),
      ValidateResetPasswordOtp: (i) => ({ userName: `reset-${i}`, otp: '123456', newPassword: 'Long-Enough-Pass-1' }),
    };
    for (const [action, body] of Object.entries(bodies)) {
      const answers = await times(8, (i) => call(action, body(i), `10.2.0.${action.length}`));
      expect(throttled(answers), action).toEqual({ passed: 5, refused: 3 });
    }
  });

  it('limits each of them per user too', async () => {
    const manager = await t.loginAs('manager');
    const managerId = (await t.call<{ userId: number }>('GET', '/authentication/Me', { token: manager.accessToken }))
      .body.data.userId;
    await t.server.app.ctx.db
      .updateTable('app_user')
      .set({ otp_enabled: true, otp_secret: 'x.y.z' })
      .where('id', '=', managerId)
      .execute();
    const otpToken = signOtpToken(t.server.app.ctx.jwtKey, managerId);
    const bodies: Record<string, unknown> = {
      ValidateOtp: { otpToken, otp: '123456' },
      RefreshToken: { accessToken: manager.accessToken, refreshToken: 'not-the-refresh-token' },
      RequestResetPassword: { userName: 'MANAGER' },
      ValidateResetPasswordOtp: { userName: 'manager', otp: '123456', newPassword: 'Long-Enough-Pass-1' },
    };
    for (const [action, body] of Object.entries(bodies)) {
      const answers = await times(6, (i) => call(action, body, `10.3.${action.length}.${i}`));
      expect(throttled(answers), action).toEqual({ passed: 3, refused: 3 });
    }
  });

  it('records the forwarded client address in the audit log', async () => {
    await call('Login', { userName: 'cashier', password: 'Cashier@123' }, '203.0.113.9');
    const row = await anyDb(t.server.app.ctx)
      .selectFrom('audit_log')
      .select(['ip', 'action', 'user_name'])
      .where('action', '=', 'signIn')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ ip: '203.0.113.9', action: 'signIn', user_name: 'cashier' });
  });
});

describe('rate limits without a trusted proxy', () => {
  const t = useTestServer({ config: { rateLimit: LIMITS } });

  it('ignores X-Forwarded-For: every caller here is one address', async () => {
    const answers = (await times(8, (i) =>
      t.call('POST', '/Authentication/Login', {
        body: { userName: `spoofer-${i}`, password: 'not-their-password' },
        headers: { 'x-forwarded-for': `10.9.0.${i}` },
      }),
    )) as Status[];
    expect(throttled(answers)).toEqual({ passed: 5, refused: 3 });
  });

  it('starts a new window once the last one has passed', async () => {
    const { db } = t.server.app.ctx;
    const start = new Date('2030-01-01T00:00:00Z');
    const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
    for (let i = 0; i < LIMITS.perUser; i++) await enforceRateLimit(db, LIMITS, 'login', { user: 'windowed' }, at(i));
    const refused = await enforceRateLimit(db, LIMITS, 'login', { user: 'windowed' }, at(10)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).headers).toEqual({ 'Retry-After': '50' });
    // A window a parallel call opened a moment later than this call's clock still says at most a window.
    const later = await enforceRateLimit(db, LIMITS, 'login', { user: 'opened-later' }, at(100.5)).then(async () => {
      for (let i = 1; i < LIMITS.perUser; i++)
        await enforceRateLimit(db, LIMITS, 'login', { user: 'opened-later' }, at(100.5));
      return enforceRateLimit(db, LIMITS, 'login', { user: 'opened-later' }, at(100)).catch((e: unknown) => e);
    });
    expect((later as ApiError).headers).toEqual({ 'Retry-After': '60' });
    await expect(enforceRateLimit(db, LIMITS, 'login', { user: 'windowed' }, at(60))).resolves.toBeUndefined();
  });

  it('holds across two servers sharing the database', async () => {
    const { config } = t.server.app.ctx;
    const second = await startServer({ config: { ...config, port: 0, host: '127.0.0.1' }, logger: false });
    try {
      const urls = [t.api, `${second.url}${config.basePath}/core/api`];
      const answers = await times(12, async (i) => {
        const res = await fetch(`${urls[i % 2]}/Authentication/RequestResetPassword`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ userName: 'shared-counter' }),
        });
        return { status: res.status, headers: res.headers, body: (await res.json()) as Status['body'] };
      });
      expect(throttled(answers), JSON.stringify(answers.map((a) => [a.status, a.body.message]))).toEqual({
        passed: LIMITS.perUser,
        refused: 12 - LIMITS.perUser,
      });
    } finally {
      await second.close();
    }
  });
});

describe('password hashing under a flood', () => {
  const t = useTestServer({ config: { passwordHashing: { concurrency: 1, queue: 2 } } });

  it('answers 503 with Retry-After at once past the queue, and counts no failure for those', async () => {
    // On a loaded machine a round may reach the gate one by one; a flood that never fills it in
    // four rounds of 24 means the gate does not refuse.
    const answers: Awaited<ReturnType<typeof t.call>>[] = [];
    for (let round = 0; round < 4 && !answers.some((a) => a.status === 503); round++) {
      answers.push(
        ...(await times(24, (i) =>
          t.call('POST', '/Authentication/Login', {
            body: { userName: `flood-${round}-${i}`, password: 'whatever-it-is' },
          }),
        )),
      );
    }
    const busy = answers.filter((a) => a.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(answers.every((a) => a.status === 401 || a.status === 503)).toBe(true);
    for (const a of busy) {
      expect(a.headers.get('retry-after')).toBe('1');
      expect(a.body).toEqual({
        resultCode: 503,
        message: 'The server is busy signing people in. Try again in a moment.',
        data: null,
        requestId: expect.any(String),
      });
    }
    const rows = await t.server.app.ctx.db
      .selectFrom('login_failure')
      .select(['user_key', 'failure_count', 'pending'])
      .where('user_key', 'like', 'flood-%')
      .execute();
    expect(rows.every((r) => r.pending === 0)).toBe(true);
    expect(rows.filter((r) => r.failure_count === 1)).toHaveLength(answers.length - busy.length);
    // Once the flood is over, sign-ins are checked again.
    expect((await t.signIn('admin', 'Admin@123')).status).toBe(200);
  });
});
