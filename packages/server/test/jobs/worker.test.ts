import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anyDb } from '../../src/data/store';
import { workerSettings } from '../../src/jobs/worker';
import { startCatalogue, type Catalogue } from '../domain/support/catalogue';
import { dayFromToday, rowById, scheduleFuturePrice } from './support';

describe('worker settings', () => {
  it('are off under test, on otherwise, and read the poll and schedule periods', () => {
    expect(workerSettings({ NODE_ENV: 'test' })).toEqual({
      enabled: false,
      pollMs: 5000,
      scheduleMs: null,
      leaseMs: 60_000,
    });
    expect(workerSettings({ NODE_ENV: 'production' }).enabled).toBe(true);
    expect(workerSettings({ NODE_ENV: 'test', JOB_WORKER: '1', JOB_POLL_MS: '50', JOB_SCHEDULE_MS: '200' })).toEqual({
      enabled: true,
      pollMs: 50,
      scheduleMs: 200,
      leaseMs: 60_000,
    });
    expect(() => workerSettings({ JOB_POLL_MS: 'soon' })).toThrow(/JOB_POLL_MS/);
  });
});

describe('the worker loop', () => {
  let c: Catalogue;
  beforeAll(async () => {
    process.env.JOB_WORKER = '1';
    process.env.JOB_POLL_MS = '50';
    process.env.JOB_SCHEDULE_MS = '200';
    try {
      c = await startCatalogue();
    } finally {
      delete process.env.JOB_WORKER;
      delete process.env.JOB_POLL_MS;
      delete process.env.JOB_SCHEDULE_MS;
    }
  });
  afterAll(async () => {
    await c?.close();
  });

  it('applies a due future price by itself', async () => {
    const product = await c.newProduct({ sellingPrice: '10.00' });
    const row = await scheduleFuturePrice(c, {
      product: product.id,
      newPrice: '11.00',
      effectiveDate: dayFromToday(0),
    });
    await expect
      .poll(async () => (await rowById(c, 'futureproductprice', row.id)).status, { timeout: 10_000, interval: 100 })
      .toBe('applied');
    expect((await rowById(c, 'Product', product.id)).sellingPrice).toBe('11.00');
    const runs = await anyDb(c.server.app.ctx)
      .selectFrom('job')
      .select(['status'])
      .where('kind', '=', 'applyFuturePrices')
      .execute();
    expect(runs.filter((r) => r.status === 'done').length).toBeGreaterThan(1);
  });
});
