import { z } from 'zod';
import type { DeliveryOrderStatus, StockCountScope, StockCountStatus } from '../registry/inventory';

/**
 * Stock calls beyond the generic API: virtual stock (`/api/OutletVirtualStockBalance/{fetch|adjust|approve|reject}`)
 * and the low-stock list (`/api/lowstock/{List|Propose}`). Quantities travel as decimal strings with 3 places.
 */

/** Filters the virtual stock fetch accepts (`EQ` or `IN`), besides `search` on the product's code and name. */
export const VIRTUAL_STOCK_FILTERS = ['outlet', 'location', 'product', 'category'] as const;
export const VIRTUAL_STOCK_SORTS = ['location', 'product', 'onHand', 'reserved', 'incoming', 'virtual'] as const;

/** One product at one location: on hand (the ledger), reserved (open online orders), incoming (dispatched deliveries). */
export const virtualStockRow = z.object({
  outlet: z.number().int().nullable(),
  outletLabel: z.string().nullable(),
  location: z.number().int(),
  locationLabel: z.string(),
  product: z.number().int(),
  productLabel: z.string(),
  onHand: z.string(),
  reserved: z.string(),
  incoming: z.string(),
  /** onHand − reserved + incoming */
  virtual: z.string(),
  /** The low-quantity trigger's minimum here, if any. */
  minQty: z.string().nullable(),
  /** When the low-stock check found it below the minimum (null: not low). */
  lowSince: z.string().nullable(),
});
export type VirtualStockRow = z.infer<typeof virtualStockRow>;

const id = (what: string) =>
  z
    .number({ error: `Choose the ${what}` })
    .int()
    .min(1);
const decimal = z.union([z.string(), z.number()]);

/** `adjust`: a signed change or a counted figure (exactly one), and why. */
export const stockAdjustRequest = z.object({
  location: id('location'),
  product: id('product'),
  quantity: decimal.nullish(),
  counted: decimal.nullish(),
  stockOutReason: id('stock-out reason'),
  remarks: z.string().trim().max(500).nullish(),
});
export type StockAdjustRequest = z.input<typeof stockAdjustRequest>;

/** `approve` / `reject` of a pending adjustment. */
export const stockAdjustDecision = z.object({ id: id('adjustment'), version: z.number().int().min(1) });

/** What `adjust`, `approve` and `reject` answer: the adjustment, and on-hand after it. */
export const stockAdjustResult = z.object({
  /** The stockadjustment row as the generic API reads it. */
  adjustment: z.record(z.string(), z.unknown()),
  status: z.enum(['pending', 'applied', 'rejected']),
  onHand: z.string(),
});
export type StockAdjustResult = z.infer<typeof stockAdjustResult>;

/** A low-quantity trigger found below its minimum, with the delivery the list proposes. */
export const lowStockRow = z.object({
  /** The trigger's id. */
  id: z.number().int(),
  product: z.number().int(),
  productLabel: z.string(),
  location: z.number().int(),
  locationLabel: z.string(),
  onHand: z.string(),
  minQty: z.string(),
  /** On open delivery orders to the location (draft, confirmed, dispatched). */
  onOrder: z.string(),
  lowSince: z.string(),
  /** The warehouse mapped to the product (`warehouseproductmapping`), null when none is. */
  warehouse: z.number().int().nullable(),
  warehouseLabel: z.string().nullable(),
  warehouseOnHand: z.string().nullable(),
  /** The mapping's reorder quantity, else the trigger's, else what brings it back to the minimum. */
  proposedQty: z.string(),
});
export type LowStockRow = z.infer<typeof lowStockRow>;

export const lowStockQuery = z.object({
  Skip: z.number().int().min(0).optional(),
  Take: z.number().int().min(1).max(1000).optional(),
  location: z.number().int().min(1).nullish(),
  search: z.string().max(200).optional(),
});
export type LowStockQuery = z.input<typeof lowStockQuery>;

/** `Propose`: draft delivery orders for the chosen low rows, one per warehouse and location. */
export const lowStockProposal = z.object({
  ids: z.array(z.number().int().min(1)).min(1, 'Choose at least one row').max(1000),
});

export const proposedOrder = z.object({
  id: z.number().int(),
  docNo: z.string(),
  fromLocation: z.number().int(),
  toLocation: z.number().int(),
  lines: z.number().int(),
});
export type ProposedOrder = z.infer<typeof proposedOrder>;

/** A delivery order line as `/deliveryorder/{id}` answers it. */
export interface DeliveryOrderLineDto {
  id: number;
  product: number;
  productLabel?: string;
  /** Decimal strings, as the API shows them. */
  quantity: string;
  uom: number | null;
  receivedQty: string | null;
  /** Dispatched, not yet received nor written off (null before dispatch). */
  inTransitQty: string | null;
  /** Written off by `closeShort` (null before dispatch). */
  writtenOffQty: string | null;
  discrepancy: string | null;
}

/** A delivery order as `/deliveryorder/{id}` answers it (lines included). */
export interface DeliveryOrderDto {
  id: number;
  docNo: string;
  status: DeliveryOrderStatus;
  version: number;
  fromLocation: number;
  toLocation: number;
  date: string;
  remarks: string | null;
  lines: DeliveryOrderLineDto[];
  dispatchedAt: string | null;
  receivedAt: string | null;
}

/** A stock count line as the API shows it: quantities as decimal strings, the value in money. */
export interface StockCountLineDto {
  id: number;
  product: number;
  productLabel?: string;
  countedQty: string | null;
  /** On hand when the line joined the count (frozen). */
  expectedQty: string | null;
  /** Counted − expected, once counted. */
  variance: string | null;
  varianceValue: string | null;
}

/** A stock count as the generic API answers it (lines included). */
export interface StockCountDto {
  id: number;
  docNo: string;
  location: number;
  scope: StockCountScope;
  categories: number[] | null;
  zeroUncounted: boolean;
  status: StockCountStatus;
  version: number;
  remarks: string | null;
  postedAt: string | null;
  lines: StockCountLineDto[];
}
