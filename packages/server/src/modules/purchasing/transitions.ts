import {
  DOCUMENT_REFUSALS,
  stateRefusal,
  LANDED_COST_BASES,
  MONEY_SCALE,
  formatScaled,
  PURCHASE_ORDER_ACTIONS,
  parseScaled,
  type LandedCostBasis,
  type PurchaseOrder,
  type PurchaseOrderAction,
  type PurchaseOrderStatus,
  STOCK_REFUSALS,
} from '@backroom/schema';
import { z } from 'zod';
import { auditedAfter } from '../../data/audit';
import { assertGroupsWritable, entityWithout, visibleValues } from '../../data/field-groups';
import { apiRow } from '../../data/read';
import { rowAction, type ActionCall } from '../../data/hooks';
import { entityRow } from '../../openapi/registry-schemas';
import { STALE_MESSAGE } from '../../data/write';
import { preparedInsert, preparedPairUpdate } from '../../db/compiled';
import { typedDb } from '../../db/types';
import { ApiError, validationError } from '../../http/envelope';
import { parseBody } from '../../http/validate';
import { companyToday, nextDocumentNo } from '../document-numbers';
import { move, StockShortage, quantityText, thousandths } from '../stock/index';
import { recordAverageCosts, spread } from './costs';
import { assertStockLines, goodsReceipt, noOrder, purchaseOrder, readOrder, reasonOf, valueOf } from './order';

export const GR_PREFIX = 'GR';
export const RETURN_PREFIX = 'RTS';
/** The ledger's name for goods receipts and returns, on every movement they write. */
export const DOCUMENT_TYPE = 'goodsreceipt';
/** A line may be received up to this share (percent) over what was ordered without a reason. */
export const OVER_RECEIPT_TOLERANCE_PERCENT = 10;

const quantity = (positive: boolean) =>
  z.union([z.string(), z.number()]).transform((value, context) => {
    const parsed = thousandths(value);
    if (parsed === undefined || parsed < 0 || (positive && parsed === 0)) {
      context.addIssue({
        code: 'custom',
        message: `Quantity must be a number ${positive ? '>' : '≥'} 0 with at most 3 decimals`,
      });
      return z.NEVER;
    }
    return parsed;
  });
const money = z.union([z.string(), z.number()]).transform((value, context) => {
  const parsed = parseScaled(value, MONEY_SCALE);
  if (!parsed.ok || parsed.value < 0) {
    context.addIssue({ code: 'custom', message: `Must be an amount ≥ 0 with at most ${MONEY_SCALE} decimals` });
    return z.NEVER;
  }
  return parsed.value;
});
const reason = z.union([z.string().max(50), z.number()]).optional();
const version = z.number({ error: 'Send the version of the order you read' }).int().min(1).optional();

const plainBody = z.looseObject({ version });
const sendBody = z.looseObject({ version, belowMinimum: z.boolean().optional() });
const closeBody = z.looseObject({ version, reason });
const receiveBody = z.looseObject({
  version,
  lines: z
    .array(z.object({ product: z.number().int().positive(), quantity: quantity(true), unitCost: money.optional() }), {
      error: 'Give the lines received: [{product, quantity, unitCost?}]',
    })
    .min(1, 'Give at least one line received')
    .max(1000),
  reference: z.string().trim().max(100).optional(),
  freight: money.optional(),
  duty: money.optional(),
  landedCostBasis: z.enum(LANDED_COST_BASES).optional(),
  reason,
});
const returnBody = z.looseObject({
  version,
  receipt: z.number({ error: 'Give the id of the goods receipt returned from' }).int().positive(),
  lines: z
    .array(z.object({ product: z.number().int().positive(), quantity: quantity(true) }), {
      error: 'Give the lines returned: [{product, quantity}]',
    })
    .min(1, 'Give at least one line returned')
    .max(1000),
  reference: z.string().trim().max(100).optional(),
  reason,
});

/** Past tense of each action, as messages say it. */
/** The one order an action names, read in its transaction. */
async function theOrder(call: ActionCall): Promise<PurchaseOrder> {
  if (call.ids.length !== 1) throw validationError([{ field: 'ids', message: 'Give the id of one purchase order' }]);
  const found = await readOrder(call.ctx, call.trx, call.ids[0]!);
  if (!found) throw noOrder(call.ids[0]!);
  return found;
}

