import type { JobDto, LoginResponse, TokenPair, UserInfo } from '@backroom/schema';
import { describe, expect, it } from 'vitest';
import { hashToken } from '../src/crypto/tokens';
import { anyDb } from '../src/data/store';
import { insertJob } from '../src/jobs/queue';
import { useTestServer } from './support/harness';

const DAY_MS = 24 * 60 * 60 * 1000;

const t = useTestServer({ users: ['admin'], config: { sessionLifetimeDays: 3 } });
const db = () => t.server.app.ctx.db;

const me = (token: string) => t.call<UserInfo>('GET', '/authentication/Me', { token });
const refresh = (pair: TokenPair) =>
  t.call<{ token: TokenPair }>('POST', '/Authentication/RefreshToken', { body: pair });
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: number; exp: number };
const userIdOf = async (userName: string) =>
  (await db().selectFrom('app_user').select('id').where('user_name', '=', userName).executeTakeFirstOrThrow()).id;
const sessionOf = (pair: TokenPair) =>
  db().selectFrom('session').selectAll().where('id', '=', claimsOf(pair.accessToken).sid).executeTakeFirstOrThrow();

describe('the absolute session lifetime', () => {
  it('ends a session SESSION_LIFETIME_DAYS after sign-in, and no refresh token outlives it', async () => {
    const pair = await t.loginAs('admin');
    const session = await sessionOf(pair);
    expect(Math.abs(Date.parse(session.expires_at!) - (Date.now() + 3 * DAY_MS))).toBeLessThan(60_000);
    const token = await db()
      .selectFrom('refresh_token')
      .select('expires_at')
      .where('token_hash', '=', hashToken(pair.refreshToken))
      .executeTakeFirstOrThrow();
    // The sliding refresh lifetime (7 days) is cut to the session's end (3 days).
    expect(token.expires_at).toBe(session.expires_at);
  });

  it('stops refreshing, however recently refreshed, and access tokens never last past the end', async () => {
    const pair = await t.loginAs('admin');
    const soon = new Date(Date.now() + 30_000);
    await db()
      .updateTable('session')
      .set({ expires_at: soon.toISOString() })
      .where('id', '=', claimsOf(pair.accessToken).sid)
      .execute();
    const refreshed = await refresh(pair);
    expect(refreshed.status).toBe(200);
    expect(claimsOf(refreshed.body.data.token.accessToken).exp).toBeLessThanOrEqual(Math.floor(soon.getTime() / 1000));

    await db()
      .updateTable('session')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', claimsOf(pair.accessToken).sid)
      .execute();
    expect((await me(refreshed.body.data.token.accessToken)).status).toBe(401);
    expect((await refresh(refreshed.body.data.token)).status).toBe(401);
  });
});

describe('a forced password change', () => {
  it('leaves only the profile, ChangePassword and Logout until it is done', async () => {
    expect(
      (
        await t.post('/ResetPassword/Reset', {
          userId: await userIdOf('cashier'),
          newPassword: 'Temporary-Aisle-8',
          mustChangePassword: true,
        })
      ).status,
    ).toBe(200);
    const signIn = await t.signIn('cashier', 'Temporary-Aisle-8');
    expect(signIn.body.data.userInfo?.mustChangePassword).toBe(true);
    const token = signIn.body.data.token!.accessToken;

    const who = await me(token);
    expect(who.status).toBe(200);
    expect(who.body.data.mustChangePassword).toBe(true);
    const refused = [
      await t.call('GET', '/AppModule/GetMenu/1', { token }),
      await t.call('POST', '/DataRepository/fetch/product', { token, body: {} }),
      await t.call('GET', '/AppSetting/FetchByGroupId/1', { token }),
      await t.call('POST', '/authentication/SetupOtp', { token, body: {} }),
      await t.call('POST', '/user/RevokeSessions', { token, body: { userId: await userIdOf('admin') } }),
    ];
    for (const res of refused) {
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(
        'Your password must be changed first. Until then only your profile, ChangePassword and Logout are available.',
      );
    }

    const changed = await t.call<LoginResponse>('POST', '/authentication/ChangePassword', {
      token,
      body: { currentPassword: 'Temporary-Aisle-8', newPassword: 'Own-Choice-Aisle-9' },
    });
    expect(changed.status).toBe(200);
    const fresh = changed.body.data.token!.accessToken;
    expect((await t.call('GET', '/AppModule/GetMenu/1', { token: fresh })).status).toBe(200);
    expect((await t.call('POST', '/authentication/Logout', { token: fresh, body: {} })).status).toBe(200);
  });

  it('still lets the user sign out before changing it', async () => {
    await t.post('/ResetPassword/Reset', {
      userId: await userIdOf('manager'),
      newPassword: 'Temporary-Aisle-10',
      mustChangePassword: true,
    });
    const token = (await t.login('manager', 'Temporary-Aisle-10')).accessToken;
    expect((await t.call('POST', '/authentication/Logout', { token, body: {} })).status).toBe(200);
    expect((await me(token)).status).toBe(401);
  });
});

