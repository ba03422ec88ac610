import { findEntity } from '@backroom/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { useCatalogue, type Row } from '../domain/support/catalogue';
import { exportList, importSheet, legacyOf, submit, waitFor, xlsx } from '../spreadsheets/support';
import { ALL, roleKit, type Flags } from '../support/roles';

/**
 * Field groups: the demo Cashier views the catalogue but not what it costs. Every read path answers
 * without the cost fields (a distinctive cost never appears in an answer), and a role that edits
 * products without the costs privilege may not send them: 403 naming the field, nothing written.
 */
const c = useCatalogue({ users: ['admin', 'manager', 'cashier'] });

const COST = '7654.32';
const SUPPLIER_COST = '6543.21';
/** A cost however it is written: the figure (rounded or not, with thousands commas), alone or inside a text. */
const isCostValue = (value: unknown) => {
  if (typeof value !== 'string' && typeof value !== 'number') return false;
  const text = String(value).replace(/,/g, '');
  if (text.includes(COST) || text.includes(SUPPLIER_COST)) return true;
  const figure = Number(text);
  return [COST, SUPPLIER_COST].some((cost) => Math.trunc(figure) === Math.trunc(Number(cost)));
};
const COST_NAMES = /^(costPrice|cost|unitCost)$/;
/**
 * Whether an answer carries a cost: a cost field's name (as a key, or as a value, as the fields list
 * names them) or a cost's figure anywhere. Walked value by value, not searched as text: the test
 * rows' generated values ("v6543") come from a counter that runs on across a worker's test files.
 */
const hasCost = (answer: unknown): boolean => {
  if (Array.isArray(answer)) return answer.some(hasCost);
  if (answer !== null && typeof answer === 'object')
    return Object.entries(answer).some(([key, value]) => COST_NAMES.test(key) || hasCost(value));
  return isCostValue(answer) || (typeof answer === 'string' && COST_NAMES.test(answer));
};

let product: Row;

beforeAll(async () => {
  const supplier = await c.builder.insert(findEntity('supplier')!, {
    ...(await c.builder.row(findEntity('supplier')!)),
    code: 'SUPCOST',
    name: 'Cost supplier',
  });
  product = await c.newProduct({
    code: 'COSTLY',
    name: 'Costly lamp',
    sellingPrice: '9.99',
    costPrice: COST,
    supplierMapping: [{ supplier: supplier.id, cost: SUPPLIER_COST, preferred: true }],
  });
});

const fetchProducts = (
  token: string,
  body: unknown = { filters: [{ ColumnName: 'code', ColumnValue: 'COSTLY', Operator: 'EQ' }] },
) => c.post<Row[]>('/DataRepository/fetch/product', body, token);

