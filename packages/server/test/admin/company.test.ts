import type { CompanyDto, CompanySettings } from '@backroom/schema';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/harness';

const t = useTestServer({ users: ['admin', 'manager', 'cashier'] });
const { tokens } = t;

const get = async () => (await t.call<CompanySettings>('GET', '/company/Get', { token: tokens.admin })).body.data;
const save = (body: unknown, token = tokens.admin) => t.call<CompanyDto>('POST', '/company/Save', { token, body });
const form = (company: CompanyDto) => {
  const { id: _id, ...rest } = company;
  return rest;
};

describe('company', () => {
  it('reads the one company row', async () => {
    const { company } = await get();
    expect(company).toMatchObject({
      name: 'Backroom Demo Retail',
      timezone: 'UTC',
      registrationNo: null,
      baseCurrencyId: null,
      version: 1,
    });
  });

  it('saves with a version check: the stale copy gets 409', async () => {
    const { company } = await get();
    const res = await save({
      ...form(company!),
      name: '  Backroom Retail Sdn Bhd ',
      registrationNo: '202401012345',
      address: 'Jalan 1\nKuala Lumpur',
      timezone: 'Asia/Kuala_Lumpur',
      logo: '',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'Backroom Retail Sdn Bhd',
      registrationNo: '202401012345',
      logo: null,
      timezone: 'Asia/Kuala_Lumpur',
      version: 2,
    });
    const stale = await save({ ...form(company!), name: 'Someone else' });
    expect(stale.status).toBe(409);
    expect((await get()).company!.name).toBe('Backroom Retail Sdn Bhd');
  });

  it('refuses bad input, naming each field', async () => {
    const { company } = await get();
    const res = await save({ ...form(company!), name: ' ', timezone: 'Mars/Olympus', registrationNo: 'x'.repeat(51) });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'Name is required' },
        { field: 'timezone', message: 'Time zone must be one such as Asia/Singapore' },
        { field: 'registrationNo', message: 'Registration number is too long' },
      ]),
    );
    const noCurrency = await save({ ...form(company!), baseCurrencyId: 987_654 });
    expect(noCurrency.status).toBe(400);
    expect(noCurrency.body.errors).toEqual([{ field: 'baseCurrencyId', message: 'Base currency does not exist' }]);
  });

  it('needs company view to read and edit to save', async () => {
    const { company } = await get();
    for (const who of ['manager', 'cashier']) {
      expect((await t.call('GET', '/company/Get', { token: tokens[who] })).status).toBe(403);
      expect((await save(form(company!), tokens[who])).status).toBe(403);
    }
  });

  it("tells every signed-in user the company's name (the footer's), and the base currency and time zone to show values in", async () => {
    const { company } = await get();
    expect((await t.call('GET', '/company/Format', { token: tokens.cashier })).body.data).toEqual({
      name: company!.name,
      currency: null,
      timezone: company!.timezone,
    });
    const currency = (
      await t.call<{ id: number; code: string }>('POST', '/DataRepository/Insert/currency', {
        token: tokens.admin,
        body: { code: 'MYR', name: 'Ringgit' },
      })
    ).body.data;
    expect(
      (
        await save({
          ...form(company!),
          name: 'Kedai Runcit Sdn Bhd',
          baseCurrencyId: currency.id,
          timezone: 'Asia/Singapore',
        })
      ).status,
    ).toBe(200);
    expect((await t.call('GET', '/company/Format', { token: tokens.cashier })).body.data).toEqual({
      name: 'Kedai Runcit Sdn Bhd',
      currency: currency.code,
      timezone: 'Asia/Singapore',
    });
    expect((await t.call('GET', '/company/Format')).status).toBe(401);
  });
});
