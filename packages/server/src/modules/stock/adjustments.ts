import {
  DOCUMENT_DONE,
  DOCUMENT_REFUSALS,
  getEntity,
  statusLabel,
  stockAdjustDecision,
  stockAdjustRequest,
  type StockAdjustmentStatus,
  type StockAdjustResult,
  STOCK_REFUSALS,
} from '@backroom/schema';
import type { FastifyRequest } from 'fastify';
import { assertOutletsWritable, canSee } from '../../data/access';
import { apiRow } from '../../data/read';
import { inTransaction } from '../../data/transaction';
import { STALE_MESSAGE, insertRow, updateRow, type Writer } from '../../data/write';
import { assertPrivilege } from '../../http/auth-guard';
import { ApiError, validationError } from '../../http/envelope';
import { parseBody } from '../../http/validate';
import { typedDb } from '../../db/types';
import { emit } from '../events';
import { move, onHand, StockShortage, type StockDocument } from './ledger';
import { unitCostsAt } from './unit-costs';
import { stockProducts } from './products';
import { quantityText, thousandths, type Thousandths } from './quantities';

const adjustment = getEntity('stockadjustment');
const location = getEntity('inventorylocation');

/** The ledger's name for adjustments, and how their movements refer to them. */
const DOCUMENT_TYPE = 'stockadjustment';
const reference = (id: number) => `ADJ-${String(id).padStart(6, '0')}`;

function quantityOf(value: unknown, field: string, signed: boolean): Thousandths {
  const parsed = thousandths(value);
  if (parsed === undefined || (!signed && parsed < 0))
    throw validationError([
      {
        field,
        message: `${signed ? 'Quantity' : 'Counted'} must be a number${signed ? '' : ' ≥ 0'} with at most 3 decimals`,
      },
    ]);
  return parsed;
}

/** An adjustment as stored: what deciding and posting it read. */
const storedAdjustment = (w: Writer, id: number) =>
  typedDb(w.trx)
    .selectFrom('stock_adjustment')
    .select([
      'id',
      'location_id',
      'product_id',
      'quantity',
      'counted',
      'stock_out_reason_id',
      'remarks',
      'status',
      'version',
      'created_by',
      'document_type',
      'document_id',
      'reference',
    ])
    // The registry requires these (checked on write); its status is one of its statuses.
    .$narrowType<{
      location_id: number;
      product_id: number;
      quantity: Thousandths;
      stock_out_reason_id: number;
      status: StockAdjustmentStatus;
    }>()
    .where('id', '=', id)
    .executeTakeFirst();
type StoredAdjustment = NonNullable<Awaited<ReturnType<typeof storedAdjustment>>>;

/** Posts the adjustment's change to the ledger; a stock-out past zero is a 409 on `quantity`. */
async function post(w: Writer, adj: StoredAdjustment): Promise<number | null> {
  const quantity = adj.quantity;
  const kind = adj.counted !== null ? 'count' : quantity < 0 ? 'stockOut' : 'adjustment';
  // An adjustment asked for by a document (a count, a delivery order's write-off) carries its reference.
  const document =
    adj.document_type && adj.document_id
      ? { type: adj.document_type, id: adj.document_id, reference: adj.reference }
      : { type: DOCUMENT_TYPE, id: adj.id, reference: reference(adj.id) };
  try {
    const [moved] = await move(w, [
      {
        product: adj.product_id,
        location: adj.location_id,
        quantity,
        kind,
        reason: adj.stock_out_reason_id,
        remarks: adj.remarks,
        document,
      },
    ]);
    return moved?.id ?? null;
  } catch (error) {
    if (!(error instanceof StockShortage)) throw error;
    const [s] = error.shortages;
    const message = STOCK_REFUSALS.belowZero({ onHand: quantityText(s!.onHand), product: s!.product.code });
    throw new ApiError(409, message, [{ field: 'quantity', message }]);
  }
}

/** A stock-out reason's approval rules. */
export interface ReasonRules {
  id: number;
  code: string;
  /** Every adjustment with it waits for approval. */
  needsApproval: boolean;
  /** Minor units: an adjustment worth more than this (either way) waits for approval; null: no such limit. */
  approvalValue: number | null;
}

/**
 * The stock-out reason a caller names, by id or by code (as documents and imports name it);
 * undefined when there is none.
 */
