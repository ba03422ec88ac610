import type { JobStatus } from './families';

/** `/api/outletpricing/{Grid|Save}`: the product × outlet price grid. */
export interface OutletPricingQuery {
  Skip: number;
  Take: number;
  search?: string;
  /** A category; its sub-categories are included. */
  category?: number | null;
}

export interface OutletColumn {
  id: number;
  code: string;
  name: string;
}

export interface OutletPricingRow {
  id: number;
  code: string;
  name: string;
  sellingPrice: string;
  /** Override price by outlet id; null where the outlet sells at the base price. */
  prices: Record<number, string | null>;
  /** The price each outlet sells at now, by outlet id: a pending future price in force there from its own midnight, else its override, else the base price. */
  inForce: Record<number, string>;
}

export interface OutletPricingGrid {
  outlets: OutletColumn[];
  rows: OutletPricingRow[];
}

/** One cell to save; a null or blank price removes the override. */
export interface PriceChange {
  product: number;
  outlet: number;
  price: string | number | null;
}

export interface OutletPricingSaved {
  inserted: number;
  updated: number;
  deleted: number;
}

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
export interface WhatIfFigures {
  /** Sales replayed. */
  baskets: number;
  /** Sales whose price the promotion changes. */
  basketsAffected: number;
  /** What customers would pay less (more, when negative) with it. */
  discountGiven: string;
  /** The margin (sales without tax, less cost) the promotion gives up. */
  marginGivenUp?: string;
  /** The margin of these sales without the promotion, and with it. */
  marginBefore?: string;
  marginAfter?: string;
}

export interface WhatIfDay extends WhatIfFigures {
  /** The outlet's date of the sales. */
  date: string;
}

export interface WhatIfProduct {
  id: number;
  code: string;
  name: string;
  /** Units sold in the baskets it changes. */
  quantity: string;
  discountGiven: string;
}

export interface WhatIfResult {
  from: string;
  to: string;
  outlets: OutletColumn[];
  currency: string;
  days: WhatIfDay[];
  total: WhatIfFigures;
  /** Up to ten products by discount given. */
  topProducts: WhatIfProduct[];
  /** Whether margins were computed (the caller may see costs). */
  margins: boolean;
  /** Milliseconds the replay took. */
  tookMs: number;
}

export interface WhatIfStatus {
  jobId: number;
  status: JobStatus;
  progress: number;
  error: string | null;
  result: WhatIfResult | null;
}
