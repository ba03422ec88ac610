import { familyIdsRequest, fetchRequest, type ApiEnvelope, type NormalisedEntity } from '@backroom/schema';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError, ok, validationError } from '../http/envelope';
import { parseBody } from '../http/validate';
import { authorize, rowFilters } from './access';
import { recordRequestEvents } from './audit';
import { fetchRows } from './fetch';
import { hooksOf } from './hooks';
import { asCallerReads, assertFieldGroupsWritable, deniedFieldGroups, readableEntity } from './field-groups';
import { allOf } from './query';
import { apiRow } from './read';
import { assertKnownInputs } from './known-inputs';
import { anyDb, customEntity, type Row } from './store';
import { inTransaction } from './transaction';
import { assertWritableRows, deleteRows, insertRow, updateRow, upsertRow } from './write';
import { rowError, writeRows } from './write-rows';

export const MAX_BULK_ROWS = 1000;

/** What every verb gets: the request, the entity its address names, the body, and a row id from the address (or null). */
export interface VerbCall {
  request: FastifyRequest;
  entity: NormalisedEntity;
  body: unknown;
  id: number | null;
}

type VerbHandler = (call: VerbCall) => Promise<ApiEnvelope<unknown>>;

const isRecord = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The rows of an array body (at most `MAX_BULK_ROWS`). */
function bulkRows(rows: unknown): unknown[] {
  if (!Array.isArray(rows)) throw validationError([{ field: 'body', message: 'Send an array of rows' }]);
  if (rows.length > MAX_BULK_ROWS)
    throw validationError([{ field: 'body', message: `At most ${MAX_BULK_ROWS} rows at once` }]);
  return rows;
}

/**
 * Runs `write` for each row of an array body in turn (a row may match one written before it);
 * a failing row's errors are named by its index.
 */
async function eachRow(rows: unknown, write: (row: unknown) => Promise<Row>): Promise<Row[]> {
  const out: Row[] = [];
  for (const [i, row] of bulkRows(rows).entries()) {
    try {
      out.push(await write(row));
    } catch (error) {
      throw error instanceof ApiError ? rowError(i, error, isRecord(row) ? row.id : undefined) : error;
    }
  }
  return out;
}

/**
 * A write of rows the caller may send (403 naming a field of a group their role may not edit),
 * answered without the fields their role may not view.
 */
async function guardedWrite<T extends Row | Row[]>(
  call: VerbCall,
  mode: 'insert' | 'update',
  write: () => Promise<T>,
): Promise<T> {
  const { request, entity, body } = call;
  const rows = (Array.isArray(body) ? body : [body]).map((row: unknown, i) => ({
    prefix: Array.isArray(body) ? `${i}.` : '',
    row: row as Row,
  }));
  assertKnownInputs(await customEntity(request, entity), rows, request.server.entityHooks.inputs(entity));
  for (const { prefix, row } of rows) await assertFieldGroupsWritable(request, entity, row, mode, prefix);
  return asCallerReads(request, entity, await write());
}

/** Rows as the entity's hooks present them to the caller. */
async function presented(request: FastifyRequest, entity: NormalisedEntity, rows: Row[]): Promise<Row[]> {
  for (const hook of hooksOf(request, entity)) if (hook.presentRows) rows = await hook.presentRows(request, rows);
  return rows;
}

const unknownAction = (action: string) =>
  validationError([{ field: 'action', message: `Unknown action: ${action}` }], `Unknown action: ${action}`);

/** What an audit row keeps of a row action's body: its plain values (a count, a reason), each cut to 200 characters. */
const actionParameters = (body: Row): Row =>
  Object.fromEntries(
    Object.entries(body).flatMap(([name, value]): [string, unknown][] =>
      typeof value === 'number' || typeof value === 'boolean'
        ? [[name, value]]
        : typeof value === 'string'
          ? [[name, value.slice(0, 200)]]
          : [],
    ),
  );

/**
 * A row action: `delete` (delete privilege, every row or none), else an action of the entity's
 * hooks (edit privilege), in one transaction, with a `rowAction` audit row per row (the action's
 * name and plain parameters, never its answer: a pairing code, generated codes). Undefined when
 * the entity has no such action.
 */
export async function runAction(
  request: FastifyRequest,
  entity: NormalisedEntity,
  action: string,
  ids: number[],
  body: Row,
): Promise<ApiEnvelope<unknown> | undefined> {
  if (action.toLowerCase() === 'delete') {
    if (ids.length === 0) throw validationError([{ field: 'ids', message: 'Give the ids of the rows to delete' }]);
    await authorize(request, entity, 'delete');
    const deleted = await inTransaction(request, entity, (w) => deleteRows(w, w.entity, ids));
    return ok({ deleted }, `Deleted ${deleted} rows`);
  }
  const declared = request.server.entityHooks.action(entity, action);
  if (!declared) return undefined;
  await authorize(request, entity, 'update');
  const fieldGroups = {
    hidden: await deniedFieldGroups(request, 'view'),
    locked: await deniedFieldGroups(request, 'edit'),
  };
  const answer = await inTransaction(request, entity, async (w) => {
    await assertWritableRows(w, w.entity, ids);
    const answer = await declared.run({ ...w, ids, body, fieldGroups });
    const after = { action: declared.name, ...actionParameters(body) };
    await recordRequestEvents(
      request,
      ids.map((id) => ({ action: 'rowAction', entity: entity.name, rowId: id, changes: { before: {}, after } })),
      w.trx,
    );
    return answer;
  });
  // An action answering rows of its entity (the variants it made) answers them as the caller may read them.
  return ok(await asCallerReads(request, entity, answer));
}

