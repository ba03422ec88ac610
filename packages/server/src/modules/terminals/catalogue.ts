import { fieldOf, getEntity, type NormalisedEntity } from '@backroom/schema';
import type { FastifyRequest } from 'fastify';
import type { SelectQueryBuilder } from 'kysely';
import { z } from 'zod';
import { ALL_FIELD_GROUPS, entityWithout } from '../../data/field-groups';
import { outletPaths, visibleCondition } from '../../data/outlet-ties';
import { storedRows, toApiRows } from '../../data/read';
import { anyDb, type AnyDb } from '../../data/store';
import { validationError } from '../../http/envelope';
import { parseBody } from '../../http/validate';
import { typedDb } from '../../db/types';
import { entityRow } from '../../openapi/registry-schemas';
import { requireTerminal } from './pairing';

/**
 * `GET …/Catalogue?since={cursor}&limit={n}`: what the terminal sells with, in pages of at most
 * `limit` rows, changed since the cursor (every active row without one), the ids it should drop
 * (`removed`: deleted or deactivated since the cursor), `hasMore` and the next cursor.
 */
/** Rows written at the same instant as the cursor may commit just after it was taken: each call looks back this far (the terminal keeps rows by id, so a row sent twice is harmless). */
const OVERLAP_MS = 5_000;
const DEFAULT_LIMIT = 500;
const MAX_LIMIT = 2_000;

/**
 * The rows of a part this terminal holds: those whose `field` is one of `values`. Parts are
 * entities known by name, and a deleted row's audit record keeps it by field name: the column
 * is the registry field's (`fieldOf`), as in the generic data layer.
 */
interface Scope {
  field: string;
  values: (number | null)[];
}

/** A row the terminal holds while the field has this value (active rows: `is_active` true); a row changed since to another value is `removed`. */
interface Live {
  field: string;
  value: unknown;
}

/**
 * What the catalogue sends, in this order, each with the rows of this terminal's outlet. Future
 * prices are sent while pending: the terminal puts each in force at its own outlet's midnight of
 * the row's date, as the engine does (the job makes a chain-wide one the product's own price only
 * once every outlet has reached its date).
 */
const PARTS: readonly {
  key: string;
  entity: string;
  scope?: (outlet: number, terminalId: number) => Scope;
  live?: Live;
}[] = [
  { key: 'products', entity: 'product' },
  { key: 'outletPrices', entity: 'outletprice', scope: (outlet) => ({ field: 'outlet', values: [outlet] }) },
  { key: 'promotions', entity: 'promotion' },
  { key: 'promotionRules', entity: 'newpromotion' },
  { key: 'paymentModes', entity: 'paymentmode' },
  { key: 'hotkeys', entity: 'hotkey', scope: (outlet) => ({ field: 'outlet', values: [outlet, null] }) },
  { key: 'layouts', entity: 'layoutsetup', scope: (outlet) => ({ field: 'outlet', values: [outlet, null] }) },
  { key: 'settings', entity: 'posterminalsettings' },
  { key: 'terminal', entity: 'pointofsale', scope: (_outlet, terminalId) => ({ field: 'id', values: [terminalId] }) },
  // Last: a sync's cursor names parts by their place.
  {
    key: 'futurePrices',
    entity: 'futureproductprice',
    scope: (outlet) => ({ field: 'outlet', values: [outlet, null] }),
    live: { field: 'status', value: 'pending' },
  },
];

/** What a page of the catalogue answers: each part's rows, the ids to drop per part, whether more follows, the next cursor. */
export const catalogueAnswer = z.object({
  since: z.string().nullable(),
  ...Object.fromEntries(PARTS.map((part) => [part.key, z.array(entityRow(getEntity(part.entity)))])),
  removed: z.object(Object.fromEntries(PARTS.map((part) => [part.key, z.array(z.number().int())]))),
  hasMore: z.boolean(),
  cursor: z.string(),
});

/** Where a sync stands: the moment it began (the cursor of its last page), the time it reads changes from, and the last row sent. */
interface Position {
  began: string;
  from: string | null;
  part: number;
  after: number;
}

const PAGE = 'page.';
const isInstant = (text: string) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text) && !Number.isNaN(Date.parse(text));
const positionShape = z.object({
  began: z.string().refine(isInstant),
  from: z.string().refine(isInstant).nullable(),
  part: z.number().int().min(0).max(PARTS.length),
  after: z.number().int().min(0),
});

const encode = (p: Position) => PAGE + Buffer.from(JSON.stringify(p)).toString('base64url');

