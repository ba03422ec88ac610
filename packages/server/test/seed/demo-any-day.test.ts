import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app';
import { database } from '../support/server';

/**
 * The demo's orders and sales are placed at times counted back from the start, and priced by the
 * demo's promotions, some of them by weekday or hour: a demo start must work whatever the day. At
 * 2026-11-29 17:16 UTC, two days before fell on a Malaysian Saturday, and a weekend price put an
 * order under its outlet's minimum: the start failed ("The minimum order at Petaling Jaya SS2 is 20.00").
 */
describe.runIf(database === 'sqlite')('a demo start', () => {
  let dir = '';
  afterEach(async () => {
    vi.useRealTimers();
    await rm(dir, { recursive: true, force: true });
  });

  it.each(['2026-11-29T17:16:00Z', '2026-11-28T03:00:00Z', '2026-12-01T22:30:00Z'])(
    'seeds the demo catalogue, orders and sales when started at %s',
    async (at) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(at));
      dir = await mkdtemp(join(tmpdir(), 'backroom-demo-day-'));
      const app = await buildApp({
        config: { dataDir: dir, databaseUrl: null, demo: true },
        logger: false,
        jobWorker: false,
      });
      try {
        const orders = await app.ctx.db
          .selectFrom('online_sales_order')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst();
        expect(Number(orders?.n)).toBeGreaterThan(0);
      } finally {
        await app.close();
      }
    },
    60_000,
  );
});
