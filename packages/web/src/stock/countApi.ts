import type { ApiEnvelope } from '@backroom/schema';
import { http } from '../api/http';
import type { ApiRow } from '../data/api';

/** The count screens show their errors inline. */
const inline = { suppressErrorModal: true } as const;

/** One line entered: a product (or its barcode) with a figure (`countedQty`) or scans to add (`add`). */
export interface CountEntry {
  product?: number;
  barcode?: string;
  countedQty?: string;
  add?: string;
}

export const stockCountApi = {
  /** `Execute/stockcount {action: 'count'}`: only the lines named change. */
  count: async (id: number, lines: CountEntry[]) =>
    (
      await http.post<ApiEnvelope<ApiRow>>(
        '/api/DataRepository/Execute/stockcount',
        { action: 'count', ids: [id], lines },
        inline,
      )
    ).data.data,
  post: async (id: number, version: number) =>
    (
      await http.post<ApiEnvelope<ApiRow>>(
        '/api/DataRepository/Execute/stockcount',
        { action: 'post', ids: [id], version },
        inline,
      )
    ).data.data,
  /** The count sheet as CSV, saved by the browser. */
  exportSheet: async (id: number, docNo: string) => {
    const { data } = await http.post<Blob>('/api/stockcount/Export', { id }, { responseType: 'blob', ...inline });
    const url = URL.createObjectURL(data);
    const link = document.createElement('a');
    link.href = url;
    link.download = `${docNo}.csv`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  },
};