function decode(cursor: string): Position | null {
  try {
    const parsed = positionShape.safeParse(JSON.parse(Buffer.from(cursor.slice(PAGE.length), 'base64url').toString()));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const catalogueQuery = z.object({
  since: z.string().trim().max(400).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_LIMIT).default(DEFAULT_LIMIT),
});

/** The position a `since` names: a page cursor, an instant (the cursor of a finished sync), or none (everything). */
function positionOf(since: string | undefined): Position {
  const began = new Date().toISOString();
  if (since === undefined || since === '') return { began, from: null, part: 0, after: 0 };
  const page = since.startsWith(PAGE) ? decode(since) : null;
  if (page) return page;
  if (!isInstant(since))
    throw validationError([
      { field: 'since', message: 'Since must be a cursor this call answered, or a date and time (ISO 8601)' },
    ]);
  return { began, from: new Date(Date.parse(since) - OVERLAP_MS).toISOString(), part: 0, after: 0 };
}

/** The part's live condition: its own, else active rows where the entity has `isActive`. */
const liveOf = (entity: NormalisedEntity, live: Live | undefined): { column: string; value: unknown } | null =>
  live
    ? { column: `t.${fieldOf(entity, live.field).column}`, value: live.value }
    : entity.fields.some((f) => f.name === 'isActive')
      ? { column: 't.is_active', value: true }
      : null;

type AnySelect = SelectQueryBuilder<any, any, { id: unknown }>;

function scoped(query: AnySelect, entity: NormalisedEntity, scope: Scope | undefined): AnySelect {
  if (!scope) return query;
  const column = `t.${scope.field === 'id' ? 'id' : fieldOf(entity, scope.field).column}`;
  const ids = scope.values.filter((v): v is number => v !== null);
  return query.where((eb) =>
    eb.or([eb(column, 'in', ids), ...(scope.values.includes(null) ? [eb(column, 'is', null)] : [])]),
  );
}

/**
 * Rows of an entity the terminal of `outlet` may hold: those of its outlet or of every outlet, by the
 * same outlet ties as a user limited to that outlet (a promotion's outlets, a hotkey's outlet).
 */
function ofOutlet(query: AnySelect, entity: NormalisedEntity, outlet: number): AnySelect {
  const paths = outletPaths(entity);
  return paths.length === 0 ? query : query.where(visibleCondition(paths, 't', [outlet]));
}

/** Ids of one part, changed since `from` (active ones only), after `after`, by id: at most `limit`. */
async function changedIds(
  db: AnyDb,
  entity: NormalisedEntity,
  outlet: number,
  from: string | null,
  after: number,
  limit: number,
  scope?: Scope,
  live?: Live,
): Promise<number[]> {
  let q = ofOutlet(db.selectFrom(`${entity.table} as t`).select('t.id'), entity, outlet).where('t.id', '>', after);
  if (from) q = q.where('t.updated_at', '>=', from);
  const alive = liveOf(entity, live);
  if (alive) q = q.where(alive.column, '=', alive.value);
  return (await scoped(q, entity, scope).orderBy('t.id').limit(limit).execute()).map((r) => Number(r.id));
}

/** Whether a deleted row was within the scope, by the fields its audit row kept (a blank field is not kept: null). */
function wasInScope(rowId: number, changes: unknown, scope: Scope | undefined): boolean {
  if (!scope) return true;
  if (scope.field === 'id') return scope.values.includes(rowId);
  const parsed = (typeof changes === 'string' ? JSON.parse(changes) : changes) as {
    before?: Record<string, unknown>;
  } | null;
  const value = parsed?.before?.[scope.field];
  return scope.values.includes(value === undefined || value === null ? null : Number(value));
}

/** Ids the terminal should drop: rows of its scope deleted since `from` (the audit log's record of it) that do not exist again, and rows deactivated (no longer live) since. */
async function removedIds(
  db: AnyDb,
  entity: NormalisedEntity,
  outlet: number,
  from: string,
  scope?: Scope,
  live?: Live,
): Promise<number[]> {
  const deleted = await typedDb(db)
    .selectFrom('audit_log')
    .select(['row_id', 'changes'])
    .where('action', '=', 'delete')
    .where('entity', '=', entity.name)
    .where('at', '>=', from)
    .execute();
  const gone = [
    ...new Set(deleted.flatMap((r) => (r.row_id !== null && wasInScope(r.row_id, r.changes, scope) ? [r.row_id] : []))),
  ];
  const back =
    gone.length === 0 ? [] : await db.selectFrom(entity.table).select('id').where('id', 'in', gone).execute();
  const alive = liveOf(entity, live);
  const inactive = alive
    ? await scoped(
        ofOutlet(db.selectFrom(`${entity.table} as t`).select('t.id'), entity, outlet)
          .where('t.updated_at', '>=', from)
          .where(alive.column, '<>', alive.value),
        entity,
        scope,
      ).execute()
    : [];
  const existing = new Set(back.map((r) => Number(r.id)));
  return [...new Set([...gone.filter((id) => !existing.has(id)), ...inactive.map((r) => Number(r.id))])].sort(
    (a, b) => a - b,
  );
}

export async function catalogue(request: FastifyRequest) {
  const me = requireTerminal(request);
  const { since, limit } = parseBody(catalogueQuery, request.query ?? {});
  const at = positionOf(since);
  const db = anyDb(request.server.ctx);
  const scopes = PARTS.map((part) => part.scope?.(me.outletId, me.terminalId));
  const out: Record<string, unknown> = { since: since ?? null };
  const removed: Record<string, number[]> = {};
  const firstPage = at.part === 0 && at.after === 0;
  for (const [k, part] of PARTS.entries()) {
    out[part.key] = [];
    removed[part.key] =
      firstPage && at.from
        ? await removedIds(db, getEntity(part.entity), me.outletId, at.from, scopes[k], part.live)
        : [];
  }
  let room = limit;
  let next: Position | null = null;
  for (let k = at.part; k < PARTS.length; k++) {
    // A till is run by cashiers: it is sent no field of a field group (costs).
    const entity = entityWithout(getEntity(PARTS[k]!.entity), ALL_FIELD_GROUPS);
    const ids = await changedIds(
      db,
      entity,
      me.outletId,
      at.from,
      k === at.part ? at.after : 0,
      room + 1,
      scopes[k],
      PARTS[k]!.live,
    );
    const sent = ids.slice(0, room);
    out[PARTS[k]!.key] = await toApiRows(request.server.ctx, db, entity, await storedRows(db, entity, sent), {
      labels: false,
    });
    room -= sent.length;
    if (ids.length > sent.length || (room === 0 && k < PARTS.length - 1)) {
      next = { ...at, part: ids.length > sent.length ? k : k + 1, after: ids.length > sent.length ? sent.at(-1)! : 0 };
      break;
    }
  }
  return { ...out, removed, hasMore: next !== null, cursor: next ? encode(next) : at.began };
}
