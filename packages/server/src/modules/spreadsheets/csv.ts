import { createReadStream } from 'node:fs';
import type { SheetRow } from './cells';

/** The separator of a CSV file: `;` (European Excel) or `,`, whichever its first line uses more outside quotes. */
export function detectSeparator(firstLine: string): ',' | ';' {
  let quoted = false;
  let commas = 0;
  let semicolons = 0;
  for (const ch of firstLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === ',') commas++;
    else if (!quoted && ch === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

/**
 * The rows of a CSV file (RFC 4180: quoted fields may hold separators, quotes doubled, line breaks),
 * read as a stream: a UTF-8 byte-order mark is dropped, the separator is detected on the first line.
 */
export async function* readCsv(path: string): AsyncGenerator<SheetRow> {
  let separator: string | undefined;
  let pending = '';
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let afterQuote = false;
  let number = 1;
  let first = true;
  const out: SheetRow[] = [];
  const endField = () => {
    row.push(field);
    field = '';
    afterQuote = false;
  };
  const endRow = () => {
    endField();
    if (!(row.length === 1 && row[0] === '')) out.push({ number, cells: row.map((c) => (c === '' ? null : c)) });
    row = [];
    number++;
  };
  const consume = (text: string) => {
    for (let i = 0; i < text.length; i++) {
      const ch = text[i]!;
      if (quoted) {
        if (ch !== '"') field += ch;
        else if (i + 1 === text.length) {
          pending = '"';
          return;
        } else if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else {
          quoted = false;
          afterQuote = true;
        }
      } else if (ch === '"' && field === '' && !afterQuote) quoted = true;
      else if (ch === separator) endField();
      else if (ch === '\n') endRow();
      else if (ch === '\r') {
        if (i + 1 === text.length) {
          pending = '\r';
          return;
        }
      } else field += ch;
    }
  };
  for await (const chunk of createReadStream(path, { encoding: 'utf8', highWaterMark: 256 * 1024 })) {
    let text = pending + (chunk as string);
    pending = '';
    if (first) {
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      const newline = text.indexOf('\n');
      if (newline < 0) {
        pending = text;
        continue;
      }
      separator = detectSeparator(text.slice(0, newline));
      first = false;
    }
    consume(text);
    yield* out.splice(0);
  }
  if (first) separator = detectSeparator(pending);
  const rest = pending;
  if (rest === '"' && quoted) quoted = false;
  else consume(rest);
  if (field !== '' || row.length > 0) endRow();
  yield* out.splice(0);
}
