import {
  CHILD_ORDER_COLUMN,
  CHILD_PARENT_COLUMN,
  LINK_COLUMNS,
  rowRuleIssues,
  toStorageRow,
  toStorageValue,
  validateRow,
  type NormalisedEntity,
  type NormalisedField,
} from '@backroom/schema';
import { ApiError, validationError } from '../http/envelope';
import { assertOutletsWritable, rowFilters } from './access';
import { recordAudit } from './audit';
import { RowRefused, hooksOf, type AfterWrite, type BeforeWrite, type HookContext, type WriteAction } from './hooks';
import { allOf } from './query';
import { apiRow, storedRows, toApiRows } from './read';
import { naturalKey, referrersTo, targetOf, type Referrer } from './references';
import { assertSecretsStayHome } from './secret-address';
import { insertMany } from './insert-many';
import { encrypt, type Row } from './store';
import { changesNothing } from './unchanged';

/** What every write step gets: the hook context, which carries the request. */
export type Writer = HookContext;

export const STALE_MESSAGE = 'This record was changed by someone else';

const asEntity = (fields: readonly NormalisedField[]) => ({ fields }) as NormalisedEntity;
const isRecord = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value);
const blank = (value: unknown) => value === null || value === undefined;

export function validated(entity: NormalisedEntity, input: unknown, mode: 'insert' | 'update'): Row {
  // Entities without a version column still pass through the update schema, which requires one.
  const body = mode === 'update' && !entity.systemFields && isRecord(input) ? { version: 0, ...input } : input;
  const result = validateRow(entity, body, mode);
  if (!result.ok)
    throw validationError(
      result.errors.map(({ field, message }) => ({ field, message })),
      result.errors[0]!.message,
    );
  return result.value;
}

/** Ids of the rows among `ids` the caller may see. */
export async function visibleIds(w: Writer, entity: NormalisedEntity, ids: readonly number[]): Promise<Set<number>> {
  const rows = await w.trx
    .selectFrom(`${entity.table} as t`)
    .select('t.id')
    .where('t.id', 'in', [...ids])
    .where(allOf(await rowFilters(w.request, entity)))
    .execute();
  return new Set(rows.map((r) => Number(r.id)));
}

/** A row the caller may not see answers as one that does not exist: the same 404, the same words. */
export const noRows = (entity: NormalisedEntity, ids: readonly number[]) =>
  new ApiError(404, `${entity.label}: no row ${ids.join(', ')}`);

/** 404 naming the rows the caller may not see (or that do not exist), then 403 unless they may write them all (their outlets). */
export async function assertWritableRows(w: Writer, entity: NormalisedEntity, ids: readonly number[]): Promise<void> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return;
  const visible = await visibleIds(w, entity, wanted);
  const missing = wanted.filter((id) => !visible.has(id));
  if (missing.length > 0) throw noRows(entity, missing);
  await assertOutletsWritable(w.request, w.trx, entity, wanted);
}

// ── references ──────────────────────────────────────────────────────────────

interface Wanted {
  /** The field's path is `{prefix}{name}`, put together only for an error. */
  prefix: string;
  name: string;
  label: string;
  target: NormalisedEntity;
  category?: string;
  id: number;
}

function wantedReferences(fields: readonly NormalisedField[], row: Row, prefix: string, out: Wanted[]): Wanted[] {
  for (const field of fields) {
    const value = row[field.name];
    if (blank(value)) continue;
    if (field.kind === 'children') {
      (value as Row[]).forEach((child, i) =>
        wantedReferences(field.fields, child, `${prefix}${field.name}.${i}.`, out),
      );
      continue;
    }
    const target = targetOf(field);
    if (!target) continue;
    const category = field.kind === 'listvalue' ? field.category : undefined;
    for (const id of field.kind === 'multireference' ? (value as number[]) : [value as number])
      out.push({ prefix, name: field.name, label: field.label, target, category, id });
  }
  return out;
}

/** A row of a write and the prefix its error fields take (`''` alone, `'{index}.'` in a batch). */
export interface Placed {
  prefix: string;
  row: Row;
}

