import { SETTING_KEYS, type RoleOption, type RolePrivilegeGrid, type UserInfo } from '@backroom/schema';
import { Secret, TOTP } from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { insert } from './pricing/shop';
import { exportList } from './spreadsheets/support';
import { DEMO_PASSWORDS, useTestServer, type Row } from './support/harness';

const t = useTestServer({ users: ['admin', 'manager', 'cashier'], config: { allowPrivateTargets: true } });
const { tokens, post, get } = t;

const ids: Record<string, number> = {};
beforeAll(async () => {
  for (const user of ['admin', 'manager', 'cashier'] as const) {
    ids[user] = (await get<UserInfo>('/authentication/Me', tokens[user])).body.data.userId;
  }
});

type Filter = { ColumnName: string; ColumnValue: unknown; Operator: string };

/** Audit rows as an administrator reads them through the data API. */
async function auditRows(body: {
  Take: number;
  filters?: Filter[];
  sorts: { ColumnName: string; Direction: 'ASC' | 'DESC' }[];
}): Promise<Row[]> {
  const res = await post<Row[]>('/DataRepository/fetch/auditlog', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** Audit rows written after the one with id `after`, oldest first. */
const eventsAfter = (after: number) =>
  auditRows({
    Take: 500,
    filters: [{ ColumnName: 'id', ColumnValue: after, Operator: 'GT' }],
    sorts: [{ ColumnName: 'id', Direction: 'ASC' }],
  });

/**
 * Runs `act` and answers the audit rows it wrote: those after the newest row before it, by id —
 * not by time, as the row of a request answered just before can carry the same millisecond.
 */
async function eventsOf(act: () => Promise<unknown>): Promise<Row[]> {
  const [newest] = await auditRows({ Take: 1, sorts: [{ ColumnName: 'id', Direction: 'DESC' }] });
  await act();
  return eventsAfter(Number(newest?.id ?? 0));
}

const LOCAL = expect.stringMatching(/127\.0\.0\.1|::1/);
const by = (user: 'admin' | 'manager' | 'cashier') => ({ userId: ids[user], userName: user, ip: LOCAL });

describe('audit events of sign-in', () => {
  it('records a sign-in and a sign-out: who, when, from where', async () => {
    let pair = { accessToken: '', refreshToken: '' };
    const signIn = await eventsOf(async () => (pair = await t.loginAs('manager')));
    expect(signIn).toEqual([
      expect.objectContaining({ ...by('manager'), action: 'signIn', entity: 'user', rowId: ids.manager }),
    ]);
    expect(Date.now() - Date.parse(signIn[0]!.at as string)).toBeLessThan(60_000);
    const signOut = await eventsOf(() => post('/authentication/Logout', {}, pair.accessToken));
    expect(signOut).toEqual([expect.objectContaining({ ...by('manager'), action: 'signOut', rowId: ids.manager })]);
  });

  it('records failures with the reason but never the password tried, and the lockout they cause', async () => {
    const wrong = await eventsOf(() => t.signIn('cashier', 'Not-The-Password-1'));
    expect(wrong).toEqual([
      expect.objectContaining({
        ...by('cashier'),
        action: 'signInFailed',
        rowId: ids.cashier,
        changes: { before: {}, after: { reason: 'wrong password' } },
      }),
    ]);
    const unknown = await eventsOf(() => t.signIn('Nobody-Known', 'Not-The-Password-2'));
    expect(unknown).toEqual([
      expect.objectContaining({
        userId: null,
        userName: 'Nobody-Known',
        rowId: null,
        action: 'signInFailed',
        ip: LOCAL,
        changes: { before: {}, after: { reason: 'unknown user name' } },
      }),
    ]);
    const lockout = await eventsOf(async () => {
      for (let i = 0; i < 4; i++) await t.signIn('cashier', `Not-The-Password-${i + 3}`);
    });
    expect(lockout.map((e) => e.action)).toEqual([
      'signInFailed',
      'signInFailed',
      'signInFailed',
      'signInFailed',
      'lockout',
    ]);
    expect(lockout.at(-1)).toMatchObject({
      ...by('cashier'),
      rowId: ids.cashier,
      changes: { after: { lockedUntil: expect.any(String) } },
    });
    expect(JSON.stringify([...wrong, ...unknown, ...lockout])).not.toContain('Not-The-Password');
  });

  it('records turning two-step sign-in on and off, by its owner', async () => {
    const setup = await post<{ secret: string }>('/authentication/SetupOtp', {});
    expect(setup.status, JSON.stringify(setup.body)).toBe(200);
    const otp = new TOTP({
      secret: Secret.fromBase32(setup.body.data.secret),
      digits: 6,
      period: 30,
      algorithm: 'SHA1',
    }).generate();
    const enable = await eventsOf(() => post('/authentication/EnableOtp', { otp, password: DEMO_PASSWORDS.admin }));
    expect(enable).toEqual([
      expect.objectContaining({ ...by('admin'), action: 'otpEnable', entity: 'user', rowId: ids.admin }),
    ]);
    const disable = await eventsOf(() => post('/authentication/DisableOtp', { password: DEMO_PASSWORDS.admin }));
    expect(disable).toEqual([
      expect.objectContaining({ ...by('admin'), action: 'otpDisable', entity: 'user', rowId: ids.admin }),
    ]);
    expect(JSON.stringify([...enable, ...disable])).not.toContain(DEMO_PASSWORDS.admin);
  });

  it('records an unlock by whom and for whom', async () => {
    const unlock = await eventsOf(() => post('/user/Unlock', { userId: ids.cashier }));
    expect(unlock).toEqual([
      expect.objectContaining({ ...by('admin'), action: 'unlock', entity: 'user', rowId: ids.cashier }),
    ]);
  });
});

describe('audit events of administration', () => {
  it('records an administrator’s password reset without the password, set or generated', async () => {
    const set = await eventsOf(() =>
      post('/ResetPassword/Reset', { userId: ids.cashier, newPassword: 'Temporary-Till-77', mustChangePassword: true }),
    );
    expect(set).toEqual([
      expect.objectContaining({
        ...by('admin'),
        action: 'adminPasswordReset',
        rowId: ids.cashier,
        changes: {
          before: {},
          after: { mustChangePassword: true, passwordGenerated: false, sessionsRevoked: expect.any(Number) },
        },
      }),
    ]);
    let generated = '';
    const gen = await eventsOf(
      async () =>
        (generated = (
          (await post('/ResetPassword/Reset', { userId: ids.cashier, mustChangePassword: false })).body.data as {
            generatedPassword: string;
          }
        ).generatedPassword),
    );
    expect(gen[0]).toMatchObject({ action: 'adminPasswordReset', changes: { after: { passwordGenerated: true } } });
    expect(JSON.stringify([...set, ...gen])).not.toMatch(new RegExp(`Temporary-Till-77|${generated}`));
    await t.call('POST', '/authentication/ChangePassword', {
      token: (await t.login('cashier', generated)).accessToken,
      body: { currentPassword: generated, newPassword: DEMO_PASSWORDS.cashier.replace('123', '456') },
    });
  });

  it('records revoking sessions and resetting two-step sign-in', async () => {
    const revoke = await eventsOf(() => post('/user/RevokeSessions', { userId: ids.manager }));
    expect(revoke).toEqual([
      expect.objectContaining({
        ...by('admin'),
        action: 'revokeSessions',
        rowId: ids.manager,
        changes: { before: {}, after: { sessionsRevoked: expect.any(Number) } },
      }),
    ]);
    const otp = await eventsOf(() => post('/user/ResetOtp', { userId: ids.manager }));
    expect(otp).toEqual([expect.objectContaining({ ...by('admin'), action: 'resetOtp', rowId: ids.manager })]);
  });

  it('records a password change by its owner, without either password', async () => {
    const manager = await t.loginAs('manager');
    const change = await eventsOf(() =>
      t.call('POST', '/authentication/ChangePassword', {
        token: manager.accessToken,
        body: { currentPassword: DEMO_PASSWORDS.manager, newPassword: 'Changed-Aisle-Four-4' },
      }),
    );
    expect(change).toEqual([
      expect.objectContaining({ ...by('manager'), action: 'passwordChange', rowId: ids.manager }),
    ]);
    expect(JSON.stringify(change)).not.toMatch(/Manager@123|Changed-Aisle/);
  });

  it('records the grants the role-privilege grid changed, and nothing for a save that changes none', async () => {
    const roles = (await get<RoleOption[]>('/RolePrivileges/Roles')).body.data;
    const cashierRole = roles.find((r) => r.code === 'CASHIER')!.id;
    const grid = (await get<RolePrivilegeGrid>(`/RolePrivileges/Grid?roleId=${cashierRole}`)).body.data;
    const product = grid.groups.flatMap((g) => g.rows).find((r) => r.name === 'product')!;
    const row = (edit: boolean) => ({
      privilegeId: product.privilegeId,
      ableToView: true,
      ableToEdit: edit,
      ableToDelete: false,
      ableToSetTable: false,
    });
    await post('/RolePrivileges/Save', { roleId: cashierRole, rows: [row(false)] });
    const grant = await eventsOf(() => post('/RolePrivileges/Save', { roleId: cashierRole, rows: [row(true)] }));
    expect(grant).toEqual([
      expect.objectContaining({
        ...by('admin'),
        action: 'grantPrivileges',
        entity: 'role',
        rowId: cashierRole,
        changes: { before: { product: 'view' }, after: { product: 'view, edit' } },
      }),
    ]);
    expect(await eventsOf(() => post('/RolePrivileges/Save', { roleId: cashierRole, rows: [row(true)] }))).toEqual([]);
  });

  it('records setting and feature-switch writes with their values before and after', async () => {
    const value = await eventsOf(() =>
      post('/AppSetting/UpdateSetting', { key: SETTING_KEYS.reportUrl, value: 'https://reports.example/audited' }),
    );
    expect(value).toEqual([
      expect.objectContaining({
        ...by('admin'),
        action: 'update',
        entity: 'appsetting',
        rowId: expect.any(Number),
        changes: { before: { value: expect.any(String) }, after: { value: 'https://reports.example/audited' } },
      }),
    ]);
    const attributes = await eventsOf(() =>
      post('/AppSetting/UpdateAttributes', { key: SETTING_KEYS.reportUrl, attributes: { openInNewTab: true } }),
    );
    expect(attributes[0]).toMatchObject({
      action: 'update',
      entity: 'appsetting',
      changes: { after: { attributes: { openInNewTab: true } } },
    });
    const all = { onlineOrdering: true, membership: true, commission: true, vouchers: true };
    const feature = await eventsOf(() => post('/feature/Save', { ...all, vouchers: false }));
    expect(feature).toEqual([
      expect.objectContaining({
        ...by('admin'),
        action: 'update',
        entity: 'feature',
        rowId: null,
        changes: { before: { vouchers: true }, after: { vouchers: false } },
      }),
    ]);
    await post('/feature/Save', all);
  });
});

describe('audit events of admin actions', () => {
  it('records pairing a terminal (the code never), the device taking it, and unpairing', async () => {
    const outlet = await insert(t, 'outlet', { code: 'AUD1', name: 'Audited outlet' });
    const terminal = await insert(t, 'pointofsale', { code: 'AUDPOS', name: 'Audited till', outlet: outlet.id });
    let code = '';
    const pair = await eventsOf(
      async () =>
        (code = (
          await post<{ code: string }>('/DataRepository/Execute/pointofsale', { action: 'pair', ids: [terminal.id] })
        ).body.data.code),
    );
    expect(pair).toEqual([
      expect.objectContaining({
        ...by('admin'),
        action: 'rowAction',
        entity: 'pointofsale',
        rowId: terminal.id,
        changes: { before: {}, after: { action: 'pair' } },
      }),
    ]);
    const redeem = await eventsOf(() =>
      t.call('POST', '/pointofsale/Pair', { body: { code, deviceId: 'audited-device' } }),
    );
    expect(redeem).toEqual([
      expect.objectContaining({
        userId: null,
        userName: 'Terminal AUDPOS',
        ip: LOCAL,
        action: 'terminalPair',
        entity: 'pointofsale',
        rowId: terminal.id,
        changes: { before: {}, after: { deviceId: 'audited-device' } },
      }),
    ]);
    const unpair = await eventsOf(() =>
      post('/DataRepository/Execute/pointofsale', { action: 'unpair', ids: [terminal.id] }),
    );
    expect(unpair).toEqual([
      expect.objectContaining({
        ...by('admin'),
        action: 'rowAction',
        entity: 'pointofsale',
        rowId: terminal.id,
        changes: { before: {}, after: { action: 'unpair' } },
      }),
    ]);
    expect(JSON.stringify([...pair, ...redeem])).not.toContain(code.replace('-', ''));
  });

  it('records generating voucher codes (how many, not the codes) and downloading them', async () => {
    const voucher = await insert(t, 'voucher', {
      code: 'AUDIT5',
      name: 'Five off',
      kind: 'amount',
      value: '5.00',
      usageLimit: 10,
    });
    let codes: string[] = [];
    const generate = await eventsOf(async () => {
      const res = await post<{ codes: Record<string, string[]> }>('/DataRepository/Execute/voucher', {
        action: 'generate',
        ids: [voucher.id],
        count: 3,
      });
      codes = res.body.data.codes[String(voucher.id)]!;
    });
    expect(generate).toEqual([
      expect.objectContaining({
        ...by('admin'),
        action: 'rowAction',
        entity: 'voucher',
        rowId: voucher.id,
        changes: { before: {}, after: { action: 'generate', count: 3 } },
      }),
    ]);
    expect(JSON.stringify(generate)).not.toContain(codes[0]!);
    const download = await eventsOf(() =>
      fetch(`${t.api}/pricing/VoucherCodes/${String(voucher.id)}`, {
        headers: { authorization: `Bearer ${tokens.admin}` },
      }),
    );
    expect(download).toEqual([
      expect.objectContaining({
        ...by('admin'),
        action: 'export',
        entity: 'vouchercode',
        rowId: null,
        changes: { before: {}, after: { voucher: voucher.id, rows: 3 } },
      }),
    ]);
  });

  it('records a job run by hand', async () => {
    const run = await eventsOf(() => post('/jobs/Run', { kind: 'applyFuturePrices' }));
    expect(run).toEqual([
      expect.objectContaining({
        ...by('admin'),
        action: 'jobRun',
        entity: 'job',
        rowId: expect.any(Number),
        changes: { before: {}, after: { kind: 'applyFuturePrices' } },
      }),
    ]);
  });

  it('records an export: what, with which filters, how many rows', async () => {
    const filters = [{ ColumnName: 'code', ColumnValue: 'AUD', Operator: 'STARTSWITH' }];
    let rows = 0;
    const exported = await eventsOf(
      async () => (rows = (await exportList(t, { procedure: 'EXP_Supplier', filters })).rows.length - 1),
    );
    await insert(t, 'supplier', { code: 'AUDSUP', name: 'Audited supplier' });
    const again = await eventsOf(() => exportList(t, { procedure: 'EXP_Supplier', filters }));
    for (const [events, count] of [
      [exported, rows],
      [again, rows + 1],
    ] as const)
      expect(events).toEqual([
        expect.objectContaining({
          ...by('admin'),
          action: 'export',
          entity: 'supplier',
          rowId: null,
          changes: { before: {}, after: expect.objectContaining({ procedure: 'EXP_Supplier', filters, rows: count }) },
        }),
      ]);
  });

  it('records a connection test: the address and the answer, never the key', async () => {
    const test = await eventsOf(() =>
      post('/membershipintegration/TestConnection', { endpoint: 'http://127.0.0.1:1/', apiKey: 'sk_never_in_the_log' }),
    );
    expect(test).toEqual([
      expect.objectContaining({
        ...by('admin'),
        action: 'connectionTest',
        entity: 'membershipintegrationsettings',
        changes: { before: {}, after: { endpoint: 'http://127.0.0.1:1/', key: 'typed', ok: false, status: null } },
      }),
    ]);
    expect(JSON.stringify(test)).not.toContain('sk_never');
  });
});

describe('reading security events', () => {
  it('follows the audit log’s rules: user events to whoever may view users, all to administrators', async () => {
    // The cashier's password was changed above.
    const cashier = await t.login('cashier', DEMO_PASSWORDS.cashier.replace('123', '456'));
    const res = await post(
      '/DataRepository/fetch/auditlog',
      { filters: [{ ColumnName: 'entity', ColumnValue: 'user', Operator: 'EQ' }] },
      cashier.accessToken,
    );
    expect(res.status).toBe(403);
    const actions = new Set((await eventsAfter(0)).map((e) => e.action));
    for (const action of [
      'signIn',
      'signOut',
      'signInFailed',
      'lockout',
      'unlock',
      'adminPasswordReset',
      'revokeSessions',
      'resetOtp',
      'passwordChange',
      'grantPrivileges',
    ]) {
      expect(actions.has(action), action).toBe(true);
    }
  });
});