function assertState(o: PurchaseOrder, action: PurchaseOrderAction, version: number | undefined): void {
  const allowed: readonly PurchaseOrderStatus[] = PURCHASE_ORDER_ACTIONS[action];
  if (!allowed.includes(o.status)) {
    const message = stateRefusal(
      DOCUMENT_REFUSALS.purchaseOrderState,
      purchaseOrder,
      o.docNo,
      o.status,
      action,
      allowed,
    );
    throw new ApiError(409, message, [{ field: 'status', message }]);
  }
  if (version !== undefined && o.version !== version)
    throw new ApiError(409, STALE_MESSAGE, [{ field: 'version', message: STALE_MESSAGE }]);
}

/**
 * Moves the order from the status it was read in to `to`, if nobody moved it meanwhile: the update
 * names the version and status read, so of two callers racing on one order only the first gets a row.
 */
async function advance(
  call: ActionCall,
  o: PurchaseOrder,
  to: PurchaseOrderStatus,
  set: { sent_at?: string; closed_at?: string; close_reason_id?: number; expected_date?: string } = {},
): Promise<void> {
  const result = await typedDb(call.trx)
    .updateTable('purchase_order')
    .set({ status: to, version: o.version + 1, updated_at: call.now, updated_by: call.auth.userName, ...set })
    .where('id', '=', o.id)
    .where('version', '=', o.version)
    .where('status', '=', o.status)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0)
    throw new ApiError(409, STALE_MESSAGE, [{ field: 'version', message: STALE_MESSAGE }]);
}

/** The order after the action, audited as an update, as the action's answer. */
async function finish<E extends object>(call: ActionCall, before: PurchaseOrder, extra = {} as E) {
  const { answer } = await auditedAfter(call, purchaseOrder, before.id, before);
  return { ...answer, ...extra };
}

/** What receiving and returning answer: the order, and the receipt or return they wrote. */
const withReceipt = z.intersection(entityRow(purchaseOrder), z.looseObject({ receipt: entityRow(goodsReceipt) }));

/** A goods receipt as the caller may read it: without its costs for a role without them. */
async function receiptAsCallerReads(call: ActionCall, id: number) {
  const row = (await apiRow(call.ctx, call.trx, goodsReceipt, id, { labels: true }))!;
  return visibleValues(goodsReceipt, entityWithout(goodsReceipt, call.fieldGroups.hidden), row);
}

const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/**
 * Draft → sent. Needs a line; an order below the supplier's minimum order value is refused (409 on
 * `total`) unless the caller says `belowMinimum: true` (the console asks first). A blank expected
 * date becomes today plus the supplier's lead time.
 */
export const send = rowAction(entityRow(purchaseOrder), async (call) => {
  const body = parseBody(sendBody, call.body);
  const o = await theOrder(call);
  assertState(o, 'send', body.version);
  if (o.lines.length === 0) {
    const message = 'Add at least one line before sending';
    throw validationError([{ field: 'lines', message }], message);
  }
  await assertStockLines(call.trx, o.lines);
  const supplier = await typedDb(call.trx)
    .selectFrom('supplier')
    .select(['name', 'lead_time_days', 'minimum_order_value'])
    .where('id', '=', o.supplier)
    .executeTakeFirstOrThrow();
  const minimum = Number(supplier.minimum_order_value ?? 0);
  const subtotal = parseScaled(o.subtotal ?? '0', MONEY_SCALE);
  if (!body.belowMinimum && subtotal.ok && subtotal.value < minimum) {
    const message = DOCUMENT_REFUSALS.belowMinimum({
      document: o.docNo,
      subtotal: o.subtotal ?? '0',
      supplier: String(supplier.name),
      minimum: formatScaled(minimum, MONEY_SCALE),
    });
    throw new ApiError(409, message, [{ field: 'total', message }]);
  }
  const expected = o.expectedDate ?? addDays(await companyToday(call.trx), Number(supplier.lead_time_days ?? 0));
  await advance(call, o, 'sent', { sent_at: call.now, expected_date: expected });
  return finish(call, o);
});

