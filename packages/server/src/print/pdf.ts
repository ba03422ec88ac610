import type PDFDocument from 'pdfkit';
import { onFirstUse } from '../on-first-use';

const pdfkit = onFirstUse<typeof PDFDocument>('pdfkit');

export type Pdf = PDFKit.PDFDocument;

/** A4 in points, and the margin every document keeps. */
export const A4 = { width: 595.28, height: 841.89 } as const;
export const MARGIN = 36;

/**
 * A new A4 document. Text uses the PDF standard fonts (Helvetica), which need no embedding and
 * keep documents small and fast; they cover Windows-1252, so `printable` stands in `?` for any
 * other character.
 */
export function newPdf(title: string, options: { margin?: number } = {}): Pdf {
  const PDF = pdfkit();
  return new PDF({
    size: 'A4',
    margin: options.margin ?? MARGIN,
    bufferPages: true,
    info: { Title: title, Creator: 'Backroom', Producer: 'Backroom' },
  });
}

/** Ends the document and answers its bytes. */
export function pdfBytes(doc: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/** Characters of Windows-1252 beyond Latin-1: what the standard fonts can draw besides it. */
const CP1252_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** The text with every character the standard fonts cannot draw replaced by `?`. */
export function printable(text: unknown): string {
  const value = text === null || text === undefined ? '' : String(text);
  let out = '';
  for (const ch of value) {
    const code = ch.codePointAt(0)!;
    out +=
      (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || CP1252_EXTRA.has(ch)
        ? ch
        : code === 0x0a
          ? ' '
          : '?';
  }
  return out;
}

export interface Column<R> {
  header: string;
  width: number;
  align?: 'left' | 'right' | 'center';
  /**
   * How a text wider than its cell fits, never running into the next cell or row: `wrap` (the
   * default) breaks it over lines (a word longer than the cell is broken too) and the row grows;
   * `shrink` (for codes) first sets it smaller, down to `MIN_FONT_SIZE`, until its longest word
   * fits, then wraps what still does not.
   */
  fit?: 'wrap' | 'shrink';
  value(row: R): string;
}

const FONT_SIZE = 9;
/** The smallest a `shrink` cell sets its text: still readable on paper. */
export const MIN_FONT_SIZE = 6;
const ROW_HEIGHT = 18;
const CELL_PAD = 4;
/** Space above the text in a row (and at least as much below it). */
const TEXT_TOP = 5;

/** The x position of each column, from the left margin. */
const offsets = <R>(doc: Pdf, columns: readonly Column<R>[]) => {
  let x = doc.page.margins.left;
  return columns.map((c) => {
    const at = x;
    x += c.width;
    return at;
  });
};

interface Cell {
  text: string;
  size: number;
  /** The text's width when it fits its cell on one line, drawn without PDFKit's line wrapper (see `oneLineWidth`); else null. */
  oneLine: number | null;
}

/**
 * Most cells fit on one line; measuring and drawing them through PDFKit's line wrapper (a
 * Unicode line breaker, word by word) was most of a long table's time. A text fits when its width
 * is under the cell's by more than the kerning the wrapper leaves out: it measures word by word,
 * so a kern pair across a break (after a space, a hyphen, a slash…: at most 0.12 em in the
 * standard fonts' metrics) is not counted — allowed for at every character but a letter or digit.
 * A soft hyphen (the wrapper adds a hyphen where it breaks) takes the wrapper's path.
 */
function oneLineWidth(doc: Pdf, text: string, width: number, size: number): number | null {
  if (text.includes('\u00ad')) return null;
  const breaks = text.replace(/[A-Za-z0-9]/g, '').length;
  const measured = doc.widthOfString(text);
  return measured + breaks * 0.15 * size <= width ? measured : null;
}

/** The cells of a row laid out: each text with its font size, and the height the row needs. */
function layoutRow<R>(doc: Pdf, columns: readonly Column<R>[], texts: string[], bold: boolean) {
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
  let height = ROW_HEIGHT;
  const cells: Cell[] = columns.map((column, i) => {
    const text = printable(texts[i]);
    const width = column.width - 2 * CELL_PAD;
    let size = FONT_SIZE;
    if (column.fit === 'shrink') {
      doc.fontSize(FONT_SIZE);
      const widest = Math.max(0, ...text.split(/\s+/).map((word) => doc.widthOfString(word)));
      if (widest > width) size = Math.max(MIN_FONT_SIZE, Math.floor(((FONT_SIZE * width) / widest) * 10) / 10);
    }
    doc.fontSize(size);
    const oneLine = oneLineWidth(doc, text, width, size);
    const textHeight = oneLine !== null ? doc.currentLineHeight(true) : doc.heightOfString(text || ' ', { width });
    height = Math.max(height, Math.ceil(textHeight) + 2 * TEXT_TOP - 2);
    return { text, size, oneLine };
  });
  return { cells, height };
}

function drawRow<R>(
  doc: Pdf,
  columns: readonly Column<R>[],
  row: ReturnType<typeof layoutRow>,
  y: number,
  bold: boolean,
): void {
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
  const xs = offsets(doc, columns);
  columns.forEach((column, i) => {
    const cell = row.cells[i]!;
    const x = xs[i]! + CELL_PAD;
    const width = column.width - 2 * CELL_PAD;
    doc.fontSize(cell.size);
    if (cell.oneLine === null) {
      doc.text(cell.text, x, y + TEXT_TOP, { width, align: column.align ?? 'left' });
      return;
    }
    // Where the wrapper would have put its one line: right-aligned text ends at the cell's edge, trailing spaces left out.
    const trimmed = column.align === 'right' ? cell.text.trimEnd() : cell.text;
    const free = width - (trimmed === cell.text ? cell.oneLine : doc.widthOfString(trimmed));
    const shift = column.align === 'right' ? free : column.align === 'center' ? free / 2 : 0;
    doc.text(cell.text, x + shift, y + TEXT_TOP, { lineBreak: false });
  });
  const left = doc.page.margins.left;
  const right = left + columns.reduce((sum, c) => sum + c.width, 0);
  doc
    .moveTo(left, y + row.height)
    .lineTo(right, y + row.height)
    .lineWidth(bold ? 1 : 0.5)
    .strokeColor(bold ? '#000000' : '#999999')
    .stroke();
}

/**
 * A table from `top`, continued on new pages as needed; `pageStart` draws each new page's heading
 * and answers where the table goes on. A row is as tall as its tallest cell (see `Column.fit`), so
 * a long code or name never prints over the next row; a row is never split across pages. Answers
 * the y below the last row.
 */
export function drawTable<R>(
  doc: Pdf,
  columns: readonly Column<R>[],
  rows: readonly R[],
  top: number,
  pageStart: () => number,
): number {
  const bottom = doc.page.height - doc.page.margins.bottom;
  const header = layoutRow(
    doc,
    columns,
    columns.map((c) => c.header),
    true,
  );
  let y = top;
  drawRow(doc, columns, header, y, true);
  y += header.height;
  for (const row of rows) {
    const line = layoutRow(
      doc,
      columns,
      columns.map((c) => c.value(row)),
      false,
    );
    if (y + line.height > bottom) {
      doc.addPage();
      y = pageStart();
      drawRow(doc, columns, header, y, true);
      y += header.height;
    }
    drawRow(doc, columns, line, y, false);
    y += line.height;
  }
  doc.fontSize(FONT_SIZE);
  return y;
}

/** "Page n of m" at the foot of every page (the document buffers its pages until then). */
export function numberPages(doc: Pdf, label: (page: number, pages: number) => string): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#555555')
      .text(printable(label(i + 1, count)), doc.page.margins.left, doc.page.height - bottom + 8, {
        width: doc.page.width - doc.page.margins.left - doc.page.margins.right,
        align: 'right',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
    doc.fillColor('#000000');
  }
}
