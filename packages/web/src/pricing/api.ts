import type { ApiEnvelope } from '@backroom/schema';
import { http } from '../api/http';

/** The outlet pricing screen's calls (`/api/outletpricing/{Grid|Save}` and the category drop-down). */
export interface OutletColumn {
  id: number;
  code: string;
  name: string;
}

export interface PricingRow {
  id: number;
  code: string;
  name: string;
  sellingPrice: string;
  /** Override price by outlet id; null: the outlet sells at the base price. */
  prices: Record<string, string | null>;
}

export interface PricingQuery {
  Skip: number;
  Take: number;
  search: string;
  category: number | null;
}

export interface PriceChange {
  product: number;
  outlet: number;
  price: string | null;
}

export interface SaveCounts {
  inserted: number;
  updated: number;
  deleted: number;
}

/** The screen shows its errors inline. */
const inline = { suppressErrorModal: true } as const;

export const outletPricingApi = {
  grid: async (query: PricingQuery) => {
    const { data } = await http.post<ApiEnvelope<{ outlets: OutletColumn[]; rows: PricingRow[] }>>('/api/outletpricing/Grid', query, inline);
    return { ...data.data, totalCount: data.totalCount ?? data.data.rows.length };
  },
  save: async (changes: PriceChange[]) => (await http.post<ApiEnvelope<SaveCounts>>('/api/outletpricing/Save', { changes }, inline)).data.data,
  categories: async () => (await http.get<ApiEnvelope<{ text: string; value: number }[]>>('/api/AppModule/GetDropDown/category', inline)).data.data,
};
