import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { startChildServer, statusOn, submitTo, type ChildServer } from './child-server';

// Server processes of their own, killed from outside: run on SQLite (the accounting is the same on both; slices.test.ts takes a lease over on both).
const database = process.env.TEST_DATABASE ?? 'sqlite';
const ROWS = 12_000;
const csv = Buffer.from(
  [
    'SKU,Name,Category,Unit of measure,Selling price',
    ...Array.from({ length: ROWS }, (_, i) => `KR-${String(i).padStart(5, '0')},Killed ${i},KILLED,PCS,${1 + (i % 9)}`),
  ].join('\n'),
);
/** Short leases, and a worker that looks for jobs often: the second server takes the job over within seconds. */
const QUICK = { JOB_LEASE_MS: '2000', JOB_WORKER: '1', JOB_POLL_MS: '300' };

/** Waits until the import has written some rows but not all; answers the status seen then. */
async function midCommit(server: ChildServer, jobId: number) {
  let mid = await statusOn(server, jobId);
  while (mid.status === 'running' && mid.inserted === 0) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    mid = await statusOn(server, jobId);
  }
  expect(mid.status).toBe('running');
  expect(mid.inserted).toBeLessThan(ROWS);
  return mid;
}

async function finished(server: ChildServer, jobId: number, tenthsOfSeconds: number) {
  let done = await statusOn(server, jobId);
  for (let i = 0; i < tenthsOfSeconds && ['queued', 'running'].includes(done.status); i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    done = await statusOn(server, jobId);
  }
  return done;
}

async function addCategory(server: ChildServer) {
  const category = await fetch(`${server.base}/core/api/DataRepository/Insert/category`, {
    method: 'POST',
    headers: { ...server.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ code: 'KILLED', name: 'Killed goods' }),
  });
  expect(category.status).toBe(200);
}

async function stopAll(...servers: (ChildServer | undefined)[]) {
  for (const server of servers)
    if (server && server.process.exitCode === null && server.process.signalCode === null) {
      server.process.kill('SIGTERM');
      await server.exited;
    }
}

describe.runIf(database === 'sqlite')('an import whose server is killed mid-commit (kill -9)', () => {
  it(
    'is resumed by another server from its last slice, and reports each row written exactly once',
    { timeout: 240_000 },
    async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'backroom-import-crash-'));
      let first: ChildServer | undefined;
      let second: ChildServer | undefined;
      try {
        first = await startChildServer(dataDir, QUICK);
        await addCategory(first);
        const jobId = await submitTo(first, csv, 'product', 'commit', 'killed.csv');
        await midCommit(first, jobId);
        first.process.kill('SIGKILL');
        await first.exited;

        second = await startChildServer(dataDir, QUICK);
        const done = await finished(second, jobId, 1200);
        // Without checkpoints the second try counted the first try's rows as unchanged.
        expect(done).toMatchObject({
          status: 'succeeded',
          committed: true,
          inserted: ROWS,
          updated: 0,
          unchanged: 0,
          errorCount: 0,
        });
        const again = await statusOn(second, jobId);
        expect(again.inserted).toBe(ROWS);
        const stored = await fetch(`${second.base}/core/api/DataRepository/fetch/product`, {
          method: 'POST',
          headers: { ...second.headers, 'content-type': 'application/json' },
          body: JSON.stringify({
            Take: 5,
            filters: [{ ColumnName: 'code', ColumnValue: `KR-${ROWS - 1}`, Operator: 'EQ' }],
          }),
        });
        expect(((await stored.json()) as { data: unknown[] }).data).toHaveLength(1);
      } finally {
        await stopAll(first, second);
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  );
});

describe.runIf(database === 'sqlite')('an import whose server is stopped mid-commit (SIGTERM)', () => {
  it(
    'is handed back at once, its try not spent, and the next server finishes it counting each row once',
    { timeout: 240_000 },
    async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'backroom-import-sigterm-'));
      // A lease far longer than the test: only a job handed back is taken up by the second server in time.
      const LONG_LEASE = { JOB_LEASE_MS: '600000', JOB_WORKER: '1', JOB_POLL_MS: '300', SHUTDOWN_GRACE_MS: '0' };
      let first: ChildServer | undefined;
      let second: ChildServer | undefined;
      try {
        first = await startChildServer(dataDir, LONG_LEASE);
        await addCategory(first);
        const jobId = await submitTo(first, csv, 'product', 'commit', 'stopped.csv');
        await midCommit(first, jobId);
        first.process.kill('SIGTERM');
        const [code] = (await first.exited) as [number | null];
        expect(code).toBe(0);

        const row = () => {
          const db = new BetterSqlite3(join(dataDir, 'backroom.db'), { readonly: true });
          try {
            return db.prepare('SELECT status, attempts, lease_until FROM job WHERE id = ?').get(jobId) as {
              status: string;
              attempts: number;
              lease_until: string | null;
            };
          } finally {
            db.close();
          }
        };
        expect(row()).toMatchObject({ status: 'queued', attempts: 0, lease_until: null });

        second = await startChildServer(dataDir, LONG_LEASE);
        const done = await finished(second, jobId, 1200);
        expect(done).toMatchObject({
          status: 'succeeded',
          committed: true,
          inserted: ROWS,
          updated: 0,
          unchanged: 0,
          errorCount: 0,
        });
        await stopAll(second);
        expect(row()).toMatchObject({ status: 'done', attempts: 1 });
      } finally {
        await stopAll(first, second);
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  );
});
