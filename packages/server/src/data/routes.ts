import {
  ALL_DROPDOWN_ITEM,
  MAX_INT32,
  PALETTE_TAKE,
  entities,
  familyOf,
  findEntity,
  paletteQuery,
  paletteHit,
  dropdownItem,
  parseRowId,
  type NormalisedEntity,
} from '@backroom/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authenticate } from '../http/auth-guard';
import { ApiError, ok, validationError } from '../http/envelope';
import { documented } from '../http/openapi-contract';
import { parseBody } from '../http/validate';
import { authorize } from './access';
import { assertDropdownAccess, dropdownOptions } from './dropdown';
import { exportEntity, exportParameters, exportParametersAnswer } from './export-parameters';
import { readableEntity } from './field-groups';
import { schemaDrift } from '../db/schema/drift';
import { searchRecords } from './search';
import { anyDb } from './store';
import { actionIds, runAction, verbNamed, verbs, type VerbName } from './verbs';

const MAX_DROPDOWN_IDS = 1000;

/** The dropdown's own parameters; any other one narrows by a reference field (`category=BRAND`). */
const dropdownQuery = z
  .object({
    all: z.enum(['true', 'false']).optional(),
    search: z.string().max(200).optional(),
    Take: z.coerce.number().int().min(1).max(MAX_INT32).optional(),
    take: z.coerce.number().int().min(1).max(MAX_INT32).optional(),
    ids: z
      .string()
      .regex(/^\d+(,\d+)*$/, 'Comma-separated row ids')
      .transform((text) => [...new Set(text.split(',').map(Number))])
      .refine(
        (ids) => ids.length <= MAX_DROPDOWN_IDS && ids.every((id) => id <= MAX_INT32),
        `At most ${MAX_DROPDOWN_IDS} ids, each up to ${MAX_INT32}`,
      )
      .optional(),
  })
  .catchall(z.string().max(200));

/** The registry entity named in the address; 400 naming it when there is none. */
function entityOf(name: string): NormalisedEntity {
  const entity = findEntity(name.toLowerCase());
  if (!entity)
    throw validationError([{ field: 'name', message: `Unknown entity: ${name}` }], `Unknown entity: ${name}`);
  return entity;
}

/** Every entity by its family names, lower-cased: its entity name, and its screen's `api` name. */
const byFamily = new Map<string, NormalisedEntity>(entities.map((e) => [e.name, e]));
for (const entity of entities)
  if (!byFamily.has(familyOf(entity).toLowerCase())) byFamily.set(familyOf(entity).toLowerCase(), entity);

/** `DataRepository/{address}/{name}` → the verb it runs. */
const REPOSITORY: Record<string, { method: 'GET' | 'POST'; verb: VerbName }> = {
  fetch: { method: 'POST', verb: 'fetch' },
  fields: { method: 'GET', verb: 'fields' },
  Insert: { method: 'POST', verb: 'insert' },
  Update: { method: 'POST', verb: 'update' },
  upsert: { method: 'POST', verb: 'upsert' },
  bulkupsert: { method: 'POST', verb: 'bulkupsert' },
  bulkupdate: { method: 'POST', verb: 'bulkupdate' },
  Execute: { method: 'POST', verb: 'execute' },
};

type FamilyRequest = FastifyRequest<{ Params: { family: string; action: string; id?: string } }>;

/**
 * `/api/{family}/{action}[/{id}]`, any method, for every registry entity: the generic verbs by name,
 * else an action of the entity's hooks. Fastify's router prefers static segments, so the named
 * routes of a family (`user/Locked`, `RolePrivileges/Grid`, …) keep answering.
 */
async function familyCall(request: FamilyRequest) {
  const entity = byFamily.get(request.params.family.toLowerCase());
  // The same answer as an address no route has.
  if (!entity) throw new ApiError(404, 'Not found');
  const id = request.params.id === undefined ? null : parseRowId(request.params.id);
  if (id === undefined)
    throw validationError([{ field: 'id', message: `Id must be a whole number from 1 to ${MAX_INT32}` }]);
  const verb = verbNamed(request.params.action);
  if (verb) return verb({ request, entity, body: request.body, id });
  const { ids, rest } = actionIds(request.body, id);
  const answer = await runAction(request, entity, request.params.action, ids, rest);
  if (!answer) throw new ApiError(404, `${request.params.family} has no action ${request.params.action}`);
  return answer;
}

/** The generic data API over the registry: DataRepository verbs, resource families, dropdowns, export parameters. */
export async function registerDataRoutes(app: FastifyInstance, apiPrefix: string): Promise<void> {
  const drift = await schemaDrift(anyDb(app.ctx));
  if (drift.length > 0)
    throw new Error(`The database does not match the entity registry (add a migration): ${drift.join('; ')}`);

  const opts = { preHandler: authenticate };
  for (const [address, { method, verb }] of Object.entries(REPOSITORY)) {
    app.route<{ Params: { name: string } }>({
      method,
      url: `${apiPrefix}/DataRepository/${address}/:name`,
      ...documented({ generic: 'repository', verb }),
      ...opts,
      handler: (request) =>
        verbs[verb]({ request, entity: entityOf(request.params.name), body: request.body, id: null }),
    });
  }

  const method = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
  const family = { ...documented({ generic: 'family' }), ...opts };
  app.route({ method, url: `${apiPrefix}/:family/:action`, ...family, handler: familyCall });
  app.route({ method, url: `${apiPrefix}/:family/:action/:id`, ...family, handler: familyCall });

  const search = documented({
    summary: 'The command palette’s search over the registry',
    query: paletteQuery,
    answer: z.array(paletteHit),
  });
  app.get(`${apiPrefix}/Search`, { ...search, ...opts }, async (request) => {
    const { q, take } = parseBody(paletteQuery, request.query);
    return ok(await searchRecords(request, q, take ?? PALETTE_TAKE));
  });

  const appModule = `${apiPrefix}/AppModule`;
  const dropdown = documented({
    summary: 'The options of an entity’s dropdown (`id` is the entity name)',
    query: dropdownQuery,
    answer: z.array(z.union([dropdownItem, z.object({ text: z.literal('ALL'), value: z.literal('ALL') })])),
  });
  app.get<{ Params: { id: string } }>(`${appModule}/GetDropDown/:id`, { ...dropdown, ...opts }, async (request) => {
    const entity = entityOf(request.params.id);
    await assertDropdownAccess(request, entity);
    const { all, search, Take, take, ids, ...where } = parseBody(dropdownQuery, request.query);
    const options = await dropdownOptions(request, await readableEntity(request, entity), {
      search,
      take: Take ?? take,
      ids,
      where,
    });
    return ok(all === 'true' ? [ALL_DROPDOWN_ITEM, ...options] : options);
  });

  const exportParametersContract = documented({
    summary: 'The parameters of an entity’s export procedure',
    answer: exportParametersAnswer,
  });
  app.get<{ Params: { id: string } }>(
    `${appModule}/GetExportParameters/:id`,
    { ...exportParametersContract, ...opts },
    async (request) => {
      const entity = exportEntity(request.params.id);
      if (!entity) throw new ApiError(404, `No export procedure ${request.params.id}`);
      await authorize(request, entity, 'fetch');
      return ok({
        procedure: entity.exportProcedure,
        entity: entity.name,
        parameters: exportParameters(await readableEntity(request, entity)),
      });
    },
  );
}