/** 400 naming every field whose id has no row the caller may see (list values also in the field's category); one query per target for all rows. */
export async function checkReferences(
  w: Writer,
  fields: readonly NormalisedField[],
  rows: readonly Placed[],
): Promise<void> {
  const wanted: Wanted[] = [];
  for (const { prefix, row } of rows) wantedReferences(fields, row, prefix, wanted);
  const groups = new Map<string, Wanted[]>();
  for (const want of wanted) {
    const key = `${want.target.table}|${want.category ?? ''}`;
    const group = groups.get(key);
    if (group) group.push(want);
    else groups.set(key, [want]);
  }
  const errors: { field: string; message: string }[] = [];
  for (const group of groups.values()) {
    const { target, category } = group[0]!;
    const ids = [...new Set(group.map((g) => g.id))];
    const found = new Set<number>();
    for (let i = 0; i < ids.length; i += CHUNK) {
      let query = w.trx
        .selectFrom(`${target.table} as t`)
        .select('t.id')
        .where('t.id', 'in', ids.slice(i, i + CHUNK))
        .where(allOf(await rowFilters(w.request, target)));
      if (category !== undefined)
        query = query.where(
          't.category_id',
          'in',
          w.trx.selectFrom('list_value_category').select('id').where('code', '=', category),
        );
      for (const r of await query.execute()) found.add(Number(r.id));
    }
    for (const want of group)
      if (!found.has(want.id))
        errors.push({
          field: `${want.prefix}${want.name}`,
          message: `${want.label} refers to a missing ${want.target.label.toLowerCase()} row (${want.id})`,
        });
  }
  if (errors.length > 0) throw validationError(errors, errors[0]!.message);
}

/** Values per `IN (…)` list. */
const CHUNK = 1000;

// ── unique values ───────────────────────────────────────────────────────────

const duplicate = (field: string, label: string, value: unknown) => {
  const message = `${label} "${String(value)}" is already used`;
  return new ApiError(409, message, [{ field, message }]);
};

/** A row of a batch write with its id (null for an insert) and its stored API row (for an update). */
export interface Written extends Placed {
  id: number | null;
  current: Row | null;
}

/**
 * 409 naming the field when a value of a field unique on its own is sent twice in the rows or is
 * taken by a stored row other than the one it is sent for: one query per field for all rows.
 */
export async function checkPlainUniques(w: Writer, entity: NormalisedEntity, rows: readonly Written[]): Promise<void> {
  for (const field of entity.fields) {
    if (field.unique !== true || field.custom || field.kind === 'children') continue;
    const owners = new Map<string, Written>();
    for (const written of rows) {
      const value = written.row[field.name];
      if (!(field.name in written.row) || blank(value)) continue;
      const stored = String(toStorageValue(field, value, w.ctx.dialect));
      if (owners.has(stored)) throw duplicate(`${written.prefix}${field.name}`, field.label, value);
      owners.set(stored, written);
    }
    const values = [...owners.keys()];
    for (let i = 0; i < values.length; i += CHUNK) {
      const taken = await w.trx
        .selectFrom(entity.table)
        .select(['id', `${field.column} as value`])
        .where(field.column, 'in', values.slice(i, i + CHUNK))
        .execute();
      for (const { id, value } of taken) {
        const owner = owners.get(String(value));
        if (owner && owner.id !== Number(id))
          throw duplicate(`${owner.prefix}${field.name}`, field.label, owner.row[field.name]);
      }
    }
  }
}

/** 409 naming the field when a unique value (alone or within its scope) is taken by another row. */
async function checkUniques(
  w: Writer,
  entity: NormalisedEntity,
  row: Row,
  id: number | null,
  current: Row | null,
): Promise<void> {
  await checkPlainUniques(w, entity, [{ prefix: '', row, id, current }]);
  await checkScopedUniques(w, entity, row, id, current);
}

/** Fields of an entity by a test, found once per entity (a batch asks for every row). */
function fieldsWhere(
  cache: WeakMap<NormalisedEntity, readonly NormalisedField[]>,
  entity: NormalisedEntity,
  test: (f: NormalisedField) => boolean,
) {
  let found = cache.get(entity);
  if (!found) cache.set(entity, (found = entity.fields.filter(test)));
  return found;
}

