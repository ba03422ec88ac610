import { describe, expect, it } from 'vitest';
import { legacyOf, rowsOf, waitFor } from '../spreadsheets/support';
import { useOnlineWorld } from './support';

const w = useOnlineWorld();

/** The order board's Export: the generic list export of the orders its search finds. */
async function exportOrders(search: string): Promise<unknown[][]> {
  const submitted = await fetch(`${legacyOf(w)}/dataexporter/submitdataexport`, {
    method: 'POST',
    headers: { authorization: `Bearer ${w.tokens.admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      procedure: 'entity:onlinesalesorder',
      search,
      sorts: [{ ColumnName: 'id', Direction: 'DESC' }],
    }),
  });
  const answer = (await submitted.json()) as { data: { jobId: number } };
  expect(submitted.status, JSON.stringify(answer)).toBe(200);
  expect((await waitFor(w, answer.data.jobId)).status).toBe('succeeded');
  const file = await fetch(`${legacyOf(w)}/DataExporter/download/${answer.data.jobId}`, {
    headers: { authorization: `Bearer ${w.tokens.admin}` },
  });
  expect(file.status).toBe(200);
  return rowsOf(await file.arrayBuffer());
}

describe('exporting online orders', () => {
  it('writes the orders found with their number, status and totals, which no import reads back', async () => {
    const channel = await w.newChannel();
    const outlet = await w.newOutlet();
    const product = (await w.newProduct({ sellingPrice: '4.50' })).id as number;
    const place = async (name: string) => {
      const res = await w.place(channel.key, {
        outlet: outlet.id,
        customer: { name },
        items: [{ product, quantity: 2 }],
        fulfilment: 'pickup',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data;
    };
    const wanted = await place('Export Wanted');
    await place('Export Other');
    expect((await w.actOn([wanted.id as number], 'accept')).status).toBe(200);

    const [header, ...rows] = await exportOrders('Export Wanted');
    const cell = (row: unknown[], label: string) => row[header!.indexOf(label)];
    expect(header).toEqual(
      expect.arrayContaining(['Order no.', 'Channel', 'Outlet', 'Customer name', 'Subtotal', 'Total', 'Status']),
    );
    expect(rows).toHaveLength(1);
    expect([
      cell(rows[0]!, 'Order no.'),
      cell(rows[0]!, 'Customer name'),
      cell(rows[0]!, 'Status'),
      cell(rows[0]!, 'Total'),
      cell(rows[0]!, 'Outlet'),
    ]).toEqual([wanted.orderNo, 'Export Wanted', 'accepted', 9, outlet.code]);
  });
});