export const cancel = rowAction(entityRow(purchaseOrder), async (call) => {
  const body = parseBody(plainBody, call.body);
  const o = await theOrder(call);
  assertState(o, 'cancel', body.version);
  await advance(call, o, 'cancelled', { closed_at: call.now });
  return finish(call, o);
});

/** Any open state → closed: what is not received (the backorder) will not come. Needs a reason; moves no stock. */
export const closeShort = rowAction(entityRow(purchaseOrder), async (call) => {
  const body = parseBody(closeBody, call.body);
  const o = await theOrder(call);
  assertState(o, 'closeShort', body.version);
  const why = await reasonOf(call.trx, body.reason);
  await advance(call, o, 'closed', { closed_at: call.now, close_reason_id: why });
  return finish(call, o);
});

interface DocumentLine {
  product: number;
  quantity: number;
  unitCost: number;
  landedCost: number;
}

// A receipt's or return's writes, compiled once per row count (db/compiled.ts).
const insertReceipt = preparedInsert<{ id: number }>('goods_receipt', (insert) => insert.returning('id'));
const insertReceiptLines = preparedInsert('goods_receipt_lines');
const setReceivedQuantities = preparedPairUpdate('purchase_order_lines', 'id', 'received_qty');

/** Writes a goods receipt or return with its lines; answers its id. */
async function writeDocument(
  call: ActionCall,
  head: {
    docNo: string;
    kind: 'receipt' | 'return';
    order: PurchaseOrder;
    original?: number;
    reason?: number;
    reference?: string;
    freight?: number;
    duty?: number;
    basis?: LandedCostBasis;
  },
  lines: readonly DocumentLine[],
): Promise<number> {
  const totals = lines.map((l) => valueOf(l.quantity, l.unitCost) + l.landedCost);
  const { rows } = await insertReceipt(call.trx, [
    {
      doc_no: head.docNo,
      kind: head.kind,
      purchase_order_id: head.order.id,
      supplier_id: head.order.supplier,
      location_id: head.order.location,
      at: call.now,
      original_id: head.original ?? null,
      reason_id: head.reason ?? null,
      reference: head.reference ?? null,
      freight: head.freight ?? null,
      duty: head.duty ?? null,
      landed_cost_basis: head.basis ?? null,
      total: totals.reduce((a, b) => a + b, 0),
      version: 1,
      created_at: call.now,
      created_by: call.auth.userName,
      updated_at: call.now,
      updated_by: call.auth.userName,
    },
  ]);
  const id = rows[0]!.id;
  for (let start = 0; start < lines.length; start += 100)
    await insertReceiptLines(
      call.trx,
      lines.slice(start, start + 100).map((l, k) => ({
        parent_id: id,
        line_no: start + k,
        product_id: l.product,
        quantity: l.quantity,
        unit_cost: l.unitCost,
        landed_cost: l.landedCost,
        line_total: totals[start + k]!,
      })),
    );
  return Number(id);
}

/** Sets each order line's received quantity (by line id) in one statement per 50 lines. */
async function setReceived(call: ActionCall, received: ReadonlyMap<number, number>): Promise<void> {
  const entries = [...received];
  for (let start = 0; start < entries.length; start += 50)
    await setReceivedQuantities(call.trx, entries.slice(start, start + 50));
}

/** Per unit, landed cost included, half up: what the movement records as its unit cost. */
const unitOf = (l: DocumentLine) => Math.round(((valueOf(l.quantity, l.unitCost) + l.landedCost) * 1000) / l.quantity);

/**
 * Sent or partially received → partially received or received: one goods receipt with its own number
 * and lines, `purchase` movements into the order's location and the average costs, in one
 * transaction. A line over its ordered quantity by more than the tolerance needs a reason.
 */
