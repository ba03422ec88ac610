import { describe, expect, it } from 'vitest';
import { useTestServer, type Row } from '../support/harness';

const t = useTestServer({ config: { demoCatalogue: true }, users: ['admin'] });

const fetch = async (name: string, body: Row = {}) => {
  const res = await t.post<Row[]>(`/DataRepository/fetch/${name}`, { Take: 1, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

describe('demo sales', () => {
  it('has 30 days of sales on two paired terminals, one online and one not', async () => {
    const sales = await fetch('sale', { Take: 5000 });
    expect(sales.totalCount).toBeGreaterThan(200);
    const rows = sales.data;
    const days = new Set(rows.map((s) => String(s.at).slice(0, 10)));
    expect(days.size).toBeGreaterThanOrEqual(29);
    expect(new Set(rows.map((s) => s.terminal)).size).toBe(2);
    expect(new Set(rows.map((s) => s.outlet)).size).toBe(2);
    expect(rows.some((s) => Number(s.total) < 0)).toBe(true);
    const paired = (await t.server.app.ctx.db
      .selectFrom('terminal_token' as never)
      .selectAll()
      .execute()) as Row[];
    expect(paired).toHaveLength(2);
    const terminals = (await fetch('pointofsale', { Take: 100 })).data.filter((p) =>
      paired.some((k) => k.terminal_id === p.id),
    );
    expect(terminals.map((p) => p.appVersion).sort()).toEqual(['3.1.4', '3.2.0']);
  });

  it('moved stock and earned points through the sales', async () => {
    expect(
      (await fetch('stockmovement', { filters: [{ ColumnName: 'kind', ColumnValue: 'sale', Operator: 'EQ' }] }))
        .totalCount,
    ).toBeGreaterThan(200);
    expect(
      (await fetch('pointsledger', { filters: [{ ColumnName: 'reason', ColumnValue: 'Sale', Operator: 'EQ' }] }))
        .totalCount,
    ).toBeGreaterThan(20);
  });
});
