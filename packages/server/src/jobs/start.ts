import type { FastifyInstance, FastifyRequest } from 'fastify';
import { insertJob, newLease } from './queue';
import { runJob } from './runner';
import { workerSettings } from './worker';

/** Starts a job at once in this process, under a lease: another server takes it over if this one stops. Answers its id. */
export async function startJob(
  app: FastifyInstance,
  request: Pick<FastifyRequest, 'log'>,
  kind: string,
  payload: unknown,
): Promise<number> {
  const lease = newLease(workerSettings().leaseMs);
  const job = await insertJob(app.ctx.db, kind, { lease, payload });
  void runJob(app, request.log, job, lease).catch((error: unknown) =>
    request.log.error({ err: error, job: job.id }, `${kind} job failed`),
  );
  return job.id;
}
