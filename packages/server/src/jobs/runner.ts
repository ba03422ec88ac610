import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { anyDb } from '../data/store';
import { updateJob, type JobRow } from './queue';

export const MAX_ATTEMPTS = 3;
const RETRY_DELAY_MS = 60_000;

/**
 * Runs a job already marked running and records the outcome: done with its result, queued again
 * after a delay while attempts remain, else failed with the error.
 */
export async function runJob(server: FastifyInstance, log: FastifyBaseLogger, job: JobRow): Promise<JobRow> {
  const { ctx } = server;
  const db = anyDb(ctx);
  const kind = server.jobKinds[job.kind];
  if (!kind) return updateJob(db, job.id, { status: 'failed', error: `Unknown job kind ${job.kind}` });
  try {
    const result = await kind.run({
      ctx,
      server,
      log,
      payload: job.payload === null ? null : JSON.parse(job.payload),
      progress: async (percent) => {
        await updateJob(db, job.id, { progress: Math.round(percent) });
      },
    });
    return await updateJob(db, job.id, { status: 'done', progress: 100, result: JSON.stringify(result ?? null), error: null });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log.error({ err: error, job: job.id, kind: job.kind }, 'job failed');
    if (Number(job.attempts) < MAX_ATTEMPTS)
      return updateJob(db, job.id, { status: 'queued', error: message, run_after: new Date(Date.now() + RETRY_DELAY_MS * Number(job.attempts)).toISOString() });
    return updateJob(db, job.id, { status: 'failed', error: message });
  }
}
