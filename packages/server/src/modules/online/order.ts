import { getEntity, type OnlineOrderStatus } from '@backroom/schema';
import type { AppContext } from '../../context';
import { apiRow } from '../../data/read';
import type { AnyDb } from '../../data/store';
import { columnOf, fieldOf } from '../columns';

export const order = getEntity('onlinesalesorder');
export const orderItems = fieldOf(order, 'items', 'children');
export const channel = getEntity('onlinesaleschannel');
const outlet = getEntity('outlet');

export const COLUMN = {
  orderNo: columnOf(order, 'orderNo'),
  channel: columnOf(order, 'channel'),
  outlet: columnOf(order, 'outlet'),
  customerName: columnOf(order, 'customerName'),
  customerPhone: columnOf(order, 'customerPhone'),
  customerAddress: columnOf(order, 'customerAddress'),
  subtotal: columnOf(order, 'subtotal'),
  fees: columnOf(order, 'fees'),
  total: columnOf(order, 'total'),
  fulfilment: columnOf(order, 'fulfilment'),
  notes: columnOf(order, 'notes'),
  status: columnOf(order, 'status'),
  cancelReason: columnOf(order, 'cancelReason'),
  paymentStatus: columnOf(order, 'paymentStatus'),
  itemProduct: columnOf(orderItems, 'product'),
  itemName: columnOf(orderItems, 'name'),
  itemQuantity: columnOf(orderItems, 'quantity'),
  itemUnitPrice: columnOf(orderItems, 'unitPrice'),
  itemLineTotal: columnOf(orderItems, 'lineTotal'),
  channelCode: columnOf(channel, 'code'),
  channelKey: columnOf(channel, 'orderKey'),
  outletLocation: columnOf(outlet, 'defaultInventoryLocation'),
};

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
  const row = await db
    .selectFrom(outlet.table)
    .select(COLUMN.outletLocation)
    .where('id', '=', outletId)
    .executeTakeFirst();
  const value = row?.[COLUMN.outletLocation];
  return value === null || value === undefined ? null : Number(value);
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
