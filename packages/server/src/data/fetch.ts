import { MAX_TAKE, type FetchRequest, type NormalisedEntity } from '@backroom/schema';
import type { FastifyRequest } from 'fastify';
import { sql, type CompiledQuery, type RawBuilder, type SqlBool } from 'kysely';
import { rowFilters } from './access';
import { allOf, fieldByName, orderOf, whereOf } from './query';
import { storedColumns, toApiRows } from './read';
import { runCompiled } from '../db/compiled';
import type { Dialect } from '../db/connect';
import { filterSortPairs } from '../db/schema/model';
import { leadingIndexedColumns } from '../db/schema/tables';
import { anyDb, type AnyDb, type Row } from './store';

export const DEFAULT_TAKE = 10;
/** Past this many matches a fetch stops counting: totalCount is then a lower bound. */
export const COUNT_LIMIT = 1_000;

export interface FetchResult {
  rows: Row[];
  totalCount: number;
  totalCountCapped: boolean;
}

/** The matches of a fetch's conditions, up to COUNT_LIMIT + 1: how many, and their ids as one value a query can bind again. */
export interface Matches {
  count: number;
  /** SQLite: a JSON array (`json_group_array`); PostgreSQL: an array's text (`array_agg`, null for none). Null past COUNT_LIMIT. */
  ids: unknown;
}

/**
 * Matches of the condition, counted up to COUNT_LIMIT + 1 (counting every match of a broad filter
 * costs more than the page), with their ids: when the page must sort its matches anyway, it reads
 * them by id instead of evaluating the condition again (a quick search's FTS5 or trigram lookup is
 * most of its cost).
 */
async function countedMatches(
  db: AnyDb,
  dialect: Dialect,
  entity: NormalisedEntity,
  where: RawBuilder<SqlBool>,
  condition: CompiledQuery,
): Promise<Matches> {
  const [found] = await runCompiled(
    db,
    `matches:${entity.name}:${condition.sql}`,
    [...condition.parameters, COUNT_LIMIT + 1],
    () => {
      const matches = db
        .selectFrom(`${entity.table} as t`)
        .where(where)
        .select('t.id')
        .limit(COUNT_LIMIT + 1);
      // Only when all the matches were counted; as text, which the driver passes back as it came.
      const ids = dialect === 'sqlite' ? sql`json_group_array(id)` : sql`array_agg(id)::text`;
      return db
        .selectFrom(matches.as('matches'))
        .select([
          sql<number>`count(*)`.as('n'),
          sql`case when count(*) <= ${sql.lit(COUNT_LIMIT)} then ${ids} end`.as('ids'),
        ]);
    },
  );
  return { count: Number(found!.n), ids: found!.ids };
}

/** Rows of `t` whose id is one of the matches' ids. */
const idIn = (ids: unknown, dialect: Dialect) =>
  dialect === 'sqlite'
    ? sql<SqlBool>`t.id in (select value from json_each(${ids}))`
    : sql<SqlBool>`t.id = any(${ids}::bigint[])`;

export interface ReadPlan {
  /** The fetch body's conditions and the caller's row filters. */
  where: RawBuilder<SqlBool>;
  /** The list's order, each column as the query should name it in ORDER BY (`hidden` from its indexes, or not). */
  order: { column: string; direction: 'asc' | 'desc'; hidden: boolean; ref: RawBuilder<unknown> }[];
}

/**
 * How to read a list whose conditions match `matches` rows. With more matches than we count,
 * reading the sort's index and filtering as it goes finds a page sooner than sorting every match.
 * PostgreSQL's planner weighs that itself; SQLite's does not look at the LIMIT, so it is told not
 * to use the filters' indexes (a unary `+` hides a column from its indexes), or, with few
 * matches, not to walk the sort's index. Neither when an index leads with an equality filter's
 * column followed by the sort's (a category's rows by name): that index reads the page directly,
 * where walking the sort's index alone would pass every row of the other categories first.
 * PostgreSQL guesses the matches of a quick search or a LIKE filter (served by trigram indexes) at
 * hundreds whatever the text, and with a LIMIT then walks the sort's index through the whole table
 * for a rare text (0.5 s over 1,000,000 products): with the count known to be small, the sort is
 * hidden from its index there too (`coalesce(c, c)` orders as `c` does). When the matches are sorted
 * and their ids are known (`countedMatches`), the page reads them by id. `counted` is the condition
 * the matches were counted with, used again where the page's is the same.
 */
