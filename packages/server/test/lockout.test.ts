import type { LockedUserDto, LoginResponse, UserInfo } from '@backroom/schema';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { encryptSecret } from '../src/crypto/sealed';
import { attemptKey, MAX_FAILURES, recordFailure, recordSuccess, reserveAttempt } from '../src/modules/auth/lockout';
import { DEMO_PASSWORDS, useTestServer } from './support/harness';

const t = useTestServer({ users: ['admin'] });
const { tokens } = t;

const { signIn: attempt } = t;

describe('lockout', () => {
  it('locks a name after five failures, even against the right password, until an administrator unlocks it', async () => {
    for (let i = 0; i < 5; i++) expect((await attempt('Manager', `wrong-${i}-password`)).status).toBe(401);
    const sixth = await attempt('manager', DEMO_PASSWORDS.manager);
    expect(sixth.status).toBe(423);
    expect(sixth.body).toEqual({
      resultCode: 423,
      message: 'Account is locked. Try again later.',
      data: null,
      requestId: expect.any(String),
    });

    const locked = await t.call<LockedUserDto[]>('GET', '/user/Locked', { token: tokens.admin });
    expect(locked.status).toBe(200);
    const entry = locked.body.data.find((u) => u.userName === 'manager');
    expect(entry).toMatchObject({ userName: 'manager', failureCount: 5 });
    expect(Date.parse(entry!.lockedUntil)).toBeGreaterThan(Date.now() + 14 * 60 * 1000);

    const cashier = (await t.loginAs('cashier')).accessToken;
    const refused = await t.call('POST', '/user/Unlock', { token: cashier, body: { userId: entry!.userId } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You do not have permission to edit Locked users');
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

/** How many answers had each status. */
const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((out, s) => ({ ...out, [s]: (out[s] ?? 0) + 1 }), {});

/** A user of the Cashier role with `password`, created straight in the database. */
async function newUser(userName: string, password: string): Promise<number> {
  const db = t.server.app.ctx.db;
  const cashier = await db
    .selectFrom('app_user')
    .select(['role_id', 'password_hash'])
    .where('user_name', '=', 'cashier')
    .executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const { hashPassword } = await import('../src/crypto/passwords');
  const { id } = await db
    .insertInto('app_user')
    .values({
      user_name: userName,
      display_name: userName,
      email: null,
      phone: null,
      role_id: cashier.role_id,
      password_hash: await hashPassword(password),
      is_active: true,
      must_change_password: false,
      otp_enabled: false,
      created_at: now,
      created_by: 'test',
      updated_at: now,
      updated_by: 'test',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** The failures of a name from this test's address, or of a bare key. */
const failureRow = (key: string) =>
  t.server.app.ctx.db
    .selectFrom('login_failure')
    .selectAll()
    .where('user_key', 'in', [key, attemptKey(key, '127.0.0.1')])
    .executeTakeFirst();

describe('lockout under parallel attempts', () => {
  it('checks at most five of 60 parallel wrong passwords; the rest, and then the right password, get 423', async () => {
    await newUser('parallel1', 'Right-Password-1');
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => attempt('parallel1', `wrong-password-${i}`)),
    );
    expect(tally(answers.map((a) => a.status))).toEqual({ 401: MAX_FAILURES, 423: 60 - MAX_FAILURES });
    expect((await attempt('parallel1', 'Right-Password-1')).status).toBe(423);
    expect(await failureRow('parallel1')).toMatchObject({ failure_count: MAX_FAILURES, pending: 0 });
  });

  it('checks at most five when the right password comes among 39 parallel wrong ones, and no more after', async () => {
    await newUser('parallel2', 'Right-Password-2');
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => attempt('parallel2', i === 20 ? 'Right-Password-2' : `wrong-password-${i}`)),
    );
    const counts = tally(answers.map((a) => a.status));
    const checked = (counts[401] ?? 0) + (counts[200] ?? 0);
    expect(checked).toBeLessThanOrEqual(MAX_FAILURES);
    expect(counts[423]).toBe(40 - checked);
    // Without the right password among the checked five, those five locked the name.
    if (!counts[200]) expect(counts[401]).toBe(MAX_FAILURES);
    // What the burst left counted bounds the guesses after it (the exact rule is the next test's).
    const row = await failureRow('parallel2');
    expect(row?.pending).toBe(0);
    const later = [];
    for (let i = 0; i < 6; i++) later.push((await attempt('parallel2', `later-wrong-${i}`)).status);
    expect(later.filter((s) => s === 401).length).toBe(MAX_FAILURES - row!.failure_count);
    expect(later.at(-1)).toBe(423);
  });

  it('lets a success forgive only the failures decided before it was checked', async () => {
    const db = t.server.app.ctx.db;
    const key = 'forgiving-rule';
    const earlier = await reserveAttempt(db, key);
    await recordFailure(db, earlier!);
    const success = await reserveAttempt(db, key);
    expect(success).toEqual({ key, failuresSeen: 1 });
    // Three guesses checked while the right password is: they fail after it was granted.
    const during = await Promise.all([reserveAttempt(db, key), reserveAttempt(db, key), reserveAttempt(db, key)]);
    expect(during.every((r) => r !== null)).toBe(true);
    expect(await reserveAttempt(db, key)).toBeNull(); // five in play: 1 decided + 4 pending
    for (const r of during) await recordFailure(db, r!);
    await recordSuccess(db, success!);
    expect(await failureRow(key)).toMatchObject({ failure_count: 3, pending: 0 });
    // So two more guesses are all that is left before the lock.
    expect(await reserveAttempt(db, key)).not.toBeNull();
    expect(await reserveAttempt(db, key)).not.toBeNull();
    expect(await reserveAttempt(db, key)).toBeNull();
  });

  it('checks at most five of 60 parallel wrong TOTP codes, and signs in once with a code sent twice at once', async () => {
    const secret = new Secret({ size: 20 }).base32;
    const id = await newUser('parallel-otp', 'Right-Password-3');
    await t.server.app.ctx.db
      .updateTable('app_user')
      .set({ otp_enabled: true, otp_secret: encryptSecret(t.server.app.ctx.otpKey, secret) })
      .where('id', '=', id)
      .execute();
    const otpToken = async () => (await attempt('parallel-otp', 'Right-Password-3')).body.data.otpToken!;
    const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
    const wrong = code === '000000' ? '111111' : '000000';

    const token = await otpToken();
    const twice = await Promise.all(
      [code, code, code].map((otp) =>
        t.call<LoginResponse>('POST', '/Authentication/ValidateOtp', { body: { otpToken: token, otp } }),
      ),
    );
    expect(twice.map((a) => a.status).sort()).toEqual([200, 400, 400]);

    const flood = await Promise.all(
      Array.from({ length: 60 }, async () =>
        t.call('POST', '/Authentication/ValidateOtp', { body: { otpToken: token, otp: wrong } }),
      ),
    );
    // The two refused replays were failures already: three checks were left.
    expect(tally(flood.map((a) => a.status))).toEqual({ 400: MAX_FAILURES - 2, 423: 60 - MAX_FAILURES + 2 });
    expect((await attempt('parallel-otp', 'Right-Password-3')).status).toBe(423);
  });
});

describe('administrator session control', () => {
  it('revokes every session of a user', async () => {
    const victim = await t.loginAs('cashier');
    const who = await t.call<UserInfo>('GET', '/authentication/Me', { token: victim.accessToken });
    const manager = (await t.loginAs('manager')).accessToken;
    expect(
      (await t.call('POST', '/user/RevokeSessions', { token: manager, body: { userId: who.body.data.userId } })).status,
    ).toBe(403);
    const res = await t.call<{ revoked: number }>('POST', '/user/RevokeSessions', {
      token: tokens.admin,
      body: { userId: who.body.data.userId },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.revoked).toBeGreaterThanOrEqual(1);
    expect((await t.call('GET', '/authentication/Me', { token: victim.accessToken })).status).toBe(401);
  });

  it('ends the sessions of a disabled user and refuses their sign-in', async () => {
    const victim = await t.loginAs('cashier');
    const who = await t.call<UserInfo>('GET', '/authentication/Me', { token: victim.accessToken });
    const off = await t.call('POST', '/user/SetActive', {
      token: tokens.admin,
      body: { userId: who.body.data.userId, isActive: false },
    });
    expect(off.status).toBe(200);
    expect((await t.call('GET', '/authentication/Me', { token: victim.accessToken })).status).toBe(401);
    expect((await t.call('POST', '/Authentication/RefreshToken', { body: victim })).status).toBe(401);
    expect((await attempt('cashier', DEMO_PASSWORDS.cashier)).status).toBe(401);
    expect(
      (
        await t.call('POST', '/user/SetActive', {
          token: tokens.admin,
          body: { userId: who.body.data.userId, isActive: true },
        })
      ).status,
    ).toBe(200);
    expect((await attempt('cashier', DEMO_PASSWORDS.cashier)).status).toBe(200);
  });

  it('will not let administrators disable themselves', async () => {
    const self = await t.call<UserInfo>('GET', '/authentication/Me', { token: tokens.admin });
    const res = await t.call('POST', '/user/SetActive', {
      token: tokens.admin,
      body: { userId: self.body.data.userId, isActive: false },
    });
    expect(res.status).toBe(409);
    // Nor through the generic API, which the same rule guards.
    const row = await t.call<{ version: number }[]>('POST', '/DataRepository/fetch/user', {
      token: tokens.admin,
      body: { filters: [{ ColumnName: 'id', ColumnValue: self.body.data.userId, Operator: 'EQ' }] },
    });
    const generic = await t.call('POST', '/DataRepository/Update/user', {
      token: tokens.admin,
      body: { id: self.body.data.userId, version: row.body.data[0]!.version, isActive: false },
    });
    expect(generic.status).toBe(409);
    expect((await t.call('GET', '/authentication/Me', { token: tokens.admin })).status).toBe(200);
  });
});
