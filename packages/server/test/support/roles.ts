import type { RoleOption, RolePrivilegeGrid, RolePrivilegeRow } from '@backroom/schema';
import { expect } from 'vitest';
import { hashPassword } from '../../src/crypto/passwords';
import type { Row, SignedInServer } from './harness';

export type Flags = Pick<RolePrivilegeRow, 'ableToView' | 'ableToEdit' | 'ableToDelete' | 'ableToSetTable'>;
export const ALL: Flags = { ableToView: true, ableToEdit: true, ableToDelete: true, ableToSetTable: true };
export const NONE: Flags = { ableToView: false, ableToEdit: false, ableToDelete: false, ableToSetTable: false };

let counter = 0;
/** A name no other row of the test server has. */
export const unique = (stem: string) => `${stem}${++counter}`;

/**
 * Roles and users built through the API as the administrator, for tests of who may do what to whom.
 * `roleId(code)` answers the id of a role by its code.
 */
export function roleKit(t: SignedInServer) {
  const admin = () => t.tokens.admin;
  const roleId = async (code: string) => {
    const roles = (await t.call<RoleOption[]>('GET', '/RolePrivileges/Roles', { token: admin() })).body.data;
    return roles.find((r) => r.code === code)!.id;
  };
  const grid = async (roleIdValue: number) =>
    (await t.call<RolePrivilegeGrid>('GET', `/RolePrivileges/Grid?roleId=${roleIdValue}`, { token: admin() })).body
      .data;
  const rows = async (roleIdValue: number) => (await grid(roleIdValue)).groups.flatMap((g) => g.rows);
  const privilegeId = async (name: string) =>
    (await rows(await roleId('ADMIN'))).find((r) => r.name === name)!.privilegeId;
  const save = (roleIdValue: number, changes: { privilegeId: number; flags: Flags }[], token = admin()) =>
    t.call<RolePrivilegeGrid>('POST', '/RolePrivileges/Save', {
      token,
      body: { roleId: roleIdValue, rows: changes.map((c) => ({ privilegeId: c.privilegeId, ...c.flags })) },
    });

  /** A new role with the flags of the role `like` (a code) plus `extra` (privilege name → flags); answers its id. */
  const newRole = async (like: string | null, extra: Record<string, Flags> = {}) => {
    const code = unique('ROLE_');
    const created = await t.post('/DataRepository/Insert/role', { code, name: code });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data.id as number;
    const copied =
      like === null
        ? []
        : (await rows(await roleId(like))).map((r) => ({
            privilegeId: r.privilegeId,
            flags: {
              ableToView: r.ableToView,
              ableToEdit: r.ableToEdit,
              ableToDelete: r.ableToDelete,
              ableToSetTable: r.ableToSetTable,
            },
          }));
    const added = await Promise.all(
      Object.entries(extra).map(async ([name, flags]) => ({ privilegeId: await privilegeId(name), flags })),
    );
    const byId = new Map([...copied, ...added].map((c) => [c.privilegeId, c]));
    const saved = await save(id, [...byId.values()]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    return id;
  };

  /** A user of the role (no sign-in), with `extra` fields (outlets…); answers the row. */
  const newUser = async (roleIdValue: number, extra: Row = {}) => {
    const name = unique('user');
    const created = await t.post('/DataRepository/Insert/user', {
      userName: name,
      displayName: name,
      role: roleIdValue,
      mustChangePassword: false,
      ...extra,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return created.body.data as Row & { id: number; version: number; userName: string };
  };

  /** A user of the role with a password set in the database (no change due), signed in: their access and refresh tokens. */
  const signedInUser = async (roleIdValue: number, extra: Row = {}) => {
    const user = await newUser(roleIdValue, extra);
    const password = 'Escalation#Test-2026';
    await t.server.app.ctx.db
      .updateTable('app_user')
      .set({ password_hash: await hashPassword(password), must_change_password: false })
      .where('id', '=', user.id)
      .execute();
    return { user, ...(await t.login(user.userName, password)) };
  };

  return { roleId, rows, privilegeId, save, newRole, newUser, signedInUser };
}
