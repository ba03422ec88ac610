import { beforeAll, describe, expect, it } from 'vitest';
import { useCatalogue, type Row } from './support/catalogue';

const c = useCatalogue();
let roleId: number;
beforeAll(async () => {
  const roles = await c.post<Row[]>('/DataRepository/fetch/role', {
    filters: [{ ColumnName: 'name', ColumnValue: 'Cashier', Operator: 'EQ' }],
  });
  roleId = roles.body.data[0]!.id as number;
});

const newUser = (userName: string, extra: Row = {}) =>
  c.post('/user/Insert', { userName, displayName: userName, role: roleId, ...extra });
const { signIn } = c;

describe('user accounts through the generic API', () => {
  it('sets the initial password from the body, never storing it in the row or the audit', async () => {
    const res = await newUser('alice', { password: 'Tangerine-Kite-72', mustChangePassword: false });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).not.toHaveProperty('password');
    expect(JSON.stringify(res.body)).not.toContain('Tangerine');
    const stored = await c.server.app.ctx.db
      .selectFrom('app_user')
      .selectAll()
      .where('id', '=', res.body.data.id as number)
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(stored)).not.toContain('Tangerine');
    expect((await signIn('alice', 'Tangerine-Kite-72')).status).toBe(200);
    const audit = await c.post<Row[]>('/DataRepository/fetch/auditlog', {
      filters: [
        { ColumnName: 'entity', ColumnValue: 'user', Operator: 'EQ' },
        { ColumnName: 'rowId', ColumnValue: res.body.data.id as number, Operator: 'EQ' },
      ],
    });
    // The insert, and the sign-in.
    expect(audit.body.data.map((r) => r.action).sort()).toEqual(['insert', 'signIn']);
    expect(JSON.stringify(audit.body.data)).not.toContain('Tangerine');
  });

  it('checks the password policy', async () => {
    const weak = await newUser('bob', { password: 'password' });
    expect(weak.status).toBe(400);
    expect(weak.body.errors).toMatchObject([{ field: 'password' }]);
    expect((await newUser('bob', { password: 'short' })).status).toBe(400);
  });

  it('leaves a user created without a password unable to sign in until it is reset', async () => {
    const res = await newUser('carol', { mustChangePassword: false });
    expect(res.status).toBe(200);
    expect(res.body.data.mustChangePassword).toBe(true);
    expect((await signIn('carol', '!')).status).toBe(401);
  });

  it('refuses a password on update (that is the password reset)', async () => {
    const user = (await newUser('dave', { password: 'Tangerine-Kite-73' })).body.data;
    const res = await c.post('/user/Update', { id: user.id, version: user.version, password: 'Another-Kite-74' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject([{ field: 'password' }]);
  });

  it('ends the sessions of a user switched off', async () => {
    const user = (await newUser('erin', { password: 'Tangerine-Kite-75', mustChangePassword: false })).body.data;
    const token = (await c.login('erin', 'Tangerine-Kite-75')).accessToken;
    expect((await c.post('/Product/Fetch', {}, token)).status).toBe(200);
    const off = await c.post('/user/Update', { id: user.id, version: user.version, isActive: false });
    expect(off.status).toBe(200);
    expect((await c.post('/Product/Fetch', {}, token)).status).toBe(401);
    const sessions = await c.server.app.ctx.db
      .selectFrom('session')
      .select(['revoked_at', 'revoked_reason'])
      .where('user_id', '=', user.id as number)
      .execute();
    expect(sessions).toMatchObject([{ revoked_reason: 'user disabled' }]);
  });
});
