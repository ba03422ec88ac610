import type { ALL_DROPDOWN_ITEM, DropdownItemDto } from '@backroom/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../support/harness';
import type { Row } from './support/rows';

const t = useTestServer({ users: ['admin', 'cashier'] });
const { tokens } = t;
beforeAll(async () => {
  for (const [code, name, isActive] of [
    ['NORTH', 'North', true],
    ['SOUTH', 'South', true],
    ['WEST', 'Closed west', false],
  ] as const)
    await t.call('POST', '/DataRepository/Insert/outletgroup', { token: tokens.admin, body: { code, name, isActive } });
});

const dropdown = (path: string, token = tokens.admin) =>
  t.call<(DropdownItemDto | typeof ALL_DROPDOWN_ITEM)[]>('GET', `/AppModule/GetDropDown/${path}`, { token });

describe('GetDropDown', () => {
  it('answers text/value pairs of active rows in the default order, with an optional ALL entry', async () => {
    const res = await dropdown('outletgroup');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { text: 'North', value: expect.any(Number) },
      { text: 'South', value: expect.any(Number) },
    ]);
    expect((await dropdown('outletgroup?all=true')).body.data).toEqual([
      { text: 'ALL', value: 'ALL' },
      ...res.body.data,
    ]);
    expect((await dropdown('OutletGroup?search=sou')).body.data.map((o) => o.text)).toEqual(['South']);
    expect((await dropdown('outletgroup?Take=1')).body.data).toHaveLength(1);
  });

  it('labels with every dropdown field (joined) and references by their own label', async () => {
    const res = await dropdown('listvalue?search=kilo');
    expect(res.body.data).toEqual([{ text: 'Kilogram', value: expect.any(Number) }]);
    const rates = await t.call<Row>('POST', '/DataRepository/Insert/currency', {
      token: tokens.admin,
      body: { code: 'SGD', name: 'Singapore dollar' },
    });
    await t.call('POST', '/DataRepository/Insert/exchangerate', {
      token: tokens.admin,
      body: { currency: rates.body.data.id, rateToBase: '0.74', effectiveDate: '2026-01-01' },
    });
    expect((await dropdown('exchangerate')).body.data.map((o) => o.text)).toEqual(['Singapore dollar - 2026-01-01']);
  });

  it('narrows by a reference, given by id or by the referred row’s code, for whoever may view a referring screen', async () => {
    // Cashiers may not open list values, but may view products, which refer to them.
    expect((await t.call('POST', '/DataRepository/fetch/listvalue', { token: tokens.cashier, body: {} })).status).toBe(
      403,
    );
    const units = await dropdown('listvalue?category=UOM&Take=1000', tokens.cashier);
    expect(units.status).toBe(200);
    expect(units.body.data.map((o) => o.text)).toContain('Kilogram');
    const brands = (await dropdown('listvalue?category=BRAND&Take=1000', tokens.cashier)).body.data.map((o) => o.text);
    expect(brands).not.toContain('Kilogram');
    const [uom] = (
      await t.call<Row[]>('POST', '/DataRepository/fetch/listvaluecategory', {
        token: tokens.admin,
        body: { filters: [{ ColumnName: 'code', ColumnValue: 'UOM', Operator: 'EQ' }] },
      })
    ).body.data;
    expect((await dropdown(`listvalue?category=${String(uom!.id)}&Take=1000`, tokens.cashier)).body.data).toEqual(
      units.body.data,
    );
    expect((await dropdown('listvalue?category=NOSUCH')).body.data).toEqual([]);
    const wrong = await dropdown('listvalue?colour=red');
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([{ field: 'colour', message: expect.stringContaining('colour') }]);
  });

  it('answers exactly the ids asked for, switched-off rows included, for the labels of saved values', async () => {
    const all = (
      await t.call<Row[]>('POST', '/DataRepository/fetch/outletgroup', {
        token: tokens.admin,
        body: { sorts: [{ ColumnName: 'code', Direction: 'ASC' }] },
      })
    ).body.data;
    const ids = all.map((r) => r.id as number);
    const res = await dropdown(`outletgroup?ids=${ids.join(',')}`);
    expect(res.body.data.map((o) => o.text).sort()).toEqual(['Closed west', 'North', 'South']);
    expect((await dropdown(`outletgroup?ids=${ids[0]},999999`)).body.data).toHaveLength(1);
    expect((await dropdown('outletgroup?ids=1,x')).status).toBe(400);
    expect((await dropdown(`outletgroup?ids=${Array.from({ length: 1001 }, (_, i) => i + 1).join(',')}`)).status).toBe(
      400,
    );
  });

  it('is readable with view on the entity or on an entity that refers to it', async () => {
    expect((await dropdown('category', tokens.cashier)).status).toBe(200);
    // Cashiers view products, which refer to GST setups, though they may not open GST setup itself.
    expect((await t.call('POST', '/DataRepository/fetch/gstsetup', { token: tokens.cashier, body: {} })).status).toBe(
      403,
    );
    expect((await dropdown('gstsetup', tokens.cashier)).status).toBe(200);
    expect((await dropdown('role', tokens.cashier)).status).toBe(403);
    // Cashiers see price history, which names users, but no form of theirs chooses a user.
    expect((await dropdown('user', tokens.cashier)).status).toBe(403);
    expect((await dropdown('user', tokens.admin)).status).toBe(200);
    expect((await dropdown('nosuch', tokens.cashier)).status).toBe(400);
    expect((await t.call('GET', '/AppModule/GetDropDown/outletgroup')).status).toBe(401);
  });
});

describe('GetExportParameters', () => {
  it("answers an export procedure's parameters: its screen's filterable fields", async () => {
    const res = await t.call<{ procedure: string; entity: string; parameters: Row[] }>(
      'GET',
      '/AppModule/GetExportParameters/EXP_Product',
      { token: tokens.cashier },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ procedure: 'EXP_Product', entity: 'product' });
    const names = res.body.data.parameters.map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['code', 'name', 'category', 'sellingPrice', 'isActive']));
    expect(names).not.toContain('alternateBarcodes');
    // The row's bookkeeping is no filter a person exports by.
    expect(names).not.toContain('id');
    expect(names).not.toContain('version');
    expect(res.body.data.parameters.find((p) => p.name === 'category')).toMatchObject({
      kind: 'reference',
      entity: 'category',
      operators: expect.arrayContaining(['EQ', 'IN']),
    });
    expect(res.body.data.parameters.find((p) => p.name === 'type')).toMatchObject({
      kind: 'enum',
      values: expect.arrayContaining(['standard']),
    });
    expect((await t.call('GET', '/AppModule/GetExportParameters/product', { token: tokens.cashier })).status).toBe(200);
    expect((await t.call('GET', '/AppModule/GetExportParameters/EXP_User', { token: tokens.cashier })).status).toBe(
      403,
    );
    expect((await t.call('GET', '/AppModule/GetExportParameters/EXP_Nothing', { token: tokens.cashier })).status).toBe(
      404,
    );
  });
});
