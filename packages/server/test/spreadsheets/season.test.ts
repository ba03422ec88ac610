import { findEntity } from '@backroom/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { useCatalogue, type Row } from '../domain/support/catalogue';
import { storedLists } from '../../src/modules/spreadsheets/variant-attributes';
import { importSheet, productByCode, xlsx } from './support';

/** A season's file: parents and their variants in one sheet, in any order (issue 24). */
const c = useCatalogue();
const HEADER = [
  'SKU',
  'Name',
  'Type',
  'Category',
  'Unit of measure',
  'Selling price',
  'Parent product',
  'Variant attributes',
];
const SIZES = ['S', 'M', 'L'];

beforeAll(async () => {
  await c.builder.insert(findEntity('category')!, { code: 'SS27', name: 'Spring summer 27' });
  await c.builder.insert(findEntity('attribute')!, {
    code: 'SIZE',
    name: 'Size',
    kind: 'list',
    values: SIZES.map((code) => ({ code, name: code })),
  });
});

/** 20 parents, each followed (or, for every other one, preceded) by its 3 variants, named by code or by name. */
function seasonRows(prefix: string): (string | number | null)[][] {
  const rows: (string | number | null)[][] = [];
  for (let i = 1; i <= 20; i++) {
    const code = `${prefix}-${i}`;
    const parent = [code, `${prefix} style ${i}`, 'Variant parent', 'SS27', 'PCS', 30, null, null];
    const variants = SIZES.map((size, n) => [
      `${code}-${size}`,
      `${prefix} style ${i} ${size}`,
      'Standard',
      'SS27',
      'PCS',
      30,
      n === 1 ? `${prefix} style ${i}` : code,
      `SIZE=${size}`,
    ]);
    rows.push(...(i % 2 === 0 ? [...variants, parent] : [parent, ...variants]));
  }
  return rows;
}