const scopedUniqueFields = new WeakMap<NormalisedEntity, readonly NormalisedField[]>();
const childLists = new WeakMap<NormalisedEntity, readonly NormalisedField[]>();

/** Whether `checkScopedUniques` has anything to check for the row: a field unique within a scope, or a child list sent. */
export const hasScopedUniques = (entity: NormalisedEntity, row: Row) =>
  fieldsWhere(scopedUniqueFields, entity, (f) => Array.isArray(f.unique) && !f.custom && f.kind !== 'children').length >
    0 || fieldsWhere(childLists, entity, (f) => f.kind === 'children').some((f) => Array.isArray(row[f.name]));

/** `checkUniques` for values unique within a scope and for child rows' unique values, of one row. */
export async function checkScopedUniques(
  w: Writer,
  entity: NormalisedEntity,
  row: Row,
  id: number | null,
  current: Row | null,
  prefix = '',
): Promise<void> {
  const valueOf = (name: string) => (name in row ? row[name] : current?.[name]);
  for (const field of entity.fields) {
    if (!Array.isArray(field.unique) || field.custom || field.kind === 'children') continue;
    const scope = field.unique;
    if (![field.name, ...scope].some((name) => name in row)) continue;
    const value = valueOf(field.name);
    if (blank(value)) continue;
    let query = w.trx
      .selectFrom(entity.table)
      .select('id')
      .where(field.column, '=', toStorageValue(field, value, w.ctx.dialect));
    for (const name of scope) {
      const scoped = entity.fields.find((f) => f.name === name)!;
      const scopeValue = valueOf(name);
      query = blank(scopeValue)
        ? query.where(scoped.column, 'is', null)
        : query.where(scoped.column, '=', toStorageValue(scoped, scopeValue, w.ctx.dialect));
    }
    if (id !== null) query = query.where('id', '<>', id);
    if (await query.limit(1).executeTakeFirst()) throw duplicate(`${prefix}${field.name}`, field.label, value);
  }
  for (const list of entity.fields) {
    if (list.kind !== 'children' || !Array.isArray(row[list.name])) continue;
    const children = row[list.name] as Row[];
    for (const field of list.fields) {
      if (!field.unique || field.name === 'id') continue;
      const scope = Array.isArray(field.unique) ? field.unique.filter((s) => s !== 'parentId') : [];
      const seen = new Set<string>();
      for (const [i, child] of children.entries()) {
        if (blank(child[field.name])) continue;
        const key = JSON.stringify([child[field.name], ...scope.map((s) => child[s])]);
        if (seen.has(key)) throw duplicate(`${prefix}${list.name}.${i}.${field.name}`, field.label, child[field.name]);
        seen.add(key);
        if (field.unique !== true) continue;
        let query = w.trx
          .selectFrom(list.table)
          .select('id')
          .where(field.column, '=', toStorageValue(field, child[field.name], w.ctx.dialect));
        if (id !== null) query = query.where(CHILD_PARENT_COLUMN, '<>', id);
        if (await query.limit(1).executeTakeFirst())
          throw duplicate(`${prefix}${list.name}.${i}.${field.name}`, field.label, child[field.name]);
      }
    }
  }
}

// ── flags one row holds ─────────────────────────────────────────────────────

type Flag = Extract<NormalisedField, { kind: 'boolean' }>;
export const exclusiveFlags = (entity: NormalisedEntity) =>
  entity.fields.filter((f): f is Flag => f.kind === 'boolean' && f.exclusive === true && !f.custom);

const mustStayHeld = (entity: NormalisedEntity, flag: Flag) => {
  const message = `${flag.label}: one ${entity.label.toLowerCase()} row must keep it; set it on another row instead`;
  return new ApiError(409, message, [{ field: flag.name, message }]);
};

/**
 * A flag only one row holds (the base currency, the default tax code), before the row is written:
 * set on this row, it leaves the row that held it in the same transaction (an audited change of that row); taken off the
 * row holding it, 409 — another row must take it.
 */
