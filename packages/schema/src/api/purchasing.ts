import { z } from 'zod';
import type { PurchaseOrderStatus } from '../registry/purchasing';

/**
 * Purchasing's rows as the generic data API answers them (lines included), and the stock valuation
 * (`api/stockvaluation/Fetch`): declared once for the server, the console and their tests.
 */

/** A purchase order line. */
export interface PurchaseOrderLine {
  id: number;
  product: number;
  productLabel?: string;
  supplierItemCode: string | null;
  packSize: string | null;
  quantity: string;
  unitCost: string | null;
  lineTotal: string | null;
  receivedQty: string | null;
}

/** A purchase order. */
export interface PurchaseOrder {
  id: number;
  version: number;
  docNo: string;
  supplier: number;
  location: number;
  expectedDate: string | null;
  status: PurchaseOrderStatus;
  supplierReference: string | null;
  lines: PurchaseOrderLine[];
  subtotal: string | null;
  tax: string | null;
  total: string | null;
  remarks: string | null;
  sentAt: string | null;
  closedAt: string | null;
  closeReason: number | null;
}

/** A goods receipt (or return to supplier) line. */
export interface GoodsReceiptLine {
  product: number;
  productLabel?: string;
  quantity: string;
  unitCost: string | null;
  landedCost: string | null;
  lineTotal: string | null;
}

/** A goods receipt (`GR-`) or return to supplier (`RTS-`, naming its `original` receipt). */
export interface GoodsReceipt {
  id: number;
  docNo: string;
  kind: 'receipt' | 'return';
  purchaseOrder: number;
  supplier: number;
  location: number;
  at: string;
  reference: string | null;
  original: number | null;
  originalLabel?: string;
  freight: string | null;
  duty: string | null;
  createdBy: string | null;
  lines: GoodsReceiptLine[];
  total: string | null;
}

/** One row of a valuation: a location × category (or × product), quantity and value at the date. */
const valuationRow = z.object({
  location: z.number().int(),
  locationLabel: z.string(),
  category: z.number().int().nullable(),
  categoryLabel: z.string().nullable(),
  product: z.number().int().optional(),
  productLabel: z.string().optional(),
  /** Products with stock in the row. */
  products: z.number().int(),
  quantity: z.string(),
  value: z.string(),
});
export type ValuationRow = z.infer<typeof valuationRow>;

/** A stock valuation at a date. */
export const valuationAnswer = z.object({ date: z.string(), rows: z.array(valuationRow), total: z.string() });
export type Valuation = z.infer<typeof valuationAnswer>;
