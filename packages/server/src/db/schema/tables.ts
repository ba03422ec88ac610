import {
  CHILD_ORDER_COLUMN,
  CHILD_PARENT_COLUMN,
  CUSTOM_FIELDS_COLUMN,
  LINK_COLUMNS,
  getEntity,
  storageType,
  type NormalisedEntity,
  type NormalisedField,
} from '@backroom/schema';

/** Column types as the migration declares them (SQLite keeps the declared name; PostgreSQL maps each to its own type). */
export type ColumnType = 'text' | 'integer' | 'bigint' | 'boolean';

export interface ColumnSpec {
  name: string;
  type: ColumnType;
  notNull?: boolean;
  defaultValue?: string | number | boolean;
}

/** A column that refers to another table's `id`. Rows a parent owns (child and link rows) go with it. */
export interface ForeignKeySpec {
  column: string;
  references: string;
  onDelete?: 'cascade';
}

export interface TableSpec {
  name: string;
  /** Every table has an integer `id` primary key besides these. */
  columns: ColumnSpec[];
  uniques: string[][];
  indexes: string[][];
  foreignKeys: ForeignKeySpec[];
}

const COLUMN_TYPE = { text: 'text', integer: 'integer', bigint: 'bigint', boolean: 'boolean', json: 'text' } as const;

const AUDIT_COLUMNS: ColumnSpec[] = [
  { name: 'version', type: 'integer', notNull: true, defaultValue: 1 },
  { name: 'created_at', type: 'text' },
  { name: 'created_by', type: 'text' },
  { name: 'updated_at', type: 'text' },
  { name: 'updated_by', type: 'text' },
];

/** Kinds worth an index when a list shows them (not booleans: too few distinct values). */
const INDEXED_KINDS = new Set([
  'text',
  'number',
  'decimal',
  'money',
  'quantity',
  'percent',
  'date',
  'datetime',
  'time',
  'enum',
]);

const AUDIT_FIELD_NAMES = new Set(['version', 'createdAt', 'createdBy', 'updatedAt', 'updatedBy']);

function fieldColumn(field: NormalisedField): ColumnSpec | undefined {
  const type = storageType(field);
  if (type === 'link' || type === 'child' || field.custom || field.name === 'id' || AUDIT_FIELD_NAMES.has(field.name))
    return undefined;
  const column: ColumnSpec = { name: field.column, type: COLUMN_TYPE[type] };
  // Booleans are never null (blank means false); other required values are checked by validation,
  // so server-computed fields (doc numbers, statuses) can start empty.
  if (type === 'boolean') Object.assign(column, { notNull: true, defaultValue: field.default === true });
  return column;
}

/** `unique: true` → [column]; `unique: ['scope']` → [scope columns…, column]. */
function uniqueColumns(field: NormalisedField, siblings: readonly NormalisedField[]): string[] | undefined {
  if (field.unique === true) return [field.column];
  if (!Array.isArray(field.unique)) return undefined;
  const scope = field.unique.map((name) =>
    name === 'parentId' ? CHILD_PARENT_COLUMN : siblings.find((f) => f.name === name)!.column,
  );
  return [...scope, field.column];
}

function indexedColumns(fields: readonly NormalisedField[], uniques: string[][], extra: string[]): string[][] {
  const leading = new Set(uniques.map((u) => u[0]));
  const wanted = [
    ...fields.filter((f) => (f.kind === 'reference' || f.kind === 'listvalue') && !f.custom).map((f) => f.column),
    ...extra,
  ];
  return [...new Set(wanted)].filter((c) => !leading.has(c)).map((c) => [c]);
}

/** The table a reference or list-value field points at. */
const targetTable = (field: NormalisedField): string | undefined =>
  field.kind === 'listvalue'
    ? getEntity('listvalue').table
    : field.kind === 'reference' || field.kind === 'multireference'
      ? getEntity(field.entity).table
      : undefined;

