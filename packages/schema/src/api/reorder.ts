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

const quantity = z.string();

/** One product at one location: the figures and the quantity they suggest. */
const reorderRow = z.object({
  product: z.number().int(),
  productLabel: z.string(),
  location: z.number().int(),
  locationLabel: z.string(),
  /** The product's preferred supplier (else its first); null: no supplier mapping. */
  supplier: z.number().int().nullable(),
  supplierLabel: z.string().nullable(),
  supplierItemCode: z.string().nullable(),
  /** Absent for a reader who may not see costs (the `costs` field group). */
  unitCost: z.string().nullable().optional(),
  onHand: quantity,
  inTransit: quantity,
  /** Ordered − received on sent and partially received purchase orders to this location. */
  onOrder: quantity,
  /** Sold less returned over the window. */
  sold: quantity,
  /** sold / velocityDays, per day. */
  velocity: quantity,
  leadTimeDays: z.number(),
  coverDays: z.number(),
  /** The low-quantity trigger's minimum and reorder quantity here, if any. */
  minQty: quantity.nullable(),
  reorderQty: quantity.nullable(),
  /** ⌈velocity × (lead time + cover)⌉ in whole units. */
  demand: quantity,
  /** max(demand, minimum). */
  target: quantity,
  /** onHand + inTransit + onOrder. */
  position: quantity,
  /** ⌈target − position⌉ in whole units when below target (at least the reorder quantity), else 0. */
  needed: quantity,
  packSize: quantity.nullable(),
  /** needed rounded up to whole packs. */
  suggested: quantity,
});
export type ReorderRow = z.infer<typeof reorderRow>;

export const reorderAnswer = z.object({
  velocityDays: z.number().int(),
  coverDays: z.number().int(),
  rows: z.array(reorderRow),
  /** Rows before Take. */
  totalCount: z.number().int(),
});
export type ReorderAnswer = z.infer<typeof reorderAnswer>;

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
export const reorderOrder = z.object({
  id: z.number().int(),
  docNo: z.string(),
  supplier: z.number().int(),
  location: z.number().int(),
  lines: z.number().int(),
});
export type ReorderOrder = z.infer<typeof reorderOrder>;