describe('parents and variants in one file', () => {
  it('validates and commits a season file of parents and variants in any order', async () => {
    const file = await xlsx(HEADER, seasonRows('SS27-TEE'));
    const checked = await importSheet(c, file, 'product', 'validate');
    expect(checked.errors).toEqual([]);
    expect(checked).toMatchObject({ inserted: 80, updated: 0, unchanged: 0, committed: false });
    expect(await productByCode(c, 'SS27-TEE-1')).toBeUndefined();

    const done = await importSheet(c, file, 'product', 'commit');
    expect(done).toMatchObject({ inserted: 80, errorCount: 0, committed: true });
    const parent = (await productByCode(c, 'SS27-TEE-2'))!;
    for (const size of SIZES) {
      const variant = (await productByCode(c, `SS27-TEE-2-${size}`))!;
      expect(variant.parent).toBe(parent.id);
      expect((variant.variantAttributeValues as Row[]).map((l) => l.value)).toEqual([size]);
    }
    // The same file again: every row unchanged, nothing to commit.
    const again = await importSheet(c, file, 'product', 'validate');
    expect(again).toMatchObject({ inserted: 0, updated: 0, unchanged: 80, errorCount: 0 });
    expect(new Set(again.rows!.map((r) => r.action))).toEqual(new Set(['unchanged']));
  });

  it('names a parent by the handle of its row, and reports a parent found nowhere with its row', async () => {
    const header = ['Handle', ...HEADER];
    const rows = [
      ['aw27-coat', 'AW27-COAT-S', 'Coat S', 'Standard', 'SS27', 'PCS', 90, 'aw27-coat', 'SIZE=S'],
      ['aw27-coat', 'AW27-COAT', 'Coat', 'Variant parent', 'SS27', 'PCS', 90, null, null],
      ['aw27-cap', 'AW27-CAP-S', 'Cap S', 'Standard', 'SS27', 'PCS', 15, 'NO-SUCH-CAP', 'SIZE=S'],
    ];
    const checked = await importSheet(c, await xlsx(header, rows), 'product', 'commit');
    expect(checked.committed).toBe(false);
    expect(checked.errors).toEqual([
      {
        row: 4,
        column: 'Parent product',
        message:
          'Parent product: "NO-SUCH-CAP" is not the code or name of any of the products, nor of a row of this sheet',
      },
    ]);
    const done = await importSheet(c, await xlsx(header, rows.slice(0, 2)), 'product', 'commit');
    expect(done).toMatchObject({ inserted: 2, committed: true });
    expect((await productByCode(c, 'AW27-COAT-S'))!.parent).toBe((await productByCode(c, 'AW27-COAT'))!.id);
  });

  it('refuses rows naming each other in a circle', async () => {
    const job = await importSheet(
      c,
      await xlsx(HEADER, [
        ['LOOP-A', 'Loop A', 'Standard', 'SS27', 'PCS', 1, 'LOOP-B', null],
        ['LOOP-B', 'Loop B', 'Standard', 'SS27', 'PCS', 1, 'LOOP-A', null],
      ]),
      'product',
      'validate',
    );
    expect(job.errors.map((e) => [e.row, e.column])).toEqual([
      [2, 'Parent product'],
      [3, 'Parent product'],
    ]);
  });

  it('takes a composite’s recipe components from rows further down the file, or stored products', async () => {
    const header = ['SKU', 'Name', 'Type', 'Category', 'Unit of measure', 'Selling price', 'Recipe components'];
    const rows = [
      ['KIT-1', 'Tee and cap kit', 'Composite', 'SS27', 'PCS', 45, 'KIT-TEE=1; Kit cap=2; SS27-TEE-1-S=0.5'],
      ['KIT-TEE', 'Kit tee', 'Standard', 'SS27', 'PCS', 30, null],
      ['KIT-CAP', 'Kit cap', 'Standard', 'SS27', 'PCS', 10, null],
    ];
    const file = await xlsx(header, rows);
    const checked = await importSheet(c, file, 'product', 'validate');
    expect(checked.errors).toEqual([]);
    expect(checked).toMatchObject({ inserted: 3 });
    const done = await importSheet(c, file, 'product', 'commit');
    expect(done).toMatchObject({ inserted: 3, committed: true, errorCount: 0 });
    const kit = (await productByCode(c, 'KIT-1'))!;
    const idOf = async (code: string) => (await productByCode(c, code))!.id;
    expect((kit.recipeComponents as Row[]).map((l) => [l.product, l.quantity])).toEqual([
      [await idOf('KIT-TEE'), '1.000'],
      [await idOf('KIT-CAP'), '2.000'],
      [await idOf('SS27-TEE-1-S'), '0.500'],
    ]);
    expect(await importSheet(c, file, 'product', 'validate')).toMatchObject({ unchanged: 3, updated: 0 });
    const changed = await importSheet(
      c,
      await xlsx(['SKU', 'Recipe components'], [['KIT-1', 'KIT-TEE=1; KIT-CAP=3']]),
      'product',
      'validate',
    );
    expect(changed.rows![0]!.changes).toEqual([
      {
        field: 'recipeComponents',
        column: 'Recipe components',
        old: 'KIT-TEE=1; KIT-CAP=2; SS27-TEE-1-S=0.5',
        new: 'KIT-TEE=1; KIT-CAP=3',
      },
    ]);
    const wrong = await importSheet(
      c,
      await xlsx(['SKU', 'Recipe components'], [['KIT-2', 'NOPE=1; KIT-TEE=abc']]),
      'product',
      'validate',
    );
    expect(wrong.errors).toContainEqual({
      row: 2,
      column: 'Recipe components',
      message:
        '"NOPE" is not the SKU or name of a product, nor of a row of this sheet; the quantity of KIT-TEE must be a number above 0 with at most 3 decimals: read "abc"',
    });
  });

  it('reads the stored recipes of a file’s products 500 SKUs a query, as each product’s own read answers them', async () => {
    const ctx = c.server.app.ctx;
    let queries = 0;
    const counted = {
      ...ctx,
      db: ctx.db.withPlugin({
        transformQuery: (args) => args.node,
        transformResult: async (args) => {
          queries++;
          return args.result;
        },
      }),
    };
    const codes = [' KIT-1 ', 'KIT-TEE', ...Array.from({ length: 1200 }, (_, i) => `NOT-STORED-${i}`)];
    const stored = await storedLists(counted, codes, 'recipeComponents');
    // Three slices of 500 SKUs: a query for the products of each, one more for the recipe lines of a slice that has some.
    expect(queries).toBeLessThanOrEqual(6);
    const kit = (await productByCode(c, 'KIT-1'))!;
    const lines = (rows: Row[] | undefined) => rows?.map((l) => [l.product, l.quantity]);
    expect(lines(stored.get('KIT-1'))).toEqual(lines(kit.recipeComponents as Row[]));
    expect(lines(stored.get('KIT-1'))).toHaveLength(3);
    expect(stored.get('KIT-TEE')).toEqual([]);
    expect(stored.has('NOT-STORED-0')).toBe(false);
  });
});
