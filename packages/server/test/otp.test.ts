import type { LoginResponse, OtpSetupResponse, UserInfo } from '@backroom/schema';
import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { encryptSecret } from '../src/crypto/sealed';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORDS, useTestServer } from './support/harness';

const t = useTestServer();

const codeAt = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });

const { signIn: login } = t;

describe('two-factor sign-in', () => {
  it('sets up, confirms and then requires a TOTP code at sign-in', async () => {
    const { accessToken } = await t.loginAs('manager');
    const setup = await t.call<OtpSetupResponse>('POST', '/authentication/SetupOtp', { token: accessToken, body: {} });
    expect(setup.status).toBe(200);
    const { secret, otpauthUrl } = setup.body.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Backroom:manager\?/);
    expect(otpauthUrl).toContain('issuer=Backroom');

    // Not on until confirmed.
    expect((await login('manager', DEMO_PASSWORDS.manager)).body.data.requireOtp).toBe(false);

    const badConfirm = await t.call('POST', '/authentication/EnableOtp', {
      token: accessToken,
      body: { otp: '12345', password: DEMO_PASSWORDS.manager },
    });
    expect(badConfirm.status).toBe(400);
    expect(badConfirm.body.errors?.[0]?.field).toBe('otp');

    const enabled = await t.call<UserInfo>('POST', '/authentication/EnableOtp', {
      token: accessToken,
      body: { otp: codeAt(secret), password: DEMO_PASSWORDS.manager },
    });
    expect(enabled.status).toBe(200);
    expect(enabled.body.data.otpEnabled).toBe(true);

    const first = await login('manager', DEMO_PASSWORDS.manager);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ requireOtp: true, otpToken: expect.any(String) });

    const wrong = await t.call('POST', '/Authentication/ValidateOtp', {
      body: { otpToken: first.body.data.otpToken, otp: codeAt(secret, 10) },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors?.[0]?.field).toBe('otp');

    const forged = await t.call('POST', '/Authentication/ValidateOtp', {
      body: { otpToken: 'not-a-token', otp: codeAt(secret) },
    });
    expect(forged.status).toBe(401);

    // The code used to enable is spent; the next step's code is accepted (±1 step drift).
    const signedIn = await t.call<LoginResponse>('POST', '/Authentication/ValidateOtp', {
      body: { otpToken: first.body.data.otpToken, otp: codeAt(secret, 1) },
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.requireOtp).toBe(false);
    expect(signedIn.body.data.userInfo).toMatchObject({ userName: 'manager', otpEnabled: true });
    const token = signedIn.body.data.token!.accessToken;
    expect((await t.call('GET', '/authentication/Me', { token })).status).toBe(200);

    const replay = await t.call('POST', '/Authentication/ValidateOtp', {
      body: { otpToken: (await login('manager', DEMO_PASSWORDS.manager)).body.data.otpToken, otp: codeAt(secret, 1) },
    });
    expect(replay.status).toBe(400);

    expect((await t.call('POST', '/authentication/SetupOtp', { token, body: {} })).status).toBe(409);

    const badDisable = await t.call('POST', '/authentication/DisableOtp', {
      token,
      body: { password: 'wrong-password' },
    });
    expect(badDisable.status).toBe(400);
    expect(badDisable.body.errors?.[0]?.field).toBe('password');
    const disabled = await t.call<UserInfo>('POST', '/authentication/DisableOtp', {
      token,
      body: { password: DEMO_PASSWORDS.manager },
    });
    expect(disabled.status).toBe(200);
    expect(disabled.body.data.otpEnabled).toBe(false);
    expect((await login('manager', DEMO_PASSWORDS.manager)).body.data.requireOtp).toBe(false);
  });

  it('counts wrong codes towards the lockout', async () => {
    const { accessToken } = await t.loginAs('cashier');
    const { secret } = (
      await t.call<OtpSetupResponse>('POST', '/authentication/SetupOtp', { token: accessToken, body: {} })
    ).body.data;
    expect(
      (
        await t.call('POST', '/authentication/EnableOtp', {
          token: accessToken,
          body: { otp: codeAt(secret), password: DEMO_PASSWORDS.cashier },
        })
      ).status,
    ).toBe(200);
    const { otpToken } = (await login('cashier', DEMO_PASSWORDS.cashier)).body.data;
    for (let i = 0; i < 5; i++) {
      expect(
        (await t.call('POST', '/Authentication/ValidateOtp', { body: { otpToken, otp: codeAt(secret, 20 + i) } }))
          .status,
      ).toBe(400);
    }
    const locked = await t.call('POST', '/Authentication/ValidateOtp', { body: { otpToken, otp: codeAt(secret, 1) } });
    expect(locked.status).toBe(423);
    expect((await login('cashier', DEMO_PASSWORDS.cashier)).status).toBe(423);
  });

  it('stores the secret encrypted', async () => {
    const row = await t.server.app.ctx.db
      .selectFrom('app_user')
      .select('otp_secret')
      .where('user_name', '=', 'cashier')
      .executeTakeFirstOrThrow();
    expect(row.otp_secret).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(row.otp_secret).not.toMatch(/^[A-Z2-7]{32}$/);
  });
});

