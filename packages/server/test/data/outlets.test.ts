import { findEntity } from '@backroom/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInOutletManager, useTestServer } from '../support/harness';
import { withRowBuilder, type Row } from './support/rows';

const t = useTestServer({ users: ['admin'], extend: withRowBuilder });
const { tokens, post } = t;
let limited: string;
let outletA: Row;
let outletB: Row;
beforeAll(async () => {
  outletA = await t.builder.insert(findEntity('outlet')!, { code: 'OUT-A' });
  outletB = await t.builder.insert(findEntity('outlet')!, { code: 'OUT-B' });
  limited = await signInOutletManager(t, { userName: 'limited', displayName: 'Limited Lee', password: 'Limited@123', outlets: [outletA.id] });
});

const codes = async (name: string, token: string) => (await post<Row[]>(`/DataRepository/fetch/${name}`, { Take: 100 }, token)).body.data;

describe('a user limited to some outlets', () => {
  it('cannot sign in with an account created through the generic API until a password is set', async () => {
    const roles = (await post<Row[]>('/DataRepository/fetch/role', { Take: 1 })).body.data;
    await post('/DataRepository/Insert/user', { userName: 'fresh', displayName: 'Fresh', role: roles[0]!.id });
    expect((await t.signIn('fresh', '')).status).not.toBe(200);
    expect((await t.signIn('fresh', '!')).status).not.toBe(200);
  });

  it('sees only the rows of those outlets, and rows that name no outlet', async () => {
    const inA = await t.builder.insert(findEntity('inventorylocation')!, { outlet: outletA.id });
    const inB = await t.builder.insert(findEntity('inventorylocation')!, { outlet: outletB.id });
    const everywhere = await t.builder.insert(findEntity('inventorylocation')!, { outlet: null });
    expect((await codes('outlet', limited)).map((o) => o.id)).toEqual([outletA.id]);
    const seen = (await codes('inventorylocation', limited)).map((r) => r.id);
    expect(seen).toEqual(expect.arrayContaining([inA.id, everywhere.id]));
    expect(seen).not.toContain(inB.id);
    expect((await codes('inventorylocation', tokens.admin)).map((r) => r.id)).toContain(inB.id);
    expect((await t.call<{ value: unknown }[]>('GET', '/AppModule/GetDropDown/outlet', { token: limited })).body.data.map((o) => o.value)).toEqual([outletA.id]);

    const hidden = await post('/DataRepository/Update/inventorylocation', { id: inB.id, version: inB.version, name: 'Mine now' }, limited);
    expect(hidden.status).toBe(404);
    const moved = await post('/DataRepository/Update/inventorylocation', { id: inA.id, version: inA.version, outlet: outletB.id }, limited);
    expect(moved.status).toBe(403);
    expect((await post('/DataRepository/Insert/inventorylocation', { ...(await t.builder.row(findEntity('inventorylocation')!)), outlet: outletB.id }, limited)).status).toBe(403);
    expect((await post('/DataRepository/Insert/inventorylocation', { ...(await t.builder.row(findEntity('inventorylocation')!)), outlet: outletA.id }, limited)).status).toBe(200);
  });
});
