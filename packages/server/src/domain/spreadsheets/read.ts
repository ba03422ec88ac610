import type { SheetRow } from './cells';

export type { SheetRow };
import { readCsv } from './csv';
import { inspectZip } from './zip-guard';
import { readZipListing } from './zip-entries';
import { readXlsxRows } from './xlsx-reader';


/** `zip`: an archive of images (`imageproduct`), read as one row per file. */
export type SheetFormat = 'xlsx' | 'csv' | 'zip';

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
  yield* readXlsxRows(path);
}
