import { MAX_INT32, familyIdsRequest, fetchRequest, parseRowId, type NormalisedEntity } from '@backroom/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authorize, rowFilters } from '../data/access';
import { hooksOf, type ActionCall } from '../data/hooks';
import { fetchRows } from '../data/fetch';
import { allOf } from '../data/query';
import { apiRow } from '../data/read';
import { inTransaction } from '../data/routes';
import { anyDb, withCustom, type Row } from '../data/store';
import { deleteRows, insertRow, updateRow, upsertRow } from '../data/write';
import { authenticate } from '../http/auth-guard';
import { ApiError, ok, validationError } from '../http/envelope';
import { ownEntry } from '../http/lookup';
import { parseBody } from '../http/validate';
import { familyEntity } from './names';

type FamilyRequest = FastifyRequest<{ Params: { family: string; action: string; id?: string } }>;
type Handler = (request: FamilyRequest, entity: NormalisedEntity, id: number | null) => Promise<unknown>;

const isRecord = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The standard actions: the DataRepository verbs, with their privileges and answers. */
const standard: Record<string, Handler> = {
  async fetch(request, entity) {
    const body = parseBody(fetchRequest, request.body ?? {});
    await authorize(request, entity, 'fetch', body.filters ?? []);
    const { rows, totalCount, totalCountCapped } = await fetchRows(request, await withCustom(anyDb(request.server.ctx), entity), body);
    return totalCountCapped ? { ...ok(rows, 'OK', totalCount), totalCountCapped } : ok(rows, 'OK', totalCount);
  },
  async fields(request, entity) {
    await authorize(request, entity, 'fetch');
    return ok((await withCustom(anyDb(request.server.ctx), entity)).fields);
  },
  async get(request, entity, id) {
    if (id === null) throw validationError([{ field: 'id', message: 'Give the row id: Get/{id}' }]);
    await authorize(request, entity, 'fetch');
    const db = anyDb(request.server.ctx);
    const visible = await db
      .selectFrom(`${entity.table} as t`)
      .select('t.id')
      .where('t.id', '=', id)
      .where(allOf(await rowFilters(request, entity)))
      .executeTakeFirst();
    const row = visible && (await apiRow(request.server.ctx, db, await withCustom(db, entity), id));
    if (!row) throw new ApiError(404, `${entity.label}: no row ${id}`);
    return ok(row);
  },
  async insert(request, entity) {
    await authorize(request, entity, 'insert');
    return ok(await inTransaction(request, entity, (w) => insertRow(w, w.entity, request.body)), 'Saved');
  },
  async update(request, entity) {
    await authorize(request, entity, 'update');
    return ok(await inTransaction(request, entity, (w) => updateRow(w, w.entity, request.body)), 'Saved');
  },
  async upsert(request, entity) {
    await authorize(request, entity, 'insert');
    return ok(await inTransaction(request, entity, (w) => upsertRow(w, w.entity, request.body)), 'Saved');
  },
  async delete(request, entity, id) {
    const { ids } = parseBody(familyIdsRequest, id === null ? request.body : { ids: [id] });
    await authorize(request, entity, 'delete');
    const deleted = await inTransaction(request, entity, (w) => deleteRows(w, w.entity, ids));
    return ok({ deleted }, `Deleted ${deleted} rows`);
  },
};

/** An action of the entity's hooks (case-insensitive), run like `Execute/{name}`: edit privilege, one transaction. */
const hookAction: Handler = async (request, entity, id) => {
  const name = request.params.action.toLowerCase();
  const run = hooksOf(entity)
    .flatMap((hook) => Object.entries(hook.actions ?? {}))
    .find(([action]) => action.toLowerCase() === name)?.[1];
  if (!run) throw new ApiError(404, `${request.params.family} has no action ${request.params.action}`);
  const { ids: sentIds, ...body } = isRecord(request.body) ? request.body : {};
  const ids = sentIds === undefined ? (id === null ? [] : [id]) : parseBody(familyIdsRequest, { ids: sentIds }).ids;
  await authorize(request, entity, 'update');
  return ok(await inTransaction(request, entity, (w) => run({ ...w, ids, body } satisfies ActionCall)));
};

/**
 * `/api/{family}/{action}` and `/api/{family}/{action}/{id}`, any method, for every registry entity.
 * Fastify's router prefers static segments, so the named routes of a family (`user/Locked`,
 * `RolePrivileges/Grid`, `Product/FetchSupplierMapDropown/{id}`, …) keep answering.
 */
export function registerFamilyRoutes(app: FastifyInstance, apiPrefix: string): void {
  const handler = async (request: FamilyRequest) => {
    const entity = familyEntity(request.params.family);
    // The same answer as an address no route has.
    if (!entity) throw new ApiError(404, 'Not found');
    const id = request.params.id === undefined ? null : parseRowId(request.params.id);
    if (id === undefined) throw validationError([{ field: 'id', message: `Id must be a whole number from 1 to ${MAX_INT32}` }]);
    return (ownEntry(standard, request.params.action.toLowerCase()) ?? hookAction)(request, entity, id);
  };
  const method = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
  app.route({ method, url: `${apiPrefix}/:family/:action`, preHandler: authenticate, handler });
  app.route({ method, url: `${apiPrefix}/:family/:action/:id`, preHandler: authenticate, handler });
}
