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
const stored = (fields: readonly NormalisedField[], row: Row) =>
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
  const returned = await insertChunks(
    s.db,
    entity.table,
    rows.map((row) => ({ ...stored(entity.fields, row), ...system })),
    key ? ['id', key.column] : undefined,
  );
  const ids: Ids = new Map(returned.map((r) => [String(r[key!.column]), Number(r.id)]));
  const related = entity.fields.filter((f) => f.kind === 'children' || f.kind === 'multireference');
  if (related.length === 0) return ids;
  if (!key) throw new Error(`Demo ${name}: child rows need a unique code to find their parent`);
  for (const field of related) {
    const parentOf = (row: Row) => ids.get(String(row[key.name]))!;
    let lines: Row[] = [];
    if (field.kind === 'multireference')
      lines = rows.flatMap((row) =>
        ((row[field.name] as number[] | null) ?? []).map((ref) => ({
          [LINK_COLUMNS.parent]: parentOf(row),
          [LINK_COLUMNS.ref]: ref,
        })),
      );
    else if (field.kind === 'children')
      lines = rows.flatMap((row) =>
        ((row[field.name] as Row[] | null) ?? []).map((child, i) => ({
          ...stored(field.fields, child),
          [CHILD_PARENT_COLUMN]: parentOf(row),
          [CHILD_ORDER_COLUMN]: i,
        })),
      );
    if (lines.length > 0) await insertChunks(s.db, (field as { table: string }).table, lines);
  }
  return ids;
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

/** `ids.get(code)`, failing loudly on a typo in the demo tables. */
export function idOf(ids: Ids, code: string): number {
  const id = ids.get(code);
  if (id === undefined) throw new Error(`Demo data: no row with code ${code}`);
  return id;
}
