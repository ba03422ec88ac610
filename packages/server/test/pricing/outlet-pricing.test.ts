import { describe, expect, it } from 'vitest';
import { signInOutletManager, useTestServer, type Row } from '../support/harness';

interface Grid {
  outlets: { id: number; code: string; name: string }[];
  rows: { id: number; code: string; name: string; sellingPrice: string; prices: Record<string, string | null> }[];
}

const t = useTestServer({ config: { demoCatalogue: true }, users: ['admin', 'manager', 'cashier'] });
const { tokens } = t;

const grid = (body: Row, user = 'admin') => t.call<Grid>('POST', '/outletpricing/Grid', { token: tokens[user], body });
const save = (changes: unknown, user = 'admin') =>
  t.call<Row>('POST', '/outletpricing/Save', { token: tokens[user], body: { changes } });

/** The grid row of one product, found by its code. */
async function rowOf(code: string) {
  const res = await grid({ search: code, Take: 100 });
  const row = res.body.data.rows.find((r) => r.code === code)!;
  const outlet = (outletCode: string) => res.body.data.outlets.find((o) => o.code === outletCode)!.id;
  return { row, outlet, priceAt: (outletCode: string) => row.prices[outlet(outletCode)] };
}

describe('outlet pricing permissions', () => {
  it('needs a signed-in user', async () => {
    expect((await t.call('POST', '/outletpricing/Grid', { body: {} })).status).toBe(401);
    expect((await t.call('POST', '/outletpricing/Save', { body: { changes: [] } })).status).toBe(401);
  });

  it('lets the cashier view but not save, and the store manager do both', async () => {
    const { row, outlet } = await rowOf('PST-003');
    const change = [{ product: row.id, outlet: outlet('SS2'), price: '7.10' }];
    expect((await grid({}, 'cashier')).status).toBe(200);
    const refused = await save(change, 'cashier');
    expect(refused.status).toBe(403);
    expect((await rowOf('PST-003')).priceAt('SS2')).toBeNull();
    const saved = await save(change, 'manager');
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await rowOf('PST-003')).priceAt('SS2')).toBe('7.10');
  });
});

describe('a user limited to some outlets', () => {
  it('sees and saves only the columns of those outlets', async () => {
    const { row, outlet } = await rowOf('PST-005');
    tokens.penang = await signInOutletManager(t, {
      userName: 'penang',
      displayName: 'Penang Manager',
      password: 'Penang@123',
      outlets: [outlet('GRN')],
    });

    const res = await grid({ search: 'PST-005' }, 'penang');
    expect(res.body.data.outlets.map((o) => o.code)).toEqual(['GRN']);
    expect(Object.keys(res.body.data.rows[0]!.prices)).toEqual([String(outlet('GRN'))]);
    const refused = await save([{ product: row.id, outlet: outlet('BGR'), price: '7.00' }], 'penang');
    expect(refused.status).toBe(403);
    expect(refused.body.errors).toEqual([{ field: 'changes.0.outlet', message: 'Not one of your outlets' }]);
    expect((await save([{ product: row.id, outlet: outlet('GRN'), price: '7.00' }], 'penang')).status).toBe(200);
    expect((await rowOf('PST-005')).priceAt('GRN')).toBe('7.00');
  });
});

