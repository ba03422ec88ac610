import { rowIdOf, statusLabel, type DeliveryOrderDto, type DeliveryOrderLineDto } from '@backroom/schema';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/types';
import { parseBody } from '../../http/validate';
import { printedRow, type PrintDocument } from '../../print/documents';
import { documentFacts, documentHeading, documentRemarks } from '../../print/heading';
import { drawTable, newPdf, numberPages, pdfBytes, printable, type Column, type Pdf } from '../../print/pdf';
import {
  documentZone,
  printedDate,
  printedQuantity,
  printedTime,
  zoneCaption,
  type DocumentClock,
} from '../../print/time';
import { order as orderEntity } from './order';

interface Place {
  code: string;
  name: string;
  address: string | null;
}

interface Printed {
  order: DeliveryOrderDto;
  company: string;
  from: Place;
  to: Place;
  products: Map<number, { code: string; name: string; uom: number | null }>;
  uoms: Map<number, string>;
  /** The zone its times print in (the dispatching location's outlet's) and the company's convention (documentZone). */
  zone: DocumentClock;
}

/** The rows `read` gives for the distinct ids, none asked when there are none (`in ()` is no SQL). */
const byIds = async <T>(ids: readonly number[], read: (ids: number[]) => Promise<T[]>): Promise<T[]> =>
  ids.length === 0 ? [] : read([...new Set(ids)]);

async function gather(db: Kysely<Database>, order: DeliveryOrderDto): Promise<Printed> {
  const places = await byIds([order.fromLocation, order.toLocation], (ids) =>
    db
      .selectFrom('inventory_location')
      .select(['id', 'code', 'name', 'address'])
      .where('id', 'in', ids)
      .$narrowType<{ code: string; name: string }>()
      .execute(),
  );
  const found = await byIds(
    order.lines.map((l) => l.product),
    (ids) =>
      db
        .selectFrom('product')
        .select(['id', 'code', 'name', 'uom_id as uom'])
        .where('id', 'in', ids)
        .$narrowType<{ code: string; name: string }>()
        .execute(),
  );
  const products = new Map(found.map(({ id, ...p }) => [id, p]));
  // A line without its own unit is counted in the product's.
  const lines = order.lines.map((l) => ({ ...l, uom: l.uom ?? products.get(l.product)?.uom ?? null }));
  const uoms = await byIds(
    lines.flatMap((l) => (l.uom === null ? [] : [l.uom])),
    (ids) =>
      db
        .selectFrom('list_value')
        .select(['id', 'code'])
        .where('id', 'in', ids)
        .$narrowType<{ code: string }>()
        .execute(),
  );
  const owner = await db.selectFrom('company').select('name').orderBy('id').limit(1).executeTakeFirst();
  const place = (id: number) => places.find((p) => p.id === id)!;
  return {
    order: { ...order, lines },
    company: owner?.name ?? '',
    from: place(order.fromLocation),
    to: place(order.toLocation),
    products,
    uoms: new Map(uoms.map((u) => [u.id, u.code])),
    zone: await documentZone(db, { location: order.fromLocation }, { location: order.toLocation }),
  };
}

/** Company, title, the number as a Code 128 barcode: on the first page in full, on the others as one line. */
const heading = (doc: Pdf, p: Printed, first: boolean) =>
  documentHeading(doc, { title: 'Delivery order', docNo: p.order.docNo, company: p.company }, first);

function placeBox(doc: Pdf, title: string, place: Place, x: number, y: number, width: number): void {
  doc.rect(x, y, width, 62).lineWidth(0.5).strokeColor('#999999').stroke();
  doc
    .font('Helvetica-Bold')
    .fontSize(8)
    .fillColor('#555555')
    .text(title.toUpperCase(), x + 6, y + 5, { lineBreak: false });
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor('#000000')
    .text(printable(`${place.code} ${place.name}`), x + 6, y + 17, {
      width: width - 12,
      lineBreak: false,
      ellipsis: true,
    });
  if (place.address)
    doc
      .font('Helvetica')
      .fontSize(8)
      .text(printable(place.address), x + 6, y + 31, { width: width - 12, height: 28, ellipsis: true });
}

