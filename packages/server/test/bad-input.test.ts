import { SETTING_KEYS, type AppSettingDto } from '@backroom/schema';
import { describe, expect, it } from 'vitest';
import { useTestServer } from './support/harness';

const t = useTestServer({ users: ['admin'] });
const { tokens } = t;

const json = { 'content-type': 'application/json' };
const takePerRow = async () =>
  (await t.call<AppSettingDto>('GET', `/AppSetting/FetchByKey/${SETTING_KEYS.takePerRow}`, { token: tokens.admin }))
    .body.data.value;

describe('bad input never reaches a 500', () => {
  it('answers malformed JSON with 400', async () => {
    for (const rawBody of ['{"userName": "admin",', '{bad json}', '[1,2', '{"__proto__": {"x": 1}}']) {
      const res = await t.call('POST', '/Authentication/Login', { rawBody, headers: json });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        resultCode: 400,
        message: 'Malformed JSON body',
        data: null,
        requestId: expect.any(String),
      });
    }
    const update = await t.call('POST', '/AppSetting/UpdateSetting', {
      rawBody: '{"key": "default_TakePerRow", "value": "99"',
      headers: json,
      token: tokens.admin,
    });
    expect(update.status).toBe(400);
    expect(await takePerRow()).toBe('10');
  });

  it('answers an empty JSON body with 400', async () => {
    const res = await t.call('POST', '/Authentication/Login', { rawBody: '', headers: json });
    expect(res.status).toBe(400);
  });

  it('names each missing or mistyped field', async () => {
    const missing = await t.call('POST', '/Authentication/Login', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.errors?.map((e) => e.field).sort()).toEqual(['password', 'userName']);
    const wrongTypes = await t.call('POST', '/Authentication/Login', { body: { userName: 42, password: ['x'] } });
    expect(wrongTypes.status).toBe(400);
    expect(wrongTypes.body.errors?.map((e) => e.field).sort()).toEqual(['password', 'userName']);
    const notObject = await t.call('POST', '/Authentication/Login', { body: 'admin' });
    expect(notObject.status).toBe(400);
    expect(notObject.body.errors?.[0]?.field).toBe('body');
    const nullBody = await t.call('POST', '/Authentication/Login', { body: null });
    expect(nullBody.status).toBe(400);
    const refresh = await t.call('POST', '/Authentication/RefreshToken', {
      body: { accessToken: '', refreshToken: 5 },
    });
    expect(refresh.status).toBe(400);
    expect(refresh.body.errors?.map((e) => e.field).sort()).toEqual(['accessToken', 'refreshToken']);
    const otp = await t.call('POST', '/Authentication/ValidateOtp', { body: { otpToken: 'x', otp: 'abcdef' } });
    expect(otp.status).toBe(400);
    expect(otp.body.errors).toEqual([{ field: 'otp', message: 'Enter the 6-digit code' }]);
    const deep = await t.call('POST', '/DataRepository/procedure/SP_Multiple_Appsetting', {
      token: tokens.admin,
      body: { Take: 10, filters: [{ ColumnName: 'AppSettingKeys', ColumnValue: {}, Operator: 'EQ' }] },
    });
    expect(deep.status).toBe(400);
    expect(deep.body.errors?.[0]?.field).toBe('filters.0.ColumnValue');
  });

  it('refuses a body over 1 MiB with 413 and writes nothing', async () => {
    const big = JSON.stringify({ key: SETTING_KEYS.takePerRow, value: 'x'.repeat(2 * 1024 * 1024) });
    const res = await t.call('POST', '/AppSetting/UpdateSetting', { rawBody: big, headers: json, token: tokens.admin });
    expect(res.status).toBe(413);
    expect(res.body.resultCode).toBe(413);
    expect(await takePerRow()).toBe('10');
    const tooLong = await t.call('POST', '/AppSetting/UpdateSetting', {
      body: { key: SETTING_KEYS.takePerRow, value: 'x'.repeat(5000) },
      token: tokens.admin,
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors?.[0]?.field).toBe('value');
    expect(await takePerRow()).toBe('10');
  });

  it('refuses other content types', async () => {
    const form = await t.call('POST', '/Authentication/Login', {
      rawBody: 'userName=admin&password=Admin%40123',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    expect(form.body.resultCode).toBe(415);
    const text = await t.call('POST', '/Authentication/Login', {
      rawBody: 'admin',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(400);
  });

  it('answers unknown procedures, actions and routes with a 404 envelope', async () => {
    const procedure = await t.call('POST', '/DataRepository/procedure/DROP_TABLE_app_user', {
      token: tokens.admin,
      body: {},
    });
    expect(procedure.status).toBe(404);
    expect(procedure.body).toEqual({
      resultCode: 404,
      message: 'Unknown procedure',
      data: null,
      requestId: expect.any(String),
    });
    const action = await t.call('POST', '/authentication/Impersonate', { body: {} });
    expect(action.status).toBe(404);
    expect(action.body.resultCode).toBe(404);
    const route = await t.call('GET', '/NoSuchThing/Anywhere', { token: tokens.admin });
    expect(route.status).toBe(404);
    expect(route.body).toEqual({ resultCode: 404, message: 'Not found', data: null, requestId: expect.any(String) });
    const legacy = await t.call('POST', `${t.origin}/backoffice/WebAPI/NoSuchThing/Anywhere`, { body: {} });
    expect(legacy.status).toBe(404);
  });

  it('answers the wrong method of an action with 405', async () => {
    const res = await t.call('GET', '/Authentication/Login');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });

  it('rejects absurd values without failing', async () => {
    const long = await t.call('POST', '/Authentication/Login', { body: { userName: 'a'.repeat(5000), password: 'x' } });
    expect(long.status).toBe(400);
    expect(long.body.errors?.[0]?.field).toBe('userName');
    const injection = await t.call('POST', '/Authentication/Login', {
      body: { userName: "' OR 1=1 --😀\ud800", password: 'x' },
    });
    expect(injection.status).toBe(401);
    const nul = await t.call('POST', '/Authentication/Login', { body: { userName: 'admin\u0000', password: 'x' } });
    expect(nul.status).toBe(400);
    expect(nul.body.errors).toEqual([{ field: 'userName', message: 'Must not contain NUL characters' }]);
    const nulKey = await t.call('GET', '/AppSetting/FetchByKey/a%00b', { token: tokens.admin });
    expect(nulKey.status).toBe(400);
    const nulQuery = await t.call('GET', '/DataRepository/procedure/SP_Multiple_Appsetting?filters=%00', {
      token: tokens.admin,
    });
    expect(nulQuery.status).toBe(400);
    const deep = await t.call('POST', '/Authentication/Login', {
      rawBody: '['.repeat(200_000) + ']'.repeat(200_000),
      headers: json,
    });
    expect(deep.status).toBe(400);
    for (const userId of [1e300, 2 ** 40, -1, 0, 1.5]) {
      const res = await t.call('POST', '/user/Unlock', { token: tokens.admin, body: { userId } });
      expect(res.status).toBe(400);
      expect(res.body.errors?.[0]?.field).toBe('userId');
    }
    const longKey = await t.call('GET', `/AppSetting/FetchByKey/${'k'.repeat(400)}`, { token: tokens.admin });
    expect(longKey.status).toBe(404);
    const tooLongKey = await t.call('GET', `/AppSetting/FetchByKey/${'k'.repeat(600)}`, { token: tokens.admin });
    expect(tooLongKey.status).toBe(414);
    expect(tooLongKey.body).toEqual({
      resultCode: 414,
      message: 'Address too long',
      data: null,
      requestId: expect.any(String),
    });
    const badEncoding = await t.call('GET', '/AppSetting/FetchByKey/%E0%A4%A', { token: tokens.admin });
    expect(badEncoding.status).toBe(400);
    expect(badEncoding.body.resultCode).toBe(400);
  });

  it('takes names that Object.prototype holds for unknown names, like any other', async () => {
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      const action = await t.call('POST', `/Authentication/${name}`, { body: {} });
      expect(action.status, name).toBe(404);
      const execute = await t.call('POST', '/DataRepository/Execute/futureproductprice', {
        token: tokens.admin,
        body: { action: name, ids: [1] },
      });
      expect(execute.status, name).toBe(400);
      expect(execute.body.errors).toEqual([{ field: 'action', message: `Unknown action: ${name}` }]);
      const family = await t.call('POST', `/futureproductprice/${name}`, { token: tokens.admin, body: { ids: [1] } });
      expect(family.status, name).toBe(404);
      const job = await t.call('POST', '/jobs/Run', { token: tokens.admin, body: { kind: name } });
      expect(job.status, name).toBe(400);
      expect(job.body.errors?.[0]?.field).toBe('kind');
    }
  });

  it('answers a cut-short multipart upload with 400', async () => {
    const res = await t.call('POST', `${t.origin}/upload/backoffice/product`, {
      token: tokens.admin,
      rawBody: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      resultCode: 400,
      message: 'Malformed multipart body',
      data: null,
      requestId: expect.any(String),
    });
  });
});
