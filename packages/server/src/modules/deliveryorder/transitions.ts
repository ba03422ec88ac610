import {
  DOCUMENT_REFUSALS,
  stateRefusal,
  DELIVERY_ORDER_ACTIONS,
  type DeliveryOrderAction,
  type DeliveryOrderDto,
  type DeliveryOrderStatus,
  STOCK_REFUSALS,
} from '@backroom/schema';
import type { Updateable } from 'kysely';
import { z } from 'zod';
import { auditedAfter } from '../../data/audit';
import { rowAction, type ActionCall } from '../../data/hooks';
import { entityRow } from '../../openapi/registry-schemas';
import { STALE_MESSAGE, updateRow } from '../../data/write';
import { ApiError, validationError } from '../../http/envelope';
import { parseBody } from '../../http/validate';
import {
  ensureBalances,
  move,
  reasonRules,
  requestAdjustments,
  StockShortage,
  stockProducts,
  quantityText,
  thousandths,
} from '../stock/index';
import { typedDb, type Database } from '../../db/types';
import { transitLocationOf } from './transit';
import type { EventHandler } from '../events';
import { DOCUMENT_TYPE, assertStockLines, documentOf, order, orderLines, readOrder } from './order';

const versioned = z.looseObject({
  version: z.number({ error: 'Send the version of the order you read' }).int().min(1),
});

const quantity = z.union([z.string(), z.number()]).transform((value, context) => {
  const parsed = thousandths(value);
  if (parsed === undefined || parsed < 0) {
    context.addIssue({ code: 'custom', message: 'Received quantity must be a number ≥ 0 with at most 3 decimals' });
    return z.NEVER;
  }
  return parsed;
});
const receiveBody = versioned.extend({
  lines: z
    .array(z.object({ product: z.number().int().positive(), receivedQty: quantity }))
    .max(orderLines.maxRows)
    .optional(),
});
const closeShortBody = versioned.extend({
  reason: z.union([z.string().trim().min(1).max(30), z.number().int().positive()], {
    error: 'Give the reason (a stock-out reason code) for writing off what is in transit',
  }),
  remarks: z.string().max(500).nullish(),
});
const prefillBody = versioned.extend({
  stockTemplate: z.number({ error: 'Choose the stock template' }).int().positive(),
});

/** Past tense of each action, as messages say it. */
/** The one order an action names, read in its transaction. */
async function theOrder(call: ActionCall): Promise<DeliveryOrderDto> {
  if (call.ids.length !== 1) throw validationError([{ field: 'ids', message: 'Give the id of one delivery order' }]);
  const found = await readOrder(call.ctx, call.trx, call.ids[0]!);
  if (!found) throw new ApiError(404, `${order.label}: no row ${call.ids[0]}`);
  return found;
}

function assertState(o: DeliveryOrderDto, action: DeliveryOrderAction, version: number): void {
  const allowed: readonly DeliveryOrderStatus[] = DELIVERY_ORDER_ACTIONS[action];
  if (!allowed.includes(o.status)) {
    const message = stateRefusal(DOCUMENT_REFUSALS.deliveryOrderState, order, o.docNo, o.status, action, allowed);
    throw new ApiError(409, message, [{ field: 'status', message }]);
  }
  if (o.version !== version) throw new ApiError(409, STALE_MESSAGE, [{ field: 'version', message: STALE_MESSAGE }]);
}

/**
 * Moves the order from the status it was read in to `to`, if nobody moved it meanwhile: the
 * update names the version and status read, so of two callers racing on one order only the
 * first gets a row (PostgreSQL makes the second wait for the first's commit, then re-checks).
 */
async function advance(
  call: ActionCall,
  o: DeliveryOrderDto,
  to: DeliveryOrderStatus,
  set: Pick<Updateable<Database['delivery_order']>, 'dispatched_at' | 'received_at'> = {},
): Promise<void> {
  const result = await typedDb(call.trx)
    .updateTable('delivery_order')
    .set({ status: to, version: o.version + 1, updated_at: call.now, updated_by: call.auth.userName, ...set })
    .where('id', '=', o.id)
    .where('version', '=', o.version)
    .where('status', '=', o.status)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0)
    throw new ApiError(409, STALE_MESSAGE, [{ field: 'version', message: STALE_MESSAGE }]);
}

