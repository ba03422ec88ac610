import type { ApiEnvelope, HomeSummary } from '@backroom/schema';
import { http } from '../api/http';

/** `GET /api/home/Summary`: every figure of Home in one request. */
export const homeApi = {
  summary: async () => (await http.get<ApiEnvelope<HomeSummary>>('/api/home/Summary')).data.data,
};
