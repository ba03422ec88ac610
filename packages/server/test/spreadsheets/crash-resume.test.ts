import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startChildServer, statusOn, submitTo, type ChildServer } from './child-server';

// Server processes of their own, killed from outside: run on SQLite (the accounting is the same on both; slices.test.ts takes a lease over on both).
const database = process.env.TEST_DATABASE ?? 'sqlite';
const ROWS = 12_000;
const csv = Buffer.from(['SKU,Name,Category,Unit of measure,Selling price', ...Array.from({ length: ROWS }, (_, i) => `KR-${String(i).padStart(5, '0')},Killed ${i},KILLED,PCS,${1 + (i % 9)}`)].join('\n'));
/** Short leases, and a worker that looks for jobs often: the second server takes the job over within seconds. */
const QUICK = { JOB_LEASE_MS: '2000', JOB_WORKER: '1', JOB_POLL_MS: '300' };

describe.runIf(database === 'sqlite')('an import whose server is killed mid-commit (kill -9)', () => {
  it('is resumed by another server from its last slice, and reports each row written exactly once', { timeout: 240_000 }, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'backroom-import-crash-'));
    let first: ChildServer | undefined;
    let second: ChildServer | undefined;
    try {
      first = await startChildServer(dataDir, QUICK);
      const category = await fetch(`${first.base}/core/api/DataRepository/Insert/category`, {
        method: 'POST',
        headers: { ...first.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ code: 'KILLED', name: 'Killed goods' }),
      });
      expect(category.status).toBe(200);
      const jobId = await submitTo(first, csv, 'product', 'commit', 'killed.csv');
      let mid = await statusOn(first, jobId);
      while (mid.status === 'running' && mid.inserted === 0) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        mid = await statusOn(first, jobId);
      }
      expect(mid.status).toBe('running');
      expect(mid.inserted).toBeLessThan(ROWS);
      first.process.kill('SIGKILL');
      await first.exited;

      second = await startChildServer(dataDir, QUICK);
      let done = await statusOn(second, jobId);
      for (let i = 0; i < 1200 && ['queued', 'running'].includes(done.status); i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        done = await statusOn(second, jobId);
      }
      // Without checkpoints the second try counted the first try's rows as unchanged.
      expect(done).toMatchObject({ status: 'succeeded', committed: true, inserted: ROWS, updated: 0, unchanged: 0, errorCount: 0 });
      const again = await statusOn(second, jobId);
      expect(again.inserted).toBe(ROWS);
      const stored = await fetch(`${second.base}/core/api/DataRepository/fetch/product`, {
        method: 'POST',
        headers: { ...second.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ Take: 5, filters: [{ ColumnName: 'code', ColumnValue: `KR-${ROWS - 1}`, Operator: 'EQ' }] }),
      });
      expect(((await stored.json()) as { data: unknown[] }).data).toHaveLength(1);
    } finally {
      for (const server of [first, second]) if (server && server.process.exitCode === null && server.process.signalCode === null) {
        server.process.kill('SIGTERM');
        await server.exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
