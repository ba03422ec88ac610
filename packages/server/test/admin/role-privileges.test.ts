import type { MenuGroupDto, RoleOption, RolePrivilegeGrid, RolePrivilegeRow } from '@backroom/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../support/harness';

const t = useTestServer({ users: ['admin', 'manager', 'cashier'] });
const { tokens } = t;
let roles: RoleOption[];
const roleId = (code: string) => roles.find((r) => r.code === code)!.id;

beforeAll(async () => {
  roles = (await t.call<RoleOption[]>('GET', '/RolePrivileges/Roles', { token: tokens.admin })).body.data;
});

const grid = async (code: string) =>
  (await t.call<RolePrivilegeGrid>('GET', `/RolePrivileges/Grid?roleId=${roleId(code)}`, { token: tokens.admin })).body
    .data;
const rowOf = (g: RolePrivilegeGrid, name: string) => g.groups.flatMap((x) => x.rows).find((r) => r.name === name)!;
const flags = (r: RolePrivilegeRow) => ({
  privilegeId: r.privilegeId,
  ableToView: r.ableToView,
  ableToEdit: r.ableToEdit,
  ableToDelete: r.ableToDelete,
  ableToSetTable: r.ableToSetTable,
});
const save = (code: string, rows: unknown[], token = tokens.admin) =>
  t.call<RolePrivilegeGrid>('POST', '/RolePrivileges/Save', { token, body: { roleId: roleId(code), rows } });

describe('RolePrivileges', () => {
  it('lists the roles and gives the grid grouped by menu group, with menu texts and the role’s flags', async () => {
    expect(roles.map((r) => r.name)).toEqual(['Administrator', 'Cashier', 'Store Manager']);
    const g = await grid('STORE_MANAGER');
    expect(g.roleName).toBe('Store Manager');
    expect(g.groups[0]).toMatchObject({ groupKey: 'catalogue', groupText: 'Catalogue' });
    expect(rowOf(g, 'product')).toMatchObject({
      menuText: 'Products',
      ableToView: true,
      ableToEdit: true,
      ableToDelete: false,
      ableToSetTable: true,
    });
    expect(rowOf(g, 'user')).toMatchObject({ menuText: 'Users', ableToView: false, ableToEdit: false });
    // Screens outside the menu are governed here too (the shared list-value screen).
    expect(rowOf(g, 'listvalue')).toBeDefined();
  });

  it('saves in one go, and the manager’s next menu load shows it', async () => {
    const g = await grid('STORE_MANAGER');
    const product = rowOf(g, 'product');
    const user = rowOf(g, 'user');
    const res = await save('STORE_MANAGER', [
      { ...flags(product), ableToDelete: true },
      { ...flags(user), ableToView: true },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Role privileges saved');
    expect(rowOf(res.body.data, 'product').ableToDelete).toBe(true);
    const menu = (await t.call<MenuGroupDto[]>('GET', '/AppModule/GetMenu/1', { token: tokens.manager })).body.data;
    const items = menu.flatMap((m) => m.items);
    expect(items.find((i) => i.route === 'product')).toMatchObject({ ableToView: true, ableToDelete: true });
    expect(items.find((i) => i.route === 'user')).toMatchObject({ ableToView: true, ableToEdit: false });
    expect(menu.find((m) => m.menuText === 'Administration')?.ableToView).toBe(true);
    // Rows not sent keep their flags.
    expect(rowOf(await grid('STORE_MANAGER'), 'promotion')).toMatchObject({ ableToView: true, ableToEdit: true });
  });

  it('refuses edit, delete or table settings without view (400 naming the row), and writes nothing', async () => {
    const g = await grid('CASHIER');
    const product = rowOf(g, 'product');
    const bundle = rowOf(g, 'bundle');
    const res = await save('CASHIER', [
      { ...flags(product), ableToEdit: true },
      { ...flags(bundle), ableToView: false, ableToDelete: true },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { field: 'rows.1.ableToView', message: 'Edit, delete and table settings need view' },
    ]);
    expect(rowOf(await grid('CASHIER'), 'product').ableToEdit).toBe(false);
  });

  it('refuses unknown privileges, roles and malformed bodies', async () => {
    const unknown = await save('CASHIER', [
      { privilegeId: 999_999, ableToView: true, ableToEdit: false, ableToDelete: false, ableToSetTable: false },
    ]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([{ field: 'rows.0.privilegeId', message: 'Privilege 999999 does not exist' }]);
    const noRole = await t.call('POST', '/RolePrivileges/Save', {
      token: tokens.admin,
      body: { roleId: 999_999, rows: [] },
    });
    expect(noRole.status).toBe(404);
    const bad = await t.call('POST', '/RolePrivileges/Save', {
      token: tokens.admin,
      body: { roleId: 'x', rows: [{ privilegeId: 1 }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors!.map((e) => e.field)).toEqual(expect.arrayContaining(['roleId', 'rows.0.ableToView']));
    const badGrid = await t.call('GET', '/RolePrivileges/Grid', { token: tokens.admin });
    expect(badGrid.status).toBe(400);
    expect(badGrid.body.errors![0]!.field).toBe('roleId');
  });

  it('will not let an administrator take their own role’s edit right on role privileges (409)', async () => {
    const own = rowOf(await grid('ADMIN'), 'roleprivilege');
    const res = await save('ADMIN', [{ ...flags(own), ableToEdit: false }]);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/cannot remove your own role’s right to edit role privileges/);
    expect(rowOf(await grid('ADMIN'), 'roleprivilege').ableToEdit).toBe(true);
  });

  it('needs roleprivilege view to read and edit to save', async () => {
    for (const who of ['manager', 'cashier']) {
      expect((await t.call('GET', '/RolePrivileges/Roles', { token: tokens[who] })).status).toBe(403);
      expect(
        (await t.call('GET', `/RolePrivileges/Grid?roleId=${roleId('CASHIER')}`, { token: tokens[who] })).status,
      ).toBe(403);
      expect((await save('CASHIER', [], tokens[who])).status).toBe(403);
    }
    expect((await t.call('GET', '/RolePrivileges/Roles')).status).toBe(401);
  });
});
