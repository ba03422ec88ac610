import type { SheetFormat, SheetRow } from './cells';

export type { SheetFormat, SheetRow };
import { readCsv } from './csv';
import { inspectZip } from './zip-guard';
import { readZipListing } from './zip-entries';
import { readXlsxRows } from './xlsx-reader';
import type { SheetLimits } from './limits';

/**
 * The rows of an uploaded sheet. An xlsx is an archive: its table of contents is checked against
 * the zip limits before anything is inflated. Macros and external links are never read: only the
 * worksheet, shared strings and styles parts are.
 */
export async function* readSheet(path: string, format: SheetFormat, limits: SheetLimits): AsyncGenerator<SheetRow> {
  if (format === 'csv') {
    yield* readCsv(path);
    return;
  }
  await inspectZip(path);
  if (format === 'zip') {
    yield* readZipListing(path);
    return;
  }
  yield* readXlsxRows(path, limits);
}
