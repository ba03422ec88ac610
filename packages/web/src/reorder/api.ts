import type { ApiEnvelope, ReorderAnswer, ReorderCreate, ReorderOrder, ReorderQuery } from '@backroom/schema';
import { http } from '../api/http';

/** The screen shows its errors inline. */
const inline = { suppressErrorModal: true } as const;

/** `POST /api/reorder/Suggest` and `/Create`. */
export const reorderApi = {
  suggest: async (query: ReorderQuery) =>
    (await http.post<ApiEnvelope<ReorderAnswer>>('/api/reorder/Suggest', query, inline)).data.data,
  create: async (body: ReorderCreate) =>
    (await http.post<ApiEnvelope<ReorderOrder[]>>('/api/reorder/Create', body, inline)).data.data,
};
