import { ApiError } from '../../http/envelope';
import { cellText, type SheetFormat } from './cells';
import { readCsv } from './csv';
import { firstWorksheet, zipEntries } from './zip-entries';

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

export const sizeLimit = (limitBytes: number) =>
  new ApiError(413, `The file is larger than the import limit of ${megabytes(limitBytes)}`, [
    { field: 'file', message: `At most ${megabytes(limitBytes)} per import` },
  ]);

export const rowLimit = (maxRows: number) =>
  new SheetRefused(`The sheet has more than ${maxRows} rows: the import limit is ${maxRows} rows`);

/** What reading an xlsx may hold in memory (`IMPORT_MAX_HELD_MB`). */
export interface SheetLimits {
  /** The parts read before the sheet and held while it is read — shared strings, styles, workbook and its relations — expanded, together. */
  maxHeldBytes: number;
}

/** The xlsx parts the reader holds in memory while it reads the sheet. */
export const HELD_PARTS: ReadonlySet<string> = new Set([
  'xl/workbook.xml',
  'xl/_rels/workbook.xml.rels',
  'xl/sharedStrings.xml',
  'xl/styles.xml',
]);

/**
 * One row of a sheet: its XML, the text of its cells (a shared string counted at each cell that
 * names it), and its columns (Excel's own last column, XFD). Excel caps a cell at 32,767
 * characters: a person's row is far below these.
 */
export const ROW_LIMITS = { xmlChars: 1024 * 1024, textChars: 1024 * 1024, columns: 16_384 } as const;

/** The sheet is refused as a whole (413, field `file`): a limit of what an import may hold was passed. */
export class SheetRefused extends ApiError {
  constructor(message: string) {
    super(413, message, [{ field: 'file', message }]);
  }
}

export const heldPartsRefused = (limitBytes: number) =>
  new SheetRefused(
    `The workbook's shared strings and styles expand past ${megabytes(limitBytes)}, the import limit (IMPORT_MAX_HELD_MB): save the sheet with fewer distinct texts, or split it`,
  );

/**
 * The text of the cells an import keeps until it writes (every row is checked before the first
 * write): past the held limit the sheet is refused, so what an import holds does not grow with a
 * sheet of long texts whatever the registry allows a field.
 */
export class KeptText {
  private chars = 0;
  constructor(private readonly limit: number) {}
  add(chars: number) {
    this.chars += chars;
    if (this.chars > this.limit)
      throw new SheetRefused(
        `The sheet's cells hold more than ${megabytes(this.limit)} of text, the import limit (IMPORT_MAX_HELD_MB): split the sheet`,
      );
  }
}

/** 413 when an xlsx's held parts, by its table of contents, expand past the limit: before a job starts. */
export function assertHeldParts(entries: readonly { name: string; size: number }[], limits: SheetLimits): void {
  const held = entries.reduce((sum, entry) => sum + (HELD_PARTS.has(entry.name) ? entry.size : 0), 0);
  if (held > limits.maxHeldBytes) throw heldPartsRefused(limits.maxHeldBytes);
}

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
    for await (const row of readCsv(path))
      if (row.cells.some((c) => cellText(c) !== null) && ++rows > maxRows + 1) break;
  } else if (format === 'xlsx') {
    rows = await countXmlRows(firstWorksheet(path), maxRows + 1);
  } else {
    rows = (await zipEntries(path)).length + 1;
  }
  // The first row is the header.
  if (rows - 1 > maxRows) throw rowLimit(maxRows);
}