export async function reasonRules(w: { trx: Writer['trx'] }, named: number | string): Promise<ReasonRules | undefined> {
  const db = typedDb(w.trx);
  const row = await db
    .selectFrom('stock_out_reason')
    .select(['id', 'code', 'needs_approval', 'approval_value'])
    .where(typeof named === 'number' ? 'id' : 'code', '=', named)
    .executeTakeFirst();
  return row
    ? {
        id: row.id,
        code: String(row.code),
        needsApproval: Boolean(row.needs_approval),
        approvalValue: row.approval_value === null ? null : Number(row.approval_value),
      }
    : undefined;
}

/** A change of on-hand a document asks for, under the approval rules of manual adjustments. */
export interface AdjustmentRequest {
  location: number;
  product: number;
  /** The signed change of on-hand. */
  quantity: Thousandths;
  /** The counted figure, for a count. */
  counted?: Thousandths | null;
  onHandBefore: Thousandths;
  reason: ReasonRules;
  remarks?: string | null;
  /** The document asking (its movements carry its reference); none for a manual adjustment. */
  document?: StockDocument;
}

/** The value of a change: unit cost (minor units) × quantity, rounded to a minor unit. */
export const valueOf = (cost: number | null, quantity: Thousandths) => Math.round(((cost ?? 0) * quantity) / 1000);

/** Whether the reason's rules hold back an adjustment of this value for approval. */
const waits = (reason: ReasonRules, value: number) =>
  reason.needsApproval || (reason.approvalValue !== null && Math.abs(value) > reason.approvalValue);

/**
 * Adjustments of on-hand, each under the approval rules of manual adjustments: one whose reason
 * needs approval, or worth more (cost × quantity, either way) than the reason's approval value,
 * waits `pending` until another user approves it; the others post at once. Answers each one's id
 * and status, in order. Runs in the caller's transaction.
 */
export async function requestAdjustments(
  w: Writer,
  requests: readonly AdjustmentRequest[],
): Promise<{ id: number; status: 'pending' | 'applied'; value: number }[]> {
  const out: { id: number; status: 'pending' | 'applied'; value: number }[] = [];
  for (const r of requests) {
    const cost = (await unitCostsAt(w.trx, r.location, [r.product])).get(r.product) ?? null;
    const value = valueOf(cost, r.quantity);
    const pending = waits(r.reason, value);
    const row = await insertRow({ ...w, entity: adjustment }, adjustment, {
      location: r.location,
      product: r.product,
      quantity: quantityText(r.quantity),
      counted: r.counted === null || r.counted === undefined ? null : quantityText(r.counted),
      onHandBefore: quantityText(r.onHandBefore),
      stockOutReason: r.reason.id,
      remarks: r.remarks ?? null,
      status: pending ? 'pending' : 'applied',
      decidedBy: pending ? null : w.auth.userName,
      decidedAt: pending ? null : w.now,
    });
    const id = Number(row.id);
    // Read-only fields: written here, never by the generic API.
    await typedDb(w.trx)
      .updateTable('stock_adjustment')
      .set({
        value,
        reference: r.document?.reference ?? reference(id),
        document_type: r.document?.type ?? null,
        document_id: r.document?.id ?? null,
      })
      .where('id', '=', id)
      .execute();
    if (!pending) {
      const movementId = await post(w, (await storedAdjustment(w, id))!);
      await typedDb(w.trx)
        .updateTable('stock_adjustment')
        .set({ movement_id: movementId })
        .where('id', '=', id)
        .execute();
    }
    out.push({ id, status: pending ? 'pending' : 'applied', value });
  }
  return out;
}

/**
 * On-hand for a count to be measured against. PostgreSQL locks the balance row until commit, so
 * no movement lands between reading it and posting the difference; SQLite has one writer already.
 */
async function lockedOnHand(w: Writer, product: number, at: number): Promise<Thousandths> {
  if (w.ctx.dialect !== 'postgres') return onHand(w.trx, product, at);
  const row = await typedDb(w.trx)
    .selectFrom('stock_balance')
    .select('quantity')
    .where('product_id', '=', product)
    .where('location_id', '=', at)
    .forUpdate()
    .executeTakeFirst();
  return row?.quantity ?? 0;
}

const result = async (w: Writer, id: number): Promise<StockAdjustResult> => {
  const held = (await storedAdjustment(w, id))!;
  return {
    adjustment: (await apiRow(w.ctx, w.trx, adjustment, id))!,
    status: held.status,
    onHand: quantityText(await onHand(w.trx, held.product_id, held.location_id)),
  };
};

