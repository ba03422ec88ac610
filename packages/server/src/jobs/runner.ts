import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { ownEntry } from '../http/lookup';
import { countJobRun } from '../metrics/registry';
import { MAX_ATTEMPTS, finishJob, handBackJob, jobById, renewLease, stillHeld, type JobRow, type Lease } from './queue';

const RETRY_DELAY_MS = 60_000;

/** Thrown by `progress` once the run has lost its lease: another run holds the job now, or it was cancelled. */
class LeaseLost extends Error {}

/**
 * Runs a job this run holds under `lease` and records the outcome: done with its result, queued
 * again after a delay while tries remain, else failed with the error. The lease is renewed three
 * times per period while the job runs, and by every progress report. A run that lost the lease
 * (it stalled past the lease and another run took the job over) records nothing and answers the
 * row as the new holder left it. A run its server stopped (`server.shutdown.graceOver`) before it
 * finished hands the job back: queued at once, the try not spent, whatever the kind threw.
 */
export function runJob(server: FastifyInstance, log: FastifyBaseLogger, job: JobRow, lease: Lease): Promise<JobRow> {
  const run = runHeld(server, log, job, lease);
  const runs = running.get(server) ?? new Set();
  running.set(server, runs.add(run));
  void run.finally(() => runs.delete(run)).catch(() => {});
  return run;
}

/** The runs of each app in progress, wherever they started (the worker, a request, a route's detached run). */
const running = new WeakMap<FastifyInstance, Set<Promise<JobRow>>>();

/** Resolves once every run of `server` in progress has ended, whatever its outcome. */
export async function runsEnded(server: FastifyInstance): Promise<void> {
  await Promise.allSettled(running.get(server) ?? []);
}

async function runHeld(server: FastifyInstance, log: FastifyBaseLogger, job: JobRow, lease: Lease): Promise<JobRow> {
  const { ctx } = server;
  const stopping = server.shutdown.graceOver;
  const { db } = ctx;
  const { id } = job;
  const lostLease = new AbortController();
  const signal = AbortSignal.any([stopping, lostLease.signal]);
  const leaseLost = () => {
    lostLease.abort(new LeaseLost(`Job ${id} is held by another run`));
    return lostLease.signal.reason as LeaseLost;
  };
  const lost = async () => {
    const row = await jobById(db, id);
    if (row.status === 'cancelled') log.info({ job: id, kind: job.kind }, 'job cancelled; this run stopped');
    else
      log.warn(
        { job: id, kind: job.kind, holder: lease.holder },
        'job lease lost to another run; this run’s outcome is dropped',
      );
    return row;
  };
  const finish = async (set: Parameters<typeof finishJob>[3]) => (await finishJob(db, id, lease, set)) ?? lost();
  const ended = countJobRun(job.kind);

  const kind = ownEntry(server.jobKinds, job.kind);
  if (!kind) return finish({ status: 'failed', error: `Unknown job kind ${job.kind}` });
  const heartbeat = setInterval(() => {
    renewLease(db, id, lease).then(
      (held) => held || (log.warn({ job: id, holder: lease.holder }, 'job lease lost to another run'), leaseLost()),
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
      signal,
      progress: async (percent, within) => {
        signal.throwIfAborted();
        // SQLite's one connection is held by the kind's transaction: the check goes through it, and the renewal waits for the heartbeat.
        const held =
          within && ctx.dialect === 'sqlite'
            ? await stillHeld(within, id, lease)
            : await renewLease(db, id, lease, Math.round(percent));
        if (!held) throw leaseLost();
      },
    });
    ended('done', result);
    return await finish({ status: 'done', progress: 100, result: JSON.stringify(result ?? null), error: null });
  } catch (error) {
    if (lostLease.signal.aborted) {
      ended('lost');
      return lost();
    }
    if (stopping.aborted) {
      ended('handed_back');
      log.info({ job: id, kind: job.kind }, 'server stopping: job handed back, its try not spent');
      return (await handBackJob(db, id, lease)) ?? lost();
    }
    const message = error instanceof Error ? error.message : String(error);
    log.error({ err: error, job: id, kind: job.kind }, 'job failed');
    const { attempts } = job;
    ended(attempts < MAX_ATTEMPTS ? 'retry' : 'failed');
    if (attempts < MAX_ATTEMPTS)
      return finish({
        status: 'queued',
        error: message,
        run_after: new Date(Date.now() + RETRY_DELAY_MS * attempts).toISOString(),
      });
    return finish({ status: 'failed', error: message });
  } finally {
    clearInterval(heartbeat);
  }
}
