import { drawBarcode } from '../../print/barcode';
import { A4, newPdf, pdfBytes, printable, type Pdf } from '../../print/pdf';
import type { LabelItem, LabelRun } from './catalogue';

/** Labels across × down an A4 sheet. */
export interface Grid {
  columns: number;
  rows: number;
}

const SHEET_MARGIN = 18;
const GAP = 4;

export interface Cell {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The cells of one sheet, left to right, then top to bottom. */
function cells(grid: Grid): Cell[] {
  const width = (A4.width - 2 * SHEET_MARGIN - (grid.columns - 1) * GAP) / grid.columns;
  const height = (A4.height - 2 * SHEET_MARGIN - (grid.rows - 1) * GAP) / grid.rows;
  const out: Cell[] = [];
  for (let r = 0; r < grid.rows; r++)
    for (let c = 0; c < grid.columns; c++)
      out.push({ x: SHEET_MARGIN + c * (width + GAP), y: SHEET_MARGIN + r * (height + GAP), width, height });
  return out;
}

export type DrawLabel = (doc: Pdf, item: LabelItem, cell: Cell, run: LabelRun) => void;

/** Sheets of labels, as many per page as the grid holds, each with a light cutting border. */
export async function labelSheets(title: string, run: LabelRun, grid: Grid, draw: DrawLabel): Promise<Buffer> {
  const doc = newPdf(title, { margin: 0 });
  const sheet = cells(grid);
  run.items.forEach((item, i) => {
    if (i > 0 && i % sheet.length === 0) doc.addPage();
    const cell = sheet[i % sheet.length]!;
    doc
      .rect(cell.x, cell.y, cell.width, cell.height)
      .lineWidth(0.3)
      .dash(2, { space: 2 })
      .strokeColor('#bbbbbb')
      .stroke()
      .undash();
    draw(doc, item, cell, run);
  });
  return pdfBytes(doc);
}

export const priceText = (run: LabelRun, item: LabelItem) =>
  printable(`${run.currency ? `${run.currency} ` : ''}${item.price}`);

/** A shelf-edge label: name, price, barcode (EAN-13 when valid, else Code 128) and code. */
export const shelfLabel: DrawLabel = (doc, item, cell, run) => {
  const pad = 6;
  const inner = cell.width - 2 * pad;
  doc
    .fillColor('#000000')
    .font('Helvetica-Bold')
    .fontSize(8.5)
    .text(printable(item.name), cell.x + pad, cell.y + pad, { width: inner, height: 22, ellipsis: true });
  doc
    .font('Helvetica-Bold')
    .fontSize(15)
    .text(priceText(run, item), cell.x + pad, cell.y + pad + 23, { width: inner, align: 'right', lineBreak: false });
  const barHeight = Math.max(cell.height - 66, 14);
  drawBarcode(doc, item.barcode, {
    x: cell.x + pad,
    y: cell.y + pad + 42,
    width: inner * 0.72,
    height: barHeight,
    caption: 6.5,
  });
  doc
    .font('Helvetica')
    .fontSize(6.5)
    .text(printable(item.code), cell.x + pad + inner * 0.72, cell.y + pad + 42 + barHeight - 6, {
      width: inner * 0.28,
      align: 'right',
      lineBreak: false,
    });
};

/** A price tag: the price large, then the name, unit, barcode and code. */
export const priceTag: DrawLabel = (doc, item, cell, run) => {
  const pad = 12;
  const inner = cell.width - 2 * pad;
  doc
    .fillColor('#000000')
    .font('Helvetica-Bold')
    .fontSize(14)
    .text(printable(item.name), cell.x + pad, cell.y + pad, { width: inner, height: 36, ellipsis: true });
  doc
    .font('Helvetica-Bold')
    .fontSize(34)
    .text(priceText(run, item), cell.x + pad, cell.y + pad + 40, { width: inner, align: 'center', lineBreak: false });
  if (item.uom)
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(printable(`per ${item.uom}`), cell.x + pad, cell.y + pad + 80, {
        width: inner,
        align: 'center',
        lineBreak: false,
      });
  const barHeight = Math.min(40, Math.max(cell.height - 140, 16));
  drawBarcode(doc, item.barcode, {
    x: cell.x + pad + inner * 0.15,
    y: cell.y + cell.height - pad - barHeight - 22,
    width: inner * 0.7,
    height: barHeight,
    caption: 8,
  });
  doc
    .font('Helvetica')
    .fontSize(7)
    .text(printable(item.code), cell.x + pad, cell.y + cell.height - pad - 8, {
      width: inner,
      align: 'right',
      lineBreak: false,
    });
};
