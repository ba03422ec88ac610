import type { LockedUserDto, UserInfo } from '@backroom/schema';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORDS, useTestServer } from './support/harness';

const t = useTestServer({ users: ['admin'] });
const { tokens } = t;

const { signIn: attempt } = t;

describe('lockout', () => {
  it('locks a name after five failures, even against the right password, until an administrator unlocks it', async () => {
    for (let i = 0; i < 5; i++) expect((await attempt('Manager', `wrong-${i}-password`)).status).toBe(401);
    const sixth = await attempt('manager', DEMO_PASSWORDS.manager);
    expect(sixth.status).toBe(423);
    expect(sixth.body).toEqual({ resultCode: 423, message: 'Account is locked. Try again later.', data: null });

    const locked = await t.call<LockedUserDto[]>('GET', '/user/Locked', { token: tokens.admin });
    expect(locked.status).toBe(200);
    const entry = locked.body.data.find((u) => u.userName === 'manager');
    expect(entry).toMatchObject({ userName: 'manager', failureCount: 5 });
    expect(Date.parse(entry!.lockedUntil)).toBeGreaterThan(Date.now() + 14 * 60 * 1000);

    const cashier = (await t.loginAs('cashier')).accessToken;
    const refused = await t.call('POST', '/user/Unlock', { token: cashier, body: { userId: entry!.userId } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You do not have permission to edit lockeduser');
    expect((await attempt('manager', DEMO_PASSWORDS.manager)).status).toBe(423);

    const unlocked = await t.call('POST', '/user/Unlock', { token: tokens.admin, body: { userId: entry!.userId } });
    expect(unlocked.status).toBe(200);
    expect((await attempt('manager', DEMO_PASSWORDS.manager)).status).toBe(200);
    const after = await t.call<LockedUserDto[]>('GET', '/user/Locked', { token: tokens.admin });
    expect(after.body.data.some((u) => u.userName === 'manager')).toBe(false);
  });

  it('locks an unknown name exactly like a real one', async () => {
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await attempt('no-such-person', 'whatever-password'));
    expect(answers.slice(0, 5).map((a) => a.status)).toEqual([401, 401, 401, 401, 401]);
    expect(answers[5]!.status).toBe(423);
    expect(answers[5]!.body.message).toBe('Account is locked. Try again later.');
  });

  it('clears the failures on a successful sign-in', async () => {
    for (let i = 0; i < 4; i++) expect((await attempt('cashier', 'wrong-password')).status).toBe(401);
    expect((await attempt('cashier', DEMO_PASSWORDS.cashier)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await attempt('cashier', 'wrong-password')).status).toBe(401);
    expect((await attempt('cashier', DEMO_PASSWORDS.cashier)).status).toBe(200);
  });

  it('answers 404 for unlocking a user that does not exist and 400 for a bad id', async () => {
    expect((await t.call('POST', '/user/Unlock', { token: tokens.admin, body: { userId: 99999 } })).status).toBe(404);
    const bad = await t.call('POST', '/user/Unlock', { token: tokens.admin, body: { userId: 'one' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('userId');
  });
});

describe('administrator session control', () => {
  it('revokes every session of a user', async () => {
    const victim = await t.loginAs('cashier');
    const who = await t.call<UserInfo>('GET', '/authentication/Me', { token: victim.accessToken });
    const manager = (await t.loginAs('manager')).accessToken;
    expect((await t.call('POST', '/user/RevokeSessions', { token: manager, body: { userId: who.body.data.userId } })).status).toBe(403);
    const res = await t.call<{ revoked: number }>('POST', '/user/RevokeSessions', { token: tokens.admin, body: { userId: who.body.data.userId } });
    expect(res.status).toBe(200);
    expect(res.body.data.revoked).toBeGreaterThanOrEqual(1);
    expect((await t.call('GET', '/authentication/Me', { token: victim.accessToken })).status).toBe(401);
  });

  it('ends the sessions of a disabled user and refuses their sign-in', async () => {
    const victim = await t.loginAs('cashier');
    const who = await t.call<UserInfo>('GET', '/authentication/Me', { token: victim.accessToken });
    const off = await t.call('POST', '/user/SetActive', { token: tokens.admin, body: { userId: who.body.data.userId, isActive: false } });
    expect(off.status).toBe(200);
    expect((await t.call('GET', '/authentication/Me', { token: victim.accessToken })).status).toBe(401);
    expect((await t.call('POST', '/Authentication/RefreshToken', { body: victim })).status).toBe(401);
    expect((await attempt('cashier', DEMO_PASSWORDS.cashier)).status).toBe(401);
    expect((await t.call('POST', '/user/SetActive', { token: tokens.admin, body: { userId: who.body.data.userId, isActive: true } })).status).toBe(200);
    expect((await attempt('cashier', DEMO_PASSWORDS.cashier)).status).toBe(200);
  });

  it('will not let administrators disable themselves', async () => {
    const self = await t.call<UserInfo>('GET', '/authentication/Me', { token: tokens.admin });
    const res = await t.call('POST', '/user/SetActive', { token: tokens.admin, body: { userId: self.body.data.userId, isActive: false } });
    expect(res.status).toBe(409);
    // Nor through the generic API, which the same rule guards.
    const row = await t.call<{ version: number }[]>('POST', '/DataRepository/fetch/user', { token: tokens.admin, body: { filters: [{ ColumnName: 'id', ColumnValue: self.body.data.userId, Operator: 'EQ' }] } });
    const generic = await t.call('POST', '/DataRepository/Update/user', { token: tokens.admin, body: { id: self.body.data.userId, version: row.body.data[0]!.version, isActive: false } });
    expect(generic.status).toBe(409);
    expect((await t.call('GET', '/authentication/Me', { token: tokens.admin })).status).toBe(200);
  });
});
