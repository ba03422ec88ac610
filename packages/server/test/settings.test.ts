import { SETTING_KEYS, settingQuery, type AppSettingDto, type SamlProvider, type VersionInfo } from '@backroom/schema';
import { describe, expect, it } from 'vitest';
import { useTestServer } from './support/harness';

const t = useTestServer({ config: { buildNumber: '2026.11.21-7' }, users: ['admin', 'cashier'] });
const { tokens } = t;

const byKey = async (key: string) =>
  (await t.call<AppSettingDto>('GET', `/AppSetting/FetchByKey/${key}`, { token: tokens.cashier })).body.data;

describe('app settings', () => {
  it('lists a group and reads one key, on the /API spelling too', async () => {
    const group = await t.call<AppSettingDto[]>('GET', `${t.origin}/backoffice/core/API/AppSetting/FetchByGroupId/1`, {
      token: tokens.admin,
    });
    expect(group.status).toBe(200);
    expect(group.body.data.map((s) => s.key).sort()).toEqual(Object.values(SETTING_KEYS).sort());
    expect(await byKey('default_TakePerRow')).toMatchObject({
      key: 'default_TakePerRow',
      value: '10',
      groupId: 1,
      attributes: null,
    });
    expect((await t.call('GET', '/AppSetting/FetchByKey/NoSuchKey', { token: tokens.cashier })).status).toBe(404);
    expect((await t.call('GET', '/AppSetting/FetchByGroupId/1')).status).toBe(401);
    // A whole group needs view on the company set-up; the shell's single keys are read by everyone.
    expect((await t.call('GET', '/AppSetting/FetchByGroupId/1', { token: tokens.cashier })).status).toBe(403);
    const badGroup = await t.call('GET', '/AppSetting/FetchByGroupId/x', { token: tokens.admin });
    expect(badGroup.status).toBe(400);
    expect(badGroup.body.errors?.[0]?.field).toBe('id');
  });

  it('lets an editor of company settings update a value and attributes', async () => {
    const res = await t.call<AppSettingDto>('POST', '/AppSetting/UpdateSetting', {
      token: tokens.admin,
      body: { key: SETTING_KEYS.reportUrl, value: 'https://reports.backroom.example' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.value).toBe('https://reports.backroom.example');
    expect((await byKey(SETTING_KEYS.reportUrl)).value).toBe('https://reports.backroom.example');

    const attrs = await t.call<AppSettingDto>('POST', '/AppSetting/UpdateAttributes', {
      token: tokens.admin,
      body: { key: SETTING_KEYS.reportUrl, attributes: { openInNewTab: true } },
    });
    expect(attrs.status).toBe(200);
    expect((await byKey(SETTING_KEYS.reportUrl)).attributes).toEqual({ openInNewTab: true });

    expect(
      (await t.call('POST', '/AppSetting/UpdateSetting', { token: tokens.admin, body: { key: 'Missing', value: 'x' } }))
        .status,
    ).toBe(404);
  });

  it('refuses writes without the privilege and changes nothing', async () => {
    const res = await t.call('POST', '/AppSetting/UpdateSetting', {
      token: tokens.cashier,
      body: { key: SETTING_KEYS.takePerRow, value: '50' },
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You do not have permission to edit Company');
    expect(
      (
        await t.call('POST', '/AppSetting/UpdateAttributes', {
          token: tokens.cashier,
          body: { key: SETTING_KEYS.takePerRow, attributes: {} },
        })
      ).status,
    ).toBe(403);
    expect((await byKey(SETTING_KEYS.takePerRow)).value).toBe('10');
  });

  it('rejects a badly typed update and leaves the value unchanged', async () => {
    const res = await t.call('POST', '/AppSetting/UpdateSetting', {
      token: tokens.admin,
      body: { key: SETTING_KEYS.takePerRow, value: 25 },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'value', message: expect.any(String) }]);
    const attrs = await t.call('POST', '/AppSetting/UpdateAttributes', {
      token: tokens.admin,
      body: { key: SETTING_KEYS.takePerRow, attributes: [1] },
    });
    expect(attrs.status).toBe(400);
    expect(attrs.body.errors?.[0]?.field).toBe('attributes');
    expect(await byKey(SETTING_KEYS.takePerRow)).toMatchObject({ value: '10', attributes: null });
  });
});

describe('setting values by kind, on every write path', () => {
  const fetchSettings = async () =>
    (
      await t.call<{ id: number; version: number; group: number; key: string; value: string }[]>(
        'POST',
        '/DataRepository/fetch/appsetting',
        { token: tokens.admin, body: { Take: 100 } },
      )
    ).body.data;

  it('refuses a rows-per-page that is no whole number and an address that is none, naming the value', async () => {
    const route = await t.call('POST', '/AppSetting/UpdateSetting', {
      token: tokens.admin,
      body: { key: SETTING_KEYS.takePerRow, value: 'ten' },
    });
    expect(route.status).toBe(400);
    expect(route.body.errors).toEqual([{ field: 'value', message: 'Enter a whole number from 1 to 9999' }]);
    const report = (await fetchSettings()).find((r) => r.key === SETTING_KEYS.reportUrl)!;
    const generic = await t.call('POST', '/DataRepository/Update/appsetting', {
      token: tokens.admin,
      body: { id: report.id, version: report.version, value: 'reports.example' },
    });
    expect(generic.status).toBe(400);
    expect(generic.body.errors).toEqual([{ field: 'value', message: expect.stringContaining('http') }]);
    const rows = (await fetchSettings()).find((r) => r.key === SETTING_KEYS.takePerRow)!;
    const bulk = await t.call('POST', '/DataRepository/bulkupdate/appsetting', {
      token: tokens.admin,
      body: [
        { id: report.id, version: report.version, value: 'https://reports.example' },
        { id: rows.id, version: rows.version, value: '0' },
      ],
    });
    expect(bulk.status).toBe(400);
    // All or nothing: the good row of the batch is not written either.
    expect(await byKey(SETTING_KEYS.reportUrl)).toMatchObject({ value: report.value });
    expect(await byKey(SETTING_KEYS.takePerRow)).toMatchObject({ value: '10' });
    const blank = await t.call('POST', '/DataRepository/Update/appsetting', {
      token: tokens.admin,
      body: { id: report.id, version: report.version, value: '' },
    });
    expect(blank.status, JSON.stringify(blank.body)).toBe(200);
  });

  it('adds a top-menu link only with a route the top bar can open', async () => {
    const bad = await t.call('POST', '/DataRepository/Insert/appsetting', {
      token: tokens.admin,
      body: { group: 2, key: 'Wiki', value: 'wiki.example' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: 'value', message: 'A link starts with http://, https:// or /' }]);
    const good = await t.call('POST', '/DataRepository/Insert/appsetting', {
      token: tokens.admin,
      body: { group: 2, key: 'Wiki', value: 'https://wiki.example' },
    });
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    const menu = await t.call<{ route: string; menuText: string }[]>('GET', '/AppModule/GetTopMenu', {
      token: tokens.cashier,
    });
    expect(menu.body.data).toContainEqual({ route: 'https://wiki.example', menuText: 'Wiki' });
  });
});

describe('SP_Multiple_Appsetting', () => {
  it('answers the setting query with one row of values', async () => {
    const keys = [SETTING_KEYS.takePerRow, SETTING_KEYS.paymentProviderUrl, 'Not_A_Key'];
    const res = await t.call<Record<string, string>[]>('POST', '/DataRepository/procedure/SP_Multiple_Appsetting', {
      token: tokens.cashier,
      body: settingQuery(keys),
    });
    expect(res.status).toBe(200);
    expect(res.body.resultCode).toBe(200);
    expect(res.body.data).toEqual([
      { default_TakePerRow: '10', pAYMENTPROVIDER_URL: '', not_A_Key: '', appSettingValue: '10' },
    ]);
  });

  it('takes the same query as GET parameters', async () => {
    const query = new URLSearchParams({
      Take: '9999',
      filters: JSON.stringify(settingQuery([SETTING_KEYS.takePerRow]).filters),
    });
    const res = await t.call<Record<string, string>[]>(
      'GET',
      `/DataRepository/procedure/sp_multiple_appsetting?${query}`,
      { token: tokens.cashier },
    );
    expect(res.status).toBe(200);
    expect(res.body.data[0]?.appSettingValue).toBe('10');
  });

  it('names the field of a bad query', async () => {
    const badColumn = await t.call('POST', '/DataRepository/procedure/SP_Multiple_Appsetting', {
      token: tokens.cashier,
      body: { Take: 9999, filters: [{ ColumnName: 'Password', ColumnValue: 'x', Operator: 'EQ' }] },
    });
    expect(badColumn.status).toBe(400);
    expect(badColumn.body.errors).toEqual([{ field: 'filters.0.ColumnName', message: 'Unknown column: Password' }]);
    const badTake = await t.call('POST', '/DataRepository/procedure/SP_Multiple_Appsetting', {
      token: tokens.cashier,
      body: { Take: 'all', filters: [] },
    });
    expect(badTake.status).toBe(400);
    expect(badTake.body.errors?.[0]?.field).toBe('Take');
    const noFilter = await t.call('POST', '/DataRepository/procedure/SP_Multiple_Appsetting', {
      token: tokens.cashier,
      body: { Take: 9999 },
    });
    expect(noFilter.status).toBe(400);
    expect(noFilter.body.errors?.[0]?.field).toBe('filters');
  });

  it('needs a bearer', async () => {
    expect(
      (await t.call('POST', '/DataRepository/procedure/SP_Multiple_Appsetting', { body: settingQuery(['x']) })).status,
    ).toBe(401);
  });
});

describe('public information', () => {
  it('reports the version without a bearer', async () => {
    const res = await t.call<VersionInfo>('GET', '/Info/Version');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ apiVersion: '0.1.0', buildNumber: '2026.11.21-7' });
  });

  it('lists no SAML providers by default, and the configured ones once set', async () => {
    const empty = await t.call<SamlProvider[]>('GET', '/PublicDataRepository/procedure/getsaml');
    expect(empty.status).toBe(200);
    expect(empty.body.data).toEqual([]);
    await t.server.app.ctx.db
      .insertInto('app_setting')
      .values({
        group_id: 3,
        key: 'Contoso SSO',
        value: 'https://sso.contoso.example/login',
        description: null,
        attributes: null,
        updated_at: new Date().toISOString(),
        updated_by: null,
      })
      .execute();
    const one = await t.call<SamlProvider[]>('GET', '/PublicDataRepository/procedure/GetSaml');
    expect(one.body.data).toEqual([{ name: 'Contoso SSO', loginUrl: 'https://sso.contoso.example/login' }]);
  });

  it('does not expose signed-in procedures publicly', async () => {
    const res = await t.call('POST', '/PublicDataRepository/procedure/SP_Multiple_Appsetting', {
      body: settingQuery(['x']),
    });
    expect(res.status).toBe(404);
  });

  it('reports health', async () => {
    const res = await t.call('GET', `${t.origin}/backoffice/core/health`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ database: 'ok', migrations: 'current' });
  });
});
