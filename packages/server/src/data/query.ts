import {
  CHILD_PARENT_COLUMN,
  OPERATORS,
  parseFieldValue,
  parseRowId,
  toStorageValue,
  type FetchFilter,
  type FetchRequest,
  type NormalisedEntity,
  type NormalisedField,
  type Operator,
} from '@backroom/schema';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Dialect } from '../db/connect';
import { searchColumns, searchTableOf } from '../db/schema/model';
import { validationError } from '../http/envelope';
import { customFieldSql } from './custom-values';
import { targetOf } from './references';

type Condition = RawBuilder<SqlBool>;

/** Kinds stored as text: LIKE and STARTSWITH apply to them. */
const TEXT_KINDS = new Set(['text', 'longtext', 'enum', 'date', 'datetime', 'time', 'image']);
/** Kinds whose filter values are compared as given; the others parse as the field does ("12.5" → 1250). */
const RAW_KINDS = new Set(['text', 'longtext', 'time', 'image']);
const LIKE_ESCAPE = /[\\%_]/g;

const refuse = (field: string, message: string) => validationError([{ field, message }], message);

/** A field by its API name, case-insensitively (ColumnName comes from clients and older spellings). */
export function fieldByName(entity: NormalisedEntity, name: string): NormalisedField | undefined {
  const lower = name.toLowerCase();
  return entity.fields.find((f) => f.name.toLowerCase() === lower);
}

/** One filter value as the column stores it. */
function storedValue(field: NormalisedField, raw: unknown, dialect: Dialect, at: string): unknown {
  if (RAW_KINDS.has(field.kind)) return String(raw);
  const parsed = parseFieldValue(field, raw);
  if (!parsed.ok) throw refuse(at, parsed.message);
  return toStorageValue(field, parsed.value, dialect);
}

const likePattern = (value: unknown, prefix: string, suffix: string) =>
  `${prefix}${String(value ?? '').replace(LIKE_ESCAPE, (c) => `\\${c}`)}${suffix}`;

const like = (column: RawBuilder<unknown>, pattern: string): Condition =>
  sql<SqlBool>`lower(${column}) like lower(${pattern}) escape '\\'`;

/** Above every character a prefix can be followed by, in byte order. */
const PAST_ANY_SUFFIX = '\u{10FFFF}';

/**
 * Case-insensitive "starts with" that an index on `lower(column)` serves (see migration
 * 005_list_indexes): PostgreSQL plans a left-anchored LIKE on a text_pattern_ops index in any
 * collation; SQLite does not use expression indexes for LIKE, but does for a range, which in its
 * byte order is exactly the set of strings with that prefix.
 */
function startsWith(column: RawBuilder<unknown>, prefix: string, dialect: Dialect): Condition {
  if (dialect === 'postgres') return like(column, likePattern(prefix, '', '%'));
  return sql<SqlBool>`lower(${column}) >= lower(${prefix}) and lower(${column}) < lower(${prefix}) || ${PAST_ANY_SUFFIX}`;
}

export interface WhereOptions {
  /**
   * False asks SQLite not to use indexes for the filters (a unary `+` hides a column from its
   * indexes), so that it walks the sort's index instead; see fetch.ts.
   */
  filterIndexes?: boolean;
}

