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
  value(row: R): string;
}

const ROW_HEIGHT = 18;
const CELL_PAD = 4;

/** The x position of each column, from the left margin. */
const offsets = <R>(doc: Pdf, columns: readonly Column<R>[]) => {
  let x = doc.page.margins.left;
  return columns.map((c) => {
    const at = x;
    x += c.width;
    return at;
  });
};

function drawRow<R>(doc: Pdf, columns: readonly Column<R>[], texts: string[], y: number, bold: boolean): void {
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
  const xs = offsets(doc, columns);
  columns.forEach((column, i) =>
    doc.text(printable(texts[i]), xs[i]! + CELL_PAD, y + 5, {
      width: column.width - 2 * CELL_PAD,
      align: column.align ?? 'left',
      lineBreak: false,
      ellipsis: true,
    }),
  );
  const left = doc.page.margins.left;
  const right = left + columns.reduce((sum, c) => sum + c.width, 0);
  doc
    .moveTo(left, y + ROW_HEIGHT)
    .lineTo(right, y + ROW_HEIGHT)
    .lineWidth(bold ? 1 : 0.5)
    .strokeColor(bold ? '#000000' : '#999999')
    .stroke();
}

/**
 * A table from `top`, one line per row, continued on new pages as needed; `pageStart` draws each
 * new page's heading and answers where the table goes on. Answers the y below the last row.
 */
export function drawTable<R>(
  doc: Pdf,
  columns: readonly Column<R>[],
  rows: readonly R[],
  top: number,
  pageStart: () => number,
): number {
  const bottom = doc.page.height - doc.page.margins.bottom;
  let y = top;
  drawRow(
    doc,
    columns,
    columns.map((c) => c.header),
    y,
    true,
  );
  y += ROW_HEIGHT;
  for (const row of rows) {
    if (y + ROW_HEIGHT > bottom) {
      doc.addPage();
      y = pageStart();
      drawRow(
        doc,
        columns,
        columns.map((c) => c.header),
        y,
        true,
      );
      y += ROW_HEIGHT;
    }
    drawRow(
      doc,
      columns,
      columns.map((c) => c.value(row)),
      y,
      false,
    );
    y += ROW_HEIGHT;
  }
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
