import { getEntity, type OnlineOrderDto } from '@backroom/schema';
import type { AppContext } from '../../context';
import { apiRow } from '../../data/read';
import type { AnyDb, Row } from '../../data/store';
import { typedDb } from '../../db/types';

export const order = getEntity('onlinesalesorder');

/** The ledger's and the document counter's name for online orders. */
export const DOCUMENT_TYPE = 'onlinesalesorder';
export const ORDER_PREFIX = 'ON';

/** An order as the API shows it, a row the audit records. */
export type Order = OnlineOrderDto & Row;

/** The order as the API shows it (items included); undefined when there is none. */
export const readOrder = async (ctx: AppContext, db: AnyDb, id: number, labels = false) =>
  (await apiRow(ctx, db, order, id, { labels })) as Order | undefined;

/** The inventory location an outlet's online orders reserve and take their goods from. */
export async function outletLocation(db: AnyDb, outletId: number): Promise<number | null> {
  const row = await typedDb(db)
    .selectFrom('outlet')
    .select('default_inventory_location_id')
    .where('id', '=', outletId)
    .executeTakeFirst();
  return row?.default_inventory_location_id ?? null;
}

/** What webhooks receive of an order: the API row, without labels. */
export const eventOrder = (o: Order) => ({
  id: o.id,
  orderNo: o.orderNo,
  channel: o.channel,
  outlet: o.outlet,
  status: o.status,
  fulfilment: o.fulfilment,
  customerName: o.customerName,
  notes: o.notes,
  subtotal: o.subtotal,
  fees: o.fees,
  total: o.total,
  items: o.items.map((i) => ({
    product: i.product,
    name: i.name,
    quantity: i.quantity,
    unitPrice: i.unitPrice,
    lineTotal: i.lineTotal,
  })),
});
