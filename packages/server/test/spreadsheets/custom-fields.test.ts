import { findEntity, type SheetJob } from '@backroom/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { useCatalogue, type Row } from '../domain/support/catalogue';
import { exportList, importSheet, legacyOf, productByCode, rowsOf, xlsx } from './support';

/** Custom fields in the product's template, import and export, validated by their kind (issue 24). */
const c = useCatalogue();
const CUSTOM = ['Launch date', 'Fabric', 'Weight (kg)', 'Organic', 'Season'];
const HEADER = ['SKU', 'Name', 'Category', 'Unit of measure', 'Selling price', ...CUSTOM];
const ids: Record<string, number> = {};

const insert = async (name: string, row: Row) => {
  const res = await c.post(`/DataRepository/Insert/${name}`, row);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Row;
};

beforeAll(async () => {
  await c.builder.insert(findEntity('category')!, { code: 'CF', name: 'Custom goods' });
  const category = await insert('listvaluecategory', { code: 'SEASON', name: 'Season' });
  ids.ss27 = Number((await insert('listvalue', { category: category.id, code: 'SS27', name: 'Spring 27' })).id);
  await insert('listvalue', { category: category.id, code: 'AW27', name: 'Autumn 27' });
  for (const [key, label, kind, extra] of [
    ['launchDate', 'Launch date', 'date', {}],
    ['fabric', 'Fabric', 'text', {}],
    ['weightKg', 'Weight (kg)', 'number', {}],
    ['organic', 'Organic', 'boolean', {}],
    ['season', 'Season', 'list', { listValueCategory: category.id }],
  ] as const)
    await insert('customfield', { entity: 'product', key, label, kind, sortOrder: 0, ...extra });
});

const exportProducts = (prefix: string) =>
  exportList(c, {
    procedure: 'EXP_Product',
    filters: [{ ColumnName: 'code', ColumnValue: prefix, Operator: 'STARTSWITH' }],
  });

describe('custom fields in sheets', () => {
  it('are columns of the template', async () => {
    const response = await fetch(`${legacyOf(c)}/DataExporter/ExportBlankTemplate/product/new`, {
      headers: { authorization: `Bearer ${c.tokens.admin}` },
    });
    const [header] = await rowsOf(await response.arrayBuffer());
    expect(header).toEqual(expect.arrayContaining(CUSTOM));
  });

  it('are imported, checked by their kind, exported, and the export imports back unchanged', async () => {
    const bad = await importSheet(
      c,
      await xlsx(HEADER, [['CF-9', 'Bad', 'CF', 'PCS', 5, 'soon', 'Linen', 'heavy', 'perhaps', 'WINTER']]),
      'product',
      'validate',
    );
    expect(bad.errors.map((e) => e.column).sort()).toEqual(['Launch date', 'Organic', 'Season', 'Weight (kg)']);

    const job = await importSheet(
      c,
      await xlsx(HEADER, [
        ['CF-1', 'Linen shirt', 'CF', 'PCS', 50, '2027-03-01', 'Linen', 0.25, 'Yes', 'SS27'],
        ['CF-2', 'Wool coat', 'CF', 'PCS', 120, '30/09/2027', null, '1,5', 'No', 'Autumn 27'],
      ]),
      'product',
      'commit',
    );
    expect(job.errors).toEqual([]);
    expect(job).toMatchObject({ inserted: 2, committed: true });
    const shirt = (await productByCode(c, 'CF-1'))!;
    expect([shirt.launchDate, shirt.fabric, Number(shirt.weightKg), shirt.organic, shirt.season]).toEqual([
      '2027-03-01',
      'Linen',
      0.25,
      true,
      ids.ss27,
    ]);

    const { rows, file } = await exportProducts('CF-');
    expect(rows[0]).toEqual(expect.arrayContaining(CUSTOM));
    const at = (name: string) => rows[0]!.indexOf(name);
    expect([rows[1]![at('Fabric')], rows[1]![at('Season')], rows[1]![at('Organic')]]).toEqual(['Linen', 'SS27', 'Yes']);
    const again: SheetJob = await importSheet(c, file, 'product', 'validate');
    expect(again).toMatchObject({ inserted: 0, updated: 0, unchanged: 2, errorCount: 0 });
    expect(new Set(again.rows!.map((r) => r.action))).toEqual(new Set(['unchanged']));

    // One custom cell changed: one change, old → new, in the preview.
    const edited = await importSheet(c, await xlsx(['SKU', 'Fabric'], [['CF-1', 'Cotton']]), 'product', 'validate');
    expect(edited.rows).toEqual([
      {
        row: 2,
        key: 'CF-1',
        action: 'update',
        changes: [{ field: 'fabric', column: 'Fabric', old: 'Linen', new: 'Cotton' }],
      },
    ]);
  });
});
