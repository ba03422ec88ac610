import type { OnlineOrderStatus } from '../registry/online';

/** One item of an online order as the data API answers it; money and quantities as decimal strings. */
export interface OnlineOrderItemDto {
  id: number;
  product: number;
  /** The product's label, when the read asks for labels. */
  productLabel?: string;
  name: string | null;
  quantity: string;
  unitPrice: string;
  lineTotal: string | null;
  remarks: string | null;
}

/**
 * An online order (`onlinesalesorder`) as the data API, its actions and the order board see it:
 * its items included, the labels of its references when the read asks for them.
 */
export interface OnlineOrderDto {
  id: number;
  version: number;
  orderNo: string;
  channel: number;
  channelLabel?: string;
  outlet: number;
  outletLabel?: string;
  customerName: string | null;
  customerPhone: string | null;
  customerAddress: string | null;
  items: OnlineOrderItemDto[];
  subtotal: string | null;
  fees: string | null;
  total: string | null;
  fulfilment: 'pickup' | 'delivery' | null;
  notes: string | null;
  status: OnlineOrderStatus;
  cancelReason: number | null;
  paymentStatus: 'unpaid' | 'paid' | 'refunded' | null;
}