export const receive = rowAction(withReceipt, async (call) => {
  const body = parseBody(receiveBody, call.body);
  // The receipt's costs as invoiced (unit costs, freight, duty) come only from a role that may change costs.
  assertGroupsWritable(call.fieldGroups.locked, goodsReceipt, call.body, 'insert');
  const o = await theOrder(call);
  assertState(o, 'receive', body.version);
  const lineOf = new Map(o.lines.map((l) => [l.product, l]));
  const seen = new Set<number>();
  const over: { field: string; message: string }[] = [];
  const received = new Map<number, number>();
  for (const [i, line] of body.lines.entries()) {
    const ordered = lineOf.get(line.product);
    if (!ordered)
      throw validationError([
        {
          field: `lines.${i}.product`,
          message: STOCK_REFUSALS.notOnDocument({ product: line.product, document: o.docNo }),
        },
      ]);
    if (seen.has(line.product))
      throw validationError([
        { field: `lines.${i}.product`, message: STOCK_REFUSALS.givenTwice({ product: line.product }) },
      ]);
    seen.add(line.product);
    const want = thousandths(ordered.quantity)!;
    const total = (thousandths(ordered.receivedQty ?? '0') ?? 0) + line.quantity;
    received.set(ordered.id, total);
    if (total > want + Math.ceil((want * OVER_RECEIPT_TOLERANCE_PERCENT) / 100))
      over.push({
        field: `lines.${i}.quantity`,
        message: STOCK_REFUSALS.overReceipt({
          line: i + 1,
          received: quantityText(total),
          ordered: quantityText(want),
          percent: OVER_RECEIPT_TOLERANCE_PERCENT,
        }),
      });
  }
  const why = body.reason === undefined || body.reason === '' ? undefined : await reasonOf(call.trx, body.reason);
  if (over.length > 0 && why === undefined) throw validationError(over, over[0]!.message);

  const costOf = (product: number) => {
    const cost = parseScaled(lineOf.get(product)!.unitCost ?? '0', MONEY_SCALE);
    return cost.ok ? cost.value : 0;
  };
  const priced = body.lines.map((l) => ({
    product: l.product,
    quantity: l.quantity,
    unitCost: l.unitCost ?? costOf(l.product),
  }));
  const basis = body.landedCostBasis ?? 'value';
  const landed = spread(
    (body.freight ?? 0) + (body.duty ?? 0),
    priced.map((l) => (basis === 'value' ? valueOf(l.quantity, l.unitCost) : l.quantity)),
  );
  const lines: DocumentLine[] = priced.map((l, i) => ({ ...l, landedCost: landed[i]! }));

  const complete = o.lines.every(
    (l) => (received.get(l.id) ?? thousandths(l.receivedQty ?? '0') ?? 0) >= thousandths(l.quantity)!,
  );
  await advance(call, o, complete ? 'received' : 'partiallyReceived');
  await setReceived(call, received);
  const docNo = await nextDocumentNo(call.trx, GR_PREFIX);
  const id = await writeDocument(
    call,
    {
      docNo,
      kind: 'receipt',
      order: o,
      reason: why,
      reference: body.reference,
      freight: body.freight,
      duty: body.duty,
      basis,
    },
    lines,
  );
  await move(
    call,
    lines.map((l) => ({
      product: l.product,
      location: o.location,
      quantity: l.quantity,
      kind: 'purchase' as const,
      unitCost: unitOf(l),
      reason: why ?? null,
      document: { type: DOCUMENT_TYPE, id, reference: docNo },
      remarks: o.docNo,
    })),
  );
  await recordAverageCosts(
    call,
    o.location,
    lines.map((l) => ({
      product: l.product,
      quantity: l.quantity,
      value: valueOf(l.quantity, l.unitCost) + l.landedCost,
    })),
    docNo,
  );
  return finish(call, o, { receipt: await receiptAsCallerReads(call, id) });
});

/**
 * A return to supplier: (part of) one of the order's receipts goes back, as a document of its own
 * (`RTS-…`, kind `return`, naming the receipt) with a reason and the supplier's reference, writing
 * `purchaseReturn` movements out of the order's location at the receipt's unit cost and moving the
 * average cost back. A line may return at most what its receipt brought less what earlier returns took.
 * The order's received quantities and status stay: a replacement comes on a new order.
 */
