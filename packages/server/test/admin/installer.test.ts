import type { CompanySettings, InstallerStatus, MenuGroupDto } from '@backroom/schema';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/harness';
import { startTestServer } from '../support/server';

const t = useTestServer({ config: { demo: false } });

const setup = {
  company: { name: 'Kedai Runcit Sdn Bhd', baseCurrency: 'MYR', timezone: 'Asia/Kuala_Lumpur' },
  admin: { userName: 'owner', displayName: 'Olivia Owner', email: 'owner@kedai.example', password: 'Kedai#Owner2026' },
};
const status = async () => (await t.call<InstallerStatus>('GET', '/installer/Status')).body.data;

describe('the installer on a start without demo data', () => {
  it('is open while no administrator exists', async () => {
    expect(await status()).toEqual({ open: true });
  });

  it('refuses bad input, naming each field, and a common password', async () => {
    const bad = await t.call('POST', '/installer/Setup', {
      body: {
        company: { name: '', baseCurrency: 'ringgit', timezone: 'Nowhere/Land' },
        admin: { userName: 'a b', displayName: 'X', email: 'not-mail', password: 'short' },
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors!.map((e) => e.field).sort()).toEqual([
      'admin.email',
      'admin.password',
      'admin.userName',
      'company.baseCurrency',
      'company.name',
      'company.timezone',
    ]);
    const common = await t.call('POST', '/installer/Setup', {
      body: { ...setup, admin: { ...setup.admin, password: 'password123' } },
    });
    expect(common.status).toBe(400);
    expect(common.body.errors).toEqual([{ field: 'admin.password', message: 'This password is too common' }]);
    expect(await status()).toEqual({ open: true });
  });

  it('creates the company, the Administrator role with every privilege and the user; then closes', async () => {
    const res = await t.call('POST', '/installer/Setup', { body: setup });
    expect(res.status).toBe(200);
    expect(await status()).toEqual({ open: false });

    const login = await t.signIn('owner', setup.admin.password);
    expect(login.status).toBe(200);
    expect(login.body.data.userInfo).toMatchObject({
      displayName: 'Olivia Owner',
      role: 'Administrator',
      mustChangePassword: false,
    });
    const token = login.body.data.token!.accessToken;

    const menu = (await t.call<MenuGroupDto[]>('GET', '/AppModule/GetMenu/1', { token })).body.data;
    const items = menu.flatMap((g) => g.items);
    expect(items.length).toBeGreaterThan(40);
    expect(items.every((i) => i.ableToView && i.ableToEdit && i.ableToDelete && i.ableToSetTable)).toBe(true);

    const company = (await t.call<CompanySettings>('GET', '/company/Get', { token })).body.data;
    expect(company.company).toMatchObject({ name: 'Kedai Runcit Sdn Bhd', timezone: 'Asia/Kuala_Lumpur' });
    expect(company.currencies).toEqual([{ id: company.company!.baseCurrencyId, code: 'MYR', name: 'MYR' }]);
  });

  it('answers 409 once closed', async () => {
    const again = await t.call('POST', '/installer/Setup', {
      body: { ...setup, admin: { ...setup.admin, userName: 'intruder' } },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Backroom is set up already, sign in instead');
    const intruder = await t.signIn('intruder', setup.admin.password);
    expect(intruder.status).toBe(401);
  });
});

describe('the installer on a demo start', () => {
  it('is closed', async () => {
    const demo = await startTestServer();
    try {
      expect((await demo.call<InstallerStatus>('GET', '/installer/Status')).body.data).toEqual({ open: false });
      expect((await demo.call('POST', '/installer/Setup', { body: setup })).status).toBe(409);
    } finally {
      await demo.close();
    }
  });
});

describe('the installer once set up', () => {
  it('stays closed with the Administrator role switched off and every user disabled or deleted', async () => {
    const db = t.server.app.ctx.db;
    await db.updateTable('role').set({ is_active: false }).execute();
    await db.updateTable('app_user').set({ is_active: false }).execute();
    expect(await status()).toEqual({ open: false });
    const again = await t.call('POST', '/installer/Setup', {
      body: { ...setup, admin: { ...setup.admin, userName: 'intruder' } },
    });
    expect(again.status).toBe(409);
    await db.deleteFrom('session').execute();
    await db.deleteFrom('app_user').execute();
    expect(await status()).toEqual({ open: false });
    expect((await t.call('POST', '/installer/Setup', { body: setup })).status).toBe(409);
    expect(await db.selectFrom('app_user').select('id').execute()).toEqual([]);
  });
});

describe('set-ups at the same moment', () => {
  it('let exactly one win; the others answer 409 and write nothing', async () => {
    const fresh = await startTestServer({ config: { demo: false } });
    try {
      const attempts = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          fresh.call('POST', '/installer/Setup', {
            body: {
              company: { ...setup.company, name: `Company ${i}` },
              admin: { ...setup.admin, userName: `owner${i}` },
            },
          }),
        ),
      );
      expect(attempts.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
      const winner = attempts.findIndex((a) => a.status === 200);
      const db = fresh.server.app.ctx.db;
      expect((await db.selectFrom('app_user').select('user_name').execute()).map((u) => u.user_name)).toEqual([
        `owner${winner}`,
      ]);
      expect((await db.selectFrom('company').select('name').execute()).map((c) => c.name)).toEqual([
        `Company ${winner}`,
      ]);
      expect(await db.selectFrom('installation').select('id').execute()).toEqual([{ id: 1 }]);
      expect((await fresh.call<InstallerStatus>('GET', '/installer/Status')).body.data).toEqual({ open: false });
    } finally {
      await fresh.close();
    }
  });
});