function referenceKeys(fields: readonly NormalisedField[]): ForeignKeySpec[] {
  return fields
    .filter((f) => (f.kind === 'reference' || f.kind === 'listvalue') && !f.custom)
    .map((f) => ({ column: f.column, references: targetTable(f)! }));
}

const ownedBy = (parent: string): ForeignKeySpec => ({
  column: CHILD_PARENT_COLUMN,
  references: parent,
  onDelete: 'cascade',
});

function childTables(parent: string, fields: readonly NormalisedField[]): TableSpec[] {
  const out: TableSpec[] = [];
  for (const field of fields) {
    if (field.kind === 'children') {
      const own = field.fields.filter((f) => f.name !== 'id');
      const uniques = own.map((f) => uniqueColumns(f, own)).filter((u): u is string[] => u !== undefined);
      out.push({
        name: field.table,
        columns: [
          { name: CHILD_PARENT_COLUMN, type: 'integer', notNull: true },
          { name: CHILD_ORDER_COLUMN, type: 'integer', notNull: true },
          ...own.map(fieldColumn).filter((c): c is ColumnSpec => c !== undefined),
        ],
        uniques,
        indexes: indexedColumns(own, uniques, [CHILD_PARENT_COLUMN]),
        foreignKeys: [ownedBy(parent), ...referenceKeys(own)],
      });
      out.push(...childTables(field.table, own));
    }
    if (field.kind === 'multireference') {
      out.push({
        name: field.table!,
        columns: [
          { name: LINK_COLUMNS.parent, type: 'integer', notNull: true },
          { name: LINK_COLUMNS.ref, type: 'integer', notNull: true },
        ],
        uniques: [[LINK_COLUMNS.parent, LINK_COLUMNS.ref]],
        indexes: [[LINK_COLUMNS.ref]],
        foreignKeys: [
          { column: LINK_COLUMNS.parent, references: parent, onDelete: 'cascade' },
          { column: LINK_COLUMNS.ref, references: targetTable(field)! },
        ],
      });
    }
  }
  return out;
}

/** The tables an entity needs: its own, then its child and link tables. */
export function entityTables(entity: NormalisedEntity): TableSpec[] {
  const columns = entity.fields.map(fieldColumn).filter((c): c is ColumnSpec => c !== undefined);
  if (entity.customizable) columns.push({ name: CUSTOM_FIELDS_COLUMN, type: 'text' });
  if (entity.systemFields) columns.push(...AUDIT_COLUMNS);
  const uniques = entity.fields
    .map((f) => uniqueColumns(f, entity.fields))
    .filter((u): u is string[] => u !== undefined);
  // The default sort and the list's columns (what lists sort and filter by), besides references.
  const listed = [entity.defaultSort.field, ...entity.listColumns]
    .map((name) => entity.fields.find((f) => f.name === name)!)
    .filter(
      (f) =>
        f.name !== 'id' &&
        !f.custom &&
        f.indexed !== false &&
        INDEXED_KINDS.has(f.kind) &&
        !('multiple' in f && f.multiple),
    )
    .map((f) => f.column);
  return [
    {
      name: entity.table,
      columns,
      uniques,
      indexes: indexedColumns(entity.fields, uniques, listed),
      foreignKeys: referenceKeys(entity.fields),
    },
    ...childTables(entity.table, entity.fields),
  ];
}

export const registryTables = (entities: readonly NormalisedEntity[]): TableSpec[] => entities.flatMap(entityTables);

/** By entity name: custom fields (which live in a JSON column) change no index. */
const leading = new Map<string, ReadonlySet<string>>();

/** Columns that lead an index of the entity's own table: a sort by one of them can be read off its index. Worked out once per entity. */
export function leadingIndexedColumns(entity: NormalisedEntity): ReadonlySet<string> {
  let columns = leading.get(entity.name);
  if (!columns) {
    const [own] = entityTables(entity);
    leading.set(entity.name, (columns = new Set(['id', ...[...own!.uniques, ...own!.indexes].map((c) => c[0]!)])));
  }
  return columns;
}
