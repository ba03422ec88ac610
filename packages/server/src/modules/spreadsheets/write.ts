import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import type { CellValue } from './cells';
import { escapeXml, rowXml, sheetEnd, sheetStart, type Validation } from './sheet-xml';

export interface SheetSpec {
  name: string;
  columns: readonly { header: string; width?: number }[];
  rows: Iterable<CellValue[]> | AsyncIterable<CellValue[]>;
  /** Drop-down lists (data validation) by column index, for the rows below the header. */
  lists?: ReadonlyMap<number, readonly string[]>;
  /** Rows a drop-down list covers. */
  listRows?: number;
  hidden?: boolean;
}

const LISTS_SHEET = 'Lists';
/** Characters a sheet name may not hold. */
const SHEET_NAME_FORBIDDEN = /[[\]:*?/\\]/g;
/** Sheet XML is handed to the zip in pieces of about this many characters. */
const CHUNK = 64 * 1024;

const CONTENT_TYPES = (sheets: number) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>${Array.from({ length: sheets }, (_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('')}</Types>`;

const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

const WORKBOOK = (sheets: readonly { name: string; hidden?: boolean }[]) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><bookViews><workbookView activeTab="0"/></bookViews><sheets>${sheets.map((s, i) => `<sheet name="${escapeXml(s.name.replace(SHEET_NAME_FORBIDDEN, ' ').slice(0, 31))}" sheetId="${i + 1}"${s.hidden ? ' state="hidden"' : ''} r:id="rId${i + 1}"/>`).join('')}</sheets></workbook>`;

const WORKBOOK_RELS = (sheets: number) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${Array.from({ length: sheets }, (_, i) => `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join('')}<Relationship Id="rId${sheets + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`;

/** Cell formats by index (`s` of a cell): plain, bold (headers), a date, a date and time. */
const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="2"><numFmt numFmtId="164" formatCode="yyyy-mm-dd"/><numFmt numFmtId="165" formatCode="yyyy-mm-dd hh:mm:ss"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

/**
 * Writes one sheet's XML into its zip entry, waiting whenever the zip has not taken the last piece
 * yet (or until the output fails: `failed` rejects then); returns the rows written.
 */
async function writeSheet(
  part: PassThrough,
  spec: SheetSpec,
  validations: readonly Validation[],
  failed: Promise<unknown>,
): Promise<number> {
  let pending = sheetStart(spec);
  const first = spec.columns.length > 0 ? 2 : 1;
  let rows = 0;
  const flush = async () => {
    const more = part.write(pending);
    pending = '';
    if (!more) await Promise.race([once(part, 'drain'), failed]);
  };
  for await (const values of spec.rows) {
    pending += rowXml(first + rows, values);
    rows++;
    if (pending.length >= CHUNK) await flush();
  }
  part.end(pending + sheetEnd(validations));
  return rows;
}

/**
 * Writes an xlsx to `output` row by row: the sheet XML goes straight into a deflating zip stream,
 * so nothing but the current piece is held in memory. Text cells that a spreadsheet program would
 * run as formulas are written as text (`escapeText`). Drop-down lists are kept on a hidden `Lists`
 * sheet after the others, referred to by range, so a list of any length works.
 */
export async function writeWorkbook(
  output: string | NodeJS.WritableStream,
  sheets: readonly SheetSpec[],
): Promise<{ rows: number }> {
  const lists = sheets.flatMap((s) => [...(s.lists?.values() ?? [])]);
  const all: SheetSpec[] = [...sheets];
  if (lists.length > 0) {
    const longest = Math.max(...lists.map((l) => l.length));
    const rows = Array.from({ length: longest }, (_, i) => lists.map((l) => (l[i] === undefined ? null : l[i]!)));
    all.push({ name: LISTS_SHEET, columns: [], rows, hidden: true });
  }
  const zip = new ZipFile();
  const target = (typeof output === 'string' ? createWriteStream(output) : output) as Writable;
  const done = pipeline(zip.outputStream as Readable, target);
  // Handled at once: the output may fail (a client gone) while the rows are still being read.
  done.catch(() => undefined);
  let rows = 0;
  try {
    zip.addBuffer(Buffer.from(CONTENT_TYPES(all.length)), '[Content_Types].xml');
    zip.addBuffer(Buffer.from(ROOT_RELS), '_rels/.rels');
    zip.addBuffer(Buffer.from(WORKBOOK(all)), 'xl/workbook.xml');
    zip.addBuffer(Buffer.from(WORKBOOK_RELS(all.length)), 'xl/_rels/workbook.xml.rels');
    zip.addBuffer(Buffer.from(STYLES), 'xl/styles.xml');
    let listColumn = 0;
    for (const [i, spec] of all.entries()) {
      const part = new PassThrough();
      zip.addReadStream(part, `xl/worksheets/sheet${i + 1}.xml`, { compressionLevel: 1 });
      const validations = [...(spec.lists ?? [])].map(([column, values]): Validation => ({
        column,
        rows: spec.listRows ?? 1000,
        sheet: LISTS_SHEET,
        sourceColumn: listColumn++,
        length: Math.max(values.length, 1),
      }));
      const written = await writeSheet(part, spec, validations, done);
      if (i < sheets.length) rows += written;
    }
    zip.end();
    await done;
  } catch (error) {
    (zip.outputStream as Readable).destroy(error as Error);
    await done.catch(() => undefined);
    throw error;
  }
  return { rows };
}