/** The order after the action, audited as an update, as the action's answer. */
async function finish(call: ActionCall, before: DeliveryOrderDto): Promise<DeliveryOrderDto> {
  return (await auditedAfter(call, order, before.id, before)).answer;
}

async function locationName(call: ActionCall, id: number): Promise<string> {
  const row = await typedDb(call.trx)
    .selectFrom('inventory_location')
    .select('name')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.name ?? String(id);
}

/** A short dispatch as the caller reads it: 409 naming every short line (1-based) and its field. */
async function shortLines(call: ActionCall, o: DeliveryOrderDto, shortage: StockShortage): Promise<ApiError> {
  const at = await locationName(call, o.fromLocation);
  const errors = shortage.shortages.map((s) => ({
    field: `lines.${s.index}.quantity`,
    message: STOCK_REFUSALS.dispatchLine({
      line: s.index + 1,
      product: `${s.product.code} ${s.product.name}`,
      onHand: quantityText(s.onHand),
      location: at,
      wanted: quantityText(s.wanted),
    }),
  }));
  const lines = shortage.shortages.map((s) => s.index + 1).join(', ');
  const short = shortage.shortages.length > 1 ? STOCK_REFUSALS.dispatchShortLines : STOCK_REFUSALS.dispatchShort;
  return new ApiError(409, short({ location: at, lines, document: o.docNo }), errors);
}

const asLines = (o: DeliveryOrderDto) =>
  o.lines.map((l) => ({ product: l.product, quantity: thousandths(l.quantity)! }));

export const confirm = rowAction(entityRow(order), async (call) => {
  const { version } = parseBody(versioned, call.body);
  const o = await theOrder(call);
  assertState(o, 'confirm', version);
  if (o.lines.length === 0)
    throw validationError(
      [{ field: 'lines', message: 'Add at least one line before confirming' }],
      'Add at least one line before confirming',
    );
  await assertStockLines(call.trx, o.lines);
  await advance(call, o, 'confirmed');
  return finish(call, o);
});

/**
 * Confirmed → dispatched: every line leaves the source location into the destination's in-transit
 * location (transit.ts), or none does; the lines show it all in transit.
 */
export const dispatch = rowAction(entityRow(order), async (call) => {
  const { version } = parseBody(versioned, call.body);
  const o = await theOrder(call);
  assertState(o, 'dispatch', version);
  await advance(call, o, 'dispatched', { dispatched_at: call.now });
  const transit = await transitLocationOf(call, o.toLocation);
  const lines = asLines(o);
  try {
    await move(call, [
      ...lines.map((l) => ({
        product: l.product,
        location: o.fromLocation,
        quantity: -l.quantity,
        kind: 'dispatch' as const,
        document: documentOf(o),
      })),
      ...lines.map((l) => ({
        product: l.product,
        location: transit,
        quantity: l.quantity,
        kind: 'dispatch' as const,
        document: documentOf(o),
      })),
    ]);
  } catch (error) {
    throw error instanceof StockShortage ? await shortLines(call, o, error) : error;
  }
  await typedDb(call.trx)
    .updateTable('delivery_order_lines')
    .set((eb) => ({ received_qty: 0, written_off_qty: 0, in_transit_qty: eb.ref('quantity') }))
    .where('parent_id', '=', o.id)
    .execute();
  await ensureBalances(
    call,
    o.lines.map((l) => ({ product: l.product, location: o.toLocation })),
  );
  return finish(call, o);
});

/** A line's quantities as stored (thousandths): dispatched, received, in transit, written off. */
const held = (l: DeliveryOrderDto['lines'][number]) => {
  const quantity = thousandths(l.quantity)!;
  return {
    id: l.id,
    product: l.product,
    quantity,
    received: thousandths(l.receivedQty ?? 0)!,
    inTransit: l.inTransitQty === null ? quantity : thousandths(l.inTransitQty)!,
    writtenOff: thousandths(l.writtenOffQty ?? 0)!,
  };
};

/**
 * Dispatched or partially received → received or partially received: each line's received
 * quantity (all it still has in transit when the body leaves the line out) moves from the
 * in-transit location into the destination. What is not received stays in transit, for another
 * `receive` or `closeShort`; more than is in transit is refused (400 naming the line).
 */
