import { z } from 'zod';
import { JOB_STATUSES } from './families';

/** `/api/outletpricing/{Grid|Save}`: the product × outlet price grid. */
export interface OutletPricingQuery {
  Skip: number;
  Take: number;
  search?: string;
  /** A category; its sub-categories are included. */
  category?: number | null;
}

const outletColumn = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export type OutletColumn = z.infer<typeof outletColumn>;

const outletPricingRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  sellingPrice: z.string(),
  /** Override price by outlet id; null where the outlet sells at the base price. */
  prices: z.record(z.number(), z.string().nullable()),
  /** The price each outlet sells at now, by outlet id: a pending future price in force there from its own midnight, else its override, else the base price. */
  inForce: z.record(z.number(), z.string()),
});
export type OutletPricingRow = z.infer<typeof outletPricingRow>;

export const outletPricingGrid = z.object({ outlets: z.array(outletColumn), rows: z.array(outletPricingRow) });
export type OutletPricingGrid = z.infer<typeof outletPricingGrid>;

/** One cell to save; a null or blank price removes the override. */
export interface PriceChange {
  product: number;
  outlet: number;
  price: string | number | null;
}

export const outletPricingSaved = z.object({
  inserted: z.number().int(),
  updated: z.number().int(),
  deleted: z.number().int(),
});
export type OutletPricingSaved = z.infer<typeof outletPricingSaved>;

/**
 * `POST /api/pricing/WhatIf`: replays the last `days` days of the outlets' sales through the engine
 * with a promotion or promotion rule added — a draft (the form's unsaved values), or the saved one
 * (`id`) — against the same sales without it. Answers `{jobId}`; `GET /api/pricing/WhatIf/{jobId}`
 * answers its progress and, once done, the figures.
 */
export interface WhatIfRequest {
  entity: 'promotion' | 'newpromotion';
  /** The saved promotion or rule: left out of the baseline. */
  id?: number;
  /** The form's values; without it, the saved row as it is. */
  draft?: Record<string, unknown>;
  /** 1–90, default 30. */
  days?: number;
  /** Outlet ids; none: every outlet the caller may see. */
  outlets?: number[];
}

/** Money as decimal strings. Margins only for a caller who may see costs (the `costs` field group). */
const whatIfFigures = z.object({
  /** Sales replayed. */
  baskets: z.number().int(),
  /** Sales whose price the promotion changes. */
  basketsAffected: z.number().int(),
  /** What customers would pay less (more, when negative) with it. */
  discountGiven: z.string(),
  /** The margin (sales without tax, less cost) the promotion gives up. */
  marginGivenUp: z.string().optional(),
  /** The margin of these sales without the promotion, and with it. */
  marginBefore: z.string().optional(),
  marginAfter: z.string().optional(),
});
export type WhatIfFigures = z.infer<typeof whatIfFigures>;

const whatIfDay = whatIfFigures.extend({
  /** The outlet's date of the sales. */
  date: z.string(),
});
export type WhatIfDay = z.infer<typeof whatIfDay>;

const whatIfProduct = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** Units sold in the baskets it changes. */
  quantity: z.string(),
  discountGiven: z.string(),
});
export type WhatIfProduct = z.infer<typeof whatIfProduct>;

const whatIfResult = z.object({
  from: z.string(),
  to: z.string(),
  outlets: z.array(outletColumn),
  currency: z.string(),
  days: z.array(whatIfDay),
  total: whatIfFigures,
  /** Up to ten products by discount given. */
  topProducts: z.array(whatIfProduct),
  /** Whether margins were computed (the caller may see costs). */
  margins: z.boolean(),
  /** Milliseconds the replay took. */
  tookMs: z.number(),
});
export type WhatIfResult = z.infer<typeof whatIfResult>;

/** Answer of `POST /api/pricing/WhatIf`: the job to follow. */
export const whatIfStarted = z.object({ jobId: z.number().int() });

export const whatIfStatus = z.object({
  jobId: z.number().int(),
  status: z.enum(JOB_STATUSES),
  progress: z.number(),
  error: z.string().nullable(),
  result: whatIfResult.nullable(),
});
export type WhatIfStatus = z.infer<typeof whatIfStatus>;
