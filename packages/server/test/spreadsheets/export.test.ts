import { deflateRawSync } from 'node:zlib';
import { findEntity, type SheetJob } from '@backroom/schema';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { useCatalogue, type Row } from '../domain/support/catalogue';
import { exportList, importSheet, legacyOf, submit, xlsx } from './support';

const c = useCatalogue();

beforeAll(async () => {
  const category = findEntity('category')!;
  await c.builder.insert(category, { code: 'RT', name: 'Round trip' });
  for (let i = 1; i <= 3; i++)
    await c.newProduct({ code: `RT-${i}`, name: `Round ${i}`, sellingPrice: `${i}.50`, barcode: `RT-BC-${i}` });
  await c.builder.insert(findEntity('department')!, { code: 'FORMULA', name: '=1+2', description: '@SUM(A1:A2)' });
});

describe('export and round trip', () => {
  it('exports what the list shows, and the export imports back with no change; one edited cell changes one column', async () => {
    const { rows } = await exportList(c, {
      procedure: 'EXP_Product',
      filters: [{ ColumnName: 'code', ColumnValue: 'RT-', Operator: 'STARTSWITH' }],
      sorts: [{ ColumnName: 'code', Direction: 'desc' }],
    });
    expect(rows[0]![0]).toBe('SKU');
    expect(rows.slice(1).map((r) => r[0])).toEqual(['RT-3', 'RT-2', 'RT-1']);

    const header = rows[0] as string[];
    const back = await importSheet(c, await xlsx(header, rows.slice(1) as never), 'entity:product', 'commit');
    expect(back).toMatchObject({ status: 'succeeded', inserted: 0, updated: 0, unchanged: 3, errorCount: 0 });

    const edited = rows.slice(1).map((r) => [...r]);
    edited[0]![header.indexOf('Selling price')] = 99;
    const once = await importSheet(c, await xlsx(header, edited as never), 'entity:product', 'commit');
    expect(once).toMatchObject({ inserted: 0, updated: 1, unchanged: 2 });
    const stored = (
      await c.post<Row[]>('/DataRepository/fetch/product', {
        filters: [{ ColumnName: 'code', ColumnValue: 'RT-3', Operator: 'EQ' }],
      })
    ).body.data[0]!;
    expect(stored).toMatchObject({ sellingPrice: '99.00', name: 'Round 3', barcode: 'RT-BC-3' });
    const audit = await c.post<Row[]>('/DataRepository/fetch/auditlog', {
      filters: [
        { ColumnName: 'entity', ColumnValue: 'product', Operator: 'EQ' },
        { ColumnName: 'rowId', ColumnValue: stored.id, Operator: 'EQ' },
        { ColumnName: 'action', ColumnValue: 'update', Operator: 'EQ' },
      ],
    });
    expect(audit.body.data).toHaveLength(1);
    expect(Object.keys((audit.body.data[0]!.changes as { after: object }).after)).toEqual(['sellingPrice']);
  });

  it('lists the caller’s own imports and exports, newest first, without their problems', async () => {
    await exportList(c, { procedure: 'EXP_Product' });
    const jobs = await c.call<SheetJob[]>('GET', `${legacyOf(c)}/DataExporter/jobs`, { token: c.tokens.admin });
    expect(jobs.status).toBe(200);
    expect(jobs.body.data[0]).toMatchObject({ kind: 'export', status: 'succeeded', name: 'EXP_Product' });
    expect(jobs.body.data[0]).not.toHaveProperty('errors');
    const ids = jobs.body.data.map((job) => job.jobId);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('writes cells that look like formulas as text, and imports them back unchanged', async () => {
    const { rows, file } = await exportList(c, { procedure: 'entity:department', search: 'FORMULA' });
    const sheet = (await new ExcelJS.Workbook().xlsx.load(file as never)).worksheets[0]!;
    const written = sheet.getRow(rows.findIndex((r) => r[0] === 'FORMULA') + 1);
    const at = (header: string) => (rows[0] as string[]).indexOf(header) + 1;
    expect(written.getCell(at('Name')).value).toBe("'=1+2");
    expect(written.getCell(at('Description')).value).toBe("'@SUM(A1:A2)");
    const header = rows[0] as string[];
    const row = rows.find((r) => r[0] === 'FORMULA')!;
    expect(row[header.indexOf('Name')]).toBe('=1+2');
    const back = await importSheet(c, await xlsx(header, [row] as never), 'entity:department', 'commit');
    expect(back).toMatchObject({ unchanged: 1, updated: 0, inserted: 0 });
  });

  it('refuses an unknown procedure naming the field', async () => {
    const response = await fetch(`${legacyOf(c)}/dataexporter/submitdataexport`, {
      method: 'POST',
      headers: { authorization: `Bearer ${c.tokens.admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ procedure: 'EXP_Nothing' }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: { field: string }[] }).errors[0]!.field).toBe('procedure');
  });
});

/** A zip holding one entry of `size` zero bytes: a few hundred kilobytes that would expand past any limit. */
function zipBomb(size: number): Buffer {
  const data = deflateRawSync(Buffer.alloc(size));
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(size, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(size, 24);
  central.writeUInt16LE(name.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(46 + name.length, 12);
  end.writeUInt32LE(30 + name.length + data.length, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

describe('unsafe and unusual files', () => {
  it('refuses a zip bomb with 400 before inflating it', async () => {
    const bomb = zipBomb(400 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const started = Date.now();
    const answer = await submit(c, bomb, 'product', 'validate');
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0]?.field).toBe('file');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('reads CSV with a byte-order mark, ; separators, quoted separators and Excel serial or ISO dates', async () => {
    await c.builder.insert(findEntity('category')!, { code: 'CSV', name: 'Csv goods' });
    const csv =
      '\uFEFFSKU;Name;Category;Unit of measure;Selling price\r\nCSV-1;"Semi; colon";CSV;PCS;1.5\r\nCSV-2;"Say ""hi""";Csv goods;Piece;2\r\n';
    const job = await importSheet(c, Buffer.from(csv, 'utf8'), 'product', 'commit', 'products.csv');
    expect(job).toMatchObject({ status: 'succeeded', inserted: 2, errorCount: 0 });
    const comma = 'SKU,Name,Category,Unit of measure,Selling price\nCSV-3,"Comma, inside",CSV,PCS,3';
    expect(await importSheet(c, Buffer.from(comma), 'product', 'commit', 'p.csv')).toMatchObject({
      inserted: 1,
      errorCount: 0,
    });
    const names = (
      await c.post<Row[]>('/DataRepository/fetch/product', {
        filters: [{ ColumnName: 'code', ColumnValue: 'CSV-', Operator: 'STARTSWITH' }],
      })
    ).body.data.map((r) => r.name);
    expect(names).toEqual(['Semi; colon', 'Say "hi"', 'Comma, inside']);

    const dates = await importSheet(
      c,
      await xlsx(
        ['Code', 'Name', 'Price', 'Valid from', 'Valid to'],
        [
          ['D-1', 'Serial', 5, 45292, '2024-02-01'],
          ['D-2', 'ISO', 5, '2024-01-01', new Date(Date.UTC(2024, 1, 1))],
        ],
      ),
      'entity:bundle',
      'commit',
    );
    expect(dates, JSON.stringify(dates.errors)).toMatchObject({ inserted: 2, errorCount: 0 });
    const bundles = (
      await c.post<Row[]>('/DataRepository/fetch/bundle', {
        filters: [{ ColumnName: 'code', ColumnValue: 'D-', Operator: 'STARTSWITH' }],
      })
    ).body.data;
    expect(bundles.map((b) => [b.validFrom, b.validTo])).toEqual([
      ['2024-01-01', '2024-02-01'],
      ['2024-01-01', '2024-02-01'],
    ]);
  });
});
