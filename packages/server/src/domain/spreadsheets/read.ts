import type ExcelJS from 'exceljs';
import { onFirstUse } from '../../on-first-use';
import { plainCell, type SheetRow } from './cells';

export type { SheetRow };
import { readCsv } from './csv';
import { inspectZip } from './zip-guard';
import { readZipListing } from './zip-entries';

const exceljs = onFirstUse<typeof ExcelJS>('exceljs');

/** `zip`: an archive of images (`imageproduct`), read as one row per file. */
export type SheetFormat = 'xlsx' | 'csv' | 'zip';

/** The first worksheet's rows, streamed: shared strings and styles are cached, cells are read row by row. */
async function* readXlsx(path: string): AsyncGenerator<SheetRow> {
  const reader = new (exceljs().stream.xlsx.WorkbookReader)(path, { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'ignore' });
  let first = true;
  for await (const worksheet of reader) {
    // Later sheets (instructions, lists) are read past, not parsed into rows.
    for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
      if (!first) continue;
      const values = row.values as unknown[];
      yield { number: row.number, cells: Array.from(values.slice(1), plainCell) };
    }
    first = false;
  }
}

/**
 * The rows of an uploaded sheet. An xlsx is an archive: its table of contents is checked against
 * the zip limits before anything is inflated. Macros and external links are never read: only the
 * worksheet, shared strings and styles parts are.
 */
export async function* readSheet(path: string, format: SheetFormat): AsyncGenerator<SheetRow> {
  if (format === 'csv') {
    yield* readCsv(path);
    return;
  }
  await inspectZip(path);
  if (format === 'zip') {
    yield* readZipListing(path);
    return;
  }
  yield* readXlsx(path);
}
