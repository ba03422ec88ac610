import {
  CHILD_ORDER_COLUMN,
  CHILD_PARENT_COLUMN,
  LINK_COLUMNS,
  fromStorageRow,
  fromStorageValue,
  storageType,
  type NormalisedEntity,
  type NormalisedField,
} from '@backroom/schema';
import type { AppContext } from '../context';
import { runCompiled } from '../db/compiled';
import { entityTables } from '../db/schema/tables';
import { targetOf } from './references';
import type { AnyDb, Row } from './store';

type Stored = Record<string, unknown>;

/** Columns a read selects: the registry's, never anything else the table holds (a password hash). */
export function storedColumns(fields: readonly NormalisedField[], alias?: string): string[] {
  const columns = new Set<string>();
  for (const field of fields) {
    const type = storageType(field);
    if (type !== 'link' && type !== 'child' && !field.custom) columns.add(field.column);
  }
  return [...columns].map((c) => (alias ? `${alias}.${c}` : c));
}

const asEntity = (fields: readonly NormalisedField[]) => ({ fields }) as NormalisedEntity;

const LABEL_DEPTH = 2;

/** Dropdown label texts of rows of an entity, by id ("A1 - Apple"); a label field that is a reference shows its own label. */
export async function labelsOf(
  db: AnyDb,
  entity: NormalisedEntity,
  ids: readonly number[],
  depth = 0,
): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  const unique = [...new Set(ids)];
  if (unique.length === 0) return out;
  const fields = entity.dropdown.label.map((name) => entity.fields.find((f) => f.name === name)!);
  const columns = ['id', ...storedColumns(fields)];
  const rows = (await runCompiled(db, `labels:${entity.table}:${columns.join()}:${unique.length}`, unique, () =>
    db.selectFrom(entity.table).select(columns).where('id', 'in', unique),
  )) as Stored[];
  const nested = new Map<NormalisedField, Map<number, string>>();
  for (const field of fields) {
    const target = targetOf(field);
    if (target && depth < LABEL_DEPTH)
      nested.set(
        field,
        await labelsOf(
          db,
          target,
          rows.map((r) => Number(r[field.column])).filter((id) => id > 0),
          depth + 1,
        ),
      );
  }
  for (const row of rows) {
    const parts = fields.map((field) => {
      const value = fromStorageValue(field, row[field.column]);
      const labels = nested.get(field);
      return labels && value !== null
        ? (labels.get(Number(value)) ?? String(value))
        : value === null
          ? ''
          : String(value);
    });
    out.set(Number(row.id), parts.filter((p) => p !== '').join(' - '));
  }
  return out;
}

/** Adds `{field}Label` beside every reference and list value of the rows (and of their child rows). */
async function addLabels(db: AnyDb, fields: readonly NormalisedField[], rows: Row[]): Promise<void> {
  if (rows.length === 0) return;
  for (const field of fields) {
    if (field.kind === 'children') {
      await addLabels(
        db,
        field.fields,
        rows.flatMap((r) => (r[field.name] as Row[] | undefined) ?? []),
      );
      continue;
    }
    const target = targetOf(field);
    if (!target || field.kind === 'multireference') continue;
    const labels = await labelsOf(
      db,
      target,
      rows.map((r) => Number(r[field.name])).filter((id) => id > 0),
    );
    for (const row of rows)
      row[`${field.name}Label`] = row[field.name] == null ? null : (labels.get(Number(row[field.name])) ?? null);
  }
}

/** Items by key, each group in the items' order. */
function groupBy<T>(items: readonly T[], key: (item: T) => number): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = out.get(k);
    if (group) group.push(item);
    else out.set(k, [item]);
  }
  return out;
}

