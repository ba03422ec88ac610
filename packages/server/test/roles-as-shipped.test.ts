import type { MenuGroupDto, UserInfo } from '@backroom/schema';
import { describe, expect, it } from 'vitest';
import { useTestServer } from './support/harness';
import { NONE, roleKit } from './support/roles';

// The demo roles as a shop gets them (issue 25): signed in as each, what they may open.
const t = useTestServer({ users: ['admin', 'manager', 'cashier'] });

const menuOf = async (who: 'manager' | 'cashier') =>
  (await t.call<MenuGroupDto[]>('GET', '/AppModule/GetMenu/1', { token: t.tokens[who] })).body.data.flatMap(
    (g) => g.items,
  );

describe('the shipped roles', () => {
  it('lets the store manager see sales, Home sales, Simulate sales and post stock counts', async () => {
    const items = await menuOf('manager');
    const item = (route: string) => items.find((i) => i.route === route);
    expect(item('sale')).toMatchObject({ ableToView: true, ableToDelete: false });
    expect(item('onlinesalesorder')).toMatchObject({ ableToView: true });
    expect(item('simulatesales')).toMatchObject({ ableToView: true, ableToEdit: true });
    expect(item('stockcount')).toMatchObject({ ableToView: true, ableToEdit: true, ableToDelete: false });
    expect(item('user')?.ableToView ?? false).toBe(false);
    const home = await t.get<Record<string, unknown>>('/home/Summary', t.tokens.manager);
    expect(home.status).toBe(200);
    expect(Object.keys(home.body.data)).toEqual(expect.arrayContaining(['sales', 'topProducts', 'ordersWaiting']));
  });

  it('gives the cashier the catalogue to view, without costs or sales', async () => {
    const items = await menuOf('cashier');
    expect(items.find((i) => i.route === 'product')).toMatchObject({ ableToView: true, ableToEdit: false });
    expect(items.find((i) => i.route === 'sale')?.ableToView ?? false).toBe(false);
    expect(items.some((i) => i.route.startsWith('fields/'))).toBe(false);
    const home = await t.get<Record<string, unknown>>('/home/Summary', t.tokens.cashier);
    expect(Object.keys(home.body.data)).toEqual(['at']);
  });

  it('tells each user, with who they are, the field groups their role may view', async () => {
    const groupsOf = async (token: string) =>
      (await t.call<UserInfo>('GET', '/authentication/Me', { token })).body.data.fieldGroups;
    expect(await groupsOf(t.tokens.manager)).toEqual(['costs']);
    expect(await groupsOf(t.tokens.cashier)).toEqual([]);
    const kit = roleKit(t);
    const noCosts = await kit.newRole('ADMIN', { 'fields/costs': NONE });
    expect(await groupsOf((await kit.signedInUser(noCosts)).accessToken)).toEqual([]);
  });
});
