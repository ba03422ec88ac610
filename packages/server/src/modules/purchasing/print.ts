import { z } from 'zod';
import {
  rowIdOf,
  statusLabel,
  type GoodsReceipt,
  type GoodsReceiptLine,
  type PurchaseOrder,
  type PurchaseOrderLine,
} from '@backroom/schema';
import type { AppContext } from '../../context';
import { anyDb, type AnyDb } from '../../data/store';
import { typedDb } from '../../db/types';
import { parseBody } from '../../http/validate';
import { printedRow, type PrintDocument } from '../../print/documents';
import { documentFacts, documentHeading, documentRemarks } from '../../print/heading';
import { drawTable, newPdf, numberPages, pdfBytes, printable, type Column, type Pdf } from '../../print/pdf';
import {
  documentZone,
  printedAmount,
  printedDate,
  printedQuantity,
  printedTime,
  zoneCaption,
  type DocumentClock,
} from '../../print/time';
import { goodsReceipt, purchaseOrder, readOrder } from './order';

interface Box {
  title: string;
  lines: string[];
}

/** What every purchasing paper prints at its head: the company, the supplier, the location and its zone. */
interface Parties {
  company: string;
  supplier: Box;
  deliverTo: Box;
  zone: DocumentClock;
}

/** A purchasing paper: its title and number, the facts under them, its lines and its totals. */
interface Paper<L> {
  title: string;
  docNo: string;
  parties: Parties;
  facts: [string, string][];
  /** The moment whose offset the time caption names. */
  at: string | null;
  remarks?: string | null;
  columns: Column<L>[];
  lines: L[];
  totals: [string, string][];
}

async function parties(db: AnyDb, supplierId: number, locationId: number, locationTitle: string): Promise<Parties> {
  const tdb = typedDb(db);
  const supplier = await tdb
    .selectFrom('supplier')
    .select(['code', 'name', 'contact_name', 'phone', 'email', 'address'])
    .where('id', '=', supplierId)
    .executeTakeFirstOrThrow();
  const location = await tdb
    .selectFrom('inventory_location')
    .select(['code', 'name', 'address'])
    .where('id', '=', locationId)
    .executeTakeFirstOrThrow();
  const company = await tdb.selectFrom('company').select('name').orderBy('id').limit(1).executeTakeFirst();
  const present = (values: (string | null)[]) => values.filter((v): v is string => Boolean(v));
  return {
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
      title: locationTitle,
      lines: present([`${String(location.code)} ${String(location.name)}`, location.address]),
    },
    zone: await documentZone(db, { location: locationId }),
  };
}

async function productsOf(db: AnyDb, ids: number[]): Promise<Map<number, { code: string; name: string }>> {
  const products =
    ids.length === 0
      ? []
      : await typedDb(db).selectFrom('product').select(['id', 'code', 'name']).where('id', 'in', ids).execute();
  return new Map(products.map((p) => [Number(p.id), { code: String(p.code), name: String(p.name) }]));
}

const heading = (doc: Pdf, p: Paper<unknown>, first: boolean) =>
  documentHeading(doc, { title: p.title, docNo: p.docNo, company: p.parties.company }, first);

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

function facts(doc: Pdf, p: Paper<unknown>, top: number): number {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  let y = documentFacts(doc, p.facts, zoneCaption(p.parties.zone, p.at ?? new Date(), true), top);
  const half = (width - 12) / 2;
  box(doc, p.parties.supplier, left, y, half);
  box(doc, p.parties.deliverTo, left + half + 12, y, half);
  y += 80;
  return documentRemarks(doc, p.remarks, y);
}

