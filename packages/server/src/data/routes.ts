import { fetchRequest, findEntity, rowId, type NormalisedEntity } from '@backroom/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { assertPrivilege, authenticate, requireAuth } from '../http/auth-guard';
import { ApiError, ok, validationError } from '../http/envelope';
import { ownEntry } from '../http/lookup';
import { parseBody } from '../http/validate';
import { procedures } from '../procedures/routes';
import { allowedOutlets, authorize, type Verb } from './access';
import { ALL_OPTION, assertDropdownAccess, dropdownOptions } from './dropdown';
import { exportEntity, exportParameters } from './export-parameters';
import { fetchRows } from './fetch';
import { hooksOf, missingHooks } from './hooks';
import { schemaDrift } from './schema/drift';
import { anyDb, withCustom, type Row } from './store';
import { deleteRows, insertRow, updateRow, upsertRow, type Writer } from './write';

export const MAX_BULK_ROWS = 1000;

const executeBody = z.looseObject({
  action: z.string().trim().min(1).max(50),
  ids: z.array(rowId).min(1).max(MAX_BULK_ROWS),
});

const dropdownQuery = z.object({
  all: z.enum(['true', 'false']).optional(),
  search: z.string().max(200).optional(),
  Take: z.coerce.number().int().min(1).optional(),
  take: z.coerce.number().int().min(1).optional(),
});

/** The registry entity named in the address; 400 naming it when there is none. */
function entityOf(name: string): NormalisedEntity {
  const entity = findEntity(name.toLowerCase());
  if (!entity) throw validationError([{ field: 'name', message: `Unknown entity: ${name}` }], `Unknown entity: ${name}`);
  return entity;
}

const UNIQUE_VIOLATION = new Set(['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY', '23505']);

/** One transaction for the whole write: every row or none. */
export async function inTransaction<T>(request: FastifyRequest, entity: NormalisedEntity, work: (w: Writer) => Promise<T>): Promise<T> {
  const { ctx } = request.server;
  const auth = requireAuth(request);
  // Looked up before the transaction: SQLite has one connection, which the transaction holds.
  await allowedOutlets(request);
  try {
    return await anyDb(ctx)
      .transaction()
      .execute(async (trx) => work({ ctx, trx, auth, request, entity: await withCustom(trx, entity), now: new Date().toISOString() }));
  } catch (error) {
    // The checks before each write name the field; this is the database's own guard against a race.
    if (UNIQUE_VIOLATION.has((error as { code?: string }).code ?? '')) throw new ApiError(409, 'A unique value is already used');
    throw error;
  }
}

/** Runs `write` for each row of an array body; a failing row's errors are named by its index. */
async function eachRow(rows: unknown, write: (row: unknown) => Promise<Row>): Promise<Row[]> {
  if (!Array.isArray(rows)) throw validationError([{ field: 'body', message: 'Send an array of rows' }]);
  if (rows.length > MAX_BULK_ROWS) throw validationError([{ field: 'body', message: `At most ${MAX_BULK_ROWS} rows at once` }]);
  const out: Row[] = [];
  for (const [i, row] of rows.entries()) {
    try {
      out.push(await write(row));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const errors = (error.errors ?? [{ field: '', message: error.message }]).map((e) => ({ field: e.field ? `${i}.${e.field}` : String(i), message: e.message }));
      throw new ApiError(error.status, `Row ${i}: ${error.message}`, errors);
    }
  }
  return out;
}

