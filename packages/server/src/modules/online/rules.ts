import { findEntity, statusLabel } from '@backroom/schema';
import type { EntityHook } from '../../data/hooks';
import { ApiError, validationError } from '../../http/envelope';
import { nextDocumentNo } from '../document-numbers';
import type { AnyDb } from '../../data/store';
import { typedDb } from '../../db/types';
import { ORDER_PREFIX, eventOrder, readOrder } from './order';
import { publishEvent } from './webhook-publish';

/** Each line's total (unit price × quantity, half up), the subtotal, and the total with fees, as stored (scale 2 and thousandths). */
async function totalUp(db: AnyDb, id: number): Promise<void> {
  const trx = typedDb(db);
  const items = await trx
    .selectFrom('online_sales_order_items')
    .select(['id', 'unit_price', 'quantity'])
    .where('parent_id', '=', id)
    .execute();
  let subtotal = 0n;
  for (const item of items) {
    const product = BigInt(item.unit_price ?? 0) * BigInt(item.quantity ?? 0);
    const lineTotal = (product + (product >= 0n ? 500n : -500n)) / 1000n;
    subtotal += lineTotal;
    await trx
      .updateTable('online_sales_order_items')
      .set({ line_total: Number(lineTotal) })
      .where('id', '=', item.id)
      .execute();
  }
  const row = await trx.selectFrom('online_sales_order').select('fees').where('id', '=', id).executeTakeFirstOrThrow();
  const total = subtotal + BigInt(row.fees ?? 0);
  await trx
    .updateTable('online_sales_order')
    .set({ subtotal: Number(subtotal), total: Number(total) })
    .where('id', '=', id)
    .execute();
}

/** Statuses in which an order's details may still be corrected by staff. */
const EDITABLE = new Set(['new', 'accepted']);
const onlineOrder = findEntity('onlinesalesorder')!;

/**
 * What every generic write of an online order obeys: a new one gets its number and raises
 * `order.created`, a staff correction raises `order.updated`; the status changes only by the
 * actions (a write naming another status is a 400 on `status`); only new or accepted orders
 * change; only new or cancelled ones are deleted.
 */
export const orderRules: EntityHook = {
  async beforeWrite({ trx, action, id, input }) {
    if (action === 'insert') {
      if ('status' in input && input.status !== 'new')
        throw validationError([
          {
            field: 'status',
            message: 'A new order starts as new; the actions accept, prepare, ready, complete and cancel move it',
          },
        ]);
      return { order_no: await nextDocumentNo(trx, ORDER_PREFIX), status: 'new' };
    }
    const stored = await typedDb(trx)
      .selectFrom('online_sales_order')
      .select(['order_no', 'status'])
      .where('id', '=', id!)
      .executeTakeFirst();
    if (!stored) return;
    const status = String(stored.status);
    const state = statusLabel(onlineOrder, status).toLowerCase();
    if (action === 'delete') {
      if (status !== 'new' && status !== 'cancelled')
        throw new ApiError(409, `Order ${stored.order_no} is ${state}: only a new or cancelled order can be deleted`);
      return;
    }
    if ('status' in input && input.status !== status)
      throw validationError([
        {
          field: 'status',
          message: `Status changes only by the actions accept, prepare, ready, complete and cancel (it is ${state})`,
        },
      ]);
    if (!EDITABLE.has(status))
      throw new ApiError(409, `Order ${stored.order_no} is ${state}: it can no longer be changed`);
  },
  async afterWrite({ ctx, trx, action, id, now }) {
    if (action === 'delete') return;
    await totalUp(trx, id);
    await publishEvent({ trx, now }, action === 'insert' ? 'order.created' : 'order.updated', {
      order: eventOrder((await readOrder(ctx, trx, id))!),
    });
  },
};