describe('outlet pricing grid', () => {
  it('answers a page of products by code with a price column per outlet', async () => {
    const res = await grid({ Skip: 0, Take: 5 });
    expect(res.status).toBe(200);
    const { outlets, rows } = res.body.data;
    expect(outlets.map((o) => o.code)).toEqual(['BGR', 'GRN', 'MVM', 'SS2']);
    expect(res.body.totalCount).toBeGreaterThanOrEqual(250);
    expect(rows).toHaveLength(5);
    expect(rows.map((r) => r.code)).toEqual([...rows.map((r) => r.code)].sort());
    for (const row of rows) {
      expect(row).toMatchObject({
        id: expect.any(Number),
        code: expect.any(String),
        name: expect.any(String),
        sellingPrice: expect.stringMatching(/^\d+\.\d{2}$/),
      });
      expect(Object.keys(row.prices).map(Number).sort()).toEqual(outlets.map((o) => o.id).sort());
    }
    const next = await grid({ Skip: 5, Take: 5 });
    expect(next.body.data.rows[0]!.code > rows[4]!.code).toBe(true);
  });

  it('shows the overrides beside the base price, null where an outlet sells at the base price', async () => {
    const { row, priceAt } = await rowOf('COF-002');
    expect(row).toMatchObject({ name: 'Americano', sellingPrice: '8.50' });
    expect([priceAt('MVM'), priceAt('GRN'), priceAt('BGR')]).toEqual(['9.00', '9.50', null]);
  });

  it('searches code, name and barcode, and filters by a category with its sub-categories', async () => {
    const found = await grid({ search: 'croissant', Take: 100 });
    expect(found.body.data.rows.map((r) => r.name)).toEqual([
      'Butter Croissant',
      'Almond Croissant',
      'Chocolate Croissant',
    ]);
    const categories = await t.call<Row[]>('POST', '/DataRepository/fetch/category', {
      token: tokens.admin,
      body: { filters: [{ ColumnName: 'code', ColumnValue: 'CAKES', Operator: 'EQ' }] },
    });
    const cakes = await grid({ category: categories.body.data[0]!.id, Take: 100 });
    const prefixes = new Set(cakes.body.data.rows.map((r) => r.code.slice(0, 3)));
    expect([...prefixes].sort()).toEqual(['CKS', 'CKW']);
    expect(cakes.body.totalCount).toBe(cakes.body.data.rows.length);
  });

  it('leaves variant parents out and lists their children', async () => {
    const tees = (await grid({ search: 'APP-TEE', Take: 100 })).body.data.rows.map((r) => r.code);
    expect(tees).not.toContain('APP-TEE');
    expect(tees).toContain('APP-TEE-M-BLACK');
  });

  it('refuses a page larger than 100 rows', async () => {
    const res = await grid({ Take: 101 });
    expect(res.status).toBe(400);
    expect(res.body.errors![0]!.field).toBe('Take');
  });
});

describe('saving outlet prices', () => {
  it('inserts, updates and removes overrides in one call, audited, and reads them back', async () => {
    const croissant = await rowOf('PST-002');
    const americano = await rowOf('COF-002');
    const res = await save([
      { product: croissant.row.id, outlet: croissant.outlet('BGR'), price: '8.5' },
      { product: americano.row.id, outlet: americano.outlet('MVM'), price: 9.2 },
      { product: americano.row.id, outlet: americano.outlet('GRN'), price: null },
      { product: americano.row.id, outlet: americano.outlet('SS2'), price: null },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ inserted: 1, updated: 1, deleted: 1 });
    expect((await rowOf('PST-002')).priceAt('BGR')).toBe('8.50');
    const after = await rowOf('COF-002');
    expect([after.priceAt('MVM'), after.priceAt('GRN'), after.priceAt('SS2')]).toEqual(['9.20', null, null]);

    const audit = await t.call<Row[]>('POST', '/DataRepository/fetch/auditlog', {
      token: tokens.admin,
      body: { filters: [{ ColumnName: 'entity', ColumnValue: 'outletprice', Operator: 'EQ' }], Take: 100 },
    });
    const byAdmin = audit.body.data.filter((a) => a.userName === 'admin');
    expect(byAdmin.map((a) => a.action).sort()).toEqual(['delete', 'insert', 'update']);
  });

  it('writes nothing when one change is bad, and names each bad field', async () => {
    const { row, outlet, priceAt } = await rowOf('PST-004');
    const good = { product: row.id, outlet: outlet('BGR'), price: '7.00' };
    const res = await save([
      good,
      { product: row.id, outlet: outlet('GRN'), price: 'abc' },
      { product: row.id, outlet: outlet('MVM'), price: '1.234' },
      { product: row.id, outlet: outlet('SS2'), price: '-1' },
      { product: 999_999, outlet: outlet('BGR'), price: '1.00' },
      { product: row.id, outlet: 999_999, price: '1.00' },
      { ...good, price: '7.50' },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { field: 'changes.1.price', message: 'Price must be a number' },
      { field: 'changes.2.price', message: 'Price must have at most 2 decimal places' },
      { field: 'changes.3.price', message: 'Price cannot be negative' },
      { field: 'changes.4.product', message: 'Product 999999 does not exist' },
      { field: 'changes.5.outlet', message: 'Outlet 999999 does not exist' },
      { field: 'changes.6', message: 'This product and outlet appear twice' },
    ]);
    expect(priceAt('BGR')).toBeNull();
    expect((await rowOf('PST-004')).priceAt('BGR')).toBeNull();
  });

  it('refuses a body that is no list of changes', async () => {
    for (const body of [{}, { changes: [] }, { changes: [{ product: 'x', outlet: 1, price: '1.00' }] }]) {
      const res = await t.call('POST', '/outletpricing/Save', { token: tokens.admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors![0]!.field).toMatch(/^changes/);
    }
  });
});
