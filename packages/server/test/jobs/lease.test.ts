import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anyDb } from '../../src/data/store';
import type { JobKind, JobRun } from '../../src/jobs/kinds';
import {
  ABANDONED,
  claimNext,
  finishJob,
  insertJob,
  jobById,
  newLease,
  renewLease,
  type Lease,
} from '../../src/jobs/queue';
import { runJob } from '../../src/jobs/runner';
import { useTestServer } from '../support/harness';

const t = useTestServer({ users: ['admin'] });

/** Test kinds: `echo` answers its payload, `boom` throws, `gate` waits until the test opens it. */
let openGate: () => void = () => {};
const TEST_KINDS = {
  testEcho: { run: async ({ payload }: JobRun) => payload },
  testBoom: {
    run: async () => {
      throw new Error('boom');
    },
  },
  testGate: {
    run: async ({ progress, payload }: JobRun) => {
      await progress(10);
      await new Promise<void>((resolve) => (openGate = resolve));
      if ((payload as { reportAfter?: boolean } | null)?.reportAfter) await progress(50);
      return 'A';
    },
  },
} satisfies Record<string, Omit<JobKind, 'privilege'>>;

/** The app's job kinds, which the test extends with its own. */
const jobKinds = () => t.server.app.jobKinds as Record<string, JobKind>;
beforeAll(() => {
  for (const [name, kind] of Object.entries(TEST_KINDS))
    jobKinds()[name] = { privilege: { screen: 'company', action: 'edit' }, ...kind };
});
afterAll(() => {
  for (const name of Object.keys(TEST_KINDS)) delete jobKinds()[name];
});

const ctx = () => t.server.app.ctx;
const db = () => anyDb(ctx());
const log = () => t.server.app.log;

/** A job running under a lease that ran out, as a process that died mid-run leaves it. */
async function abandonedJob(kind: string, attempts: number, payload?: unknown) {
  const job = await insertJob(db(), kind, { lease: newLease(60_000), payload });
  const past = new Date(Date.now() - 1000).toISOString();
  await db().updateTable('job').set({ attempts, lease_until: past }).where('id', '=', job.id).execute();
  return Number(job.id);
}

const expire = (id: number) =>
  db()
    .updateTable('job')
    .set({ lease_until: new Date(Date.now() - 1).toISOString() })
    .where('id', '=', id)
    .execute();

describe('job leases', () => {
  it('retries a job whose process died while it ran, and completes it', async () => {
    const id = await abandonedJob('testEcho', 1, { answer: 42 });
    const lease = newLease(60_000);
    const claimed = await claimNext(ctx(), lease);
    expect(claimed).toMatchObject({ id, status: 'running', lease_holder: lease.holder, error: ABANDONED });
    expect(Number(claimed!.attempts)).toBe(2);
    expect(Date.parse(claimed!.lease_until!)).toBeGreaterThan(Date.now() + 50_000);
    const done = await runJob(t.server.app, log(), claimed!, lease);
    expect(done).toMatchObject({ id, status: 'done', result: '{"answer":42}', error: null, lease_until: null });
    expect(await claimNext(ctx(), newLease(60_000))).toBeUndefined();
  });

  it('runs a job asked for now under a lease of its own, named in the answer', async () => {
    const res = await t.post('/jobs/Run', { kind: 'testEcho' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      kind: 'testEcho',
      status: 'done',
      attempts: 1,
      leaseHolder: expect.stringMatching(/^.+:\d+:[0-9a-f]{8}$/),
      leaseUntil: null,
    });
  });

  it('fails a job after three tries that died, with the last error', async () => {
    const id = Number((await insertJob(db(), 'testEcho')).id);
    for (const attempt of [1, 2, 3]) {
      const claimed = await claimNext(ctx(), newLease(60_000));
      expect(claimed).toMatchObject({ id, status: 'running' });
      expect(Number(claimed!.attempts)).toBe(attempt);
      await expire(id);
    }
    expect(await claimNext(ctx(), newLease(60_000))).toBeUndefined();
    expect(await jobById(db(), id)).toMatchObject({ status: 'failed', error: ABANDONED, lease_until: null });
  });

  it('fails a job after three tries that threw, with its error', async () => {
    const id = Number((await insertJob(db(), 'testBoom')).id);
    for (const attempt of [1, 2, 3]) {
      const lease = newLease(60_000);
      const claimed = await claimNext(ctx(), lease);
      expect(Number(claimed!.attempts)).toBe(attempt);
      const after = await runJob(t.server.app, log(), claimed!, lease);
      expect(after).toMatchObject({ status: attempt < 3 ? 'queued' : 'failed', error: 'boom' });
      // Retries wait a while; make this one due now.
      await db()
        .updateTable('job')
        .set({ run_after: new Date(Date.now() - 1).toISOString() })
        .where('id', '=', id)
        .execute();
    }
    expect(await claimNext(ctx(), newLease(60_000))).toBeUndefined();
    expect(await jobById(db(), id)).toMatchObject({ status: 'failed', error: 'boom' });
  });

  it('keeps a job held while its run lasts longer than the lease, by the heartbeat', async () => {
    const lease = newLease(300);
    const job = await insertJob(db(), 'testGate', { lease });
    const running = runJob(t.server.app, log(), job, lease);
    const until = Date.now() + 1200;
    while (Date.now() < until) {
      expect(await claimNext(ctx(), newLease(60_000))).toBeUndefined();
      await sleep(50);
    }
    openGate();
    const done = await running;
    expect(done).toMatchObject({ status: 'done', result: '"A"', lease_holder: lease.holder });
    expect(Number(done.attempts)).toBe(1);
  });

  for (const reportAfter of [false, true]) {
    it(`never lets a run that lost its lease overwrite the new holder's outcome (${reportAfter ? 'reporting progress' : 'finishing'})`, async () => {
      const first = newLease(60_000);
      const job = await insertJob(db(), 'testGate', { lease: first, payload: { reportAfter } });
      const id = Number(job.id);
      const running = runJob(t.server.app, log(), job, first);
      await expect.poll(async () => Number((await jobById(db(), id)).progress)).toBe(10);

      // The first run stalls past its lease; another run takes the job over and finishes it.
      await expire(id);
      const second: Lease = newLease(60_000);
      expect(await claimNext(ctx(), second)).toMatchObject({ id, lease_holder: second.holder });
      expect(await renewLease(db(), id, first)).toBe(false);
      await finishJob(db(), id, second, { status: 'done', progress: 100, result: '"B"', error: null });

      openGate();
      const answered = await running;
      const row = await jobById(db(), id);
      expect(row).toMatchObject({ status: 'done', result: '"B"', progress: 100, lease_holder: second.holder });
      expect(Number(row.attempts)).toBe(2);
      expect(answered).toMatchObject({ status: 'done', result: '"B"' });
    });
  }
});
