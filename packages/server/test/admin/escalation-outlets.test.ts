import { findEntity } from '@backroom/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer, type Row } from '../support/harness';
import { ALL, roleKit } from '../support/roles';
import { withRowBuilder } from '../data/support/rows';

const t = useTestServer({ users: ['admin'], extend: withRowBuilder });
const { post } = t;
let kit: ReturnType<typeof roleKit>;
let editorRole: number;
let outletA: number;
let outletB: number;
let editor: { user: Row & { id: number; version: number }; accessToken: string };

beforeAll(async () => {
  kit = roleKit(t);
  outletA = (await t.builder.insert(findEntity('outlet')!, { code: 'OUT-A' })).id as number;
  outletB = (await t.builder.insert(findEntity('outlet')!, { code: 'OUT-B' })).id as number;
  editorRole = await kit.newRole('CASHIER', { user: { ...ALL, ableToSetTable: false } });
  editor = await kit.signedInUser(editorRole, { outlets: [outletA] });
});

const create = (outlets: number[] | null) =>
  post(
    '/DataRepository/Insert/user',
    { userName: `u${Math.random().toString(36).slice(2, 10)}`, displayName: 'U', role: editorRole, outlets },
    editor.accessToken,
  );

describe('a user editor limited to some outlets', () => {
  it('gives only outlets of theirs, never every outlet', async () => {
    expect((await create([outletA])).status).toBe(200);
    for (const outlets of [[], null]) {
      const res = await create(outlets);
      expect(res.status, JSON.stringify(outlets)).toBe(403);
      expect(res.body.errors).toEqual([
        { field: 'outlets', message: 'You can give only outlets you may work at yourself, and not every outlet' },
      ]);
    }
    // An outlet the editor may not see is named as if it did not exist (no id oracle).
    for (const outlets of [[outletB], [outletA, outletB]]) {
      const res = await create(outlets);
      expect(res.status, JSON.stringify(outlets)).toBe(400);
      expect(res.body.errors?.[0]?.field).toBe('outlets');
    }
  });

  it('cannot widen their own outlets', async () => {
    const me = (await t.get(`/user/Get/${editor.user.id}`)).body.data;
    const res = await post(
      '/user/Update',
      { id: editor.user.id, version: me.version, outlets: [] },
      editor.accessToken,
    );
    expect(res.status).toBe(403);
    expect((await t.get(`/user/Get/${editor.user.id}`)).body.data.outlets).toEqual([outletA]);
  });

  it('acts only on users limited to outlets of theirs', async () => {
    const within = await kit.newUser(editorRole, { outlets: [outletA] });
    const everywhere = await kit.newUser(editorRole, { outlets: [] });
    const elsewhere = await kit.newUser(editorRole, { outlets: [outletB] });
    expect((await post('/ResetPassword/Reset', { userId: within.id }, editor.accessToken)).status).toBe(200);
    // A user of another outlet, or of every outlet (an administrator), is hidden: every account call
    // answers as for a missing user, naming nobody.
    for (const hiddenUser of [everywhere, elsewhere])
      for (const path of ['/ResetPassword/Reset', '/user/RevokeSessions', '/user/ResetOtp', '/user/SetActive']) {
        const hidden = await post(path, { userId: hiddenUser.id, isActive: false }, editor.accessToken);
        expect([path, hidden.status, hidden.body.message]).toEqual([path, 404, 'User not found']);
      }
    for (const hiddenUser of [everywhere, elsewhere]) {
      expect(
        (
          await post(
            '/user/Update',
            { id: hiddenUser.id, version: hiddenUser.version, displayName: 'X' },
            editor.accessToken,
          )
        ).status,
      ).toBe(404);
      expect((await t.get(`/user/Get/${hiddenUser.id}`, editor.accessToken)).status).toBe(404);
    }
  });

  it('lists only users of their outlets: no administrator, no user of every outlet', async () => {
    const within = await kit.newUser(editorRole, { outlets: [outletA] });
    const everywhere = await kit.newUser(editorRole, { outlets: [] });
    const listed = (await post<Row[]>('/DataRepository/fetch/user', { Take: 1000 }, editor.accessToken)).body.data.map(
      (u) => u.userName,
    );
    expect(listed).toContain(within.userName);
    expect(listed).toContain(editor.user.userName);
    expect(listed).not.toContain(everywhere.userName);
    expect(listed).not.toContain('admin');
    const dropdown = (
      await t.call<{ text: string }[]>('GET', '/AppModule/GetDropDown/user', { token: editor.accessToken })
    ).body.data.map((o) => o.text);
    expect(dropdown.join('|')).not.toMatch(/admin/i);
    // The administrator sees them all.
    expect((await post<Row[]>('/DataRepository/fetch/user', { Take: 1000 })).body.data.map((u) => u.userName)).toEqual(
      expect.arrayContaining([everywhere.userName, 'admin']),
    );
  });

  it('leaves an editor with every outlet free to give any', async () => {
    const free = await kit.signedInUser(editorRole, { outlets: [] });
    const res = await post(
      '/DataRepository/Insert/user',
      { userName: 'freeuser', displayName: 'F', role: editorRole, outlets: [] },
      free.accessToken,
    );
    expect(res.status).toBe(200);
  });
});