export async function moveExclusiveFlags(
  w: Writer,
  entity: NormalisedEntity,
  id: number | null,
  before: Row | null,
  after: Row,
): Promise<void> {
  for (const flag of exclusiveFlags(entity)) {
    if (before?.[flag.name] === true && after[flag.name] !== true) throw mustStayHeld(entity, flag);
    if (after[flag.name] !== true || before?.[flag.name] === true) continue;
    let query = w.trx
      .selectFrom(entity.table)
      .select('id')
      .where(flag.column, '=', toStorageValue(flag, true, w.ctx.dialect));
    if (id !== null) query = query.where('id', '<>', id);
    const holders = await query.execute();
    for (const holder of holders.map((h) => Number(h.id))) {
      const held = (await apiRow(w.ctx, w.trx, entity, holder, { labels: false }))!;
      const set: Row = { [flag.column]: toStorageValue(flag, false, w.ctx.dialect) };
      if (entity.systemFields)
        Object.assign(set, { version: (held.version as number) + 1, updated_at: w.now, updated_by: w.auth.userName });
      await w.trx.updateTable(entity.table).set(set).where('id', '=', holder).execute();
      await recordAudit(w, 'update', holder, held, (await apiRow(w.ctx, w.trx, entity, holder, { labels: false }))!);
    }
  }
}

/** 409 when deleting rows would leave a flag with no holder while other rows remain. */
async function checkFlagsKept(w: Writer, entity: NormalisedEntity, ids: number[]): Promise<void> {
  for (const flag of exclusiveFlags(entity)) {
    const held = await w.trx
      .selectFrom(entity.table)
      .select('id')
      .where('id', 'in', ids)
      .where(flag.column, '=', toStorageValue(flag, true, w.ctx.dialect))
      .executeTakeFirst();
    if (!held) continue;
    const others = await w.trx
      .selectFrom(entity.table)
      .select('id')
      .where('id', 'not in', ids)
      .limit(1)
      .executeTakeFirst();
    if (others) throw mustStayHeld(entity, flag);
  }
}

// ── child tables and links ──────────────────────────────────────────────────

async function deleteChildRows(
  w: Writer,
  list: Extract<NormalisedField, { kind: 'children' }>,
  ids: number[],
): Promise<void> {
  if (ids.length === 0) return;
  await deleteRelated(w, list.fields, ids);
  await w.trx.deleteFrom(list.table).where('id', 'in', ids).execute();
}

/** Child rows (nested ones first) and link rows of the given parents. */
async function deleteRelated(w: Writer, fields: readonly NormalisedField[], parentIds: number[]): Promise<void> {
  for (const field of fields) {
    if (field.kind === 'children') {
      const rows = await w.trx
        .selectFrom(field.table)
        .select('id')
        .where(CHILD_PARENT_COLUMN, 'in', parentIds)
        .execute();
      await deleteChildRows(
        w,
        field,
        rows.map((r) => Number(r.id)),
      );
    } else if (field.kind === 'multireference') {
      await w.trx.deleteFrom(field.table!).where(LINK_COLUMNS.parent, 'in', parentIds).execute();
    }
  }
}

/** A parent row written and the row as sent (its child lists and links). */
interface Parent {
  id: number;
  row: Row;
}

/**
 * Replaces the child lists and links the rows carry, for many parents at once (a delete and a
 * multi-row insert per table); a child row keeps its id when it was its parent's.
 */