function facts(doc: Pdf, p: Printed, top: number): number {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const o = p.order;
  const pairs: [string, string][] = [
    ['Doc no.', o.docNo],
    ['Date', printedDate(o.date, p.zone)],
    ['Status', statusLabel(orderEntity, o.status)],
    ['Dispatched', printedTime(o.dispatchedAt, p.zone)],
    ['Received', printedTime(o.receivedAt, p.zone)],
  ];
  let y = documentFacts(doc, pairs, zoneCaption(p.zone, o.dispatchedAt ?? o.receivedAt ?? new Date()), top);
  const half = (width - 12) / 2;
  placeBox(doc, 'From', p.from, left, y, half);
  placeBox(doc, 'To', p.to, left + half + 12, y, half);
  y += 72;
  return documentRemarks(doc, o.remarks, y);
}

function columns(p: Printed): Column<DeliveryOrderLineDto & { no: number }>[] {
  return [
    { header: '#', width: 28, align: 'right', value: (l) => String(l.no) },
    { header: 'Code', width: 90, fit: 'shrink', value: (l) => p.products.get(l.product)?.code ?? String(l.product) },
    { header: 'Name', width: 205, value: (l) => p.products.get(l.product)?.name ?? '' },
    { header: 'Quantity', width: 65, align: 'right', value: (l) => printedQuantity(l.quantity, p.zone) },
    { header: 'UOM', width: 45, value: (l) => (l.uom === null ? '' : (p.uoms.get(l.uom) ?? '')) },
    { header: 'Received', width: 90, align: 'right', value: (l) => printedQuantity(l.receivedQty, p.zone) },
  ];
}

/** Who handed over and who took the goods: name, signature and date, to be filled in by hand. */
function signatures(doc: Pdf, y: number): void {
  const height = 86;
  if (y + height + 16 > doc.page.height - doc.page.margins.bottom) {
    doc.addPage();
    y = doc.page.margins.top;
  }
  y += 16;
  const left = doc.page.margins.left;
  const width = (doc.page.width - left - doc.page.margins.right - 12) / 2;
  ['Dispatched by', 'Received by'].forEach((title, i) => {
    const x = left + i * (width + 12);
    doc.rect(x, y, width, height).lineWidth(0.5).strokeColor('#000000').stroke();
    doc
      .font('Helvetica-Bold')
      .fontSize(9)
      .fillColor('#000000')
      .text(title, x + 6, y + 6, { lineBreak: false });
    ['Name', 'Signature', 'Date'].forEach((line, k) => {
      const ly = y + 30 + k * 18;
      doc
        .font('Helvetica')
        .fontSize(8)
        .text(line, x + 6, ly - 8, { lineBreak: false });
      doc
        .moveTo(x + 60, ly)
        .lineTo(x + width - 8, ly)
        .lineWidth(0.5)
        .strokeColor('#999999')
        .stroke();
    });
  });
}

/** The printed delivery order (A4): heading with the number as Code 128, from/to, lines, signature boxes. */
export async function renderDeliveryOrder(p: Printed): Promise<Buffer> {
  const doc = newPdf(`Delivery order ${p.order.docNo}`);
  const y = facts(doc, p, heading(doc, p, true));
  const end = drawTable(
    doc,
    columns(p),
    p.order.lines.map((l, i) => ({ ...l, no: i + 1 })),
    y,
    () => heading(doc, p, false),
  );
  signatures(doc, end);
  numberPages(doc, (page, pages) => `${p.order.docNo} - page ${page} of ${pages}`);
  return pdfBytes(doc);
}

export const deliveryOrderPrint: PrintDocument = {
  privilege: { screen: 'printdeliveryorder', action: 'view' },
  async render(request, body) {
    const { id } = parseBody(z.object({ id: rowIdOf('delivery order') }), body);
    const order = await printedRow<DeliveryOrderDto>(request, orderEntity, id);
    const db = request.server.ctx.db;
    return { pdf: await renderDeliveryOrder(await gather(db, order)), fileName: `${order.docNo}.pdf` };
  },
};