describe('a role without the costs privilege (the demo Cashier)', () => {
  it('reads products without cost price or supplier costs: list, row, fields', async () => {
    const list = await fetchProducts(c.tokens.cashier);
    expect(list.status).toBe(200);
    expect(list.body.data[0]).toMatchObject({ code: 'COSTLY', sellingPrice: '9.99' });
    expect(hasCost(list.body)).toBe(false);

    const row = await c.get(`/Product/Get/${String(product.id)}`, c.tokens.cashier);
    expect(row.status).toBe(200);
    expect((row.body.data.supplierMapping as Row[])[0]).toMatchObject({ preferred: true });
    expect(hasCost(row.body)).toBe(false);

    const fields = await c.get<{ name: string; fields?: { name: string }[] }[]>(
      '/DataRepository/fields/product',
      c.tokens.cashier,
    );
    expect(fields.body.data.map((f) => f.name)).toContain('sellingPrice');
    expect(hasCost(fields.body)).toBe(false);
  });

  it('may not filter or sort by cost price: 400 naming the column, as for one that does not exist', async () => {
    const filtered = await fetchProducts(c.tokens.cashier, {
      filters: [{ ColumnName: 'costPrice', ColumnValue: '7000', Operator: 'GT' }],
    });
    expect(filtered.status).toBe(400);
    expect(filtered.body.errors?.[0]?.field).toBe('filters.0.ColumnName');
    const sorted = await fetchProducts(c.tokens.cashier, { sorts: [{ ColumnName: 'costPrice', Direction: 'desc' }] });
    expect(sorted.status).toBe(400);
  });

  it('exports products without the cost column, and may not filter an export by cost', async () => {
    const { rows } = await exportList(
      c,
      { procedure: 'EXP_Product', filters: [{ ColumnName: 'code', ColumnValue: 'COSTLY', Operator: 'EQ' }] },
      c.tokens.cashier,
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('Selling price');
    expect(rows[0]).not.toContain('Cost price');
    expect(rows.flat().some(isCostValue)).toBe(false);
    const parameters = await c.get('/AppModule/GetExportParameters/EXP_Product', c.tokens.cashier);
    expect(hasCost(parameters.body)).toBe(false);

    const refused = await fetch(`${legacyOf(c)}/dataexporter/submitdataexport`, {
      method: 'POST',
      headers: { authorization: `Bearer ${c.tokens.cashier}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        procedure: 'EXP_Product',
        filters: [{ ColumnName: 'costPrice', ColumnValue: '7000', Operator: 'GT' }],
      }),
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { errors: { field: string }[] }).errors[0]!.field).toBe('filters.0.ColumnName');
  });

  it('finds products in dropdowns and the palette, and reads their audit history, without costs', async () => {
    const dropdown = await c.get('/AppModule/GetDropDown/product?search=COSTLY', c.tokens.cashier);
    expect(dropdown.status).toBe(200);
    expect(JSON.stringify(dropdown.body.data)).toContain('Costly lamp');
    expect(hasCost(dropdown.body)).toBe(false);

    const search = await c.get('/Search?q=COSTLY', c.tokens.cashier);
    expect(search.status).toBe(200);
    expect(JSON.stringify(search.body.data)).toContain('COSTLY');
    expect(hasCost(search.body)).toBe(false);

    const history = await c.post<Row[]>(
      '/DataRepository/fetch/auditlog',
      {
        filters: [
          { ColumnName: 'entity', ColumnValue: 'product', Operator: 'EQ' },
          { ColumnName: 'rowId', ColumnValue: product.id, Operator: 'EQ' },
        ],
      },
      c.tokens.cashier,
    );
    expect(history.status).toBe(200);
    expect(history.body.data.length).toBeGreaterThan(0);
    expect((history.body.data[0]!.changes as { after: Row }).after).toMatchObject({ code: 'COSTLY' });
    expect(hasCost(history.body)).toBe(false);
  });
});

describe('roles that hold the costs privilege', () => {
  it('read costs everywhere: the Store Manager and the Administrator, right after the Cashier read the same rows', async () => {
    for (const token of [c.tokens.manager, c.tokens.admin]) {
      // The server keeps compiled queries: the Cashier's, without the cost columns, must not serve these.
      expect(hasCost((await fetchProducts(c.tokens.cashier)).body)).toBe(false);
      expect(hasCost((await c.get(`/Product/Get/${String(product.id)}`, c.tokens.cashier)).body)).toBe(false);
      const list = (await fetchProducts(token)).body;
      expect(list.data[0]).toMatchObject({ costPrice: COST });
      expect(hasCost(list)).toBe(true);
      const row = await c.get(`/Product/Get/${String(product.id)}`, token);
      expect((row.body.data.supplierMapping as Row[])[0]).toMatchObject({ cost: SUPPLIER_COST });
    }
    const { rows } = await exportList(
      c,
      { procedure: 'EXP_Product', filters: [{ ColumnName: 'code', ColumnValue: 'COSTLY', Operator: 'EQ' }] },
      c.tokens.manager,
    );
    const at = (rows[0] as string[]).indexOf('Cost price');
    expect(at).toBeGreaterThan(0);
    expect(Number(rows[1]![at])).toBe(7654.32);
  });
});

describe('a role that edits products without the costs privilege', () => {
  let clerk: string;
  const view: Flags = { ableToView: true, ableToEdit: false, ableToDelete: false, ableToSetTable: false };
  beforeAll(async () => {
    const kit = roleKit(c);
    const role = await kit.newRole('CASHIER', {
      product: { ...view, ableToEdit: true },
      'importer/product': view,
      dataexporter: ALL,
      'fields/costs': { ...view, ableToView: false },
    });
    clerk = (await kit.signedInUser(role)).accessToken;
  });

  const stored = async () => (await c.get(`/Product/Get/${String(product.id)}`)).body.data;

  it('is refused a write that sends a cost (403 naming it) and nothing is written', async () => {
    const before = await stored();
    const update = await c.post(
      '/DataRepository/Update/product',
      { id: product.id, version: before.version, name: 'Renamed', costPrice: '0.01' },
      clerk,
    );
    expect(update.status).toBe(403);
    expect(update.body.errors?.map((e) => e.field)).toEqual(['costPrice']);

    const mapping = await c.post(
      '/DataRepository/Update/product',
      {
        id: product.id,
        version: before.version,
        supplierMapping: [{ supplier: (before.supplierMapping as Row[])[0]!.supplier }],
      },
      clerk,
    );
    expect(mapping.status).toBe(403);
    expect(mapping.body.errors?.[0]?.field).toBe('supplierMapping');

    const bulk = await c.post(
      '/DataRepository/bulkupdate/product',
      [{ id: product.id, version: before.version, costPrice: '0.02' }],
      clerk,
    );
    expect(bulk.status).toBe(403);
    expect(bulk.body.errors?.[0]?.field).toBe('0.costPrice');

    const insert = await c.post(
      '/DataRepository/Insert/product',
      { ...(await c.builder.row(findEntity('product')!)), code: 'CHEAP', costPrice: '1.00' },
      clerk,
    );
    expect(insert.status).toBe(403);
    expect(insert.body.errors?.[0]?.field).toBe('costPrice');
    expect(
      (await fetchProducts(c.tokens.admin, { filters: [{ ColumnName: 'code', ColumnValue: 'CHEAP', Operator: 'EQ' }] }))
        .body.data,
    ).toEqual([]);

    const after = await stored();
    expect(after).toMatchObject({ version: before.version, name: before.name, costPrice: COST });
    expect((after.supplierMapping as Row[])[0]).toMatchObject({ cost: SUPPLIER_COST });
  });

  it('writes the other fields, and the answer carries no cost', async () => {
    const before = await stored();
    const update = await c.post(
      '/DataRepository/Update/product',
      { id: product.id, version: before.version, name: 'Bright lamp' },
      clerk,
    );
    expect(update.status, JSON.stringify(update.body)).toBe(200);
    expect(hasCost(update.body)).toBe(false);
    expect(await stored()).toMatchObject({
      name: 'Bright lamp',
      costPrice: COST,
      version: (before.version as number) + 1,
    });
  });

  it('is answered the variants it generates without their costs, which they inherit all the same', async () => {
    const size = await c.builder.insert(findEntity('attribute')!, {
      code: 'CSIZE',
      name: 'Size',
      kind: 'list',
      values: [{ code: 'S', name: 'Small' }],
    });
    const parent = await c.newProduct({
      code: 'CTEE',
      name: 'Tee',
      type: 'variantParent',
      sellingPrice: '20.00',
      costPrice: COST,
    });
    const made = await c.post<Row[]>(
      '/Product/GenerateVariants',
      { productId: parent.id, attributes: [{ attribute: size.id, values: [(size.values as Row[])[0]!.id] }] },
      clerk,
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data).toMatchObject([{ code: 'CTEE-S', sellingPrice: '20.00' }]);
    expect(hasCost(made.body)).toBe(false);
    expect(
      (
        await fetchProducts(c.tokens.admin, {
          filters: [{ ColumnName: 'code', ColumnValue: 'CTEE-S', Operator: 'EQ' }],
        })
      ).body.data[0],
    ).toMatchObject({ costPrice: COST });
  });

  it('is refused an import with a cost column, row by row, and nothing is written', async () => {
    const sheet = await xlsx(['SKU', 'Name', 'Cost price'], [['COSTLY', 'Imported', 0.5]]);
    const submitted = await submit(c, sheet, 'entity:product', 'commit', { token: clerk });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const job = await waitFor(c, submitted.body.data!.jobId, clerk);
    expect(job.errors[0]).toMatchObject({ column: 'Cost price' });
    expect(await stored()).toMatchObject({ costPrice: COST, name: 'Bright lamp' });
    const allowed = await importSheet(
      c,
      await xlsx(['SKU', 'Name'], [['COSTLY', 'Bright lamp']]),
      'entity:product',
      'validate',
    );
    expect(allowed.errorCount).toBe(0);
  });
});
