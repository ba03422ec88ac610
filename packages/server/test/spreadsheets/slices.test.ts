import { findEntity, type SheetJob } from '@backroom/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anyDb } from '../../src/data/store';
import { SLICE_ROWS } from '../../src/modules/spreadsheets/import';
import { claimNext, jobById, newLease } from '../../src/jobs/queue';
import { runJob } from '../../src/jobs/runner';
import { useCatalogue } from '../domain/support/catalogue';
import { startSignedIn, type SignedInServer } from '../support/harness';
import { legacyOf, submit, waitFor } from './support';

const c = useCatalogue();
const ROWS = 10_000;
const HEADER = 'SKU,Name,Category,Unit of measure,Selling price';
const csv = (prefix: string) =>
  Buffer.from(
    [
      HEADER,
      ...Array.from(
        { length: ROWS },
        (_, i) => `${prefix}-${String(i).padStart(5, '0')},Sliced ${i},SLICED,PCS,${1 + (i % 9)}`,
      ),
    ].join('\n'),
  );

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
const stored = async (prefix: string) =>
  Number(
    (
      await anyDb(c.server.app.ctx)
        .selectFrom('product')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('code', 'like', `${prefix}-%`)
        .executeTakeFirstOrThrow()
    ).n,
  );

let other: SignedInServer;
beforeAll(async () => {
  await c.builder.insert(findEntity('category')!, { code: 'SLICED', name: 'Sliced goods' });
  const { databaseUrl, dataDir } = c.server.app.ctx.config;
  other = await startSignedIn({ config: { databaseUrl, dataDir } });
});
afterAll(async () => {
  await other?.close();
});

describe('an import commits in slices', () => {
  it('lets another write through mid-commit, and shows the rows written so far', async () => {
    const jobId = (await submit(c, csv('SL'), 'product', 'commit', { name: 'sliced.csv' })).body.data!.jobId;
    const mid = await until(jobId, (s) => s.inserted > 0 || s.status !== 'running');
    expect(mid).toMatchObject({ status: 'running', committed: false });
    expect(mid.inserted % SLICE_ROWS).toBe(0);
    expect(mid.inserted).toBeLessThan(ROWS);
    // A till's or a clerk's write while the import holds slices to go: it waits for one slice at most.
    const started = performance.now();
    const written = await c.post('/DataRepository/Insert/department', {
      code: 'MIDIMPORT',
      name: 'Written mid-import',
    });
    const waited = performance.now() - started;
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    expect((await statusOf(jobId)).status, `the write waited ${Math.round(waited)} ms`).toBe('running');
    const done = await waitFor(c, jobId);
    expect(done).toMatchObject({
      status: 'succeeded',
      committed: true,
      inserted: ROWS,
      updated: 0,
      unchanged: 0,
      errorCount: 0,
    });
    expect(await stored('SL')).toBe(ROWS);
  });

  it('resumes after the slices its lost try committed, counting every row once whichever try wrote it', async () => {
    const jobId = (await submit(c, csv('SR'), 'product', 'commit', { name: 'resumed.csv' })).body.data!.jobId;
    const mid = await until(jobId, (s) => s.inserted > 0 || s.status !== 'running');
    expect(mid.status).toBe('running');
    // The first try's process is gone (as after kill -9): its lease is taken over at once.
    const db = anyDb(c.server.app.ctx);
    await db
      .updateTable('job')
      .set({ lease_holder: 'gone:1:dead', lease_until: new Date(0).toISOString() })
      .where('id', '=', jobId)
      .execute();
    const lease = newLease(60_000);
    const claimed = await claimNext(other.server.app.ctx, lease);
    expect(claimed?.id).toBe(jobId);
    const finished = await runJob(other.server.app, other.server.app.log, claimed!, lease);
    expect(finished.status).toBe('done');
    const done = await statusOf(jobId);
    expect(done).toMatchObject({
      status: 'succeeded',
      committed: true,
      inserted: ROWS,
      updated: 0,
      unchanged: 0,
      errorCount: 0,
    });
    expect(Number((await jobById(db, jobId)).attempts)).toBe(2);
    expect(await stored('SR')).toBe(ROWS);
    // Each row's insert audited once, whichever try wrote it.
    const audits = await db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('entity', '=', 'product')
      .where('action', '=', 'insert')
      .where('row_id', 'in', db.selectFrom('product').select('id').where('code', 'like', 'SR-%'))
      .executeTakeFirstOrThrow();
    expect(Number(audits.n)).toBe(ROWS);
  });
});