export async function writeRelated(
  w: Writer,
  fields: readonly NormalisedField[],
  parents: readonly Parent[],
): Promise<void> {
  for (const field of fields) {
    if (field.kind !== 'multireference' && field.kind !== 'children') continue;
    const sent = parents.filter((p) => field.name in p.row);
    if (sent.length === 0) continue;
    const parentIds = sent.map((p) => p.id);
    if (field.kind === 'multireference') {
      await w.trx.deleteFrom(field.table!).where(LINK_COLUMNS.parent, 'in', parentIds).execute();
      const links = sent.flatMap((p) =>
        ((p.row[field.name] as number[] | null) ?? []).map((ref) => ({
          [LINK_COLUMNS.parent]: p.id,
          [LINK_COLUMNS.ref]: ref,
        })),
      );
      if (links.length > 0) await insertMany(w.trx, field.table!, links, false);
    }
    if (field.kind !== 'children') continue;
    const existing = await w.trx
      .selectFrom(field.table)
      .select(['id', CHILD_PARENT_COLUMN])
      .where(CHILD_PARENT_COLUMN, 'in', parentIds)
      .execute();
    await deleteChildRows(
      w,
      field,
      existing.map((r) => Number(r.id)),
    );
    const kept = new Set(existing.map((r) => `${String(r[CHILD_PARENT_COLUMN])}|${String(r.id)}`));
    const children: Parent[] = [];
    const stored: Row[] = [];
    for (const parent of sent)
      for (const [i, child] of ((parent.row[field.name] as Row[] | null) ?? []).entries()) {
        const { id, ...values } = child;
        const one: Row = {
          ...toStorageRow(asEntity(field.fields), values, w.ctx.dialect),
          [CHILD_PARENT_COLUMN]: parent.id,
          [CHILD_ORDER_COLUMN]: i,
        };
        if (typeof id === 'number' && kept.has(`${parent.id}|${id}`)) one.id = id;
        stored.push(one);
        children.push({ id: 0, row: values });
      }
    if (stored.length === 0) continue;
    const ids = await insertMany(w.trx, field.table, stored);
    children.forEach((child, i) => (child.id = ids[i]!));
    await writeRelated(w, field.fields, children);
  }
}

// ── rows ────────────────────────────────────────────────────────────────────

/** The row's columns: secrets encrypted, custom fields merged into the stored ones. */
export function columnsOf(w: Writer, entity: NormalisedEntity, row: Row, current: Row | null): Row {
  // Copied only when a value changes (the row is the caller's): an import writes 100,000 rows.
  let out = row;
  const set = (name: string, value: unknown) => ((out = out === row ? { ...row } : out)[name] = value);
  for (const field of entity.fields) {
    if (field.kind === 'secret' && typeof out[field.name] === 'string' && out[field.name] !== '')
      set(field.name, encrypt(w.ctx, out[field.name] as string));
    if (field.custom && current && !(field.name in out) && entity.fields.some((f) => f.custom && f.name in row))
      set(field.name, current[field.name]);
  }
  return toStorageRow(entity, out, w.ctx.dialect);
}

/** How a batch names the row of a per-row hook's error. */
export type RowErrors = (index: number, error: ApiError) => ApiError;
const asIs: RowErrors = (_, error) => error;

/** Runs a step of row `index` (null: of the batch, whose hooks name a row by `RowRefused`): an `ApiError` of a row is named by `onError`. */
export async function perRow<T>(index: number | null, onError: RowErrors, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof RowRefused)
      throw error.error instanceof ApiError ? onError(error.index, error.error) : error.error;
    throw error instanceof ApiError && index !== null ? onError(index, error) : error;
  }
}

/**
 * A hook's event: the writer's context with the event's own fields. Listed, not spread: `{ ...w, ...e }`
 * makes a dictionary-mode object of about 1 KB, and a batch has thousands of events.
 */
const withWriter = <E extends object>(w: Writer, e: E): HookContext & E => ({
  ctx: w.ctx,
  trx: w.trx,
  auth: w.auth,
  entity: w.entity,
  now: w.now,
  request: w.request,
  ...e,
});

/** The hooks' extra columns for each row, through their batch form where they have one. */
export async function runBeforeMany(
  w: Writer,
  entity: NormalisedEntity,
  events: readonly Omit<BeforeWrite, keyof Writer>[],
  onError = asIs,
): Promise<Row[]> {
  const extras = events.map((): Row => ({}));
  const full = events.map((e) => withWriter(w, e));
  for (const hook of hooksOf(w.request, entity)) {
    if (hook.beforeWriteMany)
      (await perRow(null, onError, () => hook.beforeWriteMany!(full)))?.forEach((extra, i) =>
        Object.assign(extras[i]!, extra),
      );
    else if (hook.beforeWrite)
      for (const [i, event] of full.entries())
        Object.assign(extras[i]!, await perRow(i, onError, async () => hook.beforeWrite!(event)));
  }
  return extras;
}