export const receive = rowAction(entityRow(order), async (call) => {
  const body = parseBody(receiveBody, call.body);
  const o = await theOrder(call);
  assertState(o, 'receive', body.version);
  const given = new Map<number, number>();
  for (const [i, line] of (body.lines ?? []).entries()) {
    if (!o.lines.some((l) => l.product === line.product))
      throw validationError([
        {
          field: `lines.${i}.product`,
          message: STOCK_REFUSALS.notOnDocument({ product: line.product, document: o.docNo }),
        },
      ]);
    if (given.has(line.product))
      throw validationError([
        { field: `lines.${i}.product`, message: STOCK_REFUSALS.givenTwice({ product: line.product }) },
      ]);
    const inTransit = held(o.lines.find((l) => l.product === line.product)!).inTransit;
    if (line.receivedQty > inTransit) {
      const message = STOCK_REFUSALS.inTransitOnly({
        inTransit: quantityText(inTransit),
        product: line.product,
        document: o.docNo,
      });
      throw validationError([{ field: `lines.${i}.receivedQty`, message }], message);
    }
    given.set(line.product, line.receivedQty);
  }
  const lines = o.lines.map(held).map((l) => ({ ...l, now: given.get(l.product) ?? l.inTransit }));
  if (lines.every((l) => l.now === 0))
    throw validationError(
      [{ field: 'lines', message: 'Give a received quantity on at least one line' }],
      'Give a received quantity on at least one line',
    );
  const rest = lines.reduce((sum, l) => sum + l.inTransit - l.now, 0);
  await advance(call, o, rest === 0 ? 'received' : 'partiallyReceived', { received_at: call.now });
  for (const l of lines.filter((l) => l.now > 0))
    await typedDb(call.trx)
      .updateTable('delivery_order_lines')
      .set({
        received_qty: l.received + l.now,
        in_transit_qty: l.inTransit - l.now,
        discrepancy: l.received + l.now - l.quantity,
      })
      .where('id', '=', l.id)
      .execute();
  const transit = await transitLocationOf(call, o.toLocation);
  const arrived = lines.filter((l) => l.now > 0);
  await move(call, [
    ...arrived.map((l) => ({
      product: l.product,
      location: transit,
      quantity: -l.now,
      kind: 'receipt' as const,
      document: documentOf(o),
    })),
    ...arrived.map((l) => ({
      product: l.product,
      location: o.toLocation,
      quantity: l.now,
      kind: 'receipt' as const,
      document: documentOf(o),
    })),
  ]);
  return finish(call, o);
});

/**
 * Dispatched or partially received → closed (or closing): what is still in transit is written off
 * with a reason (a stock-out reason's code), each line an adjustment at the in-transit location
 * under the approval rules of manual adjustments. One that waits for approval leaves the order
 * `closing` (its goods still in transit) until every one is decided (`writeOffDecided`).
 */
export const closeShort = rowAction(entityRow(order), async (call) => {
  const body = parseBody(closeShortBody, call.body);
  const o = await theOrder(call);
  assertState(o, 'closeShort', body.version);
  const reason = await reasonRules(call, body.reason);
  if (!reason)
    throw validationError(
      [{ field: 'reason', message: `No stock-out reason ${String(body.reason)}` }],
      `No stock-out reason ${String(body.reason)}`,
    );
  const lines = o.lines.map(held).filter((l) => l.inTransit > 0);
  await advance(call, o, 'closing');
  const transit = await transitLocationOf(call, o.toLocation);
  const made = await requestAdjustments(
    call,
    lines.map((l) => ({
      location: transit,
      product: l.product,
      quantity: -l.inTransit,
      onHandBefore: l.inTransit,
      reason,
      remarks: body.remarks ?? `Closed short: not received on ${o.docNo}`,
      document: documentOf(o),
    })),
  );
  for (const [i, adj] of made.entries())
    if (adj.status === 'applied') await writtenOff(call.trx, lines[i]!.id, lines[i]!.inTransit);
  await settle(call.trx, o.id, call.now, call.auth.userName);
  return finish(call, o);
});

