import { menuGroups, screens, type MenuGroupDto, type MenuItemDto, type TopMenuEntry } from '@backroom/schema';
import { describe, expect, it } from 'vitest';
import { useTestServer } from './support/harness';

const t = useTestServer({ users: ['admin', 'manager', 'cashier'] });
const { tokens } = t;

const menuOf = async (who: string) => {
  const res = await t.call<MenuGroupDto[]>('GET', '/AppModule/GetMenu/1', { token: tokens[who] });
  expect(res.status).toBe(200);
  return res.body.data;
};
const items = (groups: MenuGroupDto[]) => groups.flatMap((g) => g.items);
const item = (groups: MenuGroupDto[], route: string) => items(groups).find((i) => i.route === route);
const ALL = { ableToView: true, ableToEdit: true, ableToDelete: true, ableToSetTable: true };
const NONE = { ableToView: false, ableToEdit: false, ableToDelete: false, ableToSetTable: false };

describe('GetMenu', () => {
  it('gives the administrator every group and menu screen with every flag', async () => {
    const menu = await menuOf('admin');
    expect(menu.map((g) => g.menuText)).toEqual(menuGroups.map((g) => g.label));
    const inMenu = screens.filter((s) => s.inMenu !== false);
    const regular = items(menu).filter((i) => !i.route.startsWith('listvalue/'));
    expect(regular.map((i) => i.route).sort()).toEqual(inMenu.map((s) => s.route).sort());
    for (const i of items(menu)) expect(i).toMatchObject(ALL);
    expect(menu.every((g) => g.ableToView)).toBe(true);
    expect(item(menu, 'listvalue')).toBeUndefined();
    expect(item(menu, 'installer')).toBeUndefined();
    expect(item(menu, 'product')).toMatchObject({ menuText: 'Products', exportProcedure: 'EXP_Product', label: null });
    expect(new Set(items(menu).map((i) => i.appMenuID)).size).toBe(items(menu).length);
  });

  it('lists each list-value category right after listvaluecategory', async () => {
    const menu = await menuOf('admin');
    const admin = menu.find((g) => g.menuText === 'Administration')!;
    const at = admin.items.findIndex((i) => i.route === 'listvaluecategory');
    const following = admin.items.slice(at + 1, at + 7);
    expect(following.map((i) => i.route).sort()).toEqual([
      'listvalue/brand',
      'listvalue/cancel_reason',
      'listvalue/colour',
      'listvalue/gender',
      'listvalue/size',
      'listvalue/uom',
    ]);
    expect(item(menu, 'listvalue/brand')).toMatchObject({ menuText: 'Brand', ...ALL });
  });

  it('gives the store manager edit without delete on the catalogue and no administration', async () => {
    const menu = await menuOf('manager');
    expect(item(menu, 'product')).toMatchObject({
      ableToView: true,
      ableToEdit: true,
      ableToDelete: false,
      ableToSetTable: true,
    });
    expect(item(menu, 'promotion')).toMatchObject({ ableToView: true, ableToEdit: true, ableToDelete: false });
    expect(item(menu, 'outlet')).toMatchObject({ ableToView: true, ableToEdit: true, ableToDelete: false });
    expect(item(menu, 'user')).toMatchObject(NONE);
    expect(item(menu, 'listvalue/brand')).toMatchObject(NONE);
    expect(menu.find((g) => g.menuText === 'Administration')?.ableToView).toBe(false);
    expect(menu.find((g) => g.menuText === 'Catalogue')?.ableToView).toBe(true);
  });

  it('lets the cashier only view the catalogue', async () => {
    const menu = await menuOf('cashier');
    const visible = items(menu).filter((i: MenuItemDto) => i.ableToView);
    const catalogue = menuGroups.find((g) => g.key === 'catalogue')!.screens.map((s) => s.route);
    expect(visible.map((i) => i.route).sort()).toEqual([...catalogue].sort());
    for (const i of visible) expect(i).toMatchObject({ ableToEdit: false, ableToDelete: false, ableToSetTable: false });
    expect(menu.filter((g) => g.ableToView).map((g) => g.menuText)).toEqual(['Catalogue']);
  });

  it('leaves out the screens of a switched-off module', async () => {
    await t.server.app.ctx.db
      .updateTable('feature_switch')
      .set({ enabled: false })
      .where('key', '=', 'membership')
      .execute();
    try {
      const menu = await menuOf('admin');
      expect(menu.some((g) => g.menuText === 'Membership')).toBe(false);
      expect(item(menu, 'voucher')).toBeDefined();
    } finally {
      await t.server.app.ctx.db
        .updateTable('feature_switch')
        .set({ enabled: true })
        .where('key', '=', 'membership')
        .execute();
    }
  });

  it('answers 404 for an unknown menu and 401 without a bearer', async () => {
    expect((await t.call('GET', '/AppModule/GetMenu/2', { token: tokens.admin })).status).toBe(404);
    expect((await t.call('GET', '/AppModule/GetMenu/abc', { token: tokens.admin })).status).toBe(404);
    expect((await t.call('GET', '/AppModule/GetMenu/1')).status).toBe(401);
  });
});

describe('GetTopMenu', () => {
  it('returns the seeded links in order', async () => {
    const res = await t.call<TopMenuEntry[]>('GET', '/appmodule/gettopmenu', { token: tokens.cashier });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { route: '/onlinesalesorder', menuText: 'Online orders' },
      { route: '/lowstock', menuText: 'Low stock' },
      { route: '/terminalstatus', menuText: 'Terminal status' },
    ]);
  });
});
