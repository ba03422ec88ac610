import { findEntity, type SheetJob } from '@backroom/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anyDb } from '../../src/data/store';
import { claimNext, jobById, newLease } from '../../src/jobs/queue';
import { runJob } from '../../src/jobs/runner';
import { useCatalogue } from '../domain/support/catalogue';
import { startSignedIn, type SignedInServer } from '../support/harness';
import { insertedOnce, legacyOf, storedAndAudited, submit, waitFor } from './support';

const c = useCatalogue();
const ROWS = 10_000;
const HEADER = 'SKU,Name,Category,Unit of measure,Selling price';
const csv = (prefix: string, rows = ROWS) =>
  Buffer.from(
    [
      HEADER,
      ...Array.from(
        { length: rows },
        (_, i) => `${prefix}-${String(i).padStart(5, '0')},Atomic ${i},ATOMIC,PCS,${1 + (i % 9)}`,
      ),
    ].join('\n'),
  );
const postgres = () => c.server.app.ctx.dialect === 'postgres';

const statusOf = async (jobId: number) => {
  const response = await fetch(`${legacyOf(c)}/DataExporter/status/${jobId}`, {
    headers: { authorization: `Bearer ${c.tokens.admin}` },
  });
  return ((await response.json()) as { data: SheetJob }).data;
};
/** Polls the job's status until `ready`; answers that status. */
async function until(jobId: number, ready: (status: SheetJob) => boolean): Promise<SheetJob> {
  for (let i = 0; i < 2000; i++) {
    const status = await statusOf(jobId);
    if (ready(status)) return status;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`job ${jobId} never got there`);
}
const stored = async (prefix: string) => (await storedAndAudited(c, `${prefix}-`)).stored;

/** The job's try is gone (as after kill -9): its lease is over, and the other server takes the job and runs it. */
async function takenOver(jobId: number) {
  await anyDb(c.server.app.ctx)
    .updateTable('job')
    .set({ status: 'running', lease_holder: 'gone:1:dead', lease_until: new Date(0).toISOString() })
    .where('id', '=', jobId)
    .execute();
  const lease = newLease(60_000);
  // The run that lost the job may still be writing its progress to the job's row: a claim skips a
  // row another write holds for that moment (FOR UPDATE SKIP LOCKED), and a server's worker would
  // take the job on its next round, as this does.
  let claimed = await claimNext(other.server.app.ctx, lease);
  for (let round = 0; !claimed && round < 100; round++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    claimed = await claimNext(other.server.app.ctx, lease);
  }
  expect(claimed?.id).toBe(jobId);
  return runJob(other.server.app, other.server.app.log, claimed!, lease);
}

let other: SignedInServer;
beforeAll(async () => {
  await c.builder.insert(findEntity('category')!, { code: 'ATOMIC', name: 'Atomic goods' });
  const { databaseUrl, dataDir } = c.server.app.ctx.config;
  other = await startSignedIn({ config: { databaseUrl, dataDir } });
});
afterAll(async () => {
  await other?.close();
});

describe('an import commits in one transaction', () => {
  it('shows none of its rows until all are written, and a write sent during its commit is stored', async () => {
    const jobId = (await submit(c, csv('AT'), 'product', 'commit', { name: 'atomic.csv' })).body.data!.jobId;
    // 50 %: every row checked, the commit's transaction begins. On PostgreSQL the percent moves on
    // inside it; on SQLite it is not written there (the transaction holds the one connection, and
    // this status call waits for it).
    const mid = await until(jobId, (s) => s.progress > (postgres() ? 50 : 49) || s.status !== 'running');
    const started = performance.now();
    const written = await c.post('/DataRepository/Insert/department', {
      code: 'MIDATOMIC',
      name: 'Written mid-import',
    });
    const waited = Math.round(performance.now() - started);
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    // The status never counts rows that are not stored: it says committed (with every row) once the commit is.
    const now = await statusOf(jobId);
    const seen = await stored('AT');
    expect([0, ROWS], `the write waited ${waited} ms`).toContain(seen);
    if (now.committed) expect(seen).toBe(ROWS);
    else expect(now).toMatchObject({ inserted: 0, processed: 0 });
    if (postgres()) {
      // MVCC: the write did not wait for the import, and the import's rows are not seen before its commit.
      expect(mid).toMatchObject({ status: 'running', committed: false, inserted: 0 });
      expect(now, `the write waited ${waited} ms`).toMatchObject({ status: 'running', committed: false });
      expect(seen).toBe(0);
    }
    const done = await waitFor(c, jobId);
    expect(done).toMatchObject(insertedOnce(ROWS));
    expect(await stored('AT')).toBe(ROWS);
  });

  // On SQLite no other run can take the job over while the commit runs: that takes the write lock the commit holds.
  it.runIf(process.env.TEST_DATABASE === 'postgres')(
    'rolls back the commit of a run that lost the job mid-commit; the run that took it over writes every row, once',
    async () => {
      const jobId = (await submit(c, csv('AR'), 'product', 'commit', { name: 'retaken.csv' })).body.data!.jobId;
      const mid = await until(jobId, (s) => s.progress > 50 || s.status !== 'running');
      expect(mid.status).toBe('running');
      const finished = await takenOver(jobId);
      expect(finished.status).toBe('done');
      expect(await statusOf(jobId)).toMatchObject(insertedOnce(ROWS));
      expect(Number((await jobById(anyDb(c.server.app.ctx), jobId)).attempts)).toBe(2);
      expect(await storedAndAudited(c, 'AR-')).toEqual({ stored: ROWS, audited: ROWS });
    },
  );

  it('reports the commit of a try lost before the job ended (its record, written with the rows), not the rows again as unchanged', async () => {
    const rows = 1_500;
    const jobId = (await submit(c, csv('AK', rows), 'product', 'commit', { name: 'kept.csv' })).body.data!.jobId;
    expect(await waitFor(c, jobId)).toMatchObject({ status: 'succeeded', committed: true, inserted: rows });
    // As a try killed after its commit, before it ended the job, leaves it: running, its record the result.
    const finished = await takenOver(jobId);
    expect(finished.status).toBe('done');
    expect(await statusOf(jobId)).toMatchObject(insertedOnce(rows));
    expect(await storedAndAudited(c, 'AK-')).toEqual({ stored: rows, audited: rows });
  });
});
