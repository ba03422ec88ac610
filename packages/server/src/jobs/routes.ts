import { jobDto, jobRunRequest } from '@backroom/schema';
import type { FastifyInstance } from 'fastify';
import { recordRequestEvent } from '../data/audit';
import { assertPrivilege, authenticate } from '../http/auth-guard';
import { ok, validationError } from '../http/envelope';
import { ownEntry } from '../http/lookup';
import { parseBody } from '../http/validate';
import { insertJob, newLease, toJob } from './queue';
import { runJob } from './runner';
import { documented } from '../http/openapi-contract';

/**
 * `POST /api/jobs/Run {kind}`: runs a job now, in the request, and answers the finished job; audited
 * (`jobRun`) before it runs. The job's payload names who asked (`requestedBy`).
 */
export function registerJobRoutes(app: FastifyInstance, apiPrefix: string, leaseMs: number): void {
  app.post(
    `${apiPrefix}/jobs/Run`,
    {
      ...documented({ summary: 'Run a background job by kind now', body: jobRunRequest, answer: jobDto }),
      preHandler: authenticate,
    },
    async (request) => {
      const { kind: name } = parseBody(jobRunRequest, request.body);
      const kind = ownEntry(app.jobKinds, name);
      if (!kind)
        throw validationError([{ field: 'kind', message: `Unknown job kind: ${name}` }], `Unknown job kind: ${name}`);
      await assertPrivilege(request, kind.privilege.screen, kind.privilege.action);
      const lease = newLease(leaseMs);
      const job = await insertJob(app.ctx.db, name, { lease, payload: { requestedBy: request.auth!.userName } });
      await recordRequestEvent(request, {
        action: 'jobRun',
        entity: 'job',
        rowId: job.id,
        changes: { before: {}, after: { kind: name } },
      });
      return ok(toJob(await runJob(app, request.log, job, lease)));
    },
  );
}
