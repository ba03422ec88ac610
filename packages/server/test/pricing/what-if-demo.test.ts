import type { WhatIfStatus } from '@backroom/schema';
import { describe, expect, it, vi } from 'vitest';
import { useTestServer } from '../support/harness';

// A replay of the demo chain's 30 days takes a while on a busy machine.
vi.setConfig({ testTimeout: 60_000 });
const t = useTestServer({ config: { demoCatalogue: true }, users: ['admin'] });

describe('what-if on the demo chain', () => {
  it('replays 30 days of every outlet’s sales in under 30 seconds', async () => {
    const validFrom = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
    const began = Date.now();
    const res = await t.call<{ jobId: number }>('POST', '/pricing/WhatIf', {
      token: t.tokens.admin,
      body: {
        entity: 'promotion',
        draft: { code: 'DEMO-TRY', name: 'Ten off everything', kind: 'percentOff', value: '10', validFrom, items: [] },
        days: 30,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    let status: WhatIfStatus | undefined;
    const progress: number[] = [];
    while (Date.now() - began < 30_000) {
      status = (await t.call<WhatIfStatus>('GET', `/pricing/WhatIf/${res.body.data.jobId}`, { token: t.tokens.admin }))
        .body.data;
      progress.push(status.progress);
      if (status.status !== 'running' && status.status !== 'queued') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const took = Date.now() - began;
    expect(status?.status, JSON.stringify(status)).toBe('done');
    expect(took).toBeLessThan(30_000);
    const result = status!.result!;
    console.log(
      `what-if over ${result.total.baskets} demo sales: ${result.tookMs} ms in the job, ${took} ms asked to answered`,
    );
    expect(result.total.baskets).toBeGreaterThan(200);
    expect(result.days.length).toBeGreaterThanOrEqual(29);
    // Ten percent off every product changes every basket a promotion of the demo's own does not hold.
    expect(result.total.basketsAffected).toBeGreaterThan(result.total.baskets / 2);
    expect(Number(result.total.discountGiven)).toBeGreaterThan(0);
    expect(Number(result.total.marginGivenUp)).toBeGreaterThan(0);
    expect(result.topProducts.length).toBe(10);
    expect(progress.every((p, i) => i === 0 || p >= progress[i - 1]!)).toBe(true);
  });

  it('finds the happy hour’s afternoon coffees on every weekday of the demo’s sales, whatever the day it was seeded', async () => {
    const happy = await t.call<{ id: number }[]>('POST', '/DataRepository/fetch/promotion', {
      token: t.tokens.admin,
      body: { filters: [{ ColumnName: 'code', ColumnValue: 'HAPPY-HOUR', Operator: 'EQ' }] },
    });
    const res = await t.call<{ jobId: number }>('POST', '/pricing/WhatIf', {
      token: t.tokens.admin,
      body: { entity: 'promotion', id: happy.body.data[0]!.id, days: 30 },
    });
    let status: WhatIfStatus | undefined;
    for (let i = 0; i < 300 && status?.status !== 'done'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      status = (await t.call<WhatIfStatus>('GET', `/pricing/WhatIf/${res.body.data.jobId}`, { token: t.tokens.admin }))
        .body.data;
    }
    // Every weekday before today: each of the two tills rang up a coffee at 16:00 local.
    const weekdays = Array.from({ length: 29 }, (_, i) => new Date(Date.now() - (i + 1) * 86_400_000)).filter(
      (day) => day.getUTCDay() % 6 !== 0,
    ).length;
    expect(status?.result?.total.basketsAffected).toBeGreaterThanOrEqual(2 * weekdays);
  });
});