/**
 * `OutletVirtualStockBalance/adjust`: a signed change or a counted figure (the change is then the
 * count less on-hand now), with a stock-out reason. A reason that needs approval leaves it pending
 * (nothing moves until another user approves); otherwise it posts at once.
 */
export async function adjust(request: FastifyRequest): Promise<StockAdjustResult> {
  await assertPrivilege(request, 'virtualstock', 'edit');
  const body = parseBody(stockAdjustRequest, request.body);
  const given = [body.quantity, body.counted].filter((v) => v !== null && v !== undefined);
  if (given.length !== 1)
    throw validationError([{ field: 'quantity', message: 'Give either a quantity (signed) or a counted figure' }]);
  return inTransaction(request, adjustment, async (w) => {
    const place = await typedDb(w.trx)
      .selectFrom('inventory_location')
      .select('id')
      .where('id', '=', body.location)
      .executeTakeFirst();
    if (!place || !(await canSee(request, w.trx, location, body.location)))
      throw validationError([
        { field: 'location', message: `Location refers to a missing inventory location row (${body.location})` },
      ]);
    await assertOutletsWritable(request, w.trx, location, [body.location]);
    const product = (await stockProducts(w.trx, [body.product])).get(body.product);
    if (!product)
      throw validationError([
        { field: 'product', message: `Product refers to a missing product row (${body.product})` },
      ]);
    if (product.role !== 'stock')
      throw validationError([{ field: 'product', message: DOCUMENT_REFUSALS.keepsNoStock({ product: product.code }) }]);
    const why = await reasonRules(w, body.stockOutReason);
    if (!why)
      throw validationError([
        {
          field: 'stockOutReason',
          message: `Stock-out reason refers to a missing stock-out reason row (${body.stockOutReason})`,
        },
      ]);

    const before = await lockedOnHand(w, body.product, body.location);
    const counted =
      body.counted === null || body.counted === undefined ? null : quantityOf(body.counted, 'counted', false);
    const change = counted === null ? quantityOf(body.quantity, 'quantity', true) : counted - before;
    if (counted === null && change === 0)
      throw validationError([{ field: 'quantity', message: 'Quantity must not be zero' }]);
    const [made] = await requestAdjustments(w, [
      {
        location: body.location,
        product: body.product,
        quantity: change,
        counted,
        onHandBefore: before,
        reason: why,
        remarks: body.remarks ?? null,
      },
    ]);
    return result(w, made!.id);
  });
}

/**
 * `approve` / `reject` of a pending adjustment, by a user with edit rights on virtual stock other
 * than the one who asked for it. Approving posts the change as it was worked out when asked.
 */
export async function decide(request: FastifyRequest, approve: boolean): Promise<StockAdjustResult> {
  await assertPrivilege(request, 'virtualstock', 'edit');
  const { id, version } = parseBody(stockAdjustDecision, request.body);
  return inTransaction(request, adjustment, async (w) => {
    const row = await storedAdjustment(w, id);
    if (!row) throw new ApiError(404, `${adjustment.label}: no row ${id}`);
    if (row.status !== 'pending')
      throw new ApiError(
        409,
        DOCUMENT_REFUSALS.adjustmentState({
          document: reference(id),
          status: statusLabel(adjustment, row.status).toLowerCase(),
          done: DOCUMENT_DONE[approve ? 'approve' : 'reject'],
        }),
      );
    if (row.version !== version) throw new ApiError(409, STALE_MESSAGE);
    if (row.created_by === w.auth.userName)
      throw new ApiError(403, approve ? DOCUMENT_REFUSALS.approveOwn() : DOCUMENT_REFUSALS.rejectOwn());
    const movement = approve ? await post(w, row) : null;
    await updateRow(w, adjustment, {
      id,
      version,
      status: approve ? 'applied' : 'rejected',
      decidedBy: w.auth.userName,
      decidedAt: w.now,
      movement,
    });
    // Its document (read-only fields the decision leaves as they are) follows it.
    if (row.document_type !== null && row.document_id !== null)
      await emit(w, 'stock.adjustmentDecided', {
        adjustment: id,
        approved: approve,
        product: row.product_id,
        quantity: row.quantity,
        document: { type: row.document_type, id: row.document_id },
        by: w.auth.userName,
      });
    return result(w, id);
  });
}
