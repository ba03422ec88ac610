import type { LoginResponse, TokenPair, UserInfo } from '@backroom/schema';
import { SignJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { REFRESH_GRACE_MS } from '../src/modules/auth/sessions';
import { DEMO_PASSWORDS, useTestServer } from './support/harness';

const t = useTestServer();

const me = (token: string) => t.call<UserInfo>('GET', '/authentication/Me', { token });

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: number; sub: string; jti: string };

/** An access token made outside the server: `key` (the server's by default), and an expiry unless `exp` is null. */
function accessTokenOf(
  claims: { sid: number; sub: string; role: string },
  exp: number | string | null,
  key = t.server.app.ctx.jwtKey,
) {
  const jwt = new SignJWT({ sid: claims.sid, role: claims.role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer('backroom')
    .setAudience('backroom-api')
    .setIssuedAt(Math.floor(Date.now() / 1000) - 3600);
  return (exp === null ? jwt : jwt.setExpirationTime(exp)).sign(key);
}
const halfAnHourAgo = () => Math.floor(Date.now() / 1000) - 1800;

describe('sign-in', () => {
  it.each([
    ['admin', DEMO_PASSWORDS.admin, 'Administrator'],
    ['manager', DEMO_PASSWORDS.manager, 'Store Manager'],
    ['cashier', DEMO_PASSWORDS.cashier, 'Cashier'],
  ])('signs in %s', async (userName, password, role) => {
    const res = await t.signIn(userName, password);
    expect(res.status).toBe(200);
    expect(res.body.resultCode).toBe(200);
    expect(res.body.data.requireOtp).toBe(false);
    expect(res.body.data.token?.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(res.body.data.token?.refreshToken).toMatch(/^[\w-]{43}$/);
    expect(res.body.data.userInfo).toMatchObject({
      userName,
      role,
      email: `${userName}@backroom.example`,
      otpEnabled: false,
    });
    const who = await me(res.body.data.token!.accessToken);
    expect(who.status).toBe(200);
    expect(who.body.data.userName).toBe(userName);
  });

  it('accepts the user name in any case and through the login alias family', async () => {
    const res = await t.call<LoginResponse>('POST', '/login/login', {
      body: { userName: 'ADMIN', password: DEMO_PASSWORDS.admin },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.userInfo?.userName).toBe('admin');
  });

  it('answers a wrong password and an unknown user identically', async () => {
    const wrong = await t.signIn('manager', 'not-it-at-all');
    const unknown = await t.signIn('nobody-here', 'not-it-at-all');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({
      resultCode: 401,
      message: 'Invalid user name or password',
      data: null,
      requestId: expect.any(String),
    });
    expect(unknown.status).toBe(401);
    // Alike but for each request's own id.
    expect({ ...unknown.body, requestId: undefined }).toEqual({ ...wrong.body, requestId: undefined });
  });
});

describe('bearer tokens', () => {
  it('rejects a missing, garbage, forged or expired access token with 401', async () => {
    const tokens = await t.loginAs('cashier');
    const [header, payload] = tokens.accessToken.split('.');
    const admin = { sid: 1, sub: '1', role: 'Administrator' };
    const forged = await accessTokenOf(admin, '10m', new TextEncoder().encode('not the server secret'));
    const expired = await accessTokenOf(admin, halfAnHourAgo());
    const unsigned = `${header}.${payload}.`;
    for (const token of [undefined, 'garbage', forged, expired, unsigned]) {
      const res = await t.call('GET', '/authentication/Me', { token });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ resultCode: 401, message: 'Unauthorized', data: null, requestId: expect.any(String) });
    }
    const lowercaseScheme = await t.call('GET', '/authentication/me', {
      headers: { authorization: `bearer ${tokens.accessToken}` },
    });
    expect(lowercaseScheme.status).toBe(200);
  });

  it('refuses a token signed with the server key but without an expiry', async () => {
    const pair = await t.loginAs('cashier');
    const forever = await accessTokenOf({ ...claimsOf(pair.accessToken), role: 'Cashier' }, null);
    expect((await me(forever)).status).toBe(401);
    expect(
      (
        await t.call('POST', '/Authentication/RefreshToken', {
          body: { accessToken: forever, refreshToken: pair.refreshToken },
        })
      ).status,
    ).toBe(401);
    expect((await me(pair.accessToken)).status).toBe(200);
  });
});

describe('refresh tokens', () => {
  const refresh = (pair: TokenPair) =>
    t.call<{ token: TokenPair }>('POST', '/Authentication/RefreshToken', { body: pair });

  it('rotates the pair on every use', async () => {
    const first = await t.loginAs('manager');
    const res = await refresh(first);
    expect(res.status).toBe(200);
    const second = res.body.data.token;
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await me(second.accessToken)).status).toBe(200);
    const third = await refresh(second);
    expect(third.status).toBe(200);
  });

  it('gives each refresh, and each sign-in, an access token of its own, even within one second', async () => {
    const a = await t.loginAs('manager');
    const b = await t.loginAs('manager');
    const first = (await refresh(a)).body.data.token;
    const second = (await refresh(b)).body.data.token;
    const jti = (token: string) => claimsOf(token).jti;
    const ids = [a, b, first, second].map((p) => jti(p.accessToken));
    expect(new Set(ids).size).toBe(4);
    const again = (await refresh(first)).body.data.token;
    expect(again.accessToken).not.toBe(first.accessToken);
    expect(jti(again.accessToken)).not.toBe(jti(first.accessToken));
  });

  it('accepts an expired access token of the same session', async () => {
    const pair = await t.loginAs('manager');
    const expired = await accessTokenOf({ ...claimsOf(pair.accessToken), role: 'Store Manager' }, halfAnHourAgo());
    expect((await me(expired)).status).toBe(401);
    const res = await refresh({ accessToken: expired, refreshToken: pair.refreshToken });
    expect(res.status).toBe(200);
    expect((await me(res.body.data.token.accessToken)).status).toBe(200);
  });

  it('refuses an access token of another session', async () => {
    const a = await t.loginAs('manager');
    const b = await t.loginAs('manager');
    const res = await refresh({ accessToken: b.accessToken, refreshToken: a.refreshToken });
    expect(res.status).toBe(401);
  });

  it('revokes the whole family when a rotated refresh token comes back after the grace period', async () => {
    const first = await t.loginAs('admin');
    const second = (await refresh(first)).body.data.token;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + REFRESH_GRACE_MS + 1000 });
    try {
      const reuse = await refresh(first);
      expect(reuse.status).toBe(401);
      expect(reuse.body.message).toBe('Unauthorized');
      expect((await refresh(second)).status).toBe(401);
      expect((await me(second.accessToken)).status).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives two tabs refreshing at once a working pair each, and the session goes on', async () => {
    const pair = await t.loginAs('manager');
    const tabs = await Promise.all(Array.from({ length: 6 }, () => refresh(pair)));
    expect(tabs.map((r) => r.status)).toEqual(Array(6).fill(200));
    const pairs = tabs.map((r) => r.body.data.token);
    expect(new Set(pairs.map((p) => p.refreshToken)).size).toBe(6);
    for (const p of pairs) expect(claimsOf(p.accessToken).sid).toBe(claimsOf(pair.accessToken).sid);
    expect((await Promise.all(pairs.map((p) => me(p.accessToken)))).map((r) => r.status)).toEqual(Array(6).fill(200));
    // Each tab keeps refreshing its own pair.
    const next = await Promise.all(pairs.map((p) => refresh(p)));
    expect(next.map((r) => r.status)).toEqual(Array(6).fill(200));
    // A late second use of the first token is still reuse: the session ends for every tab.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + REFRESH_GRACE_MS + 1000 });
    try {
      expect((await refresh(pair)).status).toBe(401);
      expect((await me(next[0]!.body.data.token.accessToken)).status).toBe(401);
      expect((await refresh(next[5]!.body.data.token)).status).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('rejects an unknown refresh token', async () => {
    const pair = await t.loginAs('admin');
    expect((await refresh({ accessToken: pair.accessToken, refreshToken: 'x'.repeat(43) })).status).toBe(401);
  });
});

describe('logout', () => {
  it('ends the session at once', async () => {
    const pair = await t.loginAs('cashier');
    expect((await me(pair.accessToken)).status).toBe(200);
    const out = await t.call('POST', '/authentication/Logout', { token: pair.accessToken, body: {} });
    expect(out.status).toBe(200);
    expect((await me(pair.accessToken)).status).toBe(401);
    expect((await t.call('POST', '/Authentication/RefreshToken', { body: pair })).status).toBe(401);
  });

  it('needs a bearer', async () => {
    expect((await t.call('POST', '/authentication/Logout', { body: {} })).status).toBe(401);
  });
});

describe('change password', () => {
  it('rejects a common password, then signs out other sessions and keeps the caller signed in', async () => {
    const pair = await t.loginAs('cashier');
    const other = await t.loginAs('cashier');

    const common = await t.call('POST', '/authentication/ChangePassword', {
      token: pair.accessToken,
      body: { currentPassword: DEMO_PASSWORDS.cashier, newPassword: 'Password1' },
    });
    expect(common.status).toBe(400);
    expect(common.body.errors).toEqual([{ field: 'newPassword', message: 'This password is too common' }]);

    const wrongCurrent = await t.call('POST', '/authentication/ChangePassword', {
      token: pair.accessToken,
      body: { currentPassword: 'nope-nope', newPassword: 'Tall-Lighthouse-42' },
    });
    expect(wrongCurrent.status).toBe(400);
    expect(wrongCurrent.body.errors?.[0]?.field).toBe('currentPassword');
    expect((await me(pair.accessToken)).status).toBe(200);

    const same = await t.call('POST', '/authentication/ChangePassword', {
      token: pair.accessToken,
      body: { currentPassword: DEMO_PASSWORDS.cashier, newPassword: DEMO_PASSWORDS.cashier },
    });
    expect(same.status).toBe(400);
    expect(same.body.errors).toEqual([
      { field: 'newPassword', message: 'The new password must differ from the current one' },
    ]);

    const changed = await t.call<{ token: TokenPair; userInfo: UserInfo }>('POST', '/authentication/ChangePassword', {
      token: pair.accessToken,
      body: { currentPassword: DEMO_PASSWORDS.cashier, newPassword: 'Tall-Lighthouse-42' },
    });
    expect(changed.status).toBe(200);
    expect((await me(pair.accessToken)).status).toBe(401);
    expect((await me(other.accessToken)).status).toBe(401);
    expect((await me(changed.body.data.token.accessToken)).status).toBe(200);
    const rotated = await t.call('POST', '/Authentication/RefreshToken', { body: changed.body.data.token });
    expect(rotated.status).toBe(200);

    expect((await t.signIn('cashier', DEMO_PASSWORDS.cashier)).status).toBe(401);
    await t.login('cashier', 'Tall-Lighthouse-42');
  });
});

describe('password reset', () => {
  const requestReset = (userName: string) =>
    t.call('POST', '/Authentication/RequestResetPassword', { body: { userName } });
  const reset = (userName: string, otp: string, newPassword: string) =>
    t.call('POST', '/Authentication/ValidateResetPasswordOtp', { body: { userName, otp, newPassword } });
  /** Asks for a code and lets the job mail it. */
  const mailedCode = async (userName: string) => {
    await requestReset(userName);
    await t.runQueuedJobs();
    return /\b(\d{6})\b/.exec(t.mails.at(-1)!.text)![1]!;
  };

  it('answers the same for known and unknown names, and mails a code only to the real user, after the answer', async () => {
    const before = t.mails.length;
    const unknown = await requestReset('ghost');
    const known = await requestReset('manager');
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(known.body.message).toBe('If the account exists, a reset code has been sent');
    // Neither request sent anything itself: both queued the same job.
    expect(t.mails.length).toBe(before);
    expect(await t.runQueuedJobs()).toBe(2);
    expect(t.mails.length).toBe(before + 1);
    expect(t.mails.at(-1)?.to).toBe('manager@backroom.example');
  });

  it('resets with the mailed code once, and signs out existing sessions', async () => {
    const session = await t.loginAs('manager');
    const code = await mailedCode('manager');
    const wrongCode = code === '000000' ? '111111' : '000000';

    const wrong = await reset('manager', wrongCode, 'Brand-New-Shelf-9');
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors?.[0]?.field).toBe('otp');

    const common = await reset('manager', code, 'iloveyou');
    expect(common.status).toBe(400);
    expect(common.body.errors).toEqual([{ field: 'newPassword', message: 'This password is too common' }]);

    const ok = await reset('manager', code, 'Brand-New-Shelf-9');
    expect(ok.status).toBe(200);
    expect((await me(session.accessToken)).status).toBe(401);
    await t.login('manager', 'Brand-New-Shelf-9');

    expect((await reset('manager', code, 'Another-Shelf-10')).status).toBe(400);
  });

  it('refuses the current password as the new one, and the code still works after', async () => {
    const current = 'Brand-New-Shelf-9';
    const code = await mailedCode('manager');
    const same = await reset('manager', code, current);
    expect(same.status).toBe(400);
    expect(same.body.errors).toEqual([
      { field: 'newPassword', message: 'The new password must differ from the current one' },
    ]);
    expect((await reset('manager', code, 'Third-Shelf-Over-11')).status).toBe(200);
    await t.login('manager', 'Third-Shelf-Over-11');
  });

  it('burns a code after five wrong tries', async () => {
    const code = await mailedCode('admin');
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await reset('admin', wrongCode, 'Quiet-Harbour-77')).status).toBe(400);
    expect((await reset('admin', code, 'Quiet-Harbour-77')).status).toBe(400);
    await t.loginAs('admin');
  });
});