/** The generic DataRepository verbs and the AppModule dropdown and export-parameter calls, over the registry. */
export async function registerDataRoutes(app: FastifyInstance, apiPrefix: string): Promise<void> {
  const drift = await schemaDrift(anyDb(app.ctx));
  if (drift.length > 0) throw new Error(`The database does not match the entity registry (add a migration): ${drift.join('; ')}`);
  const missing = missingHooks();
  if (missing.length > 0) app.log.warn({ hooks: missing }, 'registry hooks without an implementation run the generic behaviour only');

  const repo = `${apiPrefix}/DataRepository`;
  const opts = { preHandler: authenticate };
  type Named = { Params: { name: string } };

  const guarded = async (request: FastifyRequest<Named>, verb: Verb, filters?: Parameters<typeof authorize>[3]) => {
    const entity = entityOf(request.params.name);
    await authorize(request, entity, verb, filters);
    return entity;
  };

  app.post<Named>(`${repo}/fetch/:name`, opts, async (request) => {
    const body = parseBody(fetchRequest, request.body);
    const entity = await guarded(request, 'fetch', body.filters ?? []);
    const { rows, totalCount, totalCountCapped } = await fetchRows(request, await withCustom(anyDb(app.ctx), entity), body);
    return totalCountCapped ? { ...ok(rows, 'OK', totalCount), totalCountCapped } : ok(rows, 'OK', totalCount);
  });

  app.get<Named>(`${repo}/fields/:name`, opts, async (request) => {
    const entity = await guarded(request, 'fetch');
    return ok((await withCustom(anyDb(app.ctx), entity)).fields);
  });

  app.post<Named>(`${repo}/Insert/:name`, opts, async (request) => {
    const entity = await guarded(request, 'insert');
    return ok(await inTransaction(request, entity, (w) => insertRow(w, w.entity, request.body)), 'Saved');
  });

  app.post<Named>(`${repo}/Update/:name`, opts, async (request) => {
    const entity = await guarded(request, 'update');
    return ok(await inTransaction(request, entity, (w) => updateRow(w, w.entity, request.body)), 'Saved');
  });

  app.post<Named>(`${repo}/upsert/:name`, opts, async (request) => {
    const entity = await guarded(request, 'insert');
    return ok(await inTransaction(request, entity, (w) => upsertRow(w, w.entity, request.body)), 'Saved');
  });

  app.post<Named>(`${repo}/bulkupsert/:name`, opts, async (request) => {
    const entity = await guarded(request, 'insert');
    const rows = await inTransaction(request, entity, (w) => eachRow(request.body, (row) => upsertRow(w, w.entity, row)));
    return ok(rows, `Saved ${rows.length} rows`, rows.length);
  });

  app.post<Named>(`${repo}/bulkupdate/:name`, opts, async (request) => {
    const entity = await guarded(request, 'update');
    const rows = await inTransaction(request, entity, (w) => eachRow(request.body, (row) => updateRow(w, w.entity, row)));
    return ok(rows, `Saved ${rows.length} rows`, rows.length);
  });

  app.post<Named>(`${repo}/Execute/:name`, opts, async (request) => {
    const entity = entityOf(request.params.name);
    const { action, ids, ...rest } = parseBody(executeBody, request.body);
    if (action.toLowerCase() === 'delete') {
      await authorize(request, entity, 'delete');
      const deleted = await inTransaction(request, entity, (w) => deleteRows(w, w.entity, ids));
      return ok({ deleted }, `Deleted ${deleted} rows`);
    }
    const run = hooksOf(entity)
      .map((hook) => ownEntry(hook.actions, action))
      .find((a) => a !== undefined);
    if (!run) throw validationError([{ field: 'action', message: `Unknown action: ${action}` }], `Unknown action: ${action}`);
    await authorize(request, entity, 'update');
    return ok(await inTransaction(request, entity, (w) => run({ ...w, ids, body: rest })));
  });

  app.post<Named>(`${repo}/executejson/:name`, opts, async (request) => {
    const procedure = procedures.find(request.params.name);
    if (!procedure) throw validationError([{ field: 'name', message: `Unknown procedure: ${request.params.name}` }], `Unknown procedure: ${request.params.name}`);
    if (procedure.privilege) await assertPrivilege(request, procedure.privilege.screen, procedure.privilege.action);
    const result = await procedure.run(app.ctx, parseBody(procedure.input, request.body), request);
    return ok(result.data, 'OK', result.totalCount);
  });

  const appModule = `${apiPrefix}/AppModule`;
  app.get<{ Params: { id: string } }>(`${appModule}/GetDropDown/:id`, opts, async (request) => {
    const entity = entityOf(request.params.id);
    await assertDropdownAccess(request, entity);
    const query = parseBody(dropdownQuery, request.query);
    const options = await dropdownOptions(request, entity, { search: query.search, take: query.Take ?? query.take });
    return ok(query.all === 'true' ? [ALL_OPTION, ...options] : options);
  });

  app.get<{ Params: { id: string } }>(`${appModule}/GetExportParameters/:id`, opts, async (request) => {
    const entity = exportEntity(request.params.id);
    if (!entity) throw new ApiError(404, `No export procedure ${request.params.id}`);
    await authorize(request, entity, 'fetch');
    return ok({ procedure: entity.exportProcedure, entity: entity.name, parameters: exportParameters(entity) });
  });
}
