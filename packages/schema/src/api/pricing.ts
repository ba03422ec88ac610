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
