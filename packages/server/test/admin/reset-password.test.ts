import type { AdminResetPasswordResponse } from '@backroom/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORDS, useTestServer } from '../support/harness';

const t = useTestServer({ users: ['admin', 'manager'] });
const { tokens } = t;
const ids: Record<string, number> = {};
beforeAll(async () => {
  const db = t.server.app.ctx.db;
  for (const u of await db.selectFrom('app_user').select(['id', 'user_name']).execute()) ids[u.user_name] = u.id;
});

const reset = (body: unknown, token = tokens.admin) =>
  t.call<AdminResetPasswordResponse>('POST', '/ResetPassword/Reset', { token, body });
const { signIn } = t;

describe('an administrator resetting a password', () => {
  it('needs user edit', async () => {
    const cashier = (await t.loginAs('cashier')).accessToken;
    for (const token of [tokens.manager, cashier]) {
      const res = await reset({ userId: ids.cashier, newPassword: 'Temporary#Till42' }, token);
      expect(res.status).toBe(403);
    }
    expect((await t.call('POST', '/ResetPassword/Reset', { body: { userId: ids.cashier } })).status).toBe(401);
  });

  // The cashier signed in once here and once in the test before.
  it('sets the given password, ends the user’s sessions, lifts the lockout and asks for a new password', async () => {
    const cashier = (await t.loginAs('cashier')).accessToken;
    for (let i = 0; i < 5; i++) await signIn('cashier', 'wrong-password');
    expect((await signIn('cashier', DEMO_PASSWORDS.cashier)).status).toBe(423);

    const res = await reset({ userId: ids.cashier, newPassword: 'Temporary#Till42' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      userId: ids.cashier,
      userName: 'cashier',
      generatedPassword: null,
      mustChangePassword: true,
      sessionsRevoked: 2,
    });
    expect((await t.call('GET', '/authentication/Me', { token: cashier })).status).toBe(401);
    expect((await signIn('cashier', DEMO_PASSWORDS.cashier)).status).toBe(401);
    const fresh = await signIn('cashier', 'Temporary#Till42');
    expect(fresh.status).toBe(200);
    expect(fresh.body.data.userInfo).toMatchObject({ userName: 'cashier', mustChangePassword: true });
  });

  it('generates a password when none is given and returns it once', async () => {
    const res = await reset({ userId: ids.manager, mustChangePassword: false });
    expect(res.status).toBe(200);
    const generated = res.body.data.generatedPassword!;
    expect(generated).toMatch(/^[A-Za-z2-9]{14}$/);
    const fresh = await signIn('manager', generated);
    expect(fresh.status).toBe(200);
    expect(fresh.body.data.userInfo?.mustChangePassword).toBe(false);
  });

  it('checks the password policy and the body, naming the field', async () => {
    const short = await reset({ userId: ids.cashier, newPassword: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.errors).toEqual([{ field: 'newPassword', message: 'Password must be at least 8 characters' }]);
    const common = await reset({ userId: ids.cashier, newPassword: 'password1' });
    expect(common.status).toBe(400);
    expect(common.body.errors).toEqual([{ field: 'newPassword', message: 'This password is too common' }]);
    const noUser = await reset({ newPassword: 'Temporary#Till42' });
    expect(noUser.status).toBe(400);
    expect(noUser.body.errors![0]!.field).toBe('userId');
    expect((await reset({ userId: 999_999 })).status).toBe(404);
  });

  it('sends administrators to their profile for their own password', async () => {
    const res = await reset({ userId: ids.admin, newPassword: 'Temporary#Till42' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Change your own password on your profile page');
  });
});
