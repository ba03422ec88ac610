import { MAX_TAKE, type FetchRequest, type NormalisedEntity } from '@backroom/schema';
import type { FastifyRequest } from 'fastify';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { rowFilters } from './access';
import { allOf, orderOf, whereOf } from './query';
import { storedColumns, toApiRows } from './read';
import { runCompiled } from '../db/compiled';
import { leadingIndexedColumns } from '../db/schema/tables';
import { anyDb, type AnyDb, type Row } from './store';

export const DEFAULT_TAKE = 10;
/** Past this many matches a fetch stops counting: totalCount is then a lower bound. */
export const COUNT_LIMIT = 10_000;

export interface FetchResult {
  rows: Row[];
  totalCount: number;
  totalCountCapped: boolean;
}

/** Matches of the condition, counted up to COUNT_LIMIT + 1: counting every match of a broad filter costs more than the page. */
async function countUpToLimit(db: AnyDb, entity: NormalisedEntity, where: RawBuilder<SqlBool>): Promise<number> {
  const condition = where.compile(db);
  const [counted] = await runCompiled(db, `count:${entity.name}:${condition.sql}`, [...condition.parameters, COUNT_LIMIT + 1], () => {
    const matches = db.selectFrom(`${entity.table} as t`).where(where).select(sql`1`.as('one')).limit(COUNT_LIMIT + 1);
    return db.selectFrom(matches.as('matches')).select(sql<number>`count(*)`.as('n'));
  });
  return Number(counted!.n);
}

export interface ReadPlan {
  /** The fetch body's conditions and the caller's row filters. */
  where: RawBuilder<SqlBool>;
  /** The list's order, each column as the query should name it in ORDER BY. */
  order: { column: string; direction: 'asc' | 'desc'; ref: RawBuilder<unknown> }[];
}

/**
 * How to read a list whose conditions match `matches` rows. With more matches than we count,
 * reading the sort's index and filtering as it goes finds a page sooner than sorting every match.
 * PostgreSQL's planner weighs that itself; SQLite's does not look at the LIMIT, so it is told not
 * to use the filters' indexes (a unary `+` hides a column from its indexes), or, with few
 * matches, not to walk the sort's index.
 */
export function readPlan(request: FastifyRequest, entity: NormalisedEntity, body: FetchRequest, limits: readonly RawBuilder<SqlBool>[], matches: number): ReadPlan {
  const { dialect } = request.server.ctx;
  const order = orderOf(entity, body);
  const walkSortIndex = dialect === 'sqlite' && matches > COUNT_LIMIT && leadingIndexedColumns(entity).has(order[0]!.column);
  const sortFound = dialect === 'sqlite' && matches <= COUNT_LIMIT;
  return {
    where: allOf([...whereOf(entity, body, dialect, walkSortIndex ? { filterIndexes: false } : {}), ...limits]),
    order: order.map((o) => ({ ...o, ref: sortFound ? sql`+${sql.ref(`t.${o.column}`)}` : sql.ref(`t.${o.column}`) })),
  };
}

/** The columns a read of API rows selects from the table `t`. */
export function readColumns(entity: NormalisedEntity): string[] {
  const columns = storedColumns(entity.fields, 't');
  if (entity.customizable) columns.push('t.custom_fields');
  return columns;
}

/** One page of API rows matching the fetch body and the caller's row filters, with the total count. */
export async function fetchRows(request: FastifyRequest, entity: NormalisedEntity, body: FetchRequest): Promise<FetchResult> {
  const { ctx } = request.server;
  const db = anyDb(ctx);
  const limits = await rowFilters(request, entity);
  const matches = await countUpToLimit(db, entity, allOf([...whereOf(entity, body, ctx.dialect), ...limits]));
  const plan = readPlan(request, entity, body, limits, matches);
  const condition = plan.where.compile(db);
  const [take, skip] = [Math.min(body.Take ?? DEFAULT_TAKE, MAX_TAKE), body.Skip ?? 0];
  const key = `page:${entity.name}:${condition.sql}:${plan.order.map((o) => `${o.ref.compile(db).sql} ${o.direction}`).join()}`;
  const stored = await runCompiled(db, key, [...condition.parameters, take, skip], () => {
    let query = db.selectFrom(`${entity.table} as t`).where(plan.where).select(readColumns(entity));
    for (const { ref, direction } of plan.order) query = query.orderBy(ref, direction);
    return query.limit(take).offset(skip);
  });
  return { rows: await toApiRows(ctx, db, entity, stored), totalCount: Math.min(matches, COUNT_LIMIT), totalCountCapped: matches > COUNT_LIMIT };
}
