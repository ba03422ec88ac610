import { z } from 'zod';
import { canSee } from '../../data/access';
import { anyDb, type AnyDb } from '../../data/store';
import { typedDb } from '../../db/types';
import { ApiError } from '../../http/envelope';
import { parseBody } from '../../http/validate';
import { drawBarcode } from '../../print/barcode';
import type { PrintDocument } from '../../print/documents';
import { drawTable, newPdf, numberPages, pdfBytes, printable, type Column, type Pdf } from '../../print/pdf';
import { documentZone, printedTime, zoneCaption } from '../../print/time';
import { purchaseOrder, readOrder, type PurchaseOrder, type PurchaseOrderLine } from './order';

interface Box {
  title: string;
  lines: string[];
}

interface Printed {
  order: PurchaseOrder;
  company: string;
  supplier: Box;
  deliverTo: Box;
  products: Map<number, { code: string; name: string }>;
  zone: string;
}

async function gather(db: AnyDb, order: PurchaseOrder): Promise<Printed> {
  const tdb = typedDb(db);
  const supplier = await tdb
    .selectFrom('supplier')
    .select(['code', 'name', 'contact_name', 'phone', 'email', 'address'])
    .where('id', '=', order.supplier)
    .executeTakeFirstOrThrow();
  const location = await tdb
    .selectFrom('inventory_location')
    .select(['code', 'name', 'address'])
    .where('id', '=', order.location)
    .executeTakeFirstOrThrow();
  const ids = order.lines.map((l) => l.product);
  const products =
    ids.length === 0
      ? []
      : await tdb.selectFrom('product').select(['id', 'code', 'name']).where('id', 'in', ids).execute();
  const company = await tdb.selectFrom('company').select('name').orderBy('id').limit(1).executeTakeFirst();
  const present = (values: (string | null)[]) => values.filter((v): v is string => Boolean(v));
  return {
    order,
    company: company?.name ?? '',
    supplier: {
      title: 'Supplier',
      lines: present([
        `${String(supplier.code)} ${String(supplier.name)}`,
        supplier.contact_name,
        present([supplier.phone, supplier.email]).join('  '),
        supplier.address,
      ]),
    },
    deliverTo: {
      title: 'Deliver to',
      lines: present([`${String(location.code)} ${String(location.name)}`, location.address]),
    },
    products: new Map(products.map((p) => [Number(p.id), { code: String(p.code), name: String(p.name) }])),
    zone: await documentZone(db, { location: order.location }),
  };
}

const BARCODE = { width: 190, height: 36 };

