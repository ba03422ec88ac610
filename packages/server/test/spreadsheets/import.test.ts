import { findEntity, type BlankTemplateOption } from '@backroom/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { useCatalogue, type Row } from '../domain/support/catalogue';
import { importSheet, legacyOf, rowsOf, submit, waitFor, xlsx } from './support';

const c = useCatalogue({ users: ['admin', 'manager'] });
const HEADER = ['SKU *', 'Name *', 'Category *', 'Unit of measure *', 'Selling price *', 'Cost price', 'Barcode'];

const productsCoded = async (prefix: string) =>
  (
    await c.post<Row[]>('/DataRepository/fetch/product', {
      Take: 100,
      filters: [{ ColumnName: 'code', ColumnValue: prefix, Operator: 'STARTSWITH' }],
    })
  ).body.data;

beforeAll(async () => {
  await c.builder.insert(findEntity('category')!, { code: 'SHEETS', name: 'Sheet goods' });
});

describe('the product importer', () => {
  it('offers its template options and a template with columns, an example, lists and instructions', async () => {
    const options = await c.get<BlankTemplateOption[]>('/AppModule/GetBlankTemplateOption/product');
    expect(options.body.data.map((o) => o.value)).toEqual(['new', 'prices']);
    const response = await fetch(`${legacyOf(c)}/DataExporter/ExportBlankTemplate/product/new`, {
      headers: { authorization: `Bearer ${c.tokens.admin}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/filename="Template_Export_Result_\d{8}_\d{6}\.xlsx"/);
    const rows = await rowsOf(await response.arrayBuffer());
    expect(rows[0]).toEqual(expect.arrayContaining(['SKU *', 'Name *', 'Category *', 'Selling price *', 'Cost price']));
    expect(rows[1]![0]).toBe('EXAMPLE-001');
    expect(rows).toHaveLength(2);
  });

  it('reports every planted error with its row and column, and writes nothing', async () => {
    const sheet = await xlsx(HEADER, [
      ['PE-1', 'Good', 'SHEETS', 'PCS', 10, 4, null],
      ['PE-2', 'Bad price', 'SHEETS', 'PCS', 'abc', null, null],
      ['PE-3', 'Unknown category', 'NOPE', 'PCS', 10, null, null],
      ['PE-1', 'Same SKU again', 'SHEETS', 'PCS', 10, null, null],
      ['PE-4', null, 'Sheet goods', 'Piece', 10, null, null],
      ['PE-5', 'Long barcode', 'SHEETS', 'PCS', 10, null, 'x'.repeat(60)],
    ]);
    for (const mode of ['validate', 'commit'] as const) {
      const job = await importSheet(c, sheet, 'product', mode);
      expect(job.status).toBe('succeeded');
      expect(job.committed).toBe(false);
      const at = job.errors.map((e) => [e.row, e.column]);
      expect(at).toEqual([
        [3, 'Selling price'],
        [4, 'Category'],
        [5, 'SKU'],
        [6, 'Name'],
        [7, 'Barcode'],
      ]);
      expect(job.errors[1]!.message).toContain('NOPE');
      expect(job.errors[2]!.message).toContain('row 2');
    }
    expect(await productsCoded('PE-')).toEqual([]);
  });

  it('commits every row in one go, then counts unchanged rows and updates only the changed column', async () => {
    const rows = [
      ['PC-1', 'First', 'SHEETS', 'PCS', 10, 4, 'BC-PC-1'],
      ['PC-2', 'Second', 'Sheet goods', 'Piece', '12.50', null, null],
    ];
    const first = await importSheet(c, await xlsx(HEADER, rows), 'product', 'commit');
    expect(first).toMatchObject({
      status: 'succeeded',
      committed: true,
      inserted: 2,
      updated: 0,
      unchanged: 0,
      errorCount: 0,
    });
    const stored = await productsCoded('PC-');
    expect(stored.map((r) => [r.code, r.sellingPrice, r.costPrice, r.barcode])).toEqual([
      ['PC-1', '10.00', '4.00', 'BC-PC-1'],
      ['PC-2', '12.50', null, null],
    ]);

    const again = await importSheet(c, await xlsx(HEADER, rows), 'product', 'commit');
    expect(again).toMatchObject({ inserted: 0, updated: 0, unchanged: 2 });

    const prices = await importSheet(c, await xlsx(['SKU', 'Selling price'], [['PC-2', 13]]), 'product', 'commit');
    expect(prices).toMatchObject({ inserted: 0, updated: 1, unchanged: 0, committed: true });
    const after = await productsCoded('PC-');
    expect(after.map((r) => [r.code, r.name, r.sellingPrice])).toEqual([
      ['PC-1', 'First', '10.00'],
      ['PC-2', 'Second', '13.00'],
    ]);
    const audit = await c.post<Row[]>('/DataRepository/fetch/auditlog', {
      filters: [
        { ColumnName: 'entity', ColumnValue: 'product', Operator: 'EQ' },
        { ColumnName: 'rowId', ColumnValue: after[1]!.id, Operator: 'EQ' },
      ],
    });
    expect(audit.body.data.map((r) => r.action).sort()).toEqual(['insert', 'update']);
  });

  it('writes nothing when a row fails inside the write (a barcode taken by another product)', async () => {
    await c.newProduct({ code: 'TAKEN', barcode: 'BC-TAKEN' });
    const job = await importSheet(
      c,
      await xlsx(HEADER, [
        ['AN-1', 'Fine', 'SHEETS', 'PCS', 1, null, null],
        ['AN-2', 'Clash', 'SHEETS', 'PCS', 1, null, 'BC-TAKEN'],
      ]),
      'product',
      'commit',
    );
    expect(job.committed).toBe(false);
    expect(job.errors).toEqual([expect.objectContaining({ row: 3, column: 'Barcode' })]);
    expect(await productsCoded('AN-')).toEqual([]);
  });

  it('reports the rules between fields of new rows and of changed ones (dates in order, a percent by its kind)', async () => {
    const header = ['Code', 'Name', 'Kind', 'Value', 'Valid from', 'Valid to'];
    const first = await importSheet(
      c,
      await xlsx(header, [['RU-1', 'Kept', 'percentOff', 10, '2024-01-01', '2024-12-31']]),
      'promotion',
      'commit',
    );
    expect(first).toMatchObject({ committed: true, inserted: 1, errorCount: 0 });
    const job = await importSheet(
      c,
      await xlsx(header, [
        ['RU-2', 'Backwards', 'amountOff', 5, '2024-06-01', '2024-05-01'],
        ['RU-3', 'Too much', 'percentOff', 150, '2024-01-01', null],
        ['RU-4', 'An amount', 'amountOff', 150, '2024-01-01', null],
      ]),
      'promotion',
      'validate',
    );
    expect(job.errors.map((e) => [e.row, e.column, e.message])).toEqual([
      [2, 'Valid to', 'Valid to cannot be before valid from'],
      [3, 'Value', 'Value is a percent here: at most 100'],
    ]);
    // An update sends one column: the rule holds on the stored row it changes.
    const changed = await importSheet(
      c,
      await xlsx(['Code', 'Valid to'], [['RU-1', '2023-06-30']]),
      'promotion',
      'validate',
    );
    expect(changed.errors.map((e) => [e.row, e.column, e.message])).toEqual([
      [2, 'Valid to', 'Valid to cannot be before valid from'],
    ]);
  });

  it('gives the uploaded rows back with a result and message per row', async () => {
    const job = await importSheet(
      c,
      await xlsx(HEADER, [
        ['RS-1', 'Fine', 'SHEETS', 'PCS', 1, null, null],
        ['RS-2', 'Bad', 'NOPE', 'PCS', 1, null, null],
      ]),
      'product',
      'validate',
    );
    const response = await fetch(`${legacyOf(c)}/DataImporter/DownloadResult`, {
      method: 'POST',
      headers: { authorization: `Bearer ${c.tokens.admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ jobId: job.jobId }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/Export_Result_\d{8}_\d{6}\.xlsx/);
    const rows = await rowsOf(await response.arrayBuffer());
    expect(rows[0]!.slice(-2)).toEqual(['Result', 'Message']);
    const result = rows[0]!.indexOf('Result');
    expect([rows[1]![result], rows[1]![result + 1] ?? null]).toEqual(['OK', null]);
    expect(rows[2]![result]).toBe('Error');
    expect(String(rows[2]![result + 1])).toContain('Category');
  });

  it('shows a job only to its owner or an administrator', async () => {
    const mine = await submit(
      c,
      await xlsx(HEADER, [['OW-1', 'x', 'SHEETS', 'PCS', 1, null, null]]),
      'product',
      'validate',
    );
    await waitFor(c, mine.body.data!.jobId);
    const other = await fetch(`${legacyOf(c)}/DataExporter/status/${mine.body.data!.jobId}`, {
      headers: { authorization: `Bearer ${c.tokens.manager}` },
    });
    expect(other.status).toBe(404);
  });

  it('names the field of a bad request', async () => {
    const unknown = await submit(c, await xlsx(HEADER, []), 'nosuch', 'validate');
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors?.[0]?.field).toBe('importType');
  });
});
