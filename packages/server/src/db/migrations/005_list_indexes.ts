import { entities, type NormalisedEntity, type NormalisedField } from '@backroom/schema';
import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';

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
 * code or name". Each reference or list-value column of the list leads,
 * followed by a column lists sort by (the default sort and the dropdown label's fields), so a page
 * is read straight off the index instead of sorting every match.
 */
function filteredSorts(entity: NormalisedEntity): string[][] {
  const filters = listed(entity).filter((f) => f.filterable && CHOICE_KINDS.has(f.kind));
  const sorts = byName(entity, [entity.defaultSort.field, ...entity.dropdown.label]).filter((f) => f.sortable && f.kind !== 'reference');
  const unique = new Map<string, string[]>();
  for (const filter of filters) for (const sort of sorts) if (filter !== sort) unique.set(`${filter.column},${sort.column}`, [filter.column, sort.column]);
  return [...unique.values()];
}

const indexName = (table: string, columns: string[], suffix: string) => `${table}_${columns.join('_')}_${suffix}`.slice(0, 63);

/**
 * Indexes for list screens, derived from the registry: `lower(column)` for case-insensitive prefix
 * search (STARTSWITH, see data/query.ts; text_pattern_ops on PostgreSQL so a left-anchored LIKE
 * uses it in any collation), and filter + sort pairs.
 */
export const listIndexes: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    const opclass = postgres ? sql` text_pattern_ops` : sql``;
    for (const entity of entities) {
      for (const column of prefixSearched(entity)) {
        const name = indexName(entity.table, [column], 'lower_idx');
        await sql`create index if not exists ${sql.id(name)} on ${sql.table(entity.table)} (lower(${sql.ref(column)})${opclass})`.execute(db);
      }
      for (const columns of filteredSorts(entity)) {
        await db.schema.createIndex(indexName(entity.table, columns, 'idx')).ifNotExists().on(entity.table).columns(columns).execute();
      }
    }
  },
};