function heading(doc: Pdf, p: Printed, first: boolean): number {
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const top = doc.page.margins.top;
  drawBarcode(doc, p.order.docNo, {
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
    .text('Purchase order', left, top, { lineBreak: false });
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(printable(first ? p.company : `${p.order.docNo} (continued)`), left, top + (first ? 22 : 16), {
      lineBreak: false,
    });
  return top + (first ? BARCODE.height : 22) + 24;
}

function box(doc: Pdf, b: Box, x: number, y: number, width: number): void {
  doc.rect(x, y, width, 70).lineWidth(0.5).strokeColor('#999999').stroke();
  doc
    .font('Helvetica-Bold')
    .fontSize(8)
    .fillColor('#555555')
    .text(b.title.toUpperCase(), x + 6, y + 5, { lineBreak: false });
  b.lines.slice(0, 4).forEach((line, i) =>
    doc
      .font(i === 0 ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(i === 0 ? 10 : 8)
      .fillColor('#000000')
      .text(printable(line), x + 6, y + 17 + (i === 0 ? 0 : 4 + i * 10), {
        width: width - 12,
        lineBreak: false,
        ellipsis: true,
      }),
  );
}

function facts(doc: Pdf, p: Printed, y: number): number {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const o = p.order;
  const pairs: [string, string][] = [
    ['Doc no.', o.docNo],
    ['Status', o.status],
    ['Expected', o.expectedDate ?? ''],
    ['Sent', printedTime(o.sentAt, p.zone)],
    ['Your reference', o.supplierReference ?? ''],
  ];
  const cell = width / pairs.length;
  pairs.forEach(([label, value], i) => {
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
  y += 24;
  doc
    .font('Helvetica')
    .fontSize(7)
    .fillColor('#555555')
    .text(printable(`Times in ${zoneCaption(p.zone, o.sentAt ?? new Date())}`), left, y, { lineBreak: false });
  doc.fillColor('#000000');
  y += 12;
  const half = (width - 12) / 2;
  box(doc, p.supplier, left, y, half);
  box(doc, p.deliverTo, left + half + 12, y, half);
  y += 80;
  if (o.remarks) {
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(printable(`Remarks: ${o.remarks}`), left, y, { width, height: 36, ellipsis: true });
    y += 30;
  }
  return y;
}

function columns(p: Printed): Column<PurchaseOrderLine & { no: number }>[] {
  return [
    { header: '#', width: 24, align: 'right', value: (l) => String(l.no) },
    { header: 'Supplier SKU', width: 75, fit: 'shrink', value: (l) => l.supplierItemCode ?? '' },
    { header: 'Code', width: 75, fit: 'shrink', value: (l) => p.products.get(l.product)?.code ?? String(l.product) },
    { header: 'Name', width: 150, value: (l) => p.products.get(l.product)?.name ?? '' },
    { header: 'Quantity', width: 52, align: 'right', value: (l) => l.quantity },
    { header: 'Pack', width: 40, align: 'right', value: (l) => l.packSize ?? '' },
    { header: 'Unit cost', width: 55, align: 'right', value: (l) => l.unitCost ?? '' },
    { header: 'Total', width: 52, align: 'right', value: (l) => l.lineTotal ?? '' },
  ];
}

function totals(doc: Pdf, p: Printed, y: number): void {
  if (y + 60 > doc.page.height - doc.page.margins.bottom) {
    doc.addPage();
    y = doc.page.margins.top;
  }
  const right = doc.page.width - doc.page.margins.right;
  [
    ['Subtotal', p.order.subtotal ?? '0.00'],
    ['Tax', p.order.tax ?? '0.00'],
    ['Total', p.order.total ?? '0.00'],
  ].forEach(([label, value], i) => {
    doc
      .font(i === 2 ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(10)
      .fillColor('#000000')
      .text(`${label}  ${value}`, right - 200, y + 10 + i * 14, { width: 200, align: 'right', lineBreak: false });
  });
}

/** The printed purchase order (A4): heading with the number as Code 128, supplier and delivery address, lines, totals. */
export async function renderPurchaseOrder(p: Printed): Promise<Buffer> {
  const doc = newPdf(`Purchase order ${p.order.docNo}`);
  const y = facts(doc, p, heading(doc, p, true));
  const end = drawTable(
    doc,
    columns(p),
    p.order.lines.map((l, i) => ({ ...l, no: i + 1 })),
    y,
    () => heading(doc, p, false),
  );
  totals(doc, p, end);
  numberPages(doc, (page, pages) => `${p.order.docNo} - page ${page} of ${pages}`);
  return pdfBytes(doc);
}

export const purchaseOrderPrint: PrintDocument = {
  privilege: { screen: 'purchaseorder', action: 'view' },
  async render(request, body) {
    const { id } = parseBody(
      z.object({
        id: z.coerce
          .number({ error: 'Give the id of the purchase order' })
          .int()
          .min(1)
          .max(2 ** 31 - 1),
      }),
      body,
    );
    const db = anyDb(request.server.ctx);
    const order = (await canSee(request, db, purchaseOrder, id))
      ? await readOrder(request.server.ctx, db, id)
      : undefined;
    if (!order) throw new ApiError(404, `Purchase order: no row ${id}`);
    return { pdf: await renderPurchaseOrder(await gather(db, order)), fileName: `${order.docNo}.pdf` };
  },
};
