import { MAX_TAKE, type FetchRequest, type NormalisedEntity } from '@backroom/schema';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { rowFilters } from './access';
import { allOf, orderOf, whereOf } from './query';
import { storedColumns, toApiRows } from './read';
import { anyDb, type Row } from './store';

export const DEFAULT_TAKE = 10;

/** One page of API rows matching the fetch body and the caller's row filters, with the total count. */
export async function fetchRows(request: FastifyRequest, entity: NormalisedEntity, body: FetchRequest): Promise<{ rows: Row[]; totalCount: number }> {
  const { ctx } = request.server;
  const db = anyDb(ctx);
  const where = allOf([...whereOf(entity, body, ctx.dialect), ...(await rowFilters(request, entity))]);
  const order = orderOf(entity, body);
  const from = db.selectFrom(`${entity.table} as t`).where(where);
  const counted = await from.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  const columns = storedColumns(entity.fields, 't');
  if (entity.customizable) columns.push('t.custom_fields');
  let query = from.select(columns);
  for (const { column, direction } of order) query = query.orderBy(`t.${column}`, direction);
  const stored = await query
    .limit(Math.min(body.Take ?? DEFAULT_TAKE, MAX_TAKE))
    .offset(body.Skip ?? 0)
    .execute();
  return { rows: await toApiRows(ctx, db, entity, stored), totalCount: Number(counted.n) };
}