/** A line's write-off posted: moved from in transit to written off. */
async function writtenOff(db: ActionCall['trx'], line: number, quantity: number): Promise<void> {
  await typedDb(db)
    .updateTable('delivery_order_lines')
    .set((eb) => ({
      in_transit_qty: eb('in_transit_qty', '-', quantity),
      written_off_qty: eb(eb.fn.coalesce('written_off_qty', eb.lit(0)), '+', quantity),
    }))
    .where('id', '=', line)
    .execute();
}

/**
 * A closing order once its write-offs are decided: closed when nothing is in transit any more,
 * else back to partially received (a write-off was rejected: its goods are still in transit).
 * Nothing while one still waits.
 */
async function settle(db: ActionCall['trx'], id: number, now: string, by: string): Promise<void> {
  const trx = typedDb(db);
  const waiting = await trx
    .selectFrom('stock_adjustment')
    .select('id')
    .where('document_type', '=', DOCUMENT_TYPE)
    .where('document_id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (waiting) return;
  const left = await trx
    .selectFrom('delivery_order_lines')
    .select((eb) => eb.fn.sum<number>('in_transit_qty').as('left'))
    .where('parent_id', '=', id)
    .executeTakeFirst();
  await trx
    .updateTable('delivery_order')
    .set((eb) => ({
      status: Number(left?.left ?? 0) === 0 ? 'closed' : 'partiallyReceived',
      version: eb('version', '+', 1),
      updated_at: now,
      updated_by: by,
    }))
    .where('id', '=', id)
    .where('status', '=', 'closing')
    .execute();
}

/**
 * `stock.adjustmentDecided` for a delivery order's write-off: approved, the line's goods leave
 * transit as written off; either way the order settles once no write-off of it waits.
 */
export const writeOffDecided: EventHandler<'stock.adjustmentDecided'> = {
  async handle(scope, event) {
    if (event.document.type !== DOCUMENT_TYPE) return;
    const line = await typedDb(scope.trx)
      .selectFrom('delivery_order_lines')
      .select('id')
      .where('parent_id', '=', event.document.id)
      .where('product_id', '=', event.product)
      .executeTakeFirst();
    if (event.approved && line) await writtenOff(scope.trx, line.id, -event.quantity);
    await settle(scope.trx, event.document.id, scope.now, event.by);
  },
};

export const cancel = rowAction(entityRow(order), async (call) => {
  const { version } = parseBody(versioned, call.body);
  const o = await theOrder(call);
  assertState(o, 'cancel', version);
  await advance(call, o, 'cancelled');
  return finish(call, o);
});

/**
 * A draft gets the template's products it does not have yet, each at the template's default
 * quantity (1 when it has none); lines already on the order stay as they are. Products that keep
 * no stock are left out. Written through the generic update, so the draft rules and audit apply.
 */
export const prefill = rowAction(entityRow(order), async (call) => {
  const body = parseBody(prefillBody, call.body);
  const o = await theOrder(call);
  assertState(o, 'prefill', body.version);
  const db = typedDb(call.trx);
  const exists = await db
    .selectFrom('stock_template')
    .select('id')
    .where('id', '=', body.stockTemplate)
    .executeTakeFirst();
  if (!exists)
    throw validationError([
      {
        field: 'stockTemplate',
        message: `Stock template refers to a missing stock template row (${body.stockTemplate})`,
      },
    ]);
  const items = await db
    .selectFrom('stock_template_items')
    .select(['product_id', 'default_qty'])
    .where('parent_id', '=', body.stockTemplate)
    .where('product_id', 'is not', null)
    .$narrowType<{ product_id: number }>()
    .orderBy('line_no')
    .execute();
  const wanted = items.map((i) => ({ product: i.product_id, quantity: i.default_qty ?? 0 }));
  const products = await stockProducts(
    call.trx,
    wanted.map((i) => i.product),
  );
  const have = new Set(o.lines.map((l) => l.product));
  const added = wanted
    .filter((i) => !have.has(i.product) && products.get(i.product)?.role === 'stock')
    .map((i) => ({
      product: i.product,
      quantity: quantityText(i.quantity > 0 ? i.quantity : 1000),
      uom: products.get(i.product)!.uom,
    }));
  const kept = o.lines.map(({ id, product, quantity: q, uom }) => ({ id, product, quantity: q, uom }));
  await updateRow(call, order, { id: o.id, version: o.version, lines: [...kept, ...added] });
  return (await readOrder(call.ctx, call.trx, o.id, true))!;
});
