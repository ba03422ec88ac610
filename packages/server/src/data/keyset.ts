import type { FetchRequest, NormalisedEntity } from '@backroom/schema';
import type { FastifyRequest } from 'fastify';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Dialect } from '../db/connect';
import { rowFilters } from './access';
import { readPlan, type ReadPlan } from './fetch';
import { allOf, whereOf } from './query';
import { anyDb } from './store';

type Condition = RawBuilder<SqlBool>;
type Key = ReadPlan['order'][number];

/** Where the database sorts nulls: SQLite before every value, PostgreSQL after (ascending). */
const nullsFirst = (dialect: Dialect, key: Key) => (dialect === 'sqlite') === (key.direction === 'asc');

const never = sql<SqlBool>`1 = 0`;

/** Rows past `value` in the key's order, nulls where the database sorts them. */
function beyond(key: Key, value: unknown, dialect: Dialect): Condition {
  if (value === null) return nullsFirst(dialect, key) ? sql<SqlBool>`${key.ref} is not null` : never;
  const past = key.direction === 'asc' ? sql<SqlBool>`${key.ref} > ${value}` : sql<SqlBool>`${key.ref} < ${value}`;
  return key.column === 'id' || nullsFirst(dialect, key) ? past : sql<SqlBool>`(${past} or ${key.ref} is null)`;
}

const same = (key: Key, value: unknown): Condition =>
  value === null ? sql<SqlBool>`${key.ref} is null` : sql<SqlBool>`${key.ref} = ${value}`;

/** Rows after the row whose keys are `values`, in the order of `keys` (the last key is the id: never null, unique). */
function after(keys: readonly Key[], values: readonly unknown[], dialect: Dialect): Condition {
  const [key, ...rest] = keys;
  const [value, ...others] = values;
  if (rest.length === 0) return beyond(key!, value, dialect);
  return sql<SqlBool>`(${beyond(key!, value, dialect)} or (${same(key!, value)} and ${after(rest, others, dialect)}))`;
}

/**
 * The leading key's rows that are null, or not: a list reads them as two runs (in the order the
 * database sorts nulls), so that within a run "after the last row" is a range on the sort's index
 * (`code >= 'A1' and (code > 'A1' or …)`) rather than an OR with `is null` that no index serves.
 */
function runsOf(key: Key, dialect: Dialect): { condition: Condition; nulls: boolean }[] {
  if (key.column === 'id') return [{ condition: sql<SqlBool>`1 = 1`, nulls: false }];
  const nulls = { condition: sql<SqlBool>`${key.ref} is null`, nulls: true };
  const values = { condition: sql<SqlBool>`${key.ref} is not null`, nulls: false };
  return nullsFirst(dialect, key) ? [nulls, values] : [values, nulls];
}

/** Within a run of the leading key, the rows after the given last one. */
function afterInRun(keys: readonly Key[], values: readonly unknown[], nulls: boolean, dialect: Dialect): Condition {
  if (nulls) return after(keys.slice(1), values.slice(1), dialect);
  const [key] = keys;
  const bound =
    key!.direction === 'asc' ? sql<SqlBool>`${key!.ref} >= ${values[0]}` : sql<SqlBool>`${key!.ref} <= ${values[0]}`;
  return sql<SqlBool>`${bound} and ${after(keys, values, dialect)}`;
}

export interface KeysetPage {
  rows: Record<string, unknown>[];
  /** Rows of the list in all. */
  total: number;
}

/**
 * Every row a list shows (the fetch body's filters, sorts and quick search, and the caller's row
 * limits), in the list's order, `size` rows a query: each page starts after the last row of the
 * one before (keyset paging), so a page costs the same at the end of the list as at its start and
 * rows written meanwhile neither repeat nor shift others out. Selects `columns` of the table `t`.
 */
export async function* keysetPages(
  request: FastifyRequest,
  entity: NormalisedEntity,
  body: Pick<FetchRequest, 'filters' | 'sorts' | 'search'>,
  columns: readonly string[],
  size: number,
): AsyncGenerator<KeysetPage> {
  const { dialect } = request.server.ctx;
  const db = anyDb(request.server.ctx);
  const limits = await rowFilters(request, entity);
  const counted = await db
    .selectFrom(`${entity.table} as t`)
    .where(allOf([...whereOf(entity, body, dialect), ...limits]))
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  const total = Number(counted.n);
  const plan = readPlan(request, entity, body, limits, total);
  const keys = plan.order;
  const keyAliases = keys.map((_, i) => `key${i}`);
  for (const run of runsOf(keys[0]!, dialect)) {
    let last: unknown[] | undefined;
    for (;;) {
      const conditions = [plan.where, run.condition];
      if (last) conditions.push(afterInRun(keys, last, run.nulls, dialect));
      let query = db
        .selectFrom(`${entity.table} as t`)
        .where(allOf(conditions))
        .select([...columns, ...keys.map((k, i) => sql.ref(`t.${k.column}`).as(keyAliases[i]!))]);
      for (const { ref, direction } of keys) query = query.orderBy(ref, direction);
      const rows = (await query.limit(size).execute()) as Record<string, unknown>[];
      if (rows.length > 0) yield { rows, total };
      if (rows.length < size) break;
      const end = rows[rows.length - 1]!;
      last = keyAliases.map((alias) => end[alias] ?? null);
    }
  }
}