function totals(doc: Pdf, p: Paper<unknown>, y: number): void {
  if (y + 20 + p.totals.length * 14 > doc.page.height - doc.page.margins.bottom) {
    doc.addPage();
    y = doc.page.margins.top;
  }
  const right = doc.page.width - doc.page.margins.right;
  p.totals.forEach(([label, value], i) => {
    doc
      .font(i === p.totals.length - 1 ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(10)
      .fillColor('#000000')
      .text(`${label}  ${printedAmount(value, p.parties.zone)}`, right - 200, y + 10 + i * 14, {
        width: 200,
        align: 'right',
        lineBreak: false,
      });
  });
}

/** A purchasing paper (A4): heading with the number as Code 128, facts, supplier and location, lines, totals. */
async function render<L>(p: Paper<L>): Promise<Buffer> {
  const doc = newPdf(`${p.title} ${p.docNo}`);
  const y = facts(doc, p, heading(doc, p, true));
  const end = drawTable(doc, p.columns, p.lines, y, () => heading(doc, p, false));
  totals(doc, p, end);
  numberPages(doc, (page, pages) => `${p.docNo} - page ${page} of ${pages}`);
  return pdfBytes(doc);
}

type Products = Map<number, { code: string; name: string }>;

/** The columns every purchasing paper starts its lines with: #, supplier SKU, code, name. */
function itemColumns<L extends { no: number; product: number }>(
  products: Products,
  sku: (l: L) => string,
): Column<L>[] {
  return [
    { header: '#', width: 24, align: 'right', value: (l) => String(l.no) },
    { header: 'Supplier SKU', width: 75, fit: 'shrink', value: sku },
    { header: 'Code', width: 75, fit: 'shrink', value: (l) => products.get(l.product)?.code ?? String(l.product) },
    { header: 'Name', width: 150, value: (l) => products.get(l.product)?.name ?? '' },
  ];
}

const numbered = <L>(lines: L[]) => lines.map((l, i) => ({ ...l, no: i + 1 }));

/**
 * A paper's cost columns and totals, for a reader who may see costs: the row as the caller reads it
 * (`asCallerReads`) has no `total` otherwise, and the paper prints quantities only.
 */
function costed<T>(row: { total?: string | null }, parts: T[]): T[] {
  return row.total === undefined ? [] : parts;
}

/** The printed purchase order (A4): heading with the number as Code 128, supplier and delivery address, lines, totals. */
export async function renderPurchaseOrder(db: AnyDb, o: PurchaseOrder): Promise<Buffer> {
  const products = await productsOf(
    db,
    o.lines.map((l) => l.product),
  );
  const people = await parties(db, o.supplier, o.location, 'Deliver to');
  return render<PurchaseOrderLine & { no: number }>({
    title: 'Purchase order',
    docNo: o.docNo,
    parties: people,
    facts: [
      ['Doc no.', o.docNo],
      ['Status', statusLabel(purchaseOrder, o.status)],
      ['Expected', printedDate(o.expectedDate, people.zone)],
      ['Sent', printedTime(o.sentAt, people.zone)],
      ['Your reference', o.supplierReference ?? ''],
    ],
    at: o.sentAt,
    remarks: o.remarks,
    columns: [
      ...itemColumns<PurchaseOrderLine & { no: number }>(products, (l) => l.supplierItemCode ?? ''),
      { header: 'Quantity', width: 52, align: 'right', value: (l) => printedQuantity(l.quantity, people.zone) },
      { header: 'Pack', width: 40, align: 'right', value: (l) => printedQuantity(l.packSize, people.zone) },
      ...costed<Column<PurchaseOrderLine & { no: number }>>(o, [
        { header: 'Unit cost', width: 55, align: 'right', value: (l) => printedAmount(l.unitCost, people.zone) },
        { header: 'Total', width: 52, align: 'right', value: (l) => printedAmount(l.lineTotal, people.zone) },
      ]),
    ],
    lines: numbered(o.lines),
    totals: costed(o, [
      ['Subtotal', o.subtotal ?? '0.00'],
      ['Tax', o.tax ?? '0.00'],
      ['Total', o.total ?? '0.00'],
    ]),
  });
}

export const purchaseOrderPrint: PrintDocument = {
  privilege: { screen: 'purchaseorder', action: 'view' },
  async render(request, body) {
    const { id } = parseBody(
      z.object({
        id: rowIdOf('purchase order'),
      }),
      body,
    );
    const order = await printedRow<PurchaseOrder>(request, purchaseOrder, id);
    const db = anyDb(request.server.ctx);
    return { pdf: await renderPurchaseOrder(db, order), fileName: `${order.docNo}.pdf` };
  },
};

/**
 * The printed goods receipt (A4): its number as Code 128, the order's number, supplier and location,
 * when (in the location's zone) and by whom, lines with the supplier SKU and the cost as invoiced,
 * landed costs, total. A return to supplier prints the same way under its own title.
 */
export async function renderGoodsReceipt(db: AnyDb, ctx: AppContext, r: GoodsReceipt): Promise<Buffer> {
  const order = await readOrder(ctx, db, r.purchaseOrder);
  const sku = new Map(order?.lines.map((l) => [l.product, l.supplierItemCode ?? '']));
  const products = await productsOf(
    db,
    r.lines.map((l) => l.product),
  );
  const people = await parties(db, r.supplier, r.location, r.kind === 'return' ? 'Returned from' : 'Received at');
  const landed: [string, string][] = [
    ['Freight', r.freight ?? ''],
    ['Duty', r.duty ?? ''],
  ];
  return render<GoodsReceiptLine & { no: number }>({
    title: r.kind === 'return' ? 'Return to supplier' : 'Goods receipt',
    docNo: r.docNo,
    parties: people,
    facts: [
      ['Doc no.', r.docNo],
      ['Purchase order', order?.docNo ?? ''],
      [r.kind === 'return' ? 'Returned' : 'Received', printedTime(r.at, people.zone)],
      ['By', r.createdBy ?? ''],
      ['Reference', r.reference ?? ''],
    ],
    at: r.at,
    columns: [
      ...itemColumns<GoodsReceiptLine & { no: number }>(products, (l) => sku.get(l.product) ?? ''),
      { header: 'Quantity', width: 52, align: 'right', value: (l) => printedQuantity(l.quantity, people.zone) },
      ...costed<Column<GoodsReceiptLine & { no: number }>>(r, [
        { header: 'Unit cost', width: 50, align: 'right', value: (l) => printedAmount(l.unitCost, people.zone) },
        { header: 'Landed', width: 45, align: 'right', value: (l) => printedAmount(l.landedCost, people.zone) },
        { header: 'Total', width: 52, align: 'right', value: (l) => printedAmount(l.lineTotal, people.zone) },
      ]),
    ],
    lines: numbered(r.lines),
    totals: costed(r, [
      ...landed.filter(([, value]) => value !== '' && Number(value) !== 0),
      ['Total', r.total ?? '0.00'],
    ]),
  });
}

export const goodsReceiptPrint: PrintDocument = {
  privilege: { screen: 'goodsreceipt', action: 'view' },
  async render(request, body) {
    const { id } = parseBody(
      z.object({
        id: rowIdOf('goods receipt'),
      }),
      body,
    );
    const receipt = await printedRow<GoodsReceipt>(request, goodsReceipt, id);
    const { ctx } = request.server;
    const db = anyDb(ctx);
    return { pdf: await renderGoodsReceipt(db, ctx, receipt), fileName: `${receipt.docNo}.pdf` };
  },
};
