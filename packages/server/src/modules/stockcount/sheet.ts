import { z } from 'zod';
import { rowIdOf, statusLabel } from '@backroom/schema';
import type { FastifyRequest } from 'fastify';
import { anyDb, type AnyDb } from '../../data/store';
import { typedDb } from '../../db/types';
import { parseBody } from '../../http/validate';
import { printedRow, type PrintDocument } from '../../print/documents';
import { drawTable, newPdf, numberPages, pdfBytes, printable, type Column, type Pdf } from '../../print/pdf';
import { documentZone, printedQuantity, printedTime, zoneCaption, type DocumentClock } from '../../print/time';
import { count, type StockCountDto } from './count';

/** One line of a count sheet, as printed and exported. */
export interface SheetLine {
  no: number;
  code: string;
  barcode: string;
  name: string;
  expected: string;
  counted: string;
  variance: string;
  /** Absent for a reader who may not see costs. */
  value?: string;
}

export interface Sheet {
  count: StockCountDto;
  location: string;
  zone: DocumentClock;
  lines: SheetLine[];
}

const sheetBody = z.object({
  id: rowIdOf('stock count'),
  withExpected: z.boolean().optional(),
});

/** The count a caller may see (through its row filter, as a Get), with its products' codes, names and barcodes. */
export async function readSheet(request: FastifyRequest, body: unknown): Promise<Sheet & { withExpected: boolean }> {
  const { id, withExpected } = parseBody(sheetBody, body);
  const found = await printedRow<StockCountDto>(request, count, id);
  return { ...(await gather(anyDb(request.server.ctx), found)), withExpected: withExpected ?? false };
}

async function gather(db: AnyDb, c: StockCountDto): Promise<Sheet> {
  const tdb = typedDb(db);
  const ids = c.lines.map((l) => l.product);
  const products = new Map<number, { code: string; name: string; barcode: string }>();
  for (let start = 0; start < ids.length; start += 500)
    for (const p of await tdb
      .selectFrom('product')
      .select(['id', 'code', 'name', 'barcode'])
      .where('id', 'in', ids.slice(start, start + 500))
      .execute())
      products.set(p.id, { code: String(p.code), name: String(p.name), barcode: p.barcode ?? '' });
  const place = await tdb
    .selectFrom('inventory_location')
    .select(['code', 'name'])
    .where('id', '=', c.location)
    .executeTakeFirst();
  return {
    count: c,
    location: `${String(place?.code ?? '')} ${String(place?.name ?? '')}`.trim(),
    zone: await documentZone(db, { location: c.location }),
    lines: c.lines.map((l, i) => ({
      no: i + 1,
      code: products.get(l.product)?.code ?? String(l.product),
      barcode: products.get(l.product)?.barcode ?? '',
      name: products.get(l.product)?.name ?? '',
      expected: l.expectedQty ?? '',
      counted: l.countedQty ?? '',
      variance: l.variance ?? '',
      ...(l.varianceValue === undefined ? {} : { value: l.varianceValue ?? '' }),
    })),
  };
}

function heading(doc: Pdf, s: Sheet, first: boolean): number {
  const left = doc.page.margins.left;
  const top = doc.page.margins.top;
  doc
    .fillColor('#000000')
    .font('Helvetica-Bold')
    .fontSize(first ? 16 : 11)
    .text(first ? `Count sheet ${s.count.docNo}` : `${s.count.docNo} (continued)`, left, top, { lineBreak: false });
  if (!first) return top + 24;
  const at = s.count.postedAt ?? new Date().toISOString();
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(printable(`Location: ${s.location}`), left, top + 22, { lineBreak: false })
    .text(
      printable(
        `Status: ${statusLabel(count, s.count.status)}${s.count.postedAt ? `, posted ${printedTime(s.count.postedAt, s.zone)}` : ''}; printed ${printedTime(new Date(), s.zone)} (${zoneCaption(s.zone, at)})`,
      ),
      left,
      top + 36,
      { lineBreak: false },
    );
  return top + 60;
}

function columns(withExpected: boolean, clock: DocumentClock): Column<SheetLine>[] {
  return [
    { header: '#', width: 28, align: 'right', value: (l) => String(l.no) },
    { header: 'Code', width: 90, fit: 'shrink', value: (l) => l.code },
    { header: 'Barcode', width: 90, fit: 'shrink', value: (l) => l.barcode },
    { header: 'Name', width: withExpected ? 160 : 225, value: (l) => l.name },
    ...(withExpected
      ? [
          {
            header: 'Expected',
            width: 65,
            align: 'right' as const,
            value: (l: SheetLine) => printedQuantity(l.expected, clock),
          },
        ]
      : []),
    { header: 'Counted', width: 90, align: 'right', value: (l) => printedQuantity(l.counted, clock) },
  ];
}

/** The count sheet (A4): its lines with a column to write the counted figure in (the expected one only when asked). */
export async function renderSheet(s: Sheet, withExpected: boolean): Promise<Buffer> {
  const doc = newPdf(`Count sheet ${s.count.docNo}`);
  drawTable(doc, columns(withExpected, s.zone), s.lines, heading(doc, s, true), () => heading(doc, s, false));
  numberPages(doc, (page, pages) => `${s.count.docNo} - page ${page} of ${pages}`);
  return pdfBytes(doc);
}

export const countSheetPrint: PrintDocument = {
  privilege: { screen: 'stockcount', action: 'view' },
  async render(request, body) {
    const sheet = await readSheet(request, body);
    return { pdf: await renderSheet(sheet, sheet.withExpected), fileName: `${sheet.count.docNo}.pdf` };
  },
};

/** A CSV cell: quoted when it must be; a text a spreadsheet would take for a formula starts with a quote mark. */
const csvCell = (v: string) => {
  const safe = /^[=+\-@]/.test(v) && Number.isNaN(Number(v)) ? `'${v}` : v;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** The count sheet as CSV: one row per line with expected, counted, variance and its value. */
export function sheetCsv(s: Sheet): string {
  const costed = s.lines.every((l) => l.value !== undefined);
  const rows = [
    ['No.', 'Code', 'Barcode', 'Name', 'Expected', 'Counted', 'Variance', ...(costed ? ['Value'] : [])],
    ...s.lines.map((l) => [
      String(l.no),
      l.code,
      l.barcode,
      l.name,
      l.expected,
      l.counted,
      l.variance,
      ...(costed ? [l.value!] : []),
    ]),
  ];
  return `${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
