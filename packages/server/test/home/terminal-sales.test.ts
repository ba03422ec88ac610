import type { HomeSummary } from '@backroom/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer, type Row } from '../support/harness';
import { asTerminal, openTills, pairedTerminal, receiptNo, type TillWorld } from '../terminals/support';

const t = useTestServer({ users: ['admin'] });
let world: TillWorld;
let till: { terminal: Row; token: string };

beforeAll(async () => {
  world = await openTills(t);
  till = await pairedTerminal(t, world.outlet.id);
});

const outletOf = (summary: HomeSummary) => summary.sales!.byOutlet.find((o) => o.outlet === world.outlet.id)!;

describe('Home with sales posted by a terminal', () => {
  it('counts the sale today at its outlet, its products on top, and the terminal online after a heartbeat', async () => {
    const before = (await t.get<HomeSummary>('/home/Summary')).body.data;
    expect(before.terminals!.rows.map((r) => r.id)).toContain(till.terminal.id);

    const sold = await asTerminal(t, till.token, 'POST', '/pointofsale/Sales', {
      receiptNo: receiptNo(),
      at: new Date().toISOString(),
      lines: [
        { productId: world.products.coffee!.id, quantity: 2, unitPrice: '10.00' },
        { productId: world.products.tea!.id, quantity: 1, unitPrice: '6.00' },
      ],
      payments: [{ paymentMode: world.cash.code, amount: '26.00' }],
    });
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    const beat = await asTerminal(t, till.token, 'POST', '/pointofsale/Heartbeat', {
      appVersion: '1.0.0',
      lastSyncAt: new Date().toISOString(),
      unsentTransactions: 0,
    });
    expect(beat.status, JSON.stringify(beat.body)).toBe(200);

    const after = (await t.get<HomeSummary>('/home/Summary')).body.data;
    expect(outletOf(after)).toMatchObject({ todayPos: '26.00', todayReceipts: 1, last30Pos: '26.00' });
    expect(after.topProducts!.slice(0, 2).map((p) => [p.product, p.quantity, p.amount])).toEqual([
      [world.products.coffee!.id, '2.000', '20.00'],
      [world.products.tea!.id, '1.000', '6.00'],
    ]);
    expect(after.terminals!.rows.map((r) => r.id)).not.toContain(till.terminal.id);
    expect(after.terminals!.offline).toBe(before.terminals!.offline - 1);
  });
});
