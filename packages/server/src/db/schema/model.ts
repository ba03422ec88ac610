import { entities as registryEntities, type NormalisedEntity, type NormalisedField } from '@backroom/schema';
import { registryTables, type ColumnSpec, type ForeignKeySpec } from './tables';

/** An index by name: plain or unique columns, or `lower(column)` for case-insensitive prefix search. */
export interface IndexSpec {
  name: string;
  table: string;
  columns: string[];
  unique?: boolean;
  /** `lower(column)` (one column); `text_pattern_ops` on PostgreSQL so a left-anchored LIKE uses it. */
  lower?: boolean;
}

export interface TableModel {
  columns: ColumnSpec[];
  foreignKeys: ForeignKeySpec[];
}

/**
 * What the registry needs of the database: its tables with their columns and foreign keys, and
 * every index by name. `migrations/registry-snapshot.json` holds the model the migrations have
 * built so far; `npm run migration:new` writes the next migration from the difference.
 */
export interface SchemaModel {
  tables: Record<string, TableModel>;
  indexes: Record<string, IndexSpec>;
  /** Quick-search indexes by table: the columns searched by parts of words (absent in snapshots made before them). */
  searchIndexes?: Record<string, string[]>;
}

/** The SQLite full-text table that indexes a table's searched columns by trigrams. */
export const searchTableOf = (table: string) => `${table}_search`;

/** The columns a quick-search index covers: the entity's search fields. */
export const searchColumns = (entity: NormalisedEntity): string[] =>
  entity.searchFields.map((name) => entity.fields.find((f) => f.name === name)!.column);

/** Names of the indexes a registry table gets with it (unique `_uq`, plain `_idx`), within PostgreSQL's 63 characters. */
export function tableIndexName(table: string, columns: readonly string[], suffix: string): string {
  const name = `${table}_${columns.join('_')}_${suffix}`;
  return name.length <= 63 ? name : `${name.slice(0, 54)}_${suffix}${name.length}`;
}

/** Names of the list-screen indexes (cut at 63 characters). */
const listIndexName = (table: string, columns: readonly string[], suffix: string) => `${table}_${columns.join('_')}_${suffix}`.slice(0, 63);

const TEXT_KINDS = new Set(['text', 'enum']);
/** Leaders of filter + sort indexes: many distinct values. A boolean or short enum would lead the
 * planner to filter first and then sort half the table, slower than walking the sort's own index. */
const CHOICE_KINDS = new Set(['reference', 'listvalue']);

const listed = (entity: NormalisedEntity) => {
  const names = new Set(entity.listColumns);
  return entity.fields.filter((f) => names.has(f.name) && !f.custom);
};

const byName = (entity: NormalisedEntity, names: readonly string[]) =>
  names.map((name) => entity.fields.find((f) => f.name === name)).filter((f): f is NormalisedField => f !== undefined && !f.custom);

/** Text columns a list filters or quick-searches by prefix. */
function prefixSearched(entity: NormalisedEntity): string[] {
  const searched = new Set(entity.searchFields);
  return entity.fields
    .filter((f) => (searched.has(f.name) || (entity.listColumns.includes(f.name) && f.filterable)) && !f.custom && TEXT_KINDS.has(f.kind))
    .map((f) => f.column);
}

/**
 * Composite indexes for the commonest list query: "rows of this category/brand/status, sorted by
 * code or name". Each reference or list-value column of the list leads, followed by a column
 * lists sort by (the default sort and the dropdown label's fields), so a page is read straight off
 * the index instead of sorting every match.
 */
function filteredSorts(entity: NormalisedEntity): string[][] {
  const filters = listed(entity).filter((f) => f.filterable && CHOICE_KINDS.has(f.kind));
  const sorts = byName(entity, [entity.defaultSort.field, ...entity.dropdown.label]).filter((f) => f.sortable && f.kind !== 'reference');
  const unique = new Map<string, string[]>();
  for (const filter of filters) for (const sort of sorts) if (filter !== sort) unique.set(`${filter.column},${sort.column}`, [filter.column, sort.column]);
  return [...unique.values()];
}

/** The list screens' indexes of an entity: prefix search on `lower(column)`, and filter + sort pairs. */
export function listIndexes(entity: NormalisedEntity): IndexSpec[] {
  return [
    ...prefixSearched(entity).map((column) => ({ name: listIndexName(entity.table, [column], 'lower_idx'), table: entity.table, columns: [column], lower: true })),
    ...filteredSorts(entity).map((columns) => ({ name: listIndexName(entity.table, columns, 'idx'), table: entity.table, columns })),
  ];
}

/** The schema the registry needs, as a model. */
export function registrySchema(entities: readonly NormalisedEntity[] = registryEntities): SchemaModel {
  const model: SchemaModel = { tables: {}, indexes: {}, searchIndexes: {} };
  const addIndex = (index: IndexSpec) => {
    if (!model.indexes[index.name]) model.indexes[index.name] = index;
  };
  for (const table of registryTables(entities)) {
    model.tables[table.name] = { columns: table.columns, foreignKeys: table.foreignKeys };
    for (const columns of table.uniques) addIndex({ name: tableIndexName(table.name, columns, 'uq'), table: table.name, columns, unique: true });
    for (const columns of table.indexes) addIndex({ name: tableIndexName(table.name, columns, 'idx'), table: table.name, columns });
  }
  for (const entity of entities) for (const index of listIndexes(entity)) addIndex(index);
  for (const entity of entities) if (entity.searchIndex) model.searchIndexes![entity.table] = searchColumns(entity);
  return model;
}