/** Child rows and multi-reference ids of the given parents (rows with their `id`), in order. */
export async function addRelated(db: AnyDb, fields: readonly NormalisedField[], rows: Row[]): Promise<void> {
  const ids = rows.map((r) => Number(r.id));
  if (ids.length === 0) return;
  for (const field of fields) {
    if (field.kind === 'children') {
      const columns = storedColumns(field.fields).filter((c) => c !== 'id');
      const stored = (await runCompiled(db, `children:${field.table}:${columns.join()}:${ids.length}`, ids, () =>
        db
          .selectFrom(field.table)
          .select(['id', CHILD_PARENT_COLUMN, ...columns])
          .where(CHILD_PARENT_COLUMN, 'in', ids)
          .orderBy(CHILD_PARENT_COLUMN)
          .orderBy(CHILD_ORDER_COLUMN),
      )) as Stored[];
      const children = stored.map((s) => ({
        parent: Number(s[CHILD_PARENT_COLUMN]),
        row: fromStorageRow(asEntity(field.fields), s),
      }));
      await addRelated(
        db,
        field.fields,
        children.map((c) => c.row),
      );
      const byParent = groupBy(children, (c) => c.parent);
      for (const row of rows) row[field.name] = (byParent.get(Number(row.id)) ?? []).map((c) => c.row);
    } else if (field.kind === 'multireference') {
      const links = (await runCompiled(db, `links:${field.table}:${ids.length}`, ids, () =>
        db
          .selectFrom(field.table!)
          .select([LINK_COLUMNS.parent, LINK_COLUMNS.ref])
          .where(LINK_COLUMNS.parent, 'in', ids)
          .orderBy(LINK_COLUMNS.ref),
      )) as Stored[];
      const byParent = groupBy(links, (l) => Number(l[LINK_COLUMNS.parent]));
      for (const row of rows)
        row[field.name] = (byParent.get(Number(row.id)) ?? []).map((l) => Number(l[LINK_COLUMNS.ref]));
    }
  }
}

/** Stored main-table rows as API rows: secrets masked, child rows and links attached, references labelled. */
export async function toApiRows(
  _ctx: AppContext,
  db: AnyDb,
  entity: NormalisedEntity,
  stored: Stored[],
  options: { labels?: boolean } = {},
): Promise<Row[]> {
  const rows = stored.map((s) => fromStorageRow(entity, s));
  await addRelated(db, entity.fields, rows);
  if (options.labels !== false) await addLabels(db, entity.fields, rows);
  return rows;
}

/**
 * A copy of an API row read without labels, with the `{field}Label` texts `toApiRows` would have
 * added: an action that read the row after its change (to audit it) answers it without reading it
 * again. The row given stays as it was (an event or the audit may still hold it).
 */
export async function withLabels(db: AnyDb, entity: NormalisedEntity, row: Row): Promise<Row> {
  const copy = structuredClone(row);
  await addLabels(db, entity.fields, [copy]);
  return copy;
}

const defaults = new WeakMap<NormalisedEntity, Row>();

/** The API values of a row whose stored columns all hold their defaults (what an insert leaves out). */
function defaultValues(entity: NormalisedEntity): Row {
  let out = defaults.get(entity);
  if (!out)
    defaults.set(
      entity,
      (out = fromStorageRow(
        entity,
        Object.fromEntries(entityTables(entity)[0]!.columns.map((c) => [c.name, c.defaultValue ?? null])),
      )),
    );
  return out;
}

/** A row just inserted: its id, the columns the insert wrote, and the row as sent (its child lists and links). */
export interface Inserted {
  id: number;
  stored: Stored;
  sent: Row;
}

/**
 * API rows (without labels) of rows just inserted, as `storedRows` + `toApiRows` would answer them,
 * built from what the insert wrote instead of read back: the columns it left out hold their
 * defaults; child lists and links are read for the rows that sent some, the others have none.
 */
export async function insertedApiRows(
  _ctx: AppContext,
  db: AnyDb,
  entity: NormalisedEntity,
  inserted: readonly Inserted[],
): Promise<Row[]> {
  const base = Object.entries(defaultValues(entity));
  const rows = inserted.map(({ id, stored }) => {
    const row = fromStorageRow(entity, stored);
    row.id = id;
    for (const [name, value] of base) if (!(name in row)) row[name] = value;
    return row;
  });
  for (const field of entity.fields) {
    if (field.kind !== 'children' && field.kind !== 'multireference') continue;
    for (const row of rows) row[field.name] = [];
    await addRelated(
      db,
      [field],
      rows.filter((_, i) => ((inserted[i]!.sent[field.name] as unknown[] | null | undefined)?.length ?? 0) > 0),
    );
  }
  return rows;
}

/** Selects main-table rows by id (every registry column, nothing more). */
export async function storedRows(db: AnyDb, entity: NormalisedEntity, ids: readonly number[]): Promise<Stored[]> {
  if (ids.length === 0) return [];
  const columns = storedColumns(entity.fields, 't');
  if (entity.customizable) columns.push('t.custom_fields');
  return (await db
    .selectFrom(`${entity.table} as t`)
    .select(columns)
    .where('t.id', 'in', [...ids])
    .orderBy('t.id')
    .execute()) as Stored[];
}

/** One API row by id, or undefined. */
export async function apiRow(
  ctx: AppContext,
  db: AnyDb,
  entity: NormalisedEntity,
  id: number,
  options: { labels?: boolean } = {},
): Promise<Row | undefined> {
  const [stored] = await storedRows(db, entity, [id]);
  return stored ? (await toApiRows(ctx, db, entity, [stored], options))[0] : undefined;
}
