import type { MenuGroupDto } from '@backroom/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer, type Row } from '../support/harness';
import type { ApiResponse } from '../support/server';
import { ALL, NONE, roleKit, unique } from '../support/roles';

const t = useTestServer({ users: ['admin', 'cashier'] });
const { tokens, post } = t;
let kit: ReturnType<typeof roleKit>;
const role: Record<'ADMIN' | 'CASHIER' | 'STORE_MANAGER' | 'EDITOR', number> = {
  ADMIN: 0,
  CASHIER: 0,
  STORE_MANAGER: 0,
  EDITOR: 0,
};
const EDIT = { ...NONE, ableToView: true, ableToEdit: true };

beforeAll(async () => {
  kit = roleKit(t);
  for (const code of ['ADMIN', 'CASHIER', 'STORE_MANAGER'] as const) role[code] = await kit.roleId(code);
  // A user editor: all a cashier holds, plus the user administration screens.
  role.EDITOR = await kit.newRole('CASHIER', {
    user: { ...ALL, ableToSetTable: false },
    role: { ...ALL, ableToSetTable: false },
    roleprivilege: EDIT,
    lockeduser: EDIT,
  });
  tokens.editor = (await kit.signedInUser(role.EDITOR)).accessToken;
});

const userAt = async (code: keyof typeof role) => kit.newUser(role[code]);

type Actor = 'admin' | 'editor' | 'cashier';
interface Case {
  action: string;
  run(token: string): Promise<ApiResponse<unknown>>;
  expected: Record<Actor, 200 | 403 | 409>;
}

const allowedTo = (...actors: Actor[]) =>
  ({ admin: 403, editor: 403, cashier: 403, ...Object.fromEntries(actors.map((a) => [a, 200])) }) as Case['expected'];
const userAction =
  (path: string, extra: Row = {}) =>
  async (target: keyof typeof role, token: string) =>
    post(path, { userId: (await userAt(target)).id, ...extra }, token);

/** Every user-administration action, on a target within and beyond the user editor's holding. */
const cases: Case[] = [
  {
    action: 'create a user with the Cashier role',
    run: (token) =>
      post('/DataRepository/Insert/user', { userName: unique('new'), displayName: 'New', role: role.CASHIER }, token),
    expected: allowedTo('admin', 'editor'),
  },
  {
    action: 'create a user with the Administrator role',
    run: (token) =>
      post('/DataRepository/Insert/user', { userName: unique('new'), displayName: 'New', role: role.ADMIN }, token),
    expected: allowedTo('admin'),
  },
  ...(['ADMIN', 'STORE_MANAGER'] as const).map((code) => ({
    action: `give a cashier the ${code} role`,
    run: async (token: string) => {
      const u = await userAt('CASHIER');
      return post('/DataRepository/Update/user', { id: u.id, version: u.version, role: role[code] }, token);
    },
    expected: allowedTo('admin'),
  })),
  ...(['CASHIER', 'ADMIN'] as const).flatMap((target): Case[] => {
    const within = target === 'CASHIER' ? allowedTo('admin', 'editor') : allowedTo('admin');
    return [
      {
        action: `rename a user of ${target}`,
        run: async (token) => {
          const u = await userAt(target);
          return post('/user/Update', { id: u.id, version: u.version, displayName: 'Renamed' }, token);
        },
        expected: within,
      },
      {
        action: `disable a user of ${target}`,
        run: (token) => userAction('/user/SetActive', { isActive: false })(target, token),
        expected: within,
      },
      {
        action: `delete a user of ${target}`,
        run: async (token) =>
          post('/DataRepository/Execute/user', { action: 'delete', ids: [(await userAt(target)).id] }, token),
        expected: within,
      },
      {
        action: `reset the password of a user of ${target}`,
        run: (token) => userAction('/ResetPassword/Reset')(target, token),
        expected: within,
      },
      {
        action: `unlock a user of ${target}`,
        run: (token) => userAction('/user/Unlock')(target, token),
        expected: within,
      },
      {
        action: `revoke the sessions of a user of ${target}`,
        run: (token) => userAction('/user/RevokeSessions')(target, token),
        expected: within,
      },
      {
        action: `reset the OTP of a user of ${target}`,
        run: (token) => userAction('/user/ResetOtp')(target, token),
        expected: within,
      },
    ];
  }),
  {
    action: 'grant a role like Cashier a flag the editor holds',
    run: async (token) =>
      kit.save(
        await kit.newRole('CASHIER'),
        [{ privilegeId: await kit.privilegeId('user'), flags: { ...NONE, ableToView: true } }],
        token,
      ),
    expected: allowedTo('admin', 'editor'),
  },
  {
    action: 'grant a role like Cashier a flag the editor lacks',
    run: async (token) =>
      kit.save(await kit.newRole('CASHIER'), [{ privilegeId: await kit.privilegeId('company'), flags: EDIT }], token),
    expected: allowedTo('admin'),
  },
  {
    action: 'remove a flag from a role like Cashier',
    run: async (token) => {
      const id = await kit.newRole('CASHIER', { user: { ...NONE, ableToView: true } });
      return kit.save(id, [{ privilegeId: await kit.privilegeId('user'), flags: NONE }], token);
    },
    expected: allowedTo('admin', 'editor'),
  },
  {
    action: 'remove a flag the editor holds from a role like Store Manager',
    run: async (token) => {
      const id = await kit.newRole('STORE_MANAGER', { user: { ...NONE, ableToView: true } });
      return kit.save(id, [{ privilegeId: await kit.privilegeId('user'), flags: NONE }], token);
    },
    expected: allowedTo('admin'),
  },
  {
    action: 'remove a flag from the Administrator role',
    run: async (token) =>
      kit.save(
        role.ADMIN,
        [{ privilegeId: await kit.privilegeId('user'), flags: { ...ALL, ableToDelete: false } }],
        token,
      ),
    expected: { admin: 409, editor: 409, cashier: 403 },
  },
  ...(['CASHIER', 'STORE_MANAGER'] as const).map((like) => ({
    action: `switch off a role like ${like}`,
    run: async (token: string) => {
      const id = await kit.newRole(like);
      const row = (await t.get(`/role/Get/${id}`)).body.data;
      return post('/DataRepository/Update/role', { id, version: row.version, isActive: false }, token);
    },
    expected: like === 'CASHIER' ? allowedTo('admin', 'editor') : allowedTo('admin'),
  })),
  {
    action: 'switch off the Administrator role',
    run: async (token) => {
      const row = (await t.get(`/role/Get/${role.ADMIN}`)).body.data;
      return post('/DataRepository/Update/role', { id: role.ADMIN, version: row.version, isActive: false }, token);
    },
    expected: { admin: 409, editor: 409, cashier: 403 },
  },
];

