import type {
  ApiEnvelope,
  CommissionRow,
  PriceDifferenceTotal,
  ReportPeriod,
  TerminalStatusAnswer,
} from '@backroom/schema';
import { http } from '../api/http';
import { dataApi, type ApiRow } from '../data/api';

/** A sale with its lines, payments and vouchers, as the receipt shows it. */
export interface Receipt {
  sale: ApiRow;
  lines: ApiRow[];
  payments: ApiRow[];
  vouchers: ApiRow[];
}

const ofSale = (name: string, id: number) =>
  dataApi
    .fetch(name, {
      Skip: 0,
      Take: 500,
      filters: [{ ColumnName: 'sale', ColumnValue: id, Operator: 'EQ' }],
      sorts: [{ ColumnName: 'id', Direction: 'asc' }],
    })
    .then((a) => a.rows);

export const terminalsApi = {
  status: async () => (await http.get<ApiEnvelope<TerminalStatusAnswer>>('/api/pointofsale/Status')).data.data,
  priceDifferences: async (body: ReportPeriod) =>
    (await http.post<ApiEnvelope<PriceDifferenceTotal[]>>('/api/DataRepository/procedure/pricedifferences', body)).data
      .data,
  commission: async (body: ReportPeriod) =>
    (await http.post<ApiEnvelope<CommissionRow[]>>('/api/DataRepository/procedure/commission', body)).data.data,
  receipt: async (id: number): Promise<Receipt> => {
    const [sale] = (
      await dataApi.fetch('sale', {
        Skip: 0,
        Take: 1,
        filters: [{ ColumnName: 'id', ColumnValue: id, Operator: 'EQ' }],
      })
    ).rows;
    if (!sale) throw new Error(`No sale ${id}`);
    const [lines, payments, vouchers] = await Promise.all([
      ofSale('saleline', id),
      ofSale('salepayment', id),
      ofSale('salevoucher', id),
    ]);
    return { sale, lines, payments, vouchers };
  },
};
