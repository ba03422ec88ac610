import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { startChildServer, statusOn, submitTo, type ChildServer } from './child-server';
import { insertedOnce } from './support';

// Server processes of their own, killed from outside: run on SQLite (one-transaction.test.ts takes a lease over, mid-commit on PostgreSQL).
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

/** The database file of the servers, opened by the test itself: it never waits for the writer (busy timeout 0). */
const opened = (dataDir: string) => new BetterSqlite3(join(dataDir, 'backroom.db'), { timeout: 0 });

/**
 * Waits until the import's commit is under way: every row checked (progress 50), its transaction
 * holding the database's writer (a probe of the write lock is refused), and no record of its commit
 * on the job yet.
 */
async function midCommit(dataDir: string, jobId: number) {
  const db = opened(dataDir);
  try {
    for (let i = 0; i < 20_000; i++) {
      const job = db.prepare('SELECT status, progress, result FROM job WHERE id = ?').get(jobId) as
        { status: string; progress: number; result: string | null } | undefined;
      expect(job?.result ?? null).toBeNull();
      if (job?.status === 'running' && job.progress >= 50)
        try {
          db.exec('BEGIN IMMEDIATE');
          db.exec('ROLLBACK');
        } catch (error) {
          if ((error as { code?: string }).code === 'SQLITE_BUSY') return;
          throw error;
        }
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    throw new Error(`job ${jobId}'s commit was never seen under way`);
  } finally {
    db.close();
  }
}

/** The products of the sheet stored now, read from the file. */
function storedNow(dataDir: string) {
  const db = opened(dataDir);
  try {
    return (db.prepare("SELECT count(*) AS n FROM product WHERE code LIKE 'KR-%'").get() as { n: number }).n;
  } finally {
    db.close();
  }
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
    'leaves none of its rows; another server takes the job over, writes every row and reports each once',
    { timeout: 240_000 },
    async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'backroom-import-crash-'));
      let first: ChildServer | undefined;
      let second: ChildServer | undefined;
      try {
        first = await startChildServer(dataDir, QUICK);
        await addCategory(first);
        const jobId = await submitTo(first, csv, 'product', 'commit', 'killed.csv');
        await midCommit(dataDir, jobId);
        first.process.kill('SIGKILL');
        await first.exited;
        // The killed commit's rows were never committed: SQLite drops them from the log on the next open.
        expect(storedNow(dataDir)).toBe(0);

        second = await startChildServer(dataDir, QUICK);
        const done = await finished(second, jobId, 1200);
        expect(done).toMatchObject(insertedOnce(ROWS));
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
    'rolls its commit back, is handed back at once, its try not spent, and the next server writes every row once',
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
        await midCommit(dataDir, jobId);
        first.process.kill('SIGTERM');
        const [code] = (await first.exited) as [number | null];
        expect(code).toBe(0);
        expect(storedNow(dataDir)).toBe(0);

        const row = () => {
          const db = opened(dataDir);
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
        expect(done).toMatchObject(insertedOnce(ROWS));
        await stopAll(second);
        expect(row()).toMatchObject({ status: 'done', attempts: 1 });
      } finally {
        await stopAll(first, second);
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  );
});
