import { drawBarcode } from './barcode';
import { printable, type Pdf } from './pdf';

const BARCODE = { width: 190, height: 36 };

/**
 * A document's heading: its title and the company on the first page, the number as a Code 128
 * barcode on the right; on the pages after, smaller, "{docNo} (continued)". Answers where the page
 * goes on below it.
 */
export function documentHeading(
  doc: Pdf,
  p: { title: string; docNo: string; company: string },
  first: boolean,
): number {
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const top = doc.page.margins.top;
  drawBarcode(doc, p.docNo, {
    x: right - BARCODE.width,
    y: top,
    width: BARCODE.width,
    height: first ? BARCODE.height : 22,
    caption: 9,
  });
  doc
    .fillColor('#000000')
    .font('Helvetica-Bold')
    .fontSize(first ? 16 : 11)
    .text(p.title, left, top, { lineBreak: false });
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(printable(first ? p.company : `${p.docNo} (continued)`), left, top + (first ? 22 : 16), {
      lineBreak: false,
    });
  return top + (first ? BARCODE.height : 22) + 24;
}

/**
 * The document's facts as a row of label and value under the heading, then the line saying which
 * zone its times are in. Answers where the page goes on below them.
 */
export function documentFacts(
  doc: Pdf,
  facts: readonly (readonly [string, string])[],
  zone: string,
  y: number,
): number {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const cell = width / facts.length;
  facts.forEach(([label, value], i) => {
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#555555')
      .text(label, left + i * cell, y, { lineBreak: false });
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor('#000000')
      .text(printable(value), left + i * cell, y + 10, { width: cell - 6, lineBreak: false, ellipsis: true });
  });
  doc
    .font('Helvetica')
    .fontSize(7)
    .fillColor('#555555')
    .text(printable(`Times in ${zone}`), left, y + 24, { lineBreak: false });
  doc.fillColor('#000000');
  return y + 36;
}

/** "Remarks: …" across the page, at most two lines; answers where the page goes on. */
export function documentRemarks(doc: Pdf, remarks: string | null | undefined, y: number): number {
  if (!remarks) return y;
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(printable(`Remarks: ${remarks}`), left, y, { width, height: 36, ellipsis: true });
  return y + 30;
}
