import { findEntity, type SheetJob } from '@backroom/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { useCatalogue } from '../domain/support/catalogue';
import { importSheet, legacyOf, productByCode, rowsOf, xlsx } from './support';

/** The preview of a validation (insert / update with old → new / unchanged) and what the commit then writes (issue 24). */
const c = useCatalogue();
const HEADER = ['SKU', 'Name', 'Category', 'Unit of measure', 'Selling price', 'Cost price'];
const categories: Record<string, number> = {};

beforeAll(async () => {
  for (const code of ['PV-A', 'PV-B'])
    categories[code] = Number((await c.builder.insert(findEntity('category')!, { code, name: `Category ${code}` })).id);
  const first = await importSheet(
    c,
    await xlsx(HEADER, [
      ['PV-1', 'Tea', 'PV-A', 'PCS', 10, 4],
      ['PV-2', 'Cup', 'PV-A', 'PCS', 5, 2],
      ['PV-3', 'Pot', 'PV-A', 'PCS', 30, null],
    ]),
    'product',
    'commit',
  );
  expect(first).toMatchObject({ inserted: 3, committed: true });
});

const resultRows = async (job: SheetJob) => {
  const response = await fetch(`${legacyOf(c)}/DataImporter/DownloadResult`, {
    method: 'POST',
    headers: { authorization: `Bearer ${c.tokens.admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({ jobId: job.jobId }),
  });
  expect(response.status).toBe(200);
  return rowsOf(await response.arrayBuffer());
};

describe('the preview of an import', () => {
  it('says per row what the commit does, and the commit writes exactly the changes it showed', async () => {
    const file = await xlsx(HEADER, [
      ['PV-1', 'Tea', 'PV-A', 'PCS', 12, 4],
      ['PV-2', 'Cup', 'PV-A', 'PCS', 5, 2],
      ['PV-3', 'Teapot', 'PV-B', 'PCS', 30, 11.5],
      ['PV-4', 'Saucer', 'PV-B', 'PCS', 3, null],
    ]);
    const preview = await importSheet(c, file, 'product', 'validate');
    expect(preview).toMatchObject({ inserted: 1, updated: 2, unchanged: 1, errorCount: 0, rowsLeftOut: 0 });
    expect(preview.rows).toEqual([
      {
        row: 2,
        key: 'PV-1',
        action: 'update',
        changes: [{ field: 'sellingPrice', column: 'Selling price', old: '10.00', new: '12.00' }],
      },
      { row: 3, key: 'PV-2', action: 'unchanged', changes: [] },
      {
        row: 4,
        key: 'PV-3',
        action: 'update',
        changes: expect.arrayContaining([
          { field: 'name', column: 'Name', old: 'Pot', new: 'Teapot' },
          { field: 'category', column: 'Category', old: 'PV-A', new: 'PV-B' },
          { field: 'costPrice', column: 'Cost price', old: null, new: '11.50' },
        ]),
      },
      { row: 5, key: 'PV-4', action: 'insert', changes: [] },
    ]);
    expect(preview.rows![2]!.changes).toHaveLength(3);
    // Nothing is written by a validation.
    expect((await productByCode(c, 'PV-1'))!.sellingPrice).toBe('10.00');

    // The results file says the same, row by row.
    const result = await resultRows(preview);
    const [action, changes] = [result[0]!.indexOf('Action'), result[0]!.indexOf('Changes')];
    expect(result.slice(1).map((r) => [r[0], r[action], r[changes] ?? null])).toEqual([
      ['PV-1', 'update', 'Selling price: 10.00 → 12.00'],
      ['PV-2', 'unchanged', null],
      ['PV-3', 'update', expect.stringContaining('Category: PV-A → PV-B')],
      ['PV-4', 'insert', null],
    ]);

    const before = await Promise.all(['PV-1', 'PV-2', 'PV-3'].map((code) => productByCode(c, code)));
    const done = await importSheet(c, file, 'product', 'commit');
    expect(done).toMatchObject({ inserted: 1, updated: 2, unchanged: 1, committed: true });
    expect(done.rows).toEqual(preview.rows);
    const codeOf = (field: string, value: unknown) =>
      field === 'category' ? Object.keys(categories).find((k) => categories[k] === value) : value;
    for (const [i, code] of ['PV-1', 'PV-2', 'PV-3'].entries()) {
      const after = (await productByCode(c, code))!;
      const shown = preview.rows!.find((r) => r.key === code)!;
      // Every field the preview named has its new value; every other field is as it was.
      const changed = new Set(shown.changes.map((ch) => ch.field));
      for (const ch of shown.changes) expect(codeOf(ch.field, after[ch.field]) ?? null).toBe(ch.new);
      for (const field of Object.keys(before[i]!))
        if (!changed.has(field.replace(/Label$/, '')) && !['version', 'updatedAt', 'updatedBy'].includes(field))
          expect([field, after[field]]).toEqual([field, before[i]![field]]);
    }
    expect((await productByCode(c, 'PV-4'))!.name).toBe('Saucer');

    // Committed, the same file changes nothing: no commit to offer.
    expect(await importSheet(c, file, 'product', 'validate')).toMatchObject({ inserted: 0, updated: 0, unchanged: 4 });
  });

  it('reports every row problem whatever the header holds', async () => {
    const job = await importSheet(
      c,
      await xlsx(
        [...HEADER, 'Launch colour'],
        [
          ['PV-10', 'A', 'NOPE', 'PCS', 1, null, 'red'],
          ['PV-11', 'B', 'PV-A', 'PCS', 'abc', null, 'red'],
          ['PV-12', null, 'PV-A', 'PCS', 1, null, 'red'],
          ['PV-13', 'D', 'PV-A', 'PCS', 1, 'x', 'red'],
          ['PV-14', 'E', 'PV-A', 'NOPE', 1, null, 'red'],
        ],
      ),
      'product',
      'validate',
    );
    // An unknown column is a mapping question, not an error: it is ignored and named in the status.
    expect(job.ignoredColumns).toEqual(['Launch colour']);
    expect(job.errors.map((e) => [e.row, e.column])).toEqual([
      [2, 'Category'],
      [3, 'Selling price'],
      [4, 'Name'],
      [5, 'Cost price'],
      [6, 'Unit of measure'],
    ]);
    // The results file names each column once: "Category: …", not "Category: Category: …".
    const result = await resultRows(job);
    const message = result[1]![result[0]!.indexOf('Message')];
    expect(message).toBe('Category: "NOPE" is not the code or name of any of the categories');
  });

  it('previews the lines of a child list and a stock count row by row, old → new', async () => {
    await c.builder.insert(findEntity('supplier')!, { code: 'PV-SUP', name: 'Preview supplier' });
    await c.builder.insert(findEntity('inventorylocation')!, { code: 'PV-LOC', name: 'Preview store' });
    const header = ['Supplier', 'SKU', 'Supplier item code', 'Cost'];
    const first = await importSheet(c, await xlsx(header, [['PV-SUP', 'PV-1', 'S-1', 2]]), 'supplierproduct', 'commit');
    expect(first.rows).toEqual([{ row: 2, key: 'PV-SUP / PV-1', action: 'insert', changes: [] }]);
    const second = await importSheet(
      c,
      await xlsx(header, [
        ['PV-SUP', 'PV-1', 'S-1', 2.5],
        ['PV-SUP', 'PV-2', 'S-2', 1],
      ]),
      'supplierproduct',
      'validate',
    );
    expect(second.rows).toEqual([
      {
        row: 2,
        key: 'PV-SUP / PV-1',
        action: 'update',
        changes: [{ field: 'cost', column: 'Cost', old: '2.00', new: '2.50' }],
      },
      { row: 3, key: 'PV-SUP / PV-2', action: 'insert', changes: [] },
    ]);

    const count = await importSheet(
      c,
      await xlsx(['Location', 'Product', 'Counted quantity'], [['PV-LOC', 'PV-1', 4]]),
      'outletitembalance',
      'validate',
    );
    expect(count.rows).toEqual([
      {
        row: 2,
        key: 'PV-LOC / PV-1',
        action: 'update',
        changes: [{ field: 'quantity', column: 'Counted quantity', old: '0.000', new: '4.000' }],
      },
    ]);
  });
});
