import { findEntity } from '@backroom/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { useCatalogue, type Row } from '../domain/support/catalogue';
import { importSheet, xlsx } from './support';

// More rows than one set-based write takes (500 on PostgreSQL, 100 on SQLite), so the commit spans several batches.
const ROWS = 1_200;
const c = useCatalogue();
const HEADER = ['SKU *', 'Name *', 'Category *', 'Unit of measure *', 'Selling price *', 'Barcode'];

const sheet = (
  prefix: string,
  price: (i: number) => number,
  barcode: (i: number) => string | null = () => null,
  rows = ROWS,
) =>
  xlsx(
    HEADER,
    Array.from({ length: rows }, (_, i) => [
      `${prefix}-${String(i).padStart(4, '0')}`,
      `Batch product ${i}`,
      'BATCH',
      'PCS',
      price(i),
      barcode(i),
    ]),
  );

const fetchAll = async (entity: string, filters: { ColumnName: string; ColumnValue: unknown; Operator: string }[]) =>
  (await c.post<Row[]>(`/DataRepository/fetch/${entity}`, { Take: 9999, filters })).body.data;

const productsCoded = (prefix: string) =>
  fetchAll('product', [{ ColumnName: 'code', ColumnValue: `${prefix}-`, Operator: 'STARTSWITH' }]);

beforeAll(async () => {
  await c.builder.insert(findEntity('category')!, { code: 'BATCH', name: 'Batch goods' });
});

describe('a commit of many rows, written in batches', () => {
  it('writes every row with its audit row and price history, then only the changed rows, counting the unchanged', async () => {
    const first = await importSheet(c, await sheet('BQ', (i) => 10 + (i % 7)), 'product', 'commit');
    expect(first).toMatchObject({
      status: 'succeeded',
      committed: true,
      inserted: ROWS,
      updated: 0,
      unchanged: 0,
      errorCount: 0,
    });
    const stored = await productsCoded('BQ');
    expect(stored).toHaveLength(ROWS);
    const ids = new Set(stored.map((r) => r.id));
    const byCode = new Map(stored.map((r) => [r.code as string, r]));
    expect(byCode.get('BQ-1199')).toMatchObject({ name: 'Batch product 1199', sellingPrice: `${10 + (1199 % 7)}.00` });

    const audits = (
      await fetchAll('auditlog', [{ ColumnName: 'entity', ColumnValue: 'product', Operator: 'EQ' }])
    ).filter((a) => ids.has(a.rowId));
    expect(audits).toHaveLength(ROWS);
    expect(new Set(audits.map((a) => a.rowId)).size).toBe(ROWS);
    expect(audits.every((a) => a.action === 'insert')).toBe(true);
    const history = (await fetchAll('pricehistory', [])).filter((h) => ids.has(h.product));
    expect(history).toHaveLength(ROWS);
    expect(history.find((h) => h.product === byCode.get('BQ-0005')!.id)).toMatchObject({
      oldPrice: null,
      newPrice: '15.00',
    });

    // Every 100th row gets a new price: 12 updated in two batches' worth of rows, the rest unchanged.
    const second = await importSheet(
      c,
      await sheet('BQ', (i) => (i % 100 === 0 ? 99 : 10 + (i % 7))),
      'product',
      'commit',
    );
    expect(second).toMatchObject({
      committed: true,
      inserted: 0,
      updated: ROWS / 100,
      unchanged: ROWS - ROWS / 100,
      errorCount: 0,
    });
    const changed = byCode.get('BQ-1100')!;
    const after = (await productsCoded('BQ')).find((r) => r.id === changed.id)!;
    expect(after).toMatchObject({ sellingPrice: '99.00', version: (changed.version as number) + 1 });
    const updates = (
      await fetchAll('auditlog', [
        { ColumnName: 'entity', ColumnValue: 'product', Operator: 'EQ' },
        { ColumnName: 'action', ColumnValue: 'update', Operator: 'EQ' },
      ])
    ).filter((a) => ids.has(a.rowId));
    expect(updates).toHaveLength(ROWS / 100);
    expect(updates.find((a) => a.rowId === changed.id)!.changes).toEqual({
      before: { sellingPrice: `${10 + (1100 % 7)}.00` },
      after: { sellingPrice: '99.00' },
    });
    const changes = (
      await fetchAll('pricehistory', [{ ColumnName: 'product', ColumnValue: changed.id, Operator: 'EQ' }])
    ).map((h) => [h.oldPrice, h.newPrice]);
    expect(changes).toEqual(
      expect.arrayContaining([
        [null, `${10 + (1100 % 7)}.00`],
        [`${10 + (1100 % 7)}.00`, '99.00'],
      ]),
    );
    expect(changes).toHaveLength(2);
  });

  it('writes nothing of a 3,000-row sheet whose late row a product hook refuses inside the write (a barcode that is another product’s alternate), and writes it all once the cause is gone', async () => {
    const rows = 3_000;
    const holder = await c.newProduct({
      code: 'HOLDER',
      alternateBarcodes: [{ barcode: 'ALT-LATE', uom: null, quantityPerUnit: 1 }],
    });
    const late = rows - 10;
    const file = await sheet(
      'BL',
      () => 5,
      (i) => (i === late ? 'ALT-LATE' : null),
      rows,
    );
    const job = await importSheet(c, file, 'product', 'commit');
    // Thirty batches were written before the refusal on SQLite (five on PostgreSQL): all rolled back with it.
    expect(job).toMatchObject({
      status: 'succeeded',
      committed: false,
      processed: 0,
      inserted: 0,
      updated: 0,
      unchanged: 0,
    });
    // The sheet's row number: the header is row 1.
    expect(job.errors).toEqual([
      expect.objectContaining({ row: late + 2, column: 'Barcode', message: expect.stringContaining('ALT-LATE') }),
    ]);
    expect(await productsCoded('BL')).toEqual([]);
    const audited = async () =>
      (await fetchAll('auditlog', [{ ColumnName: 'entity', ColumnValue: 'product', Operator: 'EQ' }])).filter((a) =>
        String((a.changes as { after?: Row } | null)?.after?.code ?? '').startsWith('BL-'),
      );
    expect(await audited()).toEqual([]);

    // The barcode freed, the same file again: every row written, once.
    const freed = await c.post(`/DataRepository/Update/product`, {
      ...holder,
      alternateBarcodes: [],
    });
    expect(freed.status, JSON.stringify(freed.body)).toBe(200);
    const again = await importSheet(c, file, 'product', 'commit');
    expect(again).toMatchObject({ committed: true, inserted: rows, updated: 0, unchanged: 0, errorCount: 0 });
    expect(await productsCoded('BL')).toHaveLength(rows);
    expect(await audited()).toHaveLength(rows);
  });
});
