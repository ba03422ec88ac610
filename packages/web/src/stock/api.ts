import type {
  ApiEnvelope,
  DeliveryOrderDto,
  FetchRequest,
  LowStockQuery,
  LowStockRow,
  ProposedOrder,
  StockAdjustRequest,
  StockAdjustResult,
  VirtualStockRow,
} from '@backroom/schema';
import { http } from '../api/http';
import { webRoot } from '../config/webRoot';
import type { ApiRow } from '../data/api';

const post = async <T>(url: string, body: unknown) => (await http.post<ApiEnvelope<T>>(url, body)).data;

/** A delivery order as `/deliveryorder/{id}` answers it, with the row's labels. */
export type DeliveryOrder = ApiRow & DeliveryOrderDto;

const orders = () => `${webRoot.legacyBase}/deliveryorder`;

/** The older console's `/deliveryorder` and `/deliveryorder/{id}` on the legacy base. */
export const deliveryOrderApi = {
  get: async (id: number) => (await http.get<ApiEnvelope<DeliveryOrder>>(`${orders()}/${id}`)).data.data,
  create: async (order: Record<string, unknown>) => (await post<DeliveryOrder>(orders(), order)).data,
  update: async (id: number, order: Record<string, unknown>) =>
    (await http.put<ApiEnvelope<DeliveryOrder>>(`${orders()}/${id}`, order)).data.data,
  remove: async (id: number) => (await http.delete<ApiEnvelope<unknown>>(`${orders()}/${id}`)).data,
  act: async (id: number, action: string, version: number, extra: Record<string, unknown> = {}) =>
    (await post<DeliveryOrder>(`${orders()}/${id}`, { action, version, ...extra })).data,
};

export const virtualStockApi = {
  fetch: async (body: FetchRequest) => {
    const envelope = await post<VirtualStockRow[]>('/api/OutletVirtualStockBalance/fetch', body);
    return { rows: envelope.data, totalCount: envelope.totalCount ?? envelope.data.length };
  },
  adjust: async (body: StockAdjustRequest) =>
    (await post<StockAdjustResult>('/api/OutletVirtualStockBalance/adjust', body)).data,
  approve: async (id: number, version: number) =>
    (await post<StockAdjustResult>('/api/OutletVirtualStockBalance/approve', { id, version })).data,
  reject: async (id: number, version: number) =>
    (await post<StockAdjustResult>('/api/OutletVirtualStockBalance/reject', { id, version })).data,
};

export const lowStockApi = {
  list: async (query: LowStockQuery) => {
    const envelope = await post<LowStockRow[]>('/api/lowstock/List', query);
    return { rows: envelope.data, totalCount: envelope.totalCount ?? envelope.data.length };
  },
  propose: async (ids: number[]) => (await post<ProposedOrder[]>('/api/lowstock/Propose', { ids })).data,
  check: async () => (await post<unknown>('/api/jobs/Run', { kind: 'markLowStock' })).data,
};

/**
 * `POST {web root}/print/request.aspx {document, …}`: opens the PDF in a new tab (or, where the
 * browser blocks that, downloads it).
 */
export async function printDocument(body: { document: string } & Record<string, unknown>): Promise<void> {
  const { data } = await http.post<Blob>(`${webRoot.url}/print/request.aspx`, body, {
    responseType: 'blob',
  });
  const url = URL.createObjectURL(data);
  if (!window.open(url, '_blank')) {
    const link = document.createElement('a');
    link.href = url;
    link.download = `${body.document}.pdf`;
    link.click();
  }
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