describe('the escalation matrix: every role × every user-administration action', () => {
  for (const c of cases) {
    for (const actor of ['admin', 'editor', 'cashier'] as const) {
      it(`${actor}: ${c.action} → ${c.expected[actor]}`, async () => {
        const res = await c.run(tokens[actor]!);
        expect(res.status, JSON.stringify(res.body)).toBe(c.expected[actor]);
        if (res.status !== 200) expect(res.body.message).not.toBe('');
      });
    }
  }
});

describe('hole 1: a role that may edit users cannot make itself Administrator', () => {
  let self: Row & { id: number; version: number };
  let token: string;
  beforeAll(async () => {
    const limited = await kit.newRole(null, { user: EDIT });
    const signed = await kit.signedInUser(limited);
    self = signed.user;
    token = signed.accessToken;
  });

  it('refuses Update/user {id: self, role: Administrator} on every write path, and changes nothing', async () => {
    const body = { id: self.id, version: self.version, role: role.ADMIN };
    const attempts = await Promise.all([
      post('/DataRepository/Update/user', body, token),
      post('/user/Update', body, token),
      post('/DataRepository/bulkupdate/user', [body], token),
      post('/DataRepository/upsert/user', body, token),
      post('/DataRepository/bulkupsert/user', [body], token),
      post('/user/SetActive', { userId: (await kit.newUser(role.ADMIN)).id, isActive: false }, token),
    ]);
    for (const res of attempts) expect(res.status, JSON.stringify(res.body)).toBe(403);
    expect(attempts[0]!.body.message).toMatch(
      /^You cannot give the role Administrator: role Administrator holds privileges you do not \(/,
    );
    // Each privilege by its screen's menu name, never its key ("Locked users (view)", not "lockeduser (view)").
    const named = /do not \((.+)\)$/.exec(attempts[0]!.body.message!)![1]!;
    expect(named).toMatch(/^[A-Z][\w ]* \((view|edit|delete|set table)/);
    expect(named).not.toMatch(/(^|, )[a-z]+ \(/);
    const stored = await t.server.app.ctx.db
      .selectFrom('app_user')
      .select('role_id')
      .where('id', '=', self.id)
      .executeTakeFirstOrThrow();
    expect(stored.role_id).not.toBe(role.ADMIN);
  });

  it('refuses ResetPassword/Reset of the administrator, and the administrator still signs in', async () => {
    const admin = await t.server.app.ctx.db
      .selectFrom('app_user')
      .select('id')
      .where('user_name', '=', 'admin')
      .executeTakeFirstOrThrow();
    const res = await post('/ResetPassword/Reset', { userId: admin.id, newPassword: 'Taken-Over#2026' }, token);
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(
      /^You cannot reset the password of admin: role Administrator holds privileges you do not/,
    );
    expect((await t.signIn('admin', 'Taken-Over#2026')).status).toBe(401);
    expect((await t.signIn('admin', 'Admin@123')).status).toBe(200);
  });

  it('still lets it edit a user whose role holds no more than its own, and itself', async () => {
    const peer = await kit.newUser(
      (
        await t.server.app.ctx.db
          .selectFrom('app_user')
          .select('role_id')
          .where('id', '=', self.id)
          .executeTakeFirstOrThrow()
      ).role_id,
    );
    expect(
      (await post('/user/Update', { id: peer.id, version: peer.version, displayName: 'Peer' }, token)).status,
    ).toBe(200);
    const me = (await t.get(`/user/Get/${self.id}`)).body.data;
    expect((await post('/user/Update', { id: self.id, version: me.version, displayName: 'Me' }, token)).status).toBe(
      200,
    );
  });
});

describe("the user form's role choices", () => {
  it('offers only the roles the caller may give, and each one offered is accepted', async () => {
    const offered = async (token: string) =>
      (await t.call<{ text: string; value: number }[]>('GET', '/user/AssignableRoles', { token })).body.data.map(
        (o) => o.value,
      );
    const editor = await offered(tokens.editor!);
    expect(editor).toEqual(expect.arrayContaining([role.CASHIER, role.EDITOR]));
    expect(editor).not.toContain(role.ADMIN);
    expect(editor).not.toContain(role.STORE_MANAGER);
    expect(await offered(tokens.admin!)).toEqual(
      expect.arrayContaining([role.ADMIN, role.STORE_MANAGER, role.CASHIER, role.EDITOR]),
    );
    for (const roleValue of editor) {
      const res = await post(
        '/DataRepository/Insert/user',
        { userName: unique('offered'), displayName: 'Offered', role: roleValue },
        tokens.editor,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    expect((await t.call('GET', '/user/AssignableRoles', { token: tokens.cashier })).status).toBe(403);
  });
});

describe('the last active administrator and the Administrator role', () => {
  it('cannot be disabled, demoted or deleted, even by a role that holds everything', async () => {
    const everything = await kit.newRole('ADMIN');
    const { accessToken: superToken } = await kit.signedInUser(everything);
    const db = t.server.app.ctx.db;
    // Only the demo administrator is left an active administrator.
    await db
      .updateTable('app_user')
      .set({ is_active: false })
      .where('role_id', '=', role.ADMIN)
      .where('user_name', '<>', 'admin')
      .execute();
    const admin = (await t.get<Row[]>(`/user/Fetch`)).body.data.find((u) => u.userName === 'admin')!;
    const refusals = [
      await post('/user/Update', { id: admin.id, version: admin.version, isActive: false }, superToken),
      await post('/user/SetActive', { userId: admin.id, isActive: false }, superToken),
      await post('/user/Update', { id: admin.id, version: admin.version, role: everything }, superToken),
      await post('/DataRepository/Execute/user', { action: 'delete', ids: [admin.id] }, superToken),
      await post('/user/Update', { id: admin.id, version: admin.version, role: role.CASHIER }),
    ];
    for (const res of refusals) {
      expect(res.status, JSON.stringify(res.body)).toBe(409);
      expect(res.body.message).toBe(
        'admin is the last active administrator: they cannot be disabled, demoted or deleted',
      );
    }
    expect(
      await db
        .selectFrom('app_user')
        .select(['is_active', 'role_id'])
        .where('id', '=', admin.id as number)
        .executeTakeFirstOrThrow(),
    ).toEqual({ is_active: true, role_id: role.ADMIN });
    // With another active administrator, it can.
    const second = await kit.newUser(role.ADMIN);
    expect((await post('/user/SetActive', { userId: admin.id, isActive: false }, superToken)).status).toBe(200);
    expect((await post('/user/SetActive', { userId: admin.id, isActive: true }, superToken)).status).toBe(200);
    // Disabling ended the administrator's sessions.
    tokens.admin = (await t.loginAs('admin')).accessToken;
    expect((await post('/user/SetActive', { userId: second.id, isActive: false })).status).toBe(200);
  });

  it('stays one when two administrators switch each other off at the same moment', async () => {
    const db = t.server.app.ctx.db;
    for (let round = 0; round < 3; round++) {
      const one = await kit.signedInUser(role.ADMIN);
      const two = await kit.signedInUser(role.ADMIN);
      // Only these two are active administrators for the race.
      await db
        .updateTable('app_user')
        .set({ is_active: false })
        .where('role_id', '=', role.ADMIN)
        .where('id', 'not in', [one.user.id, two.user.id])
        .execute();
      const answers = await Promise.all([
        post('/user/SetActive', { userId: two.user.id, isActive: false }, one.accessToken),
        post('/user/SetActive', { userId: one.user.id, isActive: false }, two.accessToken),
      ]);
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      const left = await db
        .selectFrom('app_user')
        .select('id')
        .where('role_id', '=', role.ADMIN)
        .where('is_active', '=', true)
        .execute();
      expect(left).toHaveLength(1);
      // The demo administrator (switched off in the database, so its session lives on) builds the next round.
      await db.updateTable('app_user').set({ is_active: true }).where('user_name', '=', 'admin').execute();
    }
  });

  it('keeps the Administrator role switched on, with its code and every privilege', async () => {
    const row = (await t.get(`/role/Get/${role.ADMIN}`)).body.data;
    const off = await post('/DataRepository/Update/role', { id: role.ADMIN, version: row.version, isActive: false });
    expect(off.status).toBe(409);
    expect(off.body.message).toBe('The Administrator role cannot be switched off');
    const recoded = await post('/DataRepository/Update/role', { id: role.ADMIN, version: row.version, code: 'BOSS' });
    expect(recoded.status).toBe(409);
    const stripped = await kit.save(role.ADMIN, [{ privilegeId: await kit.privilegeId('product'), flags: NONE }]);
    expect(stripped.status).toBe(409);
    expect(stripped.body.message).toBe('The Administrator role cannot be stripped: it keeps every privilege');
    expect(
      (await kit.rows(role.ADMIN)).every((r) => r.ableToView && r.ableToEdit && r.ableToDelete && r.ableToSetTable),
    ).toBe(true);
  });

  it('will not let a user switch off their own role', async () => {
    const own = await kit.newRole('CASHIER', { role: EDIT });
    const { accessToken } = await kit.signedInUser(own);
    const row = (await t.get(`/role/Get/${own}`)).body.data;
    const res = await post(
      '/DataRepository/Update/role',
      { id: own, version: row.version, isActive: false },
      accessToken,
    );
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('You cannot switch off your own role');
  });
});

describe('hole 2: an inactive role grants nothing', () => {
  it('answers 403 to its users, empties their menu, refuses their refresh, and grants again once switched back on', async () => {
    const id = await kit.newRole(null, { product: EDIT });
    const { accessToken, refreshToken } = await kit.signedInUser(id);
    expect((await post('/Product/Fetch', {}, accessToken)).status).toBe(200);
    const row = (await t.get(`/role/Get/${id}`)).body.data;
    expect((await post('/DataRepository/Update/role', { id, version: row.version, isActive: false })).status).toBe(200);

    const fetch = await post('/Product/Fetch', {}, accessToken);
    expect(fetch.status).toBe(403);
    expect(fetch.body.message).toBe(`Your role ${row.name as string} is switched off: it grants no privileges`);
    expect((await post('/DataRepository/Insert/product', { code: 'X1', name: 'X' }, accessToken)).status).toBe(403);
    const menu = (await t.get<MenuGroupDto[]>('/AppModule/GetMenu/1', accessToken)).body.data;
    expect(menu.flatMap((g) => g.items).some((i) => i.ableToView)).toBe(false);
    const refresh = await t.call('POST', '/Authentication/RefreshToken', { body: { accessToken, refreshToken } });
    expect(refresh.status).toBe(401);

    expect(
      (await post('/DataRepository/Update/role', { id, version: (row.version as number) + 1, isActive: true })).status,
    ).toBe(200);
    expect((await post('/Product/Fetch', {}, accessToken)).status).toBe(200);
  });
});
