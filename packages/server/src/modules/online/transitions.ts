import { DOCUMENT_REFUSALS, ONLINE_ORDER_ACTIONS, stateRefusal, type OnlineOrderAction } from '@backroom/schema';
import { z } from 'zod';
import { allowedOutlets } from '../../data/access';
import { auditedAfter } from '../../data/audit';
import { oneOrMany, rowAction, type ActionCall, type RowAction } from '../../data/hooks';
import { entityRow } from '../../openapi/registry-schemas';
import type { AnyDb } from '../../data/store';
import { typedDb } from '../../db/types';
import { ApiError, validationError } from '../../http/envelope';
import { parseBody } from '../../http/validate';
import { move, thousandths } from '../stock/index';
import { DOCUMENT_TYPE, eventOrder, order, outletLocation, readOrder, type Order } from './order';
import { publishEvent } from './webhook-publish';

const body = z.object({ reason: z.union([z.number().int().positive(), z.string().trim().min(1).max(50)]).optional() });

/** The CANCEL_REASON list value a cancel names, by id or code; 400 on `reason` otherwise. */
async function cancelReason(db: AnyDb, reason: number | string | undefined): Promise<number> {
  if (reason === undefined)
    throw validationError([
      { field: 'reason', message: 'Give the reason for cancelling (a CANCEL_REASON list value)' },
    ]);
  const query = typedDb(db)
    .selectFrom('list_value as v')
    .innerJoin('list_value_category as c', 'c.id', 'v.category_id')
    .select('v.id')
    .where('c.code', '=', 'CANCEL_REASON');
  const row = await (
    typeof reason === 'number' ? query.where('v.id', '=', reason) : query.where('v.code', '=', reason)
  ).executeTakeFirst();
  if (!row) throw validationError([{ field: 'reason', message: `${reason} is not one of the cancel reasons` }]);
  return row.id;
}

/** The goods of a completed order leave the outlet's default location as `onlineOrder` movements. */
async function takeGoods(call: ActionCall, o: Order): Promise<void> {
  const location = await outletLocation(call.trx, o.outlet);
  if (location === null)
    throw new ApiError(409, `Order ${o.orderNo}: its outlet has no default inventory location to take the goods from`, [
      { field: 'outlet', message: 'No default inventory location' },
    ]);
  await move(
    call,
    o.items.map((item) => ({
      product: item.product,
      location,
      quantity: -thousandths(item.quantity)!,
      kind: 'onlineOrder' as const,
      document: { type: DOCUMENT_TYPE, id: o.id, reference: o.orderNo },
    })),
  );
}

/**
 * An action moving orders from the statuses `ONLINE_ORDER_ACTIONS` allows to the next. The status
 * update names the status read, so of callers racing on one order exactly one moves it; the others
 * find no row and get 409, as does a wrong transition. Every order named moves, or none.
 */
function transition(action: OnlineOrderAction): RowAction {
  const { from, to } = ONLINE_ORDER_ACTIONS[action];
  return rowAction(oneOrMany(entityRow(order)), async (call) => {
    const { reason } = parseBody(body, call.body);
    if (call.ids.length === 0) throw validationError([{ field: 'ids', message: 'Give the ids of the orders' }]);
    const reasonId = action === 'cancel' ? await cancelReason(call.trx, reason) : null;
    const outlets = await allowedOutlets(call.request);
    const answers: Order[] = [];
    for (const id of call.ids) {
      const before = await readOrder(call.ctx, call.trx, id);
      if (!before || (outlets.length > 0 && !outlets.includes(before.outlet)))
        throw new ApiError(404, `${order.label}: no row ${id}`);
      if (!(from as readonly string[]).includes(before.status)) {
        const message = stateRefusal(
          DOCUMENT_REFUSALS.onlineOrderState,
          order,
          before.orderNo,
          before.status,
          action,
          from,
        );
        throw new ApiError(409, message, [{ field: 'status', message }]);
      }
      const moved = await typedDb(call.trx)
        .updateTable('online_sales_order')
        .set({
          status: to,
          ...(reasonId === null ? {} : { cancel_reason_id: reasonId }),
          version: before.version + 1,
          updated_at: call.now,
          updated_by: call.auth.userName,
        })
        .where('id', '=', id)
        .where('status', '=', before.status)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 0) {
        const message = `Order ${before.orderNo} was moved on by someone else meanwhile`;
        throw new ApiError(409, message, [{ field: 'status', message }]);
      }
      if (action === 'complete') await takeGoods(call, before);
      const { after, answer } = await auditedAfter(call, order, id, before);
      await publishEvent(call, 'order.status_changed', {
        order: eventOrder(after),
        from: before.status,
        to,
        action,
        ...(reasonId === null ? {} : { reason: reasonId }),
      });
      answers.push(answer);
    }
    return answers.length === 1 ? answers[0]! : answers;
  });
}

export const orderActions: Record<OnlineOrderAction, RowAction> = {
  accept: transition('accept'),
  prepare: transition('prepare'),
  ready: transition('ready'),
  complete: transition('complete'),
  cancel: transition('cancel'),
};
