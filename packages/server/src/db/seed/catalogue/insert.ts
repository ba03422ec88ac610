import {
  CHILD_ORDER_COLUMN,
  CHILD_PARENT_COLUMN,
  LINK_COLUMNS,
  getEntity,
  toStorageRow,
  validateRow,
  type NormalisedEntity,
  type NormalisedField,
} from '@backroom/schema';
import type { AnyDb, Row } from '../../types';

/** Rows per INSERT statement: well below the bound-parameter limits of SQLite and PostgreSQL. */
const CHUNK = 100;

/** Ids by natural key (code, member no.) of the rows just written. */
export type Ids = Map<string, number>;

export interface Seeder {
  db: AnyDb;
  now: string;
}

const keyField = (entity: NormalisedEntity) =>
  entity.fields.find((f) => f.unique === true && f.kind === 'text' && !f.readOnly);

function valid(entity: NormalisedEntity, input: Row): Row {
  const result = validateRow(entity, input, 'insert');
  if (!result.ok)
    throw new Error(
      `Demo ${entity.name} ${JSON.stringify(input).slice(0, 120)}: ${result.errors.map((e) => `${e.field}: ${e.message}`).join('; ')}`,
    );
  return result.value;
}

// Booleans stay booleans: the SQLite driver wrapper binds them as 0/1.
const storedRow = (fields: readonly NormalisedField[], row: Row) =>
  toStorageRow({ fields } as NormalisedEntity, row, 'postgres');

async function insertChunks(db: AnyDb, table: string, rows: Row[], returning?: string[]): Promise<Row[]> {
  const out: Row[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const query = db.insertInto(table).values(rows.slice(i, i + CHUNK));
    if (returning) out.push(...(await query.returning(returning).execute()));
    else await query.execute();
  }
  return out;
}

async function insertEach(db: AnyDb, table: string, rows: Row[]): Promise<Row[]> {
  const out: Row[] = [];
  for (const row of rows) out.push(await db.insertInto(table).values(row).returning(['id']).executeTakeFirstOrThrow());
  return out;
}

/**
 * Writes demo rows the way the generic write path stores them: validated by the registry
 * (defaults, canonical decimals), converted by `toStorageRow`, child tables and links included.
 * No audit rows: the demo is the starting state, not a change.
 */
export async function insertValid(s: Seeder, name: string, inputs: Row[]): Promise<Ids> {
  if (inputs.length === 0) return new Map();
  const entity = getEntity(name);
  const key = keyField(entity);
  const rows = inputs.map((input) => valid(entity, input));
  const system = entity.systemFields
    ? { version: 1, created_at: s.now, created_by: 'system', updated_at: s.now, updated_by: 'system' }
    : {};
  const stored = rows.map((row) => ({ ...storedRow(entity.fields, row), ...system }));
  const related = entity.fields.filter((f) => f.kind === 'children' || f.kind === 'multireference');
  // Without a code to find them by, rows with child rows are written one by one, for their ids.
  const returned =
    key || related.length === 0
      ? await insertChunks(s.db, entity.table, stored, key ? ['id', key.column] : undefined)
      : await insertEach(s.db, entity.table, stored);
  const ids: Ids = key ? new Map(returned.map((r) => [String(r[key.column]), Number(r.id)])) : new Map();
  if (related.length === 0) return ids;
  const parentIds = new Map(
    rows.map((row, i) => [row, key ? ids.get(String(row[key.name]))! : Number(returned[i]!.id)]),
  );
  const parentOf = (row: Row) => parentIds.get(row)!;
  for (const field of related) {
    if (field.kind === 'multireference') {
      const links = rows.flatMap((row) =>
        ((row[field.name] as number[] | null) ?? []).map((ref) => ({
          [LINK_COLUMNS.parent]: parentOf(row),
          [LINK_COLUMNS.ref]: ref,
        })),
      );
      if (links.length > 0) await insertChunks(s.db, (field as { table: string }).table, links);
    } else if (field.kind === 'children')
      await insertChildren(
        s,
        field,
        rows.map((row) => [parentOf(row), row]),
      );
  }
  return ids;
}

type ChildrenField = Extract<NormalisedField, { kind: 'children' }>;

/** The child rows of `field` under each parent (id, validated row), and theirs in turn (a menu's sections' items). */
async function insertChildren(s: Seeder, field: ChildrenField, parents: [number, Row][]): Promise<void> {
  const nested = field.fields.filter((f): f is ChildrenField => f.kind === 'children');
  const lines = parents.flatMap(([parentId, row]) =>
    ((row[field.name] as Row[] | null) ?? []).map((child, i) => ({ parentId, i, child })),
  );
  if (lines.length === 0) return;
  const stored = lines.map(({ parentId, i, child }) => ({
    ...storedRow(field.fields, child),
    [CHILD_PARENT_COLUMN]: parentId,
    [CHILD_ORDER_COLUMN]: i,
  }));
  if (nested.length === 0) {
    await insertChunks(s.db, field.table, stored);
    return;
  }
  const returned = await insertChunks(s.db, field.table, stored, ['id', CHILD_PARENT_COLUMN, CHILD_ORDER_COLUMN]);
  const idOfLine = new Map(
    returned.map((r) => [`${String(r[CHILD_PARENT_COLUMN])}:${String(r[CHILD_ORDER_COLUMN])}`, Number(r.id)]),
  );
  for (const inner of nested)
    await insertChildren(
      s,
      inner,
      lines.map(({ parentId, i, child }) => [idOfLine.get(`${parentId}:${i}`)!, child]),
    );
}

/** Ids of a category's list values by code. */
export async function listValueIds(s: Seeder, category: string): Promise<Ids> {
  const rows = await s.db
    .selectFrom('list_value as v')
    .innerJoin('list_value_category as c', 'c.id', 'v.category_id')
    .select(['v.id', 'v.code'])
    .where('c.code', '=', category)
    .execute();
  return new Map(rows.map((r) => [String(r.code), Number(r.id)]));
}

/** Ids of a table's rows by code, for rows another part of the demo wrote. */
export async function idsByCode(s: Seeder, table: string): Promise<Ids> {
  const rows = await s.db.selectFrom(table).select(['id', 'code']).execute();
  return new Map(rows.map((r) => [String(r.code), Number(r.id)]));
}

/** `ids.get(code)`, failing loudly on a typo in the demo tables. */
export function idOf(ids: Ids, code: string): number {
  const id = ids.get(code);
  if (id === undefined) throw new Error(`Demo data: no row with code ${code}`);
  return id;
}
