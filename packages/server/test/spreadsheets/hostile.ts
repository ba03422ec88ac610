import { readFile } from 'node:fs/promises';
import { ZipFile } from 'yazl';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { tempFile } from './support';

/** Text of `length` letters a–p from a seeded generator: 4 bits a character, so it compresses about 2× and passes the zip guard's ratio. */
export function noise(seed: number, length: number): string {
  let x = seed >>> 0 || 1;
  const out = Buffer.alloc(length);
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = 97 + ((x >>> 0) & 15);
  }
  return out.toString('latin1');
}

const inline = (text: string) => `<c t="inlineStr"><is><t>${text}</t></is></c>`;
const shared = (index: number) => `<c t="s"><v>${index}</v></c>`;

/** Inline text, a shared string by index, or a cell's XML as is. */
export type Cell = string | { s: number } | { xml: string };

export interface HostileSheet {
  /** Shared string items, written in turn (generated lazily: a part of hundreds of MB is never held by the test). */
  strings: { count: number; item: (index: number) => string };
  /** The header's cells (inline text). */
  header: string[];
  /** The body rows: each cell inline text, or `{ s: index }` naming a shared string. */
  rows: { count: number; row: (index: number) => Cell[] };
}

function* chunksOf(count: number, piece: (index: number) => string, head: string, tail: string): Generator<Buffer> {
  yield Buffer.from(head);
  let batch = '';
  for (let i = 0; i < count; i++) {
    batch += piece(i);
    if (batch.length >= 1 << 20) {
      yield Buffer.from(batch);
      batch = '';
    }
  }
  yield Buffer.from(batch + tail);
}

/** An xlsx written part by part by hand (workbook, relations, shared strings, one sheet), deflated as a stream: its bytes. */
export async function hostileXlsx(sheet: HostileSheet): Promise<Buffer> {
  const zip = new ZipFile();
  zip.addBuffer(
    Buffer.from('<workbook xmlns:r="r"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>'),
    'xl/workbook.xml',
  );
  zip.addBuffer(
    Buffer.from('<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>'),
    'xl/_rels/workbook.xml.rels',
  );
  const { Readable } = await import('node:stream');
  zip.addReadStream(
    Readable.from(chunksOf(sheet.strings.count, (i) => `<si><t>${sheet.strings.item(i)}</t></si>`, '<sst>', '</sst>')),
    'xl/sharedStrings.xml',
  );
  const row = (cells: Cell[], n: number) =>
    `<row r="${n}">${cells.map((c) => (typeof c === 'string' ? inline(c) : 's' in c ? shared(c.s) : c.xml)).join('')}</row>`;
  zip.addReadStream(
    Readable.from(
      chunksOf(
        sheet.rows.count,
        (i) => row(sheet.rows.row(i), i + 2),
        `<worksheet><sheetData>${row(sheet.header, 1)}`,
        '</sheetData></worksheet>',
      ),
    ),
    'xl/worksheets/sheet1.xml',
  );
  const path = await tempFile(`hostile-${Math.random().toString(36).slice(2)}.xlsx`);
  const out = createWriteStream(path);
  zip.outputStream.pipe(out);
  zip.end();
  await once(out, 'close');
  return readFile(path);
}