function filterCondition(
  entity: NormalisedEntity,
  filter: FetchFilter,
  i: number,
  dialect: Dialect,
  options: WhereOptions,
): Condition {
  const at = `filters.${i}`;
  const field = fieldByName(entity, filter.ColumnName);
  if (!field) throw refuse(`${at}.ColumnName`, `Unknown column: ${filter.ColumnName}`);
  const operator = filter.Operator.toUpperCase() as Operator;
  if (!OPERATORS.includes(operator)) throw refuse(`${at}.Operator`, `Unknown operator: ${filter.Operator}`);
  if (!field.filterable || field.kind === 'secret' || field.kind === 'children' || field.kind === 'json')
    throw refuse(`${at}.ColumnName`, `Column ${field.name} cannot be filtered`);

  const list = () =>
    String(filter.ColumnValue ?? '')
      .split(',')
      .map((v) => v.trim())
      .filter((v) => v !== '');
  // A custom field is read out of the row's JSON column; its values compare as that reads them.
  const custom = field.custom ? customFieldSql(field, dialect) : undefined;
  const value = (raw: unknown) => {
    if (!custom) return storedValue(field, raw, dialect, `${at}.ColumnValue`);
    const parsed = custom.value(raw);
    if (!parsed.ok) throw refuse(`${at}.ColumnValue`, parsed.message);
    return parsed.value;
  };

  if (field.kind === 'multireference') {
    const link = sql.raw(field.table!);
    const exists = (ids: unknown[]) =>
      sql<SqlBool>`exists (select 1 from ${link} l where l.parent_id = t.id${ids.length > 0 ? sql` and l.ref_id in (${sql.join(ids)})` : sql``})`;
    const id = (raw: string) => {
      const parsed = parseRowId(raw);
      if (parsed === undefined) throw refuse(`${at}.ColumnValue`, `${field.label} must be chosen from the list`);
      return parsed;
    };
    if (operator === 'EQ' || operator === 'IN') return exists(list().map(id));
    if (operator === 'ISNULL') return sql<SqlBool>`not ${exists([])}`;
    if (operator === 'NOTNULL') return exists([]);
    throw refuse(`${at}.Operator`, `Operator ${operator} does not apply to ${field.name}`);
  }

  const column =
    custom?.column ??
    (options.filterIndexes === false ? sql`+${sql.ref(`t.${field.column}`)}` : sql.ref(`t.${field.column}`));
  switch (operator) {
    case 'ISNULL':
      return sql<SqlBool>`${column} is null`;
    case 'NOTNULL':
      return sql<SqlBool>`${column} is not null`;
    case 'LIKE':
    case 'STARTSWITH':
      if (!TEXT_KINDS.has(field.kind))
        throw refuse(`${at}.Operator`, `Operator ${operator} applies to text columns only, not ${field.name}`);
      if (operator === 'STARTSWITH') return startsWith(column, String(filter.ColumnValue ?? ''), dialect);
      return (
        (!custom && searchIndexed(entity, field, String(filter.ColumnValue ?? ''), dialect)) ||
        like(column, likePattern(filter.ColumnValue, '%', '%'))
      );
    case 'IN': {
      const values = list().map(value);
      if (values.length === 0) throw refuse(`${at}.ColumnValue`, 'IN needs comma-separated values');
      return sql<SqlBool>`${column} in (${sql.join(values)})`;
    }
    case 'BETWEEN': {
      const values = list();
      if (values.length !== 2) throw refuse(`${at}.ColumnValue`, 'BETWEEN needs two comma-separated values');
      return sql<SqlBool>`${column} between ${value(values[0])} and ${value(values[1])}`;
    }
    default: {
      if (filter.ColumnValue === null || filter.ColumnValue === undefined)
        throw refuse(`${at}.ColumnValue`, `${operator} needs a value`);
      const op = sql.raw({ EQ: '=', NEQ: '<>', GT: '>', GTE: '>=', LT: '<', LTE: '<=' }[operator]);
      return sql<SqlBool>`${column} ${op} ${value(filter.ColumnValue)}`;
    }
  }
}

/** A quick search must be this long for an index of trigrams to serve it; shorter ones scan. */
export const TRIGRAM = 3;

/**
 * Quick search: any of the entity's search fields (or `fields`) contains the text, case-insensitively.
 * An entity with a search index is served by it — on PostgreSQL its trigram indexes serve the same
 * LIKE; on SQLite the FTS5 trigram table is asked for the text as one phrase, which matches exactly
 * the rows the LIKE would (the tokenizer folds case; the text is taken literally). `firstMatches`
 * lets SQLite stop after that many matches: only for a query that takes that many rows and filters
 * them no further. A reference among the fields finds the rows whose referenced row the target's
 * own quick search finds, or whose palette's exact fields equal the text (a movement by its
 * product's code, name or any of its barcodes).
 */
export function searchCondition(
  entity: NormalisedEntity,
  text: string,
  dialect: Dialect,
  fields: readonly string[] = entity.searchFields,
  { firstMatches }: { firstMatches?: number } = {},
): Condition {
  const references = fields.map((name) => fieldByName(entity, name)!).filter((f) => f.kind === 'reference');
  const any = references.map((field) => throughReference(field, text, dialect));
  const own = references.length === 0 ? fields : fields.filter((name) => !references.some((r) => r.name === name));
  const indexed = entity.searchIndex && fields === entity.searchFields && [...text].length >= TRIGRAM;
  if (indexed && dialect === 'sqlite')
    any.unshift(
      ftsContains(entity, `"${text.replace(/"/g, '""')}"`, references.length === 0 ? firstMatches : undefined),
    );
  else {
    const pattern = likePattern(text, '%', '%');
    any.unshift(...own.map((name) => like(sql.ref(`t.${fieldByName(entity, name)!.column}`), pattern)));
  }
  return any.length > 0 ? sql<SqlBool>`(${sql.join(any, sql` or `)})` : sql<SqlBool>`1 = 0`;
}

