import type { ApiEnvelope, OutletPricingGrid, OutletPricingQuery, OutletPricingSaved, PriceChange } from '@backroom/schema';
import { http } from '../api/http';

/** The screen shows its errors inline. */
const inline = { suppressErrorModal: true } as const;

/** The outlet pricing screen's calls (`/api/outletpricing/{Grid|Save}`). */
export const outletPricingApi = {
  grid: async (query: OutletPricingQuery) => {
    const { data } = await http.post<ApiEnvelope<OutletPricingGrid>>('/api/outletpricing/Grid', query, inline);
    return { ...data.data, totalCount: data.totalCount ?? data.data.rows.length };
  },
  save: async (changes: PriceChange[]) => (await http.post<ApiEnvelope<OutletPricingSaved>>('/api/outletpricing/Save', { changes }, inline)).data.data,
};
