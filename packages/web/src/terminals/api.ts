import type { ApiEnvelope } from '@backroom/schema';
import { http } from '../api/http';
import { dataApi, type ApiRow } from '../data/api';

/** The terminal screens show their errors inline. */
const inline = { suppressErrorModal: true } as const;

export interface TerminalStatus {
  id: number;
  code: string;
  name: string;
  outlet: number;
  outletName: string;
  isActive: boolean;
  paired: boolean;
  online: boolean;
  lastSeenAt: string | null;
  appVersion: string | null;
  lastSyncAt: string | null;
  unsentTransactions: number | null;
}

export interface CommissionRow {
  user: number;
  userName: string;
  rule: string;
  period: string;
  sales: number;
  quantity: string;
  salesTotal: string;
  commission: string;
}

/** A sale with its lines, payments and vouchers, as the receipt shows it. */
export interface Receipt {
  sale: ApiRow;
  lines: ApiRow[];
  payments: ApiRow[];
  vouchers: ApiRow[];
}

const ofSale = (name: string, id: number) =>
  dataApi.fetch(name, { Skip: 0, Take: 500, filters: [{ ColumnName: 'sale', ColumnValue: id, Operator: 'EQ' }], sorts: [{ ColumnName: 'id', Direction: 'asc' }] }).then((a) => a.rows);

export const terminalsApi = {
  status: async () => (await http.get<ApiEnvelope<{ serverTime: string; onlineMinutes: number; terminals: TerminalStatus[] }>>('/api/pointofsale/Status', inline)).data.data,
  commission: async (body: { from: string; to: string }) => (await http.post<ApiEnvelope<CommissionRow[]>>('/api/DataRepository/procedure/commission', body, inline)).data.data,
  receipt: async (id: number): Promise<Receipt> => {
    const [sale] = (await dataApi.fetch('sale', { Skip: 0, Take: 1, filters: [{ ColumnName: 'id', ColumnValue: id, Operator: 'EQ' }] })).rows;
    if (!sale) throw new Error(`No sale ${id}`);
    const [lines, payments, vouchers] = await Promise.all([ofSale('saleline', id), ofSale('salepayment', id), ofSale('salevoucher', id)]);
    return { sale, lines, payments, vouchers };
  },
};
