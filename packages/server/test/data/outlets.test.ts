import { findEntity } from '@backroom/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/auth/passwords';
import { startTestServer, type TestServer } from '../support/server';
import { RowBuilder, type Row } from './support/rows';

let t: TestServer;
let admin: string;
let limited: string;
let outletA: Row;
let outletB: Row;
let builder: RowBuilder;
beforeAll(async () => {
  t = await startTestServer();
  admin = (await t.login('admin', 'Admin@123')).accessToken;
  builder = new RowBuilder(t, admin);
  outletA = await builder.insert(findEntity('outlet')!, { code: 'OUT-A' });
  outletB = await builder.insert(findEntity('outlet')!, { code: 'OUT-B' });
  const roles = (await post<Row[]>('/DataRepository/fetch/role', { filters: [{ ColumnName: 'code', ColumnValue: 'STORE_MANAGER', Operator: 'EQ' }] })).body.data;
  const user = await post('/DataRepository/Insert/user', { userName: 'limited', displayName: 'Limited Lee', role: roles[0]!.id, outlets: [outletA.id], mustChangePassword: false });
  expect(user.status, JSON.stringify(user.body)).toBe(200);
  await t.server.app.ctx.db.updateTable('app_user').set({ password_hash: await hashPassword('Limited@123') }).where('id', '=', user.body.data.id as number).execute();
  limited = (await t.login('limited', 'Limited@123')).accessToken;
});
afterAll(async () => {
  await t?.close();
});

function post<T = Row>(path: string, body: unknown, token = admin) {
  return t.call<T>('POST', path, { token, body });
}
const codes = async (name: string, token: string) => (await post<Row[]>(`/DataRepository/fetch/${name}`, { Take: 100 }, token)).body.data;

describe('a user limited to some outlets', () => {
  it('cannot sign in with an account created through the generic API until a password is set', async () => {
    const roles = (await post<Row[]>('/DataRepository/fetch/role', { Take: 1 })).body.data;
    await post('/DataRepository/Insert/user', { userName: 'fresh', displayName: 'Fresh', role: roles[0]!.id });
    expect((await t.call('POST', '/Authentication/Login', { body: { userName: 'fresh', password: '' } })).status).not.toBe(200);
    expect((await t.call('POST', '/Authentication/Login', { body: { userName: 'fresh', password: '!' } })).status).not.toBe(200);
  });

  it('sees only the rows of those outlets, and rows that name no outlet', async () => {
    const inA = await builder.insert(findEntity('inventorylocation')!, { outlet: outletA.id });
    const inB = await builder.insert(findEntity('inventorylocation')!, { outlet: outletB.id });
    const everywhere = await builder.insert(findEntity('inventorylocation')!, { outlet: null });
    expect((await codes('outlet', limited)).map((o) => o.id)).toEqual([outletA.id]);
    const seen = (await codes('inventorylocation', limited)).map((r) => r.id);
    expect(seen).toEqual(expect.arrayContaining([inA.id, everywhere.id]));
    expect(seen).not.toContain(inB.id);
    expect((await codes('inventorylocation', admin)).map((r) => r.id)).toContain(inB.id);
    expect((await t.call<{ value: unknown }[]>('GET', '/AppModule/GetDropDown/outlet', { token: limited })).body.data.map((o) => o.value)).toEqual([outletA.id]);

    const hidden = await post('/DataRepository/Update/inventorylocation', { id: inB.id, version: inB.version, name: 'Mine now' }, limited);
    expect(hidden.status).toBe(404);
    const moved = await post('/DataRepository/Update/inventorylocation', { id: inA.id, version: inA.version, outlet: outletB.id }, limited);
    expect(moved.status).toBe(403);
    expect((await post('/DataRepository/Insert/inventorylocation', { ...(await builder.row(findEntity('inventorylocation')!)), outlet: outletB.id }, limited)).status).toBe(403);
    expect((await post('/DataRepository/Insert/inventorylocation', { ...(await builder.row(findEntity('inventorylocation')!)), outlet: outletA.id }, limited)).status).toBe(200);
  });
});
