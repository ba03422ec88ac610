import type { FeatureSwitches, MenuGroupDto } from '@backroom/schema';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/harness';

const t = useTestServer({ users: ['admin', 'manager', 'cashier'] });
const { tokens } = t;

const ALL_ON: FeatureSwitches = { onlineOrdering: true, membership: true, commission: true, vouchers: true };
const menuTexts = async () =>
  (await t.call<MenuGroupDto[]>('GET', '/AppModule/GetMenu/1', { token: tokens.admin })).body.data.map(
    (g) => g.menuText,
  );
const routes = async () =>
  (await t.call<MenuGroupDto[]>('GET', '/AppModule/GetMenu/1', { token: tokens.admin })).body.data.flatMap((g) =>
    g.items.map((i) => i.route),
  );
const saveFeatures = (body: unknown, token = tokens.admin) =>
  t.call<FeatureSwitches>('POST', '/feature/Save', { token, body });

describe('feature switches', () => {
  it('reads the four module switches, all on at first', async () => {
    const res = await t.call<FeatureSwitches>('GET', '/feature/Get', { token: tokens.admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(ALL_ON);
  });

  it('switching membership off removes the Membership group from the menu and refuses its API; on brings both back', async () => {
    expect(await menuTexts()).toContain('Membership');
    const off = await saveFeatures({ ...ALL_ON, membership: false });
    expect(off.status).toBe(200);
    expect(off.body.data.membership).toBe(false);
    expect(await menuTexts()).not.toContain('Membership');

    const fetch = await t.call('POST', '/DataRepository/fetch/membership', { token: tokens.admin, body: { Take: 5 } });
    expect(fetch.status).toBe(403);
    expect(fetch.body.message).toBe('The Membership module is switched off');
    expect((await t.call('GET', '/DataRepository/fields/membershipgroup', { token: tokens.admin })).status).toBe(403);
    expect((await t.call('POST', '/membership/Anything', { token: tokens.admin, body: {} })).status).toBe(403);
    // Without a session the answer is 401, as for any route that needs one.
    expect((await t.call('POST', '/DataRepository/fetch/membership', { body: { Take: 5 } })).status).toBe(401);
    // Other modules answer as before.
    expect(
      (await t.call('POST', '/DataRepository/fetch/product', { token: tokens.admin, body: { Take: 1 } })).status,
    ).toBe(200);

    await saveFeatures(ALL_ON);
    expect(await menuTexts()).toContain('Membership');
    expect(
      (await t.call('POST', '/DataRepository/fetch/membership', { token: tokens.admin, body: { Take: 5 } })).status,
    ).toBe(200);
  });

  it('a switched-off module refuses its dropdowns and export parameters too', async () => {
    expect((await t.call('GET', '/AppModule/GetDropDown/membershipgroup', { token: tokens.admin })).status).toBe(200);
    expect((await t.call('GET', '/AppModule/GetExportParameters/EXP_Membership', { token: tokens.admin })).status).toBe(
      200,
    );
    await saveFeatures({ ...ALL_ON, membership: false });
    try {
      const dropdown = await t.call('GET', '/AppModule/GetDropDown/membershipgroup', { token: tokens.admin });
      expect([dropdown.status, dropdown.body.message]).toEqual([403, 'The Membership module is switched off']);
      expect(
        (await t.call('GET', '/AppModule/GetExportParameters/EXP_Membership', { token: tokens.admin })).status,
      ).toBe(403);
      expect((await t.call('GET', '/AppModule/GetExportParameters/membership', { token: tokens.admin })).status).toBe(
        403,
      );
      expect((await t.call('GET', '/AppModule/GetDropDown/product', { token: tokens.admin })).status).toBe(200);
    } finally {
      await saveFeatures(ALL_ON);
    }
  });

  it('switching vouchers off takes only the voucher screen out of its group', async () => {
    await saveFeatures({ ...ALL_ON, vouchers: false });
    const after = await routes();
    expect(after).not.toContain('voucher');
    expect(after).toContain('promotion');
    await saveFeatures(ALL_ON);
    expect(await routes()).toContain('voucher');
  });

  it('refuses a body without every switch as a boolean (400 naming it)', async () => {
    const res = await saveFeatures({ onlineOrdering: true, membership: 'no', commission: true });
    expect(res.status).toBe(400);
    expect(res.body.errors!.map((e) => e.field).sort()).toEqual(['membership', 'vouchers']);
  });

  it('needs feature view to read and edit to save', async () => {
    for (const who of ['manager', 'cashier']) {
      expect((await t.call('GET', '/feature/Get', { token: tokens[who] })).status).toBe(403);
      expect((await saveFeatures(ALL_ON, tokens[who])).status).toBe(403);
    }
  });
});
