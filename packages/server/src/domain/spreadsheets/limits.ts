import { ApiError } from '../../http/envelope';
import { cellText } from './cells';
import { readCsv } from './csv';
import type { SheetFormat } from './read';
import { firstWorksheet, zipEntries } from './zip-entries';

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

export const sizeLimit = (limitBytes: number) =>
  new ApiError(413, `The file is larger than the import limit of ${megabytes(limitBytes)}`, [{ field: 'file', message: `At most ${megabytes(limitBytes)} per import` }]);

export const rowLimit = (maxRows: number) =>
  new ApiError(413, `The sheet has more than ${maxRows} rows: the import limit is ${maxRows} rows`, [{ field: 'file', message: `At most ${maxRows} rows per import` }]);

/** `<row …>`, `<v>` (a value, a formula's cached result) or `<is>` (inline text) in worksheet XML. */
const TOKEN = /<(row|v|is)[\s>]/g;

/**
 * Rows holding a value in worksheet XML, counted on the raw text: no XML parser, so a sheet of
 * 100,000 rows is counted in a fraction of its reading time. Empty rows (a format only) are not counted.
 */
async function countXmlRows(chunks: AsyncIterable<Buffer>, stopAfter: number): Promise<number> {
  let rows = 0;
  let valued = false;
  let carry = '';
  for await (const chunk of chunks) {
    let text = carry + chunk.toString('latin1');
    // A token cut by the chunk's end is kept for the next chunk.
    const open = text.lastIndexOf('<');
    carry = open >= 0 && open > text.length - 5 ? text.slice(open) : '';
    if (carry) text = text.slice(0, open);
    for (const match of text.matchAll(TOKEN)) {
      if (match[1] === 'row') valued = false;
      else if (!valued) {
        valued = true;
        if (++rows > stopAfter) return rows;
      }
    }
  }
  return rows;
}

/** 413 naming the limit when the upload's sheet has more than `maxRows` rows below its header. */
export async function assertRowCount(path: string, format: SheetFormat, maxRows: number): Promise<void> {
  let rows = 0;
  if (format === 'csv') {
    for await (const row of readCsv(path)) if (row.cells.some((c) => cellText(c) !== null) && ++rows > maxRows + 1) break;
  } else if (format === 'xlsx') {
    rows = await countXmlRows(firstWorksheet(path), maxRows + 1);
  } else {
    rows = (await zipEntries(path)).length + 1;
  }
  // The first row is the header.
  if (rows - 1 > maxRows) throw rowLimit(maxRows);
}