/** The hooks after the rows are written, through their batch form where they have one. */
export async function runAfterMany(
  w: Writer,
  entity: NormalisedEntity,
  events: readonly Omit<AfterWrite, keyof Writer>[],
  onError = asIs,
): Promise<void> {
  const full = events.map((e) => withWriter(w, e));
  for (const hook of hooksOf(w.request, entity)) {
    if (hook.afterWriteMany) await perRow(null, onError, () => hook.afterWriteMany!(full));
    else if (hook.afterWrite)
      for (const [i, event] of full.entries()) await perRow(i, onError, () => hook.afterWrite!(event));
  }
}

async function runBefore(
  w: Writer,
  entity: NormalisedEntity,
  action: WriteAction,
  id: number | null,
  row: Row,
  input: unknown = {},
): Promise<Row> {
  return (await runBeforeMany(w, entity, [{ action, id, row, input: isRecord(input) ? input : {} }]))[0]!;
}

const runAfter = (
  w: Writer,
  entity: NormalisedEntity,
  action: WriteAction,
  id: number,
  before: Row | null,
  after: Row | null,
) => runAfterMany(w, entity, [{ action, id, before, after }]);

const secretFields = new WeakMap<NormalisedEntity, readonly NormalisedField[]>();

export const sentSecrets = (entity: NormalisedEntity, row: Row) =>
  new Set(
    fieldsWhere(secretFields, entity, (f) => f.kind === 'secret').flatMap((f) => (f.name in row ? [f.name] : [])),
  );

export async function insertRow(w: Writer, entity: NormalisedEntity, input: unknown): Promise<Row> {
  const row = validated(entity, input, 'insert');
  await checkReferences(w, entity.fields, [{ prefix: '', row }]);
  await checkUniques(w, entity, row, null, null);
  const extra = await runBefore(w, entity, 'insert', null, row, input);
  await moveExclusiveFlags(w, entity, null, null, row);
  const system = entity.systemFields
    ? { version: 1, created_at: w.now, created_by: w.auth.userName, updated_at: w.now, updated_by: w.auth.userName }
    : {};
  const values = { ...columnsOf(w, entity, row, null), ...system, ...extra };
  const inserted = await w.trx.insertInto(entity.table).values(values).returning('id').executeTakeFirstOrThrow();
  const id = Number(inserted.id);
  await writeRelated(w, entity.fields, [{ id, row }]);
  await assertOutletsWritable(w.request, w.trx, entity, [id]);
  const after = (await apiRow(w.ctx, w.trx, entity, id, { labels: false }))!;
  await recordAudit(w, 'insert', id, null, after, sentSecrets(entity, row));
  await runAfter(w, entity, 'insert', id, null, after);
  return (await apiRow(w.ctx, w.trx, entity, id))!;
}

/** An update of one row; one that changes nothing answers the row as it is and writes nothing (no version, hooks, events or audit row). */
export async function updateRow(w: Writer, entity: NormalisedEntity, input: unknown): Promise<Row> {
  const { id: rawId, version, ...row } = validated(entity, input, 'update');
  const id = rawId as number;
  const before = (await visibleIds(w, entity, [id])).has(id)
    ? await apiRow(w.ctx, w.trx, entity, id, { labels: false })
    : undefined;
  if (!before) throw noRows(entity, [id]);
  await assertOutletsWritable(w.request, w.trx, entity, [id]);
  // A save that changes nothing is no conflict: a colleague's form, open at an older version, saves as is.
  if (entity.systemFields && before.version !== version && !changesNothing(entity.fields, before, row, w.ctx.dialect))
    throw new ApiError(409, STALE_MESSAGE);
  assertSecretsStayHome(entity, before, row);
  // An update sends what changed: rules between fields (dates in order, a percent by its kind) hold on the row it leaves.
  const broken = rowRuleIssues(entity, { ...before, ...row });
  if (broken.length > 0)
    throw validationError(
      broken.map(({ field, message }) => ({ field, message })),
      broken[0]!.message,
    );
  await checkReferences(w, entity.fields, [{ prefix: '', row }]);
  await checkUniques(w, entity, row, id, before);
  const extra = await runBefore(w, entity, 'update', id, row, input);
  // After the hooks, whose rules refuse what the caller sent (a status, a password) even when it changes nothing.
  if (Object.keys(extra).length === 0 && changesNothing(entity.fields, before, row, w.ctx.dialect))
    return (await apiRow(w.ctx, w.trx, entity, id))!;
  await moveExclusiveFlags(w, entity, id, before, { ...before, ...row });
  const set: Row = { ...columnsOf(w, entity, row, before), ...extra };
  if (entity.systemFields)
    Object.assign(set, { version: (version as number) + 1, updated_at: w.now, updated_by: w.auth.userName });
  if (Object.keys(set).length > 0) {
    let query = w.trx.updateTable(entity.table).set(set).where('id', '=', id);
    if (entity.systemFields) query = query.where('version', '=', version);
    const result = await query.executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new ApiError(409, STALE_MESSAGE);
  }
  await writeRelated(w, entity.fields, [{ id, row }]);
  await assertOutletsWritable(w.request, w.trx, entity, [id]);
  const after = (await apiRow(w.ctx, w.trx, entity, id, { labels: false }))!;
  await recordAudit(w, 'update', id, before, after, sentSecrets(entity, row));
  await runAfter(w, entity, 'update', id, before, after);
  return (await apiRow(w.ctx, w.trx, entity, id))!;
}

