import type {
  ApiEnvelope,
  OutletPricingGrid,
  OutletPricingQuery,
  OutletPricingSaved,
  PriceChange,
  WhatIfRequest,
  WhatIfStatus,
} from '@backroom/schema';
import { http } from '../api/http';

/** The outlet pricing screen's calls (`/api/outletpricing/{Grid|Save}`). */
export const outletPricingApi = {
  grid: async (query: OutletPricingQuery) => {
    const { data } = await http.post<ApiEnvelope<OutletPricingGrid>>('/api/outletpricing/Grid', query);
    return { ...data.data, totalCount: data.totalCount ?? data.data.rows.length };
  },
  save: async (changes: PriceChange[]) =>
    (await http.post<ApiEnvelope<OutletPricingSaved>>('/api/outletpricing/Save', { changes })).data.data,
};

/** "Try on past sales" (`/api/pricing/WhatIf`): starts the replay job, then reads its progress and figures. */
export const whatIfApi = {
  start: async (request: WhatIfRequest) =>
    (await http.post<ApiEnvelope<{ jobId: number }>>('/api/pricing/WhatIf', request)).data.data,
  status: async (jobId: number) =>
    (await http.get<ApiEnvelope<WhatIfStatus>>(`/api/pricing/WhatIf/${jobId}`)).data.data,
};
