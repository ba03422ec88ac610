import { findEntity } from '@backroom/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeFile } from 'node:fs/promises';
import { readSheet } from '../../src/modules/spreadsheets/read';
import { SheetRefused } from '../../src/modules/spreadsheets/limits';
import { useCatalogue } from '../domain/support/catalogue';
import { hostileXlsx, noise } from './hostile';
import { importSheet, submit, tempFile } from './support';

const MB = 1024 * 1024;
const c = useCatalogue({
  config: { imports: { limitBytes: 50 * MB, maxRows: 200_000, maxHeldBytes: 1 * MB, concurrency: 2 } },
});
const HEADER = ['SKU', 'Name', 'Category', 'Unit of measure', 'Selling price', 'Description'];

/** The file: a few MB of archive whose shared strings expand to `mb` MB (each item a little noise and a long run). */
const bomb = (mb: number) =>
  hostileXlsx({
    strings: { count: mb * 1024, item: (i) => `${noise(i + 1, 16)}${'x'.repeat(1000)}` },
    header: HEADER,
    rows: { count: 10, row: (i) => [`HB-${i}`, { s: i }, 'HOSTILE', 'PCS', '1', { s: i + 1 }] },
  });

beforeAll(async () => {
  await c.builder.insert(findEntity('category')!, { code: 'HOSTILE', name: 'Hostile goods' });
});

describe('an import holds at most the held limit of a file, whatever it expands to', () => {
  it('refuses at submit (413 naming the limit) an xlsx whose shared strings expand past it, before anything is inflated', async () => {
    const file = await bomb(100);
    expect(file.length).toBeLessThan(5 * MB);
    const before = process.memoryUsage().rss;
    const answers = await Promise.all([1, 2, 3, 4].map(() => submit(c, file, 'product', 'commit')));
    for (const answer of answers) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(413);
      expect(answer.body.message).toContain('IMPORT_MAX_HELD_MB');
      expect(answer.body.message).toContain('1 MB');
      expect(answer.body.errors?.[0]?.field).toBe('file');
    }
    // Four refusals of a 100 MB expansion cost next to nothing (the server runs in this process).
    expect(process.memoryUsage().rss - before).toBeLessThan(60 * MB);
  });

  it('stops reading at the limit counted on the bytes inflated, not the table of contents', async () => {
    const path = await tempFile('strings-2mb.xlsx');
    await writeFile(path, await bomb(2));
    const read = async (maxHeldBytes: number) => {
      let rows = 0;
      for await (const _row of readSheet(path, 'xlsx', { maxHeldBytes })) rows++;
      return rows;
    };
    await expect(read(1 * MB)).rejects.toThrow(SheetRefused);
    await expect(read(1 * MB)).rejects.toThrow(/IMPORT_MAX_HELD_MB/);
    expect(await read(3 * MB)).toBe(11);
  });

  it('refuses as the job’s error, naming the limit, a sheet whose kept cells hold more text than the limit, and writes nothing', async () => {
    // 150 rows of an 8,000-character description (each valid): 1.2 MB of text kept, against a 1 MB limit.
    const file = await hostileXlsx({
      strings: { count: 0, item: () => '' },
      header: HEADER,
      rows: { count: 150, row: (i) => [`HK-${i}`, `Kept ${i}`, 'HOSTILE', 'PCS', '1', noise(i + 7, 8000)] },
    });
    const job = await importSheet(c, file, 'product', 'commit');
    expect(job).toMatchObject({ status: 'succeeded', committed: false, inserted: 0, errorCount: 1 });
    expect(job.errors[0]).toMatchObject({ column: 'File', message: expect.stringContaining('IMPORT_MAX_HELD_MB') });
    const stored = await c.post<unknown[]>('/DataRepository/fetch/product', {
      Take: 5,
      filters: [{ ColumnName: 'code', ColumnValue: 'HK-', Operator: 'STARTSWITH' }],
    });
    expect(stored.body.data).toEqual([]);
  });

  it('refuses a row past the row limits: 2 MB of text in one row, or a cell past column XFD', async () => {
    const long = await hostileXlsx({
      strings: { count: 1, item: () => noise(3, 600_000) },
      header: HEADER,
      rows: { count: 1, row: () => ['HR-1', { s: 0 }, 'HOSTILE', 'PCS', '1', { s: 0 }] },
    });
    expect((await importSheet(c, long, 'product', 'validate')).errors[0]).toMatchObject({
      row: 2,
      column: 'File',
      message: 'Row 2 holds more than 1 MB of text, the most a row may hold',
    });
    for (const reference of ['XFE2', 'ZZZZZZZZZZZZ2']) {
      const wide = await hostileXlsx({
        strings: { count: 0, item: () => '' },
        header: HEADER,
        rows: { count: 1, row: () => ['HR-2', { xml: `<c r="${reference}"><v>1</v></c>` }] },
      });
      expect((await importSheet(c, wide, 'product', 'validate')).errors[0]).toMatchObject({
        column: 'File',
        message: 'Row 2 has a cell past column XFD, the last column a sheet may have',
      });
    }
  });
});
