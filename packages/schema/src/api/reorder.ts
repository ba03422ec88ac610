import { z } from 'zod';
import { rowIdNumber } from '../ids';

/**
 * Reorder suggestions (`/api/reorder/{Suggest|Create}`): per product × location, what to order from
 * its supplier, each figure shown (docs/decisions/purchasing.md, "Reorder suggestions"). Quantities
 * travel as decimal strings with 3 places.
 */

/** `Suggest`: the sales window, the days of cover wanted after the lead time, and what to look at. */
export const reorderQuery = z.object({
  velocityDays: z.number().int().min(1).max(365).default(28),
  coverDays: z.number().int().min(0).max(365).default(14),
  locations: z.array(rowIdNumber).max(1000).optional(),
  suppliers: z.array(rowIdNumber).max(1000).optional(),
  /** Also the pairs with nothing to order. */
  all: z.boolean().optional(),
  Take: z.number().int().min(1).max(100_000).default(2000),
});
export type ReorderQuery = z.input<typeof reorderQuery>;

/** One product at one location: the figures and the quantity they suggest. */
export interface ReorderRow {
  product: number;
  productLabel: string;
  location: number;
  locationLabel: string;
  /** The product's preferred supplier (else its first); null: no supplier mapping. */
  supplier: number | null;
  supplierLabel: string | null;
  supplierItemCode: string | null;
  /** Absent for a reader who may not see costs (the `costs` field group). */
  unitCost?: string | null;
  onHand: string;
  inTransit: string;
  /** Ordered − received on sent and partially received purchase orders to this location. */
  onOrder: string;
  /** Sold less returned over the window. */
  sold: string;
  /** sold / velocityDays, per day. */
  velocity: string;
  leadTimeDays: number;
  coverDays: number;
  /** The low-quantity trigger's minimum and reorder quantity here, if any. */
  minQty: string | null;
  reorderQty: string | null;
  /** ⌈velocity × (lead time + cover)⌉ in whole units. */
  demand: string;
  /** max(demand, minimum). */
  target: string;
  /** onHand + inTransit + onOrder. */
  position: string;
  /** ⌈target − position⌉ in whole units when below target (at least the reorder quantity), else 0. */
  needed: string;
  packSize: string | null;
  /** needed rounded up to whole packs. */
  suggested: string;
}

export interface ReorderAnswer {
  velocityDays: number;
  coverDays: number;
  rows: ReorderRow[];
  /** Rows before Take. */
  totalCount: number;
}

/** `Create`: the selected lines become draft purchase orders, one per supplier × location. */
export const reorderCreate = z.object({
  lines: z
    .array(
      z.object({
        product: rowIdNumber,
        location: rowIdNumber,
        supplier: rowIdNumber.nullable().optional(),
        quantity: z.union([z.string(), z.number()]),
      }),
    )
    .min(1, { error: 'Select at least one line' })
    .max(5000),
});
export type ReorderCreate = z.input<typeof reorderCreate>;

/** A draft purchase order the action made. */
export interface ReorderOrder {
  id: number;
  docNo: string;
  supplier: number;
  location: number;
  lines: number;
}
