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

/** The columns a quick-search index covers: the entity's own text search fields (a reference is searched through its target's index). */
export const searchColumns = (entity: NormalisedEntity): string[] =>
  entity.searchFields
    .map((name) => entity.fields.find((f) => f.name === name)!)
    .filter((f) => f.kind !== 'reference')
    .map((f) => f.column);

/** Names of the indexes a registry table gets with it (unique `_uq`, plain `_idx`), within PostgreSQL's 63 characters. */
export function tableIndexName(table: string, columns: readonly string[], suffix: string): string {
  const name = `${table}_${columns.join('_')}_${suffix}`;
  return name.length <= 63 ? name : `${name.slice(0, 54)}_${suffix}${name.length}`;
}

/** Names of the list-screen indexes (cut at 63 characters). */
const listIndexName = (table: string, columns: readonly string[], suffix: string) =>
  `${table}_${columns.join('_')}_${suffix}`.slice(0, 63);

const TEXT_KINDS = new Set(['text', 'enum']);
/** Leaders of filter + sort indexes: many distinct values. A boolean or short enum would lead the
 * planner to filter first and then sort half the table, slower than walking the sort's own index. */
const CHOICE_KINDS = new Set(['reference', 'listvalue']);

/** Fields a list index may serve: not custom (those live in a JSON column), not declared `indexed: false`. */
const indexable = (f: NormalisedField) => !f.custom && f.indexed !== false;

const listed = (entity: NormalisedEntity) => {
  const names = new Set(entity.listColumns);
  return entity.fields.filter((f) => names.has(f.name) && indexable(f));
};

const byName = (entity: NormalisedEntity, names: readonly string[]) =>
  names
    .map((name) => entity.fields.find((f) => f.name === name))
    .filter((f): f is NormalisedField => f !== undefined && indexable(f));

/** Text columns a list filters or quick-searches by prefix. */
function prefixSearched(entity: NormalisedEntity): string[] {
  const searched = new Set(entity.searchFields);
  return entity.fields
    .filter(
      (f) =>
        (searched.has(f.name) || (entity.listColumns.includes(f.name) && f.filterable)) &&
        indexable(f) &&
        TEXT_KINDS.has(f.kind),
    )
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
  const sorts = byName(entity, [entity.defaultSort.field, ...entity.dropdown.label]).filter(
    (f) => f.sortable && f.kind !== 'reference',
  );
  const unique = new Map<string, string[]>();
  for (const filter of filters)
    for (const sort of sorts)
      if (filter !== sort) unique.set(`${filter.column},${sort.column}`, [filter.column, sort.column]);
  return [...unique.values()];
}

/** The list screens' indexes of an entity: prefix search on `lower(column)`, and filter + sort pairs. */
export function listIndexes(entity: NormalisedEntity): IndexSpec[] {
  return [
    ...prefixSearched(entity).map((column) => ({
      name: listIndexName(entity.table, [column], 'lower_idx'),
      table: entity.table,
      columns: [column],
      lower: true,
    })),
    ...filteredSorts(entity).map((columns) => ({
      name: listIndexName(entity.table, columns, 'idx'),
      table: entity.table,
      columns,
    })),
  ];
}

const pairs = new Map<string, ReadonlySet<string>>();

/** "filter column|sort column" of each list index that serves an equality filter and a sort together. Worked out once per entity. */
export function filterSortPairs(entity: NormalisedEntity): ReadonlySet<string> {
  let found = pairs.get(entity.name);
  if (!found)
    pairs.set(
      entity.name,
      (found = new Set(
        listIndexes(entity)
          .filter((index) => !index.lower && index.columns.length === 2)
          .map((index) => index.columns.join('|')),
      )),
    );
  return found;
}

/** `long` reads as `short` does: same table, `short`'s columns lead it (a unique index of the same columns counts). */
const leads = (short: IndexSpec, long: IndexSpec) =>
  short !== long &&
  short.table === long.table &&
  !long.lower &&
  (long.columns.length > short.columns.length || Boolean(long.unique)) &&
  short.columns.every((column, i) => long.columns[i] === column);

/**
 * A plain index whose columns lead another index of its table serves no lookup, sort or foreign
 * key that the other does not, and every write to the table pays for it: it is left out.
 */
const withoutCovered = (indexes: readonly IndexSpec[]) =>
  indexes.filter((index) => index.unique || index.lower || !indexes.some((other) => leads(index, other)));

/** The schema the registry needs, as a model. */
export function registrySchema(entities: readonly NormalisedEntity[] = registryEntities): SchemaModel {
  const model: SchemaModel = { tables: {}, indexes: {}, searchIndexes: {} };
  const wanted = new Map<string, IndexSpec>();
  const addIndex = (index: IndexSpec) => {
    if (!wanted.has(index.name)) wanted.set(index.name, index);
  };
  for (const table of registryTables(entities)) {
    model.tables[table.name] = { columns: table.columns, foreignKeys: table.foreignKeys };
    for (const columns of table.uniques)
      addIndex({ name: tableIndexName(table.name, columns, 'uq'), table: table.name, columns, unique: true });
    for (const columns of table.indexes)
      addIndex({ name: tableIndexName(table.name, columns, 'idx'), table: table.name, columns });
  }
  for (const entity of entities) for (const index of listIndexes(entity)) addIndex(index);
  for (const index of withoutCovered([...wanted.values()])) model.indexes[index.name] = index;
  for (const entity of entities) if (entity.searchIndex) model.searchIndexes![entity.table] = searchColumns(entity);
  return model;
}