describe('the purge of expired sign-in rows', () => {
  it('runs hourly', () => {
    expect(t.server.app.jobKinds.purgeExpiredSignIns?.everyMs).toBe(60 * 60 * 1000);
  });

  it('deletes what can no longer be used and keeps what can', async () => {
    const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
    const ahead = (ms: number) => new Date(Date.now() + ms).toISOString();
    const first = await t.loginAs('admin');
    // Its first refresh token is used: kept until it expires, so a replay is still recognised.
    const live = (await refresh(first)).body.data.token;
    const ended = await t.loginAs('admin');
    const idle = await t.loginAs('admin');
    const revoked = await t.loginAs('admin');
    const sid = (pair: TokenPair) => claimsOf(pair.accessToken).sid;
    await db()
      .updateTable('session')
      .set({ expires_at: ago(1000) })
      .where('id', '=', sid(ended))
      .execute();
    await db()
      .updateTable('session')
      .set({ created_at: ago(8 * DAY_MS), last_refreshed_at: ago(8 * DAY_MS) })
      .where('id', '=', sid(idle))
      .execute();
    await db()
      .updateTable('session')
      .set({ revoked_at: ago(8 * DAY_MS) })
      .where('id', '=', sid(revoked))
      .execute();
    const { userId } = (await me(live.accessToken)).body.data;
    const code = { user_id: userId, code_hash: 'x', created_at: ago(0), attempts: 0 };
    await db()
      .insertInto('password_reset')
      .values([
        { ...code, expires_at: ago(1000), used_at: null },
        { ...code, expires_at: ahead(60_000), used_at: ago(0) },
        { ...code, expires_at: ahead(60_000), used_at: null },
      ])
      .execute();
    await db()
      .insertInto('login_failure')
      .values([
        { user_key: 'purge-old', failure_count: 2, first_failure_at: ago(DAY_MS), locked_until: null },
        { user_key: 'purge-locked', failure_count: 5, first_failure_at: ago(20 * 60_000), locked_until: ahead(60_000) },
        { user_key: 'purge-recent', failure_count: 1, first_failure_at: ago(60_000), locked_until: null },
      ])
      .execute();
    await db()
      .insertInto('rate_limit')
      .values([
        { bucket: 'purge:a:old', window_start: ago(DAY_MS), hits: 3 },
        { bucket: 'purge:a:now', window_start: ago(1000), hits: 3 },
      ])
      .execute();
    const oldJob = await insertJob(anyDb(t.server.app.ctx), 'sendPasswordResetCode', {
      payload: { userName: 'someone', ip: null },
    });
    await anyDb(t.server.app.ctx)
      .updateTable('job')
      .set({ status: 'done', updated_at: ago(2 * DAY_MS) })
      .where('id', '=', oldJob.id)
      .execute();

    const run = await t.post<JobDto>('/jobs/Run', { kind: 'purgeExpiredSignIns' });
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(run.body.data.status).toBe('done');
    const purged = run.body.data.result as Record<string, number>;
    for (const [rows, atLeast] of Object.entries({
      sessions: 3,
      refreshTokens: 3,
      resetCodes: 2,
      lockouts: 1,
      rateLimits: 1,
      resetMailJobs: 1,
    })) {
      expect(purged[rows], rows).toBeGreaterThanOrEqual(atLeast);
    }

    const sessions = await db()
      .selectFrom('session')
      .select('id')
      .where('id', 'in', [sid(live), sid(ended), sid(idle), sid(revoked)])
      .execute();
    expect(sessions.map((s) => s.id)).toEqual([sid(live)]);
    expect(
      await db()
        .selectFrom('refresh_token')
        .select('id')
        .where('token_hash', '=', hashToken(first.refreshToken))
        .executeTakeFirst(),
    ).toBeDefined();
    expect((await refresh(live)).status).toBe(200);
    expect(await db().selectFrom('password_reset').select('id').where('user_id', '=', userId).execute()).toHaveLength(
      1,
    );
    expect(
      (
        await db()
          .selectFrom('login_failure')
          .select('user_key')
          .where('user_key', 'like', 'purge-%')
          .orderBy('user_key')
          .execute()
      ).map((r) => r.user_key),
    ).toEqual(['purge-locked', 'purge-recent']);
    expect(
      (await db().selectFrom('rate_limit').select('bucket').where('bucket', 'like', 'purge:%').execute()).map(
        (r) => r.bucket,
      ),
    ).toEqual(['purge:a:now']);
  });
});