/** Update by id, else by the entity's natural key (its unique code) when a row has it, else insert. */
export async function upsertRow(w: Writer, entity: NormalisedEntity, input: unknown): Promise<Row> {
  if (!isRecord(input)) return insertRow(w, entity, input);
  if (!blank(input.id) && input.id !== '') return updateRow(w, entity, input);
  const key = naturalKey(entity);
  const value = key ? input[key.name] : undefined;
  if (key && typeof value === 'string' && value.trim() !== '') {
    // A row the caller may not see is not matched: the insert then meets its code as any duplicate.
    const existing = await w.trx
      .selectFrom(`${entity.table} as t`)
      .select(['t.id', ...(entity.systemFields ? ['t.version'] : [])])
      .where(`t.${key.column}`, '=', value.trim())
      .where(allOf(await rowFilters(w.request, entity)))
      .executeTakeFirst();
    if (existing) return updateRow(w, entity, { version: existing.version, ...input, id: Number(existing.id) });
  }
  return insertRow(w, entity, input);
}

// ── delete ──────────────────────────────────────────────────────────────────

/**
 * Rows the server wrote for this entity's own screen (a product's price history) belong to the row
 * and go with it; every other row that refers to it keeps it.
 */
const dependent = (entity: NormalisedEntity, ref: Referrer) =>
  ref.owner.readOnly && ref.owner.permission === entity.permission && ref.table === ref.owner.table;

/** 409 when another row still refers to one of the rows. */
async function checkInUse(w: Writer, entity: NormalisedEntity, ids: number[]): Promise<void> {
  for (const ref of referrersTo(entity)) {
    if (dependent(entity, ref)) continue;
    let query = w.trx.selectFrom(ref.table).select(ref.column).where(ref.column, 'in', ids);
    if (ref.table === entity.table) query = query.where('id', 'not in', ids);
    const used = await query.limit(1).executeTakeFirst();
    if (used)
      throw new ApiError(
        409,
        `${entity.label}: row ${String(used[ref.column])} is still used by ${ref.owner.label.toLowerCase()}`,
      );
  }
}

/** Deletes every row or none: 404 naming the ids that do not exist (or that the caller may not see). */
export async function deleteRows(w: Writer, entity: NormalisedEntity, ids: number[]): Promise<number> {
  const wanted = [...new Set(ids)];
  await assertWritableRows(w, entity, wanted);
  await checkInUse(w, entity, wanted);
  await checkFlagsKept(w, entity, wanted);
  const befores = await toApiRows(w.ctx, w.trx, entity, await storedRows(w.trx, entity, wanted), { labels: false });
  for (const before of befores) await runBefore(w, entity, 'delete', before.id as number, before);
  await deleteRelated(w, entity.fields, wanted);
  for (const ref of referrersTo(entity).filter((r) => dependent(entity, r)))
    await w.trx.deleteFrom(ref.table).where(ref.column, 'in', wanted).execute();
  await w.trx.deleteFrom(entity.table).where('id', 'in', wanted).execute();
  for (const before of befores) {
    await recordAudit(w, 'delete', before.id as number, before, null);
    await runAfter(w, entity, 'delete', before.id as number, before, null);
  }
  return wanted.length;
}
