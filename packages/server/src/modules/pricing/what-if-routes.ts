import {
  getEntity,
  LOOKUP_REFUSALS,
  rowId,
  whatIfStarted,
  whatIfStatus,
  type WhatIfResult,
  type WhatIfStatus,
} from '@backroom/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { allowedOutlets, canSee } from '../../data/access';
import { deniedFieldGroups } from '../../data/field-groups';
import { anyDb } from '../../data/store';
import { validated } from '../../data/write';
import { ApiError, ok, validationError } from '../../http/envelope';
import { assertPrivilege, authenticate, requireAuth } from '../../http/auth-guard';
import { parseBody } from '../../http/validate';
import { startJob } from '../../jobs/start';
import { MAX_DAYS, WHAT_IF_JOB, whatIfPayload, type WhatIfPayload } from './what-if';
import { documented } from '../../http/openapi-contract';

const request = z.object({
  entity: z.enum(['promotion', 'newpromotion']),
  id: rowId.optional(),
  draft: z.record(z.string(), z.unknown()).optional(),
  days: z.number().int().min(1).max(MAX_DAYS).default(30),
  outlets: z.array(rowId).max(500).optional(),
});

/** The form's values as the registry validates a new row: only the entity's own fields (not its id, version or labels). */
function draftOf(name: 'promotion' | 'newpromotion', draft: Record<string, unknown>): Record<string, unknown> {
  const entity = getEntity(name);
  const own = Object.fromEntries(
    entity.fields.filter((f) => !f.readOnly && f.name in draft).map((f) => [f.name, draft[f.name]]),
  );
  try {
    return validated(entity, own, 'insert');
  } catch (error) {
    if (error instanceof ApiError && error.errors)
      throw validationError(error.errors.map((e) => ({ ...e, field: `draft.${e.field}` })));
    throw error;
  }
}

/** The outlets asked for, each one the caller may see; none: every active one the caller may see. */
async function outletsOf(req: FastifyRequest, asked: readonly number[] | undefined): Promise<number[]> {
  const db = req.server.ctx.db;
  const allowed = await allowedOutlets(req);
  if (!asked || asked.length === 0) {
    let q = db.selectFrom('outlet').select('id').where('is_active', '=', true);
    if (allowed.length > 0) q = q.where('id', 'in', allowed);
    return (await q.orderBy('id').execute()).map((r) => r.id);
  }
  const known = new Set(
    (
      await db
        .selectFrom('outlet')
        .select('id')
        .where('id', 'in', [...asked])
        .execute()
    ).map((r) => r.id),
  );
  const problems = asked.flatMap((id, i) =>
    !known.has(id) || (allowed.length > 0 && !allowed.includes(id))
      ? [{ field: `outlets.${i}`, message: LOOKUP_REFUSALS.noOutlet({ name: id }) }]
      : [],
  );
  if (problems.length > 0) throw validationError(problems, problems[0]!.message);
  return [...new Set(asked)];
}

const mayseeCosts = async (req: FastifyRequest) => !(await deniedFieldGroups(req, 'view')).has('costs');

/** The figures without margins, for a reader who may not see costs. */
function withoutMargins(result: WhatIfResult): WhatIfResult {
  const strip = <T extends object>(f: T): T =>
    Object.fromEntries(Object.entries(f).filter(([k]) => !k.startsWith('margin'))) as T;
  return { ...result, margins: false, total: strip(result.total), days: result.days.map(strip) };
}

export function registerWhatIfRoutes(app: FastifyInstance, api: string): void {
  app.post(
    `${api}/pricing/WhatIf`,
    {
      ...documented({
        summary: 'Start a what-if: a draft promotion tried on past sales',
        body: request,
        answer: whatIfStarted,
      }),
      preHandler: authenticate,
    },
    async (req) => {
      const body = parseBody(request, req.body);
      const entity = getEntity(body.entity);
      // Whoever may edit promotions may try one; the replay reads every sale of the outlets it names.
      await assertPrivilege(req, entity.permission, 'edit');
      if (body.id === undefined && body.draft === undefined)
        throw validationError([
          { field: 'draft', message: 'Give the saved promotion (id) or the form’s values (draft)' },
        ]);
      if (body.id !== undefined && !(await canSee(req, anyDb(app.ctx), entity, body.id)))
        throw validationError([{ field: 'id', message: `${entity.label}: no row ${body.id}` }]);
      const payload: WhatIfPayload = {
        ownerId: requireAuth(req).userId,
        entity: body.entity,
        id: body.id ?? null,
        draft: body.draft === undefined ? null : draftOf(body.entity, body.draft),
        days: body.days,
        outlets: await outletsOf(req, body.outlets),
        margins: await mayseeCosts(req),
        until: new Date().toISOString(),
      };
      return ok({ jobId: await startJob(app, req, WHAT_IF_JOB, payload) });
    },
  );

  app.get<{ Params: { jobId: string } }>(
    `${api}/pricing/WhatIf/:jobId`,
    { ...documented({ summary: 'A what-if’s progress and answer', answer: whatIfStatus }), preHandler: authenticate },
    async (req) => {
      const { jobId } = parseBody(z.object({ jobId: rowId }), req.params);
      const job = await app.ctx.db.selectFrom('job').selectAll().where('id', '=', jobId).executeTakeFirst();
      const payload =
        job?.kind === WHAT_IF_JOB ? whatIfPayload.safeParse(JSON.parse(job.payload ?? 'null')) : undefined;
      // Someone else's replay is not there, as far as the caller can tell.
      if (!job || !payload?.success || payload.data.ownerId !== requireAuth(req).userId)
        throw new ApiError(404, `No what-if ${jobId}`);
      const result = job.status === 'done' && job.result ? (JSON.parse(job.result) as WhatIfResult) : null;
      const answer: WhatIfStatus = {
        jobId,
        status: job.status,
        progress: job.progress,
        error: job.status === 'failed' || job.status === 'cancelled' ? job.error : null,
        result: result && !(await mayseeCosts(req)) ? withoutMargins(result) : result,
      };
      return ok(answer);
    },
  );
}