describe('a stolen access token without the password', () => {
  const thief = useTestServer({ users: ['manager'] });

  it('cannot turn two-factor sign-in on (which would lock the owner out); wrong passwords count like failed sign-ins', async () => {
    const { accessToken } = await thief.loginAs('manager');
    const { secret } = (
      await thief.call<OtpSetupResponse>('POST', '/authentication/SetupOtp', { token: accessToken, body: {} })
    ).body.data;
    const without = await thief.call('POST', '/authentication/EnableOtp', {
      token: accessToken,
      body: { otp: codeAt(secret) },
    });
    expect(without.status).toBe(400);
    expect(without.body.errors?.map((e) => e.field)).toEqual(['password']);
    const guesses = await Promise.all(
      [1, 2, 3, 4, 5].map((i) =>
        thief.call('POST', '/authentication/EnableOtp', {
          token: accessToken,
          body: { otp: codeAt(secret), password: `Guess@${i}23` },
        }),
      ),
    );
    expect(guesses.map((g) => [g.status, g.body.errors?.[0]?.field])).toEqual(Array(5).fill([400, 'password']));
    // Five wrong passwords lock this source out of the account, as five failed sign-ins do.
    const right = await thief.call('POST', '/authentication/EnableOtp', {
      token: accessToken,
      body: { otp: codeAt(secret), password: DEMO_PASSWORDS.manager },
    });
    expect(right.status).toBe(423);
    const row = await thief.server.app.ctx.db
      .selectFrom('app_user')
      .select('otp_enabled')
      .where('user_name', '=', 'manager')
      .executeTakeFirstOrThrow();
    expect(Boolean(row.otp_enabled)).toBe(false);
  });
});

describe('an unreadable secret', () => {
  it('answers 409 instead of failing, and an administrator can turn two-factor sign-in off', async () => {
    const { accessToken } = await t.loginAs('admin');
    const { secret } = (
      await t.call<OtpSetupResponse>('POST', '/authentication/SetupOtp', { token: accessToken, body: {} })
    ).body.data;
    expect(
      (
        await t.call('POST', '/authentication/EnableOtp', {
          token: accessToken,
          body: { otp: codeAt(secret), password: DEMO_PASSWORDS.admin },
        })
      ).status,
    ).toBe(200);
    // As if the server secret had changed since the secret was stored.
    const db = t.server.app.ctx.db;
    await db
      .updateTable('app_user')
      .set({ otp_secret: encryptSecret(randomBytes(32), secret) })
      .where('user_name', '=', 'admin')
      .execute();
    const { otpToken } = (await login('admin', DEMO_PASSWORDS.admin)).body.data;
    const res = await t.call('POST', '/Authentication/ValidateOtp', { body: { otpToken, otp: codeAt(secret, 1) } });
    expect(res.status).toBe(409);

    const adminId = (await t.call<UserInfo>('GET', '/authentication/Me', { token: accessToken })).body.data.userId;
    const manager = (await t.loginAs('manager')).accessToken;
    expect((await t.call('POST', '/user/ResetOtp', { token: manager, body: { userId: adminId } })).status).toBe(403);
    expect((await t.call('POST', '/user/ResetOtp', { token: accessToken, body: { userId: adminId } })).status).toBe(
      200,
    );
    expect((await login('admin', DEMO_PASSWORDS.admin)).body.data.requireOtp).toBe(false);
  });
});
