import { findEntity } from '@backroom/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { useCatalogue } from '../domain/support/catalogue';
import { exportList, importSheet, legacyOf, productByCode, rowsOf, xlsx } from './support';

/** Bundles in the product sheet (issue 24): a row with Bundle items names products above or below it, by SKU, name or handle. */
const c = useCatalogue();
const HEADER = ['SKU', 'Name', 'Category', 'Unit of measure', 'Selling price', 'Handle', 'Bundle items'];
let category = '';

beforeAll(async () => {
  category = String((await c.builder.insert(findEntity('category')!, { code: 'BDL-CAT', name: 'Bundles' })).code);
  await c.newProduct({ code: 'BDL-STORED', name: 'Stored gift card' });
});

const bundleByCode = async (code: string) => {
  const found = await c.post<{ id: number }[]>('/DataRepository/fetch/bundle', {
    filters: [{ ColumnName: 'code', ColumnValue: code, Operator: 'EQ' }],
  });
  const id = found.body.data[0]?.id;
  return id === undefined ? undefined : (await c.get<Record<string, unknown>>(`/bundle/Get/${id}`)).body.data;
};

describe('bundle rows of a product sheet', () => {
  it('resolves items that are rows further down, by SKU or handle, and writes the bundle after them', async () => {
    const rows = [
      ['BDL-SET', 'Breakfast set', null, null, 20, null, 'BDL-TEE=2; mug-handle=1; BDL-STORED=1'],
      ['BDL-TEE', 'Tea', category, 'PCS', 8, null, null],
      ['BDL-MUG', 'Mug', category, 'PCS', 6, 'mug-handle', null],
    ];
    const checked = await importSheet(c, await xlsx(HEADER, rows), 'product', 'validate');
    expect(checked.errors).toEqual([]);
    expect(checked).toMatchObject({ inserted: 3, total: 3 });
    expect(checked.rows?.find((r) => r.row === 2)).toMatchObject({ key: 'BDL-SET', action: 'insert' });
    expect(await bundleByCode('BDL-SET')).toBeUndefined();

    const job = await importSheet(c, await xlsx(HEADER, rows), 'product', 'commit');
    expect(job.errors).toEqual([]);
    expect(job).toMatchObject({ inserted: 3, committed: true });
    const set = (await bundleByCode('BDL-SET'))!;
    const tee = (await productByCode(c, 'BDL-TEE'))!;
    const mug = (await productByCode(c, 'BDL-MUG'))!;
    const stored = (await productByCode(c, 'BDL-STORED'))!;
    expect(set).toMatchObject({ name: 'Breakfast set', price: '20.00' });
    expect((set.items as { product: number; quantity: string }[]).map((l) => [l.product, l.quantity])).toEqual([
      [tee.id, '2.000'],
      [mug.id, '1.000'],
      [stored.id, '1.000'],
    ]);

    // The same sheet again changes nothing; a changed item is an update showing the items old → new.
    const again = await importSheet(c, await xlsx(HEADER, rows), 'product', 'validate');
    expect(again).toMatchObject({ errorCount: 0, inserted: 0, updated: 0, unchanged: 3 });
    rows[0]![6] = 'BDL-TEE=3; BDL-MUG=1';
    const changed = await importSheet(c, await xlsx(HEADER, rows), 'product', 'validate');
    expect(changed.rows?.find((r) => r.row === 2)).toMatchObject({
      action: 'update',
      changes: [
        {
          field: 'items',
          column: 'Bundle items',
          old: 'BDL-TEE=2; BDL-MUG=1; BDL-STORED=1',
          new: 'BDL-TEE=3; BDL-MUG=1',
        },
      ],
    });
  });

  it('an item that is nowhere is an error of the bundle row, and nothing of the sheet is written', async () => {
    const job = await importSheet(
      c,
      await xlsx(HEADER, [
        ['BDL-NEW', 'Picnic set', null, null, 30, null, 'BDL-CUP=2; NOWHERE=1'],
        ['BDL-CUP', 'Cup', category, 'PCS', 4, null, null],
      ]),
      'product',
      'commit',
    );
    expect(job.committed).toBe(false);
    expect(job.errors).toEqual([
      {
        row: 2,
        column: 'Bundle items',
        message: 'Bundle items: "NOWHERE" is not the SKU or name of a product, nor of a row of this sheet',
      },
    ]);
    expect(await productByCode(c, 'BDL-CUP')).toBeUndefined();
    expect(await bundleByCode('BDL-NEW')).toBeUndefined();
  });

  it('a bundle row the bundle’s own rules refuse says so by the field’s name, not its path', async () => {
    const job = await importSheet(
      c,
      await xlsx(HEADER, [['BDL-NONAME', null, null, null, 30, null, 'BDL-STORED=1']]),
      'product',
      'validate',
    );
    expect(job.errors).toEqual([{ row: 2, column: 'Bundle items', message: 'Name is required' }]);
  });

  it('are a column of the product template, and the product export carries them and imports back unchanged', async () => {
    const template = await fetch(`${legacyOf(c)}/DataExporter/ExportBlankTemplate/product/new`, {
      headers: { authorization: `Bearer ${c.tokens.admin}` },
    });
    const [header, example] = await rowsOf(await template.arrayBuffer());
    const at = header!.indexOf('Bundle items');
    expect(at).toBeGreaterThan(0);
    // The example row is a product: its Bundle items cell is blank.
    expect(example![at] ?? null).toBeNull();

    await importSheet(
      c,
      await xlsx(HEADER, [
        ['BDL-RT-SET', 'Round-trip set', null, null, 14.5, null, 'BDL-RT-A=2; BDL-RT-B=1.5'],
        ['BDL-RT-A', 'Part A', category, 'PCS', 5, null, null],
        ['BDL-RT-B', 'Part B', category, 'PCS', 3, null, null],
      ]),
      'product',
      'commit',
    );
    const { rows, file } = await exportList(c, { procedure: 'EXP_Product' });
    const items = rows[0]!.indexOf('Bundle items');
    expect(items).toBeGreaterThan(0);
    expect(rows.find((r) => r[0] === 'BDL-RT-SET')?.[items]).toBe('BDL-RT-A=2; BDL-RT-B=1.5');
    expect(rows.find((r) => r[0] === 'BDL-RT-A')?.[items] ?? null).toBeNull();

    const back = await importSheet(c, file, 'product', 'commit');
    expect(back.errors).toEqual([]);
    expect(back).toMatchObject({ inserted: 0, updated: 0, unchanged: rows.length - 1 });
    expect(await bundleByCode('BDL-RT-SET')).toMatchObject({ name: 'Round-trip set', price: '14.50' });
  });
});