/** The rows whose `field` names a row of its target that the target's quick search (its own text fields) or palette exact fields find. */
function throughReference(field: NormalisedField, text: string, dialect: Dialect): Condition {
  const target = targetOf(field)!;
  const fields = target.searchFields.some((name) => fieldByName(target, name)!.kind === 'reference')
    ? target.searchFields.filter((name) => fieldByName(target, name)!.kind !== 'reference')
    : target.searchFields;
  const found = [
    searchCondition(target, text, dialect, fields),
    ...(target.palette?.exact ?? []).map((path) => exactCondition(target, path, text)),
  ];
  return sql<SqlBool>`${sql.ref(`t.${field.column}`)} in (select t.id from ${sql.table(target.table)} t where ${sql.join(found, sql` or `)})`;
}

/** `field = text`, or for a child table's field (`alternateBarcodes.barcode`) the rows owning a child with that value: unique fields, so an index answers. */
export function exactCondition(entity: NormalisedEntity, path: string, text: string): Condition {
  const [head, tail] = path.split('.');
  const field = fieldByName(entity, head!)!;
  if (field.kind !== 'children') return sql<SqlBool>`${sql.ref(`t.${field.column}`)} = ${text}`;
  const child = field.fields.find((f) => f.name === tail)!;
  return sql<SqlBool>`t.id in (select c.${sql.ref(CHILD_PARENT_COLUMN)} from ${sql.table(field.table)} c where c.${sql.ref(child.column)} = ${text})`;
}

/** SQLite: the rows the entity's FTS5 trigram table finds for `query`, the first `firstMatches` of them when given (FTS5 then stops there). */
function ftsContains(entity: NormalisedEntity, query: string, firstMatches?: number): Condition {
  const search = sql.table(searchTableOf(entity.table));
  const limit = firstMatches === undefined ? sql`` : sql` limit ${firstMatches}`;
  return sql<SqlBool>`t.id in (select rowid from ${search} where ${search} match ${query}${limit})`;
}

/**
 * A LIKE filter (contains, as list column filters send it) on a column the quick-search index
 * covers, on SQLite: asked of the FTS5 table for that column alone, as the quick search is (on
 * PostgreSQL the same LIKE is served by the column's trigram index). Without it a rare text read
 * every row of the table (0.7 s over 1,000,000 products). Undefined when it does not apply.
 */
function searchIndexed(
  entity: NormalisedEntity,
  field: NormalisedField,
  text: string,
  dialect: Dialect,
): Condition | undefined {
  if (
    dialect !== 'sqlite' ||
    !entity.searchIndex ||
    [...text].length < TRIGRAM ||
    !searchColumns(entity).includes(field.column)
  )
    return undefined;
  return ftsContains(entity, `{${field.column}} : "${text.replace(/"/g, '""')}"`);
}

/** WHERE conditions of a fetch body (filters and quick search); every value is a bound parameter. */
export function whereOf(
  entity: NormalisedEntity,
  request: FetchRequest,
  dialect: Dialect,
  options: WhereOptions = {},
): Condition[] {
  const conditions = (request.filters ?? []).map((filter, i) => filterCondition(entity, filter, i, dialect, options));
  const search = request.search?.trim();
  // A search on a list with nothing to search in finds nothing, rather than being ignored.
  if (search) conditions.push(searchCondition(entity, search, dialect));
  return conditions;
}

/** ORDER BY of a fetch body (the entity's default sort when none), always ending on id so pages are stable. */
export function orderOf(
  entity: NormalisedEntity,
  request: FetchRequest,
): { column: string; direction: 'asc' | 'desc' }[] {
  const sorts = (request.sorts ?? []).map((sort, i) => {
    const field = fieldByName(entity, sort.ColumnName);
    if (!field) throw refuse(`sorts.${i}.ColumnName`, `Unknown column: ${sort.ColumnName}`);
    if (!field.sortable || field.custom) throw refuse(`sorts.${i}.ColumnName`, `Column ${field.name} cannot be sorted`);
    return { column: field.column, direction: sort.Direction.toLowerCase() as 'asc' | 'desc' };
  });
  if (sorts.length === 0) {
    const field = fieldByName(entity, entity.defaultSort.field)!;
    sorts.push({ column: field.column, direction: entity.defaultSort.direction });
  }
  if (!sorts.some((s) => s.column === 'id')) sorts.push({ column: 'id', direction: sorts[0]!.direction });
  return sorts;
}

/** An AND of conditions, or a true condition when there are none. */
export const allOf = (conditions: readonly Condition[]): Condition =>
  conditions.length === 0 ? sql<SqlBool>`1 = 1` : sql<SqlBool>`${sql.join(conditions, sql` and `)}`;
