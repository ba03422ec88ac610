import {
  ONLINE_ORDER_STATUSES,
  screens,
  type CommissionRow,
  type MenuGroupDto,
  type TerminalStatusAnswer,
  type TopMenuEntry,
} from '@backroom/schema';
import { describe, expect, it, vi } from 'vitest';
import { beatDemoTerminals } from '../../src/modules/terminals/demo-heartbeat';
import { useTestServer, type Row } from '../support/harness';
import { startTestServer } from '../support/server';

// The demo catalogue, its sales, orders and purchases take a while to seed on a busy machine.
vi.setConfig({ hookTimeout: 240_000, testTimeout: 120_000 });
const t = useTestServer({ config: { demoCatalogue: true }, users: ['admin'] });

async function fetchRows(name: string, body: Row = {}) {
  const res = await t.post<Row[]>(`/DataRepository/fetch/${name}`, { Take: 500, ...body });
  expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
}

const menuOf = async () => (await t.get<MenuGroupDto[]>('/AppModule/GetMenu/1')).body.data;
const statuses = async () => (await t.get<TerminalStatusAnswer>('/pointofsale/Status')).body.data;
const demoTerminals = (answer: TerminalStatusAnswer) => answer.terminals.filter((s) => s.paired);

describe('the demo chain on a fresh database', () => {
  it('has rows on every list screen of the menu', async () => {
    const byRoute = new Map(screens.map((s) => [s.route, s]));
    const lists = (await menuOf())
      .flatMap((g) => g.items)
      .flatMap((i) => byRoute.get(i.route) ?? [])
      .filter((s) => s.kind === 'entity' || s.kind === 'list');
    expect(lists.length).toBeGreaterThanOrEqual(50);
    const empty: string[] = [];
    for (const screen of lists) if (!(await fetchRows(screen.name, { Take: 1 })).totalCount) empty.push(screen.name);
    expect(empty).toEqual([]);
    // The single screens holding a row of their own are filled in too.
    for (const single of ['company', 'posterminalsettings', 'layoutsetup', 'membershipintegrationsettings'])
      expect((await fetchRows(single, { Take: 1 })).totalCount, single).toBeGreaterThan(0);
    // The till layouts: every outlet's, and one outlet's own.
    expect((await fetchRows('layoutsetup')).data.map((l) => l.outlet === null)).toEqual(
      expect.arrayContaining([true, false]),
    );
  });

  it('has online orders in every status from the storefront, whose completed orders took their goods', async () => {
    const orders = (await fetchRows('onlinesalesorder')).data;
    expect(new Set(orders.map((o) => o.status))).toEqual(new Set(ONLINE_ORDER_STATUSES));
    expect(orders.every((o) => /^ON-\d{4}-\d{6}$/.test(String(o.orderNo)))).toBe(true);
    // Priced by the engine with the outlet's delivery fee (6.00 at Bangsar).
    const delivered = orders.filter((o) => o.fulfilment === 'delivery' && Number(o.fees) > 0);
    expect(delivered.length).toBeGreaterThan(0);
    for (const o of delivered) expect(Number(o.fees), String(o.orderNo)).toBeLessThan(20);
    expect(orders.filter((o) => o.status === 'cancelled').every((o) => o.cancelReason !== null)).toBe(true);
    const completed = new Set(orders.filter((o) => o.status === 'completed').map((o) => o.orderNo));
    const taken = (
      await fetchRows('stockmovement', {
        filters: [{ ColumnName: 'kind', ColumnValue: 'onlineOrder', Operator: 'EQ' }],
      })
    ).data;
    expect(taken.length).toBeGreaterThan(0);
    expect(taken.every((m) => completed.has(m.reference) && Number(m.quantity) < 0)).toBe(true);
    // The storefront's menu is published.
    const menu = await fetch(`${t.origin}${t.server.app.ctx.config.basePath}/core/public/menu/WEB.json`);
    expect(menu.status).toBe(200);
    const body = (await menu.json()) as { sections: unknown[] };
    expect(body.sections.length).toBeGreaterThan(0);
  });

  it('has purchase orders in every status, with receipts that moved stock', async () => {
    const orders = (await fetchRows('purchaseorder')).data;
    expect(new Set(orders.map((o) => o.status))).toEqual(
      new Set(['draft', 'sent', 'partiallyReceived', 'received', 'closed', 'cancelled']),
    );
    const receipts = (await fetchRows('goodsreceipt')).data;
    expect(receipts.length).toBeGreaterThanOrEqual(3);
    const bought = (
      await fetchRows('stockmovement', { filters: [{ ColumnName: 'kind', ColumnValue: 'purchase', Operator: 'EQ' }] })
    ).data;
    expect(new Set(bought.map((m) => m.reference))).toEqual(new Set(receipts.map((r) => r.docNo)));
    const counts = (await fetchRows('stockcount')).data;
    expect(new Set(counts.map((c) => c.status))).toEqual(new Set(['open', 'posted']));
  });

  it('answers the commission report with rows for the demo cashiers', async () => {
    const to = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const res = await t.post<CommissionRow[]>('/DataRepository/procedure/commission', { from, to });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(0);
    expect(new Set(res.body.data.map((r) => r.userName))).toEqual(new Set(['cashier', 'manager']));
    expect(res.body.data.some((r) => Number(r.commission) > 0)).toBe(true);
  });

  it('labels some sidebar items in colour, and links the top menu to screens of the menu', async () => {
    const items = (await menuOf()).flatMap((g) => g.items);
    const labelled = items.filter((i) => i.label !== null);
    expect(labelled.length).toBeGreaterThanOrEqual(3);
    for (const i of labelled)
      expect(i.label).toEqual({ value: expect.any(String), color: expect.stringMatching(/^#[0-9a-f]{6}$/) });
    const top = (await t.get<TopMenuEntry[]>('/AppModule/GetTopMenu')).body.data;
    expect(top.length).toBeGreaterThanOrEqual(2);
    const routes = new Set(items.map((i) => `/${i.route}`));
    for (const link of top) {
      expect(link.menuText.trim()).not.toBe('');
      expect(routes, link.route).toContain(link.route);
    }
  });
});

describe('the demo terminals', () => {
  const quiet = async () =>
    t.server.app.ctx.db
      .updateTable('point_of_sale')
      .set({ last_seen_at: new Date(Date.now() - 3_600_000).toISOString() })
      .execute();
  /** Whether each of the two demo terminals reads online. */
  const onlineFlags = async () => demoTerminals(await statuses()).map((s) => s.online);

  it('report in through the heartbeat path', async () => {
    expect(t.server.app.ctx.config.demoHeartbeatSeconds).toBe(0);
    await quiet();
    expect(await onlineFlags()).toEqual([false, false]);
    expect(await beatDemoTerminals(t.server.app.ctx.db)).toBe(2);
    const paired = demoTerminals(await statuses());
    expect(paired).toHaveLength(2);
    expect(paired.every((s) => s.online)).toBe(true);
  });

  it('keep reporting in while a demo server runs, and stop when it closes', async () => {
    await quiet();
    const { config } = t.server.app.ctx;
    const second = await startTestServer({
      config: {
        demoCatalogue: true,
        demoHeartbeatSeconds: 1,
        dataDir: config.dataDir,
        ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}),
      },
    });
    try {
      // One beat when the server is ready…
      expect(await onlineFlags()).toEqual([true, true]);
      await quiet();
      // … and the next within a second or so.
      await vi.waitFor(async () => expect(await onlineFlags()).toEqual([true, true]), {
        timeout: 10_000,
        interval: 200,
      });
    } finally {
      await second.close();
    }
    await quiet();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await onlineFlags()).toEqual([false, false]);
  });
});
