import { StringDecoder } from 'node:string_decoder';
import type { Readable } from 'node:stream';
import { fromExcelSerial, unescapeText, type CellValue, type SheetRow } from './cells';
import { HELD_PARTS, ROW_LIMITS, SheetRefused, heldPartsRefused, type SheetLimits } from './limits';
import { SharedStrings } from './shared-strings';
import { decode, itemText } from './xml-text';
import { entryChunks, withEntries } from './zip-entries';

/**
 * A lean streaming reader of an xlsx's first worksheet: the sheet's XML is inflated and cut into
 * `<row>` elements as it arrives, each read with a few regular expressions into plain values (no
 * cell objects, no styles kept beyond which ones are dates). The shared strings are streamed first
 * into one compact buffer (`shared-strings.ts`); the workbook, its relations and the styles are
 * read whole. Those parts together may expand to `limits.maxHeldBytes` at most, counted on the bytes
 * actually inflated, and a row to `ROW_LIMITS`: past either the read stops with `SheetRefused`, so
 * a reading's memory is bounded whatever the archive expands to. Only those parts and that one
 * worksheet are read: macros, external links and other parts never.
 */

/** An attribute's pattern, made once per name: a sheet of 100,000 rows reads some 2 million attributes. */
const attributePatterns = new Map<string, RegExp>();

function attribute(attributes: string, name: string): string | undefined {
  let pattern = attributePatterns.get(name);
  if (!pattern) attributePatterns.set(name, (pattern = new RegExp(`(?:^|\\s)${name}="([^"]*)"`)));
  return pattern.exec(attributes)?.[1];
}

/** Counts the bytes inflated from the parts held in memory against the limit. */
class HeldBytes {
  private used = 0;
  constructor(private readonly limit: number) {}
  add(bytes: number) {
    this.used += bytes;
    if (this.used > this.limit) throw heldPartsRefused(this.limit);
  }
}

async function text(stream: Readable, held: HeldBytes): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    held.add((chunk as Buffer).length);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Built-in number formats that show dates or times. */
const DATE_FORMAT_IDS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56,
  57, 58,
]);
/** A format code shows a date when, outside quotes and brackets, it holds a date or time letter (as ExcelJS decides). */
const isDateCode = (code: string) => /[ymdhMsb]/.test(code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));

/** Indexes of the cell styles (`cellXfs`) that format numbers as dates. */
function dateStyles(xml: string): Set<number> {
  const custom = new Map<number, string>();
  for (const m of xml.matchAll(/<numFmt\b([^>]*)\/?>/g))
    custom.set(Number(attribute(m[1]!, 'numFmtId')), decode(attribute(m[1]!, 'formatCode') ?? ''));
  const out = new Set<number>();
  const xfs = /<cellXfs\b[^>]*>([\s\S]*?)<\/cellXfs>/.exec(xml)?.[1] ?? '';
  let index = 0;
  for (const m of xfs.matchAll(/<xf\b([^>]*?)\/?>/g)) {
    const id = Number(attribute(m[1]!, 'numFmtId') ?? 0);
    if (DATE_FORMAT_IDS.has(id) || (custom.has(id) && isDateCode(custom.get(id)!))) out.add(index);
    index++;
  }
  return out;
}

/** The part of the workbook's first sheet (`xl/worksheets/sheet1.xml`), from the workbook and its relations. */
function firstSheetPart(workbook: string, relations: string): string | undefined {
  const sheet = /<sheet\b([^>]*)\/?>/.exec(workbook)?.[1];
  const id = sheet && (attribute(sheet, 'r:id') ?? /\s[\w]+:id="([^"]*)"/.exec(sheet)?.[1]);
  if (!id) return undefined;
  for (const m of relations.matchAll(/<Relationship\b([^>]*)\/?>/g)) {
    if (attribute(m[1]!, 'Id') !== id) continue;
    const target = attribute(m[1]!, 'Target')!;
    return target.startsWith('/') ? target.slice(1) : `xl/${target}`.replace(/\/[^/]+\/\.\.\//g, '/');
  }
  return undefined;
}

/** `B12` → 1 (the column index from A); past the last column a sheet may have (XFD), refused. */
function columnIndex(reference: string, row: number): number {
  let n = 0;
  for (let i = 0; i < reference.length; i++) {
    const code = reference.charCodeAt(i);
    if (code < 65 || code > 90) break;
    n = n * 26 + code - 64;
    if (n > ROW_LIMITS.columns)
      throw new SheetRefused(`Row ${row} has a cell past column XFD, the last column a sheet may have`);
  }
  return n - 1;
}