export function readPlan(
  request: FastifyRequest,
  entity: NormalisedEntity,
  body: FetchRequest,
  limits: readonly RawBuilder<SqlBool>[],
  matches: number | Matches,
  counted?: RawBuilder<SqlBool>,
): ReadPlan {
  const { dialect } = request.server.ctx;
  const count = typeof matches === 'number' ? matches : matches.count;
  const order = orderOf(entity, body);
  const hint = dialect === 'sqlite' && !filterSortIndexed(entity, body, order[0]!.column);
  const walkSortIndex = hint && count > COUNT_LIMIT && leadingIndexedColumns(entity).has(order[0]!.column);
  const sortFound = count <= COUNT_LIMIT && (hint || (dialect === 'postgres' && containsText(body)));
  const byId = sortFound && typeof matches === 'object';
  const where = byId
    ? allOf([idIn(matches.ids, dialect), ...limits])
    : !walkSortIndex && counted
      ? counted
      : allOf([...whereOf(entity, body, dialect, walkSortIndex ? { filterIndexes: false } : {}), ...limits]);
  return {
    where,
    order: order.map((o) => {
      const ref = sql.ref(`t.${o.column}`);
      return {
        ...o,
        hidden: sortFound,
        ref: !sortFound ? ref : dialect === 'sqlite' ? sql`+${ref}` : sql`coalesce(${ref}, ${ref})`,
      };
    }),
  };
}

/** A quick search or a LIKE filter: conditions PostgreSQL's planner can only guess the matches of. */
const containsText = (body: FetchRequest) =>
  Boolean(body.search?.trim()) || (body.filters ?? []).some((f) => f.Operator.toUpperCase() === 'LIKE');

/** Whether an index leads with the column of one of the body's equality filters, followed by the sort column. */
function filterSortIndexed(entity: NormalisedEntity, body: FetchRequest, sortColumn: string): boolean {
  const pairs = filterSortPairs(entity);
  return (body.filters ?? []).some((filter) => {
    const field = filter.Operator.toUpperCase() === 'EQ' ? fieldByName(entity, filter.ColumnName) : undefined;
    return field !== undefined && !field.custom && pairs.has(`${field.column}|${sortColumn}`);
  });
}

/** The columns a read of API rows selects from the table `t`. */
export function readColumns(entity: NormalisedEntity): string[] {
  const columns = storedColumns(entity.fields, 't');
  if (entity.customizable) columns.push('t.custom_fields');
  return columns;
}

/** The query of one page of stored rows, as the plan reads them. */
export function pageQuery(db: AnyDb, entity: NormalisedEntity, plan: ReadPlan, take: number, skip: number) {
  let query = db.selectFrom(`${entity.table} as t`).where(plan.where).select(readColumns(entity));
  for (const { ref, direction } of plan.order) query = query.orderBy(ref, direction);
  return query.limit(take).offset(skip);
}

/** One page of API rows matching the fetch body and the caller's row filters, with the total count. */
export async function fetchRows(
  request: FastifyRequest,
  entity: NormalisedEntity,
  body: FetchRequest,
): Promise<FetchResult> {
  const { ctx } = request.server;
  const db = anyDb(ctx);
  const limits = await rowFilters(request, entity);
  const counted = allOf([...whereOf(entity, body, ctx.dialect), ...limits]);
  const countedSql = counted.compile(db);
  const matches = await countedMatches(db, ctx.dialect, entity, counted, countedSql);
  const [take, skip] = [Math.min(body.Take ?? DEFAULT_TAKE, MAX_TAKE), body.Skip ?? 0];
  const totals = { totalCount: Math.min(matches.count, COUNT_LIMIT), totalCountCapped: matches.count > COUNT_LIMIT };
  // Planned first, empty page or not: the plan refuses a sort by an unknown column.
  const plan = readPlan(request, entity, body, limits, matches, counted);
  // All the matches were counted, and the page starts past them.
  if (matches.count <= COUNT_LIMIT && skip >= matches.count) return { rows: [], ...totals };
  const condition = plan.where === counted ? countedSql : plan.where.compile(db);
  // The columns are part of the key: callers denied a field group read the same table without theirs.
  const key = `page:${entity.name}:${readColumns(entity).join()}:${condition.sql}:${plan.order.map((o) => `${o.column}${o.hidden ? '+' : ''} ${o.direction}`).join()}`;
  const stored = await runCompiled(db, key, [...condition.parameters, take, skip], () =>
    pageQuery(db, entity, plan, take, skip),
  );
  return { rows: await toApiRows(ctx, db, entity, stored), ...totals };
}
