import type { ApiEnvelope, PurchaseOrder as PurchaseOrderDto, PurchaseOrderAction, Valuation } from '@backroom/schema';
import { http } from '../api/http';
import { webRoot } from '../config/webRoot';
import { dataApi, type ApiRow } from '../data/api';

/** Purchasing's screens show their errors inline. */
const inline = { suppressErrorModal: true } as const;

/** A purchase order as the generic API answers it (lines included). */
export type PurchaseOrder = ApiRow & PurchaseOrderDto & { receipt?: ApiRow & { docNo: string } };

const ENTITY = 'purchaseorder';

/** The generic data API for purchase orders, and `Execute/purchaseorder {action, ids, version, …}`. */
export const purchaseOrderApi = {
  get: async (id: number) => {
    const { rows } = await dataApi.fetch(ENTITY, {
      Skip: 0,
      Take: 1,
      filters: [{ ColumnName: 'id', ColumnValue: id, Operator: 'EQ' }],
    });
    if (!rows[0]) throw new Error('not found');
    return rows[0] as PurchaseOrder;
  },
  create: async (row: Record<string, unknown>) => (await dataApi.insert(ENTITY, row)) as PurchaseOrder,
  update: async (row: Record<string, unknown>) => (await dataApi.update(ENTITY, row)) as PurchaseOrder,
  remove: async (id: number) => dataApi.remove(ENTITY, [id]),
  act: async (order: PurchaseOrder, action: PurchaseOrderAction, extra: Record<string, unknown> = {}) =>
    (
      await http.post<ApiEnvelope<PurchaseOrder>>(
        '/api/DataRepository/Execute/purchaseorder',
        { action, ids: [order.id], version: order.version, ...extra },
        inline,
      )
    ).data.data,
  /** Products of the order with their barcodes, so a scanned code finds its line. */
  barcodes: async (products: readonly number[]) =>
    (
      await dataApi.fetch('product', {
        Skip: 0,
        Take: products.length,
        filters: [{ ColumnName: 'id', ColumnValue: products.join(','), Operator: 'IN' }],
      })
    ).rows as (ApiRow & { code: string; barcode: string | null; alternateBarcodes?: { barcode: string }[] })[],
};

export const valuationApi = {
  fetch: async (date: string) =>
    (await http.post<ApiEnvelope<Valuation>>('/api/stockvaluation/Fetch', { date }, inline)).data.data,
  /** Downloads the CSV export of the valuation at `date`. */
  export: async (date: string, by: 'category' | 'product') => {
    const { data } = await http.get<Blob>('/api/stockvaluation/Export', {
      ...inline,
      params: { date, by },
      responseType: 'blob',
    });
    const url = URL.createObjectURL(data);
    const link = document.createElement('a');
    link.href = url;
    link.download = `Stock_valuation_${date}.csv`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  },
};

/** `POST {web root}/print/request.aspx {document: kind, id}`: the PDF of one row in a new tab (or downloaded). */
export async function printRow(kind: 'purchaseorder' | 'goodsreceipt', id: number): Promise<void> {
  const { data } = await http.post<Blob>(
    `${webRoot.url}/print/request.aspx`,
    { document: kind, id },
    { ...inline, responseType: 'blob' },
  );
  const url = URL.createObjectURL(data);
  if (!window.open(url, '_blank')) {
    const link = document.createElement('a');
    link.href = url;
    link.download = `${kind}.pdf`;
    link.click();
  }
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The purchase order's PDF (see `printRow`). */
export const printOrder = (id: number) => printRow('purchaseorder', id);
