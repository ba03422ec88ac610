import { getEntity, type OnlineOrderStatus } from '@backroom/schema';
import type { AppContext } from '../../context';
import { apiRow } from '../../data/read';
import type { AnyDb } from '../../data/store';
import { typedDb } from '../../db/types';

export const order = getEntity('onlinesalesorder');

/** The ledger's and the document counter's name for online orders. */
export const DOCUMENT_TYPE = 'onlinesalesorder';
export const ORDER_PREFIX = 'ON';

export interface OrderItem {
  id: number;
  product: number;
  name: string | null;
  /** Decimal strings, as the API shows them. */
  quantity: string;
  unitPrice: string;
  lineTotal: string | null;
}

export interface Order {
  id: number;
  orderNo: string;
  channel: number;
  outlet: number;
  status: OnlineOrderStatus;
  version: number;
  total: string | null;
  items: OrderItem[];
  [field: string]: unknown;
}

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
  fulfilment: o.fulfilment ?? null,
  customerName: o.customerName ?? null,
  notes: o.notes ?? null,
  subtotal: o.subtotal ?? null,
  fees: o.fees ?? null,
  total: o.total,
  items: o.items.map((i) => ({
    product: i.product,
    name: i.name,
    quantity: i.quantity,
    unitPrice: i.unitPrice,
    lineTotal: i.lineTotal,
  })),
});