const executeBody = z.looseObject({
  action: z.string().trim().min(1).max(50),
  ids: familyIdsRequest.shape.ids,
});

/** The generic verbs, whatever address reaches them (DataRepository or a resource family). */
export const verbs = {
  async fetch({ request, entity, body }) {
    const parsed = parseBody(fetchRequest, body ?? {});
    await authorize(request, entity, 'fetch', parsed.filters ?? []);
    const page = await fetchRows(request, await readableEntity(request, await customEntity(request, entity)), parsed);
    const [rows, { totalCount, totalCountCapped }] = [await presented(request, entity, page.rows), page];
    return totalCountCapped ? { ...ok(rows, 'OK', totalCount), totalCountCapped } : ok(rows, 'OK', totalCount);
  },
  async fields({ request, entity }) {
    await authorize(request, entity, 'fetch');
    return ok((await readableEntity(request, await customEntity(request, entity))).fields);
  },
  async get({ request, entity, id }) {
    if (id === null) throw validationError([{ field: 'id', message: 'Give the row id: Get/{id}' }]);
    await authorize(request, entity, 'fetch');
    const db = anyDb(request.server.ctx);
    const visible = await db
      .selectFrom(`${entity.table} as t`)
      .select('t.id')
      .where('t.id', '=', id)
      .where(allOf(await rowFilters(request, entity)))
      .executeTakeFirst();
    const row =
      visible &&
      (await apiRow(request.server.ctx, db, await readableEntity(request, await customEntity(request, entity)), id));
    if (!row) throw new ApiError(404, `${entity.label}: no row ${id}`);
    return ok((await presented(request, entity, [row]))[0]);
  },
  async insert(call) {
    const { request, entity, body } = call;
    await authorize(request, entity, 'insert');
    return ok(
      await guardedWrite(call, 'insert', () => inTransaction(request, entity, (w) => insertRow(w, w.entity, body))),
      'Saved',
    );
  },
  async update(call) {
    const { request, entity, body } = call;
    await authorize(request, entity, 'update');
    return ok(
      await guardedWrite(call, 'update', () => inTransaction(request, entity, (w) => updateRow(w, w.entity, body))),
      'Saved',
    );
  },
  async upsert(call) {
    const { request, entity, body } = call;
    await authorize(request, entity, 'insert');
    return ok(
      await guardedWrite(call, 'update', () => inTransaction(request, entity, (w) => upsertRow(w, w.entity, body))),
      'Saved',
    );
  },
  async bulkupsert(call) {
    const { request, entity, body } = call;
    await authorize(request, entity, 'insert');
    const rows = await guardedWrite(call, 'update', () =>
      inTransaction(request, entity, (w) => eachRow(body, (row) => upsertRow(w, w.entity, row))),
    );
    return ok(rows, `Saved ${rows.length} rows`, rows.length);
  },
  async bulkupdate(call) {
    const { request, entity, body } = call;
    await authorize(request, entity, 'update');
    const writes = bulkRows(body).map((input) => ({ action: 'update' as const, input }));
    const rows = await guardedWrite(call, 'update', () =>
      inTransaction(request, entity, (w) => writeRows(w, w.entity, writes)),
    );
    return ok(rows, `Saved ${rows.length} rows`, rows.length);
  },
  /** `{ids}` in the body, or the one id of the address. */
  async delete({ request, entity, body, id }) {
    const { ids } = parseBody(familyIdsRequest, id === null ? body : { ids: [id] });
    return (await runAction(request, entity, 'delete', ids, {}))!;
  },
  /** `{action, ids, …}`: delete or a hook action. */
  async execute({ request, entity, body }) {
    const { action, ids, ...rest } = parseBody(executeBody, body);
    const answer = await runAction(request, entity, action, ids, rest);
    if (!answer) throw unknownAction(action);
    return answer;
  },
} satisfies Record<string, VerbHandler>;

export type VerbName = keyof typeof verbs;

const byLowerName = new Map<string, VerbHandler>(
  Object.entries(verbs).map(([name, handler]) => [name.toLowerCase(), handler]),
);

/** A verb by its name in an address (case-insensitive). */
export const verbNamed = (name: string): VerbHandler | undefined => byLowerName.get(name.toLowerCase());

/** The ids a family action names: `{ids}` in the body, else the one id of its address. */
export function actionIds(body: unknown, id: number | null): { ids: number[]; rest: Row } {
  const { ids: sent, ...rest } = isRecord(body) ? body : {};
  const ids = sent === undefined ? (id === null ? [] : [id]) : parseBody(familyIdsRequest, { ids: sent }).ids;
  return { ids, rest };
}