interface Context {
  strings: SharedStrings;
  dates: Set<number>;
  date1904: boolean;
}

const CELL = /<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g;

function cellValue(attributes: string, body: string | undefined, ctx: Context): CellValue {
  if (body === undefined) return null;
  const type = attribute(attributes, 't') ?? 'n';
  if (type === 'inlineStr') return unescapeText(itemText(/<is>([\s\S]*?)<\/is>/.exec(body)?.[1] ?? ''));
  const raw = /<v(?:\s[^>]*)?>([\s\S]*?)<\/v>/.exec(body)?.[1];
  if (raw === undefined) return null;
  switch (type) {
    case 's':
      return unescapeText(ctx.strings.get(Number(raw)));
    case 'str':
      return unescapeText(decode(raw));
    case 'b':
      return raw === '1' || raw === 'true';
    case 'e':
      return null;
    case 'd':
      return new Date(decode(raw));
    default: {
      const value = Number(raw);
      if (Number.isNaN(value)) return null;
      const style = attribute(attributes, 's');
      return style !== undefined && ctx.dates.has(Number(style))
        ? fromExcelSerial(ctx.date1904 ? value + 1462 : value)
        : value;
    }
  }
}

function parseRow(attributes: string, body: string, fallback: number, ctx: Context): SheetRow {
  const number = Number(attribute(attributes, 'r') ?? fallback);
  const cells: CellValue[] = [];
  let text = 0;
  CELL.lastIndex = 0;
  for (let m = CELL.exec(body); m; m = CELL.exec(body)) {
    const reference = attribute(m[1]!, 'r');
    const index = reference ? columnIndex(reference, number) : cells.length;
    if (index >= ROW_LIMITS.columns)
      throw new SheetRefused(`Row ${number} has a cell past column XFD, the last column a sheet may have`);
    while (cells.length < index) cells.push(null);
    const value = cellValue(m[1]!, m[2], ctx);
    // A row's cells may name the same long shared string many times: their text is counted, not their XML.
    if (typeof value === 'string' && (text += value.length) > ROW_LIMITS.textChars) throw rowRefused(number);
    cells[index] = value;
  }
  return { number, cells };
}

const rowRefused = (number: number) =>
  new SheetRefused(
    `Row ${number} holds more than ${ROW_LIMITS.textChars / 1024 / 1024} MB of text, the most a row may hold`,
  );

const ROW = /<row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/row>)/g;

/** The rows of a worksheet's XML stream, each parsed as soon as its closing tag has arrived. */
async function* rowsOf(stream: AsyncIterable<Buffer>, ctx: Context): AsyncGenerator<SheetRow> {
  const decoder = new StringDecoder('utf8');
  let buffer = '';
  let last = 0;
  for await (const chunk of stream) {
    buffer += decoder.write(chunk);
    ROW.lastIndex = 0;
    let consumed = 0;
    for (let m = ROW.exec(buffer); m; m = ROW.exec(buffer)) {
      consumed = ROW.lastIndex;
      if (m[2] === undefined) continue;
      const row = parseRow(m[1]!, m[2], last + 1, ctx);
      last = row.number;
      if (row.cells.length > 0) yield row;
    }
    // What is left is the start of a row still arriving (or the sheet's end).
    const open = buffer.indexOf('<row', consumed);
    buffer = open >= 0 ? buffer.slice(open) : buffer.slice(Math.max(consumed, buffer.length - 4));
    if (buffer.length > ROW_LIMITS.xmlChars) throw rowRefused(last + 1);
  }
}

/** The first worksheet's rows, streamed (see the module's comment). */
export async function* readXlsxRows(path: string, limits: SheetLimits): AsyncGenerator<SheetRow> {
  const parts = new Map<string, string>();
  const held = new HeldBytes(limits.maxHeldBytes);
  let strings = new SharedStrings();
  await withEntries(path, HELD_PARTS, async (name, content) => {
    if (name === 'xl/sharedStrings.xml') strings = await SharedStrings.read(content, (bytes) => held.add(bytes));
    else parts.set(name, await text(content, held));
  });
  const workbook = parts.get('xl/workbook.xml') ?? '';
  const sheet = firstSheetPart(workbook, parts.get('xl/_rels/workbook.xml.rels') ?? '');
  if (!sheet) return;
  const ctx: Context = {
    strings,
    dates: dateStyles(parts.get('xl/styles.xml') ?? ''),
    date1904: /<workbookPr\b[^>]*date1904="(?:1|true)"/.test(workbook),
  };
  parts.clear();
  yield* rowsOf(entryChunks(path, sheet), ctx);
}
