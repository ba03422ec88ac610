import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { anyDb } from '../data/store';
import { ownEntry } from '../http/lookup';
import { MAX_ATTEMPTS, finishJob, jobById, renewLease, stillHeld, type JobRow, type Lease } from './queue';

const RETRY_DELAY_MS = 60_000;

/** Thrown by `progress` once the run has lost its lease: another run holds the job now, or it was cancelled. */
class LeaseLost extends Error {}

/**
 * Runs a job this run holds under `lease` and records the outcome: done with its result, queued
 * again after a delay while tries remain, else failed with the error. The lease is renewed three
 * times per period while the job runs, and by every progress report. A run that lost the lease
 * (it stalled past the lease and another run took the job over) records nothing and answers the
 * row as the new holder left it.
 */
export async function runJob(server: FastifyInstance, log: FastifyBaseLogger, job: JobRow, lease: Lease): Promise<JobRow> {
  const { ctx } = server;
  const db = anyDb(ctx);
  const id = Number(job.id);
  const lost = async () => {
    const row = await jobById(db, id);
    if (row.status === 'cancelled') log.info({ job: id, kind: job.kind }, 'job cancelled; this run stopped');
    else log.warn({ job: id, kind: job.kind, holder: lease.holder }, 'job lease lost to another run; this run’s outcome is dropped');
    return row;
  };
  const finish = async (set: Parameters<typeof finishJob>[3]) => (await finishJob(db, id, lease, set)) ?? lost();

  const kind = ownEntry(server.jobKinds, job.kind);
  if (!kind) return finish({ status: 'failed', error: `Unknown job kind ${job.kind}` });
  const heartbeat = setInterval(() => {
    renewLease(db, id, lease).then(
      (held) => held || log.warn({ job: id, holder: lease.holder }, 'job lease lost to another run'),
      (error: unknown) => log.warn({ err: error, job: id }, 'job lease not renewed'),
    );
  }, lease.ms / 3);
  try {
    const result = await kind.run({
      id,
      ctx,
      server,
      log,
      payload: job.payload === null ? null : JSON.parse(job.payload),
      progress: async (percent, within) => {
        // SQLite's one connection is held by the kind's transaction: the check goes through it, and the renewal waits for the heartbeat.
        const held = within && ctx.dialect === 'sqlite' ? await stillHeld(within, id, lease) : await renewLease(db, id, lease, Math.round(percent));
        if (!held) throw new LeaseLost(`Job ${id} is held by another run`);
      },
    });
    return await finish({ status: 'done', progress: 100, result: JSON.stringify(result ?? null), error: null });
  } catch (error) {
    if (error instanceof LeaseLost) return lost();
    const message = error instanceof Error ? error.message : String(error);
    log.error({ err: error, job: id, kind: job.kind }, 'job failed');
    const attempts = Number(job.attempts);
    if (attempts < MAX_ATTEMPTS) return finish({ status: 'queued', error: message, run_after: new Date(Date.now() + RETRY_DELAY_MS * attempts).toISOString() });
    return finish({ status: 'failed', error: message });
  } finally {
    clearInterval(heartbeat);
  }
}
