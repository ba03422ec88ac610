import type { SimulateSalesResult } from '@backroom/schema';
import { describe, expect, it } from 'vitest';
import { useTestServer, type Row } from '../support/harness';
import { addItem } from './shop';

const t = useTestServer({ config: { demoCatalogue: true }, users: ['admin'] });
const simulate = (body: Row) => addItem<SimulateSalesResult>(t, body);
/** The last Wednesday, 15:30 in Kuala Lumpur: happy hour (the demo's dates are relative to today). */
const AT = (() => {
  const day = new Date();
  while (day.getUTCDay() !== 3) day.setUTCDate(day.getUTCDate() - 1);
  return `${day.toISOString().slice(0, 10)}T07:30:00.000Z`;
})();

describe('the simulator on the demo chain', () => {
  it('shows promotions firing and explains the others', async () => {
    const res = await simulate({
      outlet: 'BGR',
      at: AT,
      lines: [{ code: 'PST-002', quantity: 3 }, { code: 'COF-LAT-REG' }],
      item: { code: 'CKS-001' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const r = res.body.data;
    expect(r.adjustments.map((a) => a.code)).toEqual(['HAPPY-HOUR', 'PASTRY-B2G1']);
    // Happy hour holds the coffee, so the half-price cake that needs it as its bought item says so.
    expect(r.considered.find((c) => c.code === 'COFFEE-CAKE')).toMatchObject({
      fired: false,
      reason: 'lostToPriority',
      lostTo: { code: 'HAPPY-HOUR' },
    });
    expect(r.considered.find((c) => c.code === 'CAKE-WEEKEND')).toMatchObject({ fired: false, reason: 'wrongDay' });
    expect(r.considered.find((c) => c.code === 'MERCH-PENANG')).toMatchObject({
      fired: false,
      reason: 'outletNotIncluded',
    });
    expect(r.considered.find((c) => c.code === 'BREAKFAST-OLD')).toMatchObject({ fired: false, reason: 'ended' });
    expect(r.considered.find((c) => c.code === 'STAFF20')).toMatchObject({ fired: false, reason: 'notChosen' });
    expect(r.tax.length).toBeGreaterThan(0);
    expect(['0', '5']).toContain(r.total.slice(-1));
  });

  it('prices a member, a generated voucher code and dine-in service', async () => {
    const [festive] = (
      await t.post<Row[]>('/DataRepository/fetch/voucher', {
        filters: [{ ColumnName: 'code', ColumnValue: 'FESTIVE10', Operator: 'EQ' }],
      })
    ).body.data;
    const [code] = (
      await t.post<Row[]>('/DataRepository/fetch/vouchercode', {
        Take: 1,
        filters: [{ ColumnName: 'voucher', ColumnValue: festive!.id, Operator: 'EQ' }],
      })
    ).body.data;
    const res = await simulate({
      outlet: 'BGR',
      channel: 'dineIn',
      member: 'M100005',
      voucherCodes: [String(code!.code)],
      item: { code: 'COF-LAT-REG', quantity: 2 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const r = res.body.data;
    expect(r.member).toMatchObject({ memberNo: 'M100005', group: 'PLATINUM' });
    expect(r.considered.find((c) => c.kind === 'voucher')).toMatchObject({ fired: true, code: 'FESTIVE10' });
    expect(r.surcharges.map((s) => s.code)).toEqual(['SERVICE10']);
    expect(Number(r.pointsEarned)).toBeGreaterThan(0);
  });
});