export const returnToSupplier = rowAction(withReceipt, async (call) => {
  const body = parseBody(returnBody, call.body);
  const o = await theOrder(call);
  assertState(o, 'returnToSupplier', body.version);
  const why = await reasonOf(call.trx, body.reason);
  const db = typedDb(call.trx);
  const receipt = await db
    .selectFrom('goods_receipt')
    .select(['id', 'doc_no'])
    .where('id', '=', body.receipt)
    .where('purchase_order_id', '=', o.id)
    .where('kind', '=', 'receipt')
    .executeTakeFirst();
  if (!receipt)
    throw validationError([
      { field: 'receipt', message: STOCK_REFUSALS.noReceiptOf({ receipt: body.receipt, document: o.docNo }) },
    ]);
  const receiptLines = await db
    .selectFrom('goods_receipt_lines')
    .select(['product_id', 'quantity', 'unit_cost', 'landed_cost'])
    .where('parent_id', '=', receipt.id)
    .execute();
  const returned = await db
    .selectFrom('goods_receipt_lines as l')
    .innerJoin('goods_receipt as g', 'g.id', 'l.parent_id')
    .select(['l.product_id', (eb) => eb.fn.sum<number>('l.quantity').as('quantity')])
    .where('g.original_id', '=', receipt.id)
    .groupBy('l.product_id')
    .execute();
  const already = new Map(returned.map((r) => [Number(r.product_id), Number(r.quantity)]));
  const byProduct = new Map(receiptLines.map((l) => [Number(l.product_id), l]));
  const seen = new Set<number>();
  const lines: DocumentLine[] = body.lines.map((l, i) => {
    const from = byProduct.get(l.product);
    if (!from)
      throw validationError([
        {
          field: `lines.${i}.product`,
          message: STOCK_REFUSALS.notOnDocument({ product: l.product, document: String(receipt.doc_no) }),
        },
      ]);
    if (seen.has(l.product))
      throw validationError([
        { field: `lines.${i}.product`, message: STOCK_REFUSALS.givenTwice({ product: l.product }) },
      ]);
    seen.add(l.product);
    const left = Number(from.quantity) - (already.get(l.product) ?? 0);
    if (l.quantity > left) {
      const message = STOCK_REFUSALS.leftToReturn({
        line: i + 1,
        left: quantityText(left),
        document: String(receipt.doc_no),
      });
      throw validationError([{ field: `lines.${i}.quantity`, message }], message);
    }
    // The landed cost goes back in proportion: the unit left at its full cost.
    const landedCost = Math.round((Number(from.landed_cost ?? 0) * l.quantity) / Number(from.quantity));
    return { product: l.product, quantity: l.quantity, unitCost: Number(from.unit_cost ?? 0), landedCost };
  });
  const docNo = await nextDocumentNo(call.trx, RETURN_PREFIX);
  const id = await writeDocument(
    call,
    { docNo, kind: 'return', order: o, original: receipt.id, reason: why, reference: body.reference },
    lines,
  );
  // Goes first to the version check: two returns racing on one order queue here.
  const bumped = await db
    .updateTable('purchase_order')
    .set({ version: o.version + 1, updated_at: call.now, updated_by: call.auth.userName })
    .where('id', '=', o.id)
    .where('version', '=', o.version)
    .executeTakeFirst();
  if (Number(bumped.numUpdatedRows) === 0)
    throw new ApiError(409, STALE_MESSAGE, [{ field: 'version', message: STALE_MESSAGE }]);
  try {
    await move(
      call,
      lines.map((l) => ({
        product: l.product,
        location: o.location,
        quantity: -l.quantity,
        kind: 'purchaseReturn' as const,
        unitCost: unitOf(l),
        reason: why,
        document: { type: DOCUMENT_TYPE, id, reference: docNo },
        remarks: body.reference ?? String(receipt.doc_no),
      })),
    );
  } catch (error) {
    if (!(error instanceof StockShortage)) throw error;
    const errors = error.shortages.map((s) => ({
      field: `lines.${s.index}.quantity`,
      message: STOCK_REFUSALS.returnLine({
        line: s.index + 1,
        product: `${s.product.code} ${s.product.name}`,
        onHand: quantityText(s.onHand),
        wanted: quantityText(s.wanted),
      }),
    }));
    throw new ApiError(409, errors[0]!.message, errors);
  }
  await recordAverageCosts(
    call,
    o.location,
    lines.map((l) => ({
      product: l.product,
      quantity: -l.quantity,
      value: -(valueOf(l.quantity, l.unitCost) + l.landedCost),
    })),
    docNo,
  );
  return finish(call, o, { receipt: await receiptAsCallerReads(call, id) });
});
