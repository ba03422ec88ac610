import { ACCESS_REFUSALS, type NormalisedEntity } from '@backroom/schema';
import type { FastifyRequest } from 'fastify';
import type { RawBuilder, SqlBool } from 'kysely';
import { assertPrivilege, requireAuth, type PrivilegeAction } from '../http/auth-guard';
import { cachePerApp } from '../db/generations';
import { ApiError } from '../http/envelope';
import { hooksOf, type FilterCondition, type Verb } from './hooks';
import { allOf } from './query';
import { namesAnOutlet, outletPaths, outsideOutlets, visibleCondition } from './outlet-ties';
import type { AnyDb } from './store';
import { typedDb } from '../db/types';

const ACTION: Record<Verb, PrivilegeAction> = { fetch: 'view', insert: 'edit', update: 'edit', delete: 'delete' };

/** 403 unless the caller may run `verb` on the entity (its screen's privileges, then its hooks' own rules). */
export async function authorize(
  request: FastifyRequest,
  entity: NormalisedEntity,
  verb: Verb,
  filters: readonly FilterCondition[] = [],
): Promise<void> {
  const hooks = hooksOf(request, entity);
  const ownRead = hooks.find((h) => h.authorizeFetch);
  if (verb === 'fetch' && ownRead) return ownRead.authorizeFetch!(request, filters);
  await assertPrivilege(request, entity.permission, ACTION[verb]);
  if (verb !== 'fetch' && entity.readOnly)
    throw new ApiError(403, ACCESS_REFUSALS.serverOnly({ what: entity.label.toLowerCase() }));
  const refused = hooks.map((h) => h.refuse?.[verb]).find((reason) => reason !== undefined);
  if (refused) throw new ApiError(403, refused);
}

const userOutlets = cachePerApp<number, number[]>();

/** Outlets the caller is limited to; empty when the user may see every outlet. Kept by the process for the `access` generation. */
export function allowedOutlets(request: FastifyRequest): Promise<number[]> {
  const auth = requireAuth(request);
  const ctx = request.server.ctx;
  return userOutlets(ctx).get(auth.userId, auth.generations.access, async () => {
    const rows = await ctx.db
      .selectFrom('app_user_outlets')
      .select('ref_id')
      .where('parent_id', '=', auth.userId)
      .execute();
    return rows.map((r) => r.ref_id);
  });
}

/**
 * The inventory locations a caller limited to outlets may see (their outlets' and those of no outlet,
 * i.e. warehouses), narrowing `asked`; `asked` unchanged (undefined: all) for a caller without limit.
 */
export async function visibleLocations(
  request: FastifyRequest,
  asked: readonly number[] | undefined,
): Promise<number[] | undefined> {
  const outlets = await allowedOutlets(request);
  if (outlets.length === 0) return asked ? [...asked] : undefined;
  const visible = await typedDb(request.server.ctx.db)
    .selectFrom('inventory_location')
    .select('id')
    .where((eb) => eb.or([eb('outlet_id', 'is', null), eb('outlet_id', 'in', outlets)]))
    .execute();
  const ids = new Set(visible.map((v) => v.id));
  return (asked ?? [...ids]).filter((l) => ids.has(l));
}

/** Whether the caller, limited to some outlets, may see the row `alias` of the entity (undefined: no limit applies). */
export async function outletCondition(
  request: FastifyRequest,
  entity: NormalisedEntity,
  alias: string,
): Promise<RawBuilder<SqlBool> | undefined> {
  const paths = outletPaths(entity);
  if (paths.length === 0) return undefined;
  const outlets = await allowedOutlets(request);
  return outlets.length === 0 ? undefined : visibleCondition(paths, alias, outlets);
}

/**
 * Row filters for the caller on an entity's table (alias `t`): a user limited to some outlets sees
 * the rows of those outlets, plus rows that name no outlet (meaning every outlet); then the
 * entity's hooks' own filters (an audit row follows the row it describes).
 */
export async function rowFilters(request: FastifyRequest, entity: NormalisedEntity): Promise<RawBuilder<SqlBool>[]> {
  const out: RawBuilder<SqlBool>[] = [];
  const outlets = await outletCondition(request, entity, 't');
  if (outlets) out.push(outlets);
  for (const hook of hooksOf(request, entity)) {
    const own = await hook.rowFilter?.(request);
    if (own) out.push(own);
  }
  return out;
}

/** Whether the caller may see row `id` of the entity (their outlets, the entity's own filters). */
export async function canSee(
  request: FastifyRequest,
  db: AnyDb,
  entity: NormalisedEntity,
  id: number,
): Promise<boolean> {
  const filters = await rowFilters(request, entity);
  const row = await db
    .selectFrom(`${entity.table} as t`)
    .select('t.id')
    .where('t.id', '=', id)
    .where(allOf(filters))
    .executeTakeFirst();
  return row !== undefined;
}

const truthy = (value: unknown) => value === true || value === 1 || value === '1' || value === 't';

/**
 * 403 (naming the field where there is one) unless a caller limited to some outlets may write the
 * stored rows: every outlet a row reaches must be theirs, and a row for every outlet — one naming
 * none, or any row of an entity that belongs to no outlet (a product and its chain-wide price, a
 * voucher) — is written only by users without outlet limits.
 */
export async function assertOutletsWritable(
  request: FastifyRequest,
  db: AnyDb,
  entity: NormalisedEntity,
  ids: readonly number[],
): Promise<void> {
  if (ids.length === 0) return;
  const outlets = await allowedOutlets(request);
  if (outlets.length === 0) return;
  const paths = outletPaths(entity);
  if (paths.length === 0)
    throw new ApiError(403, `${entity.label} are for every outlet: only users without outlet limits write them`);
  const checks = outsideOutlets(paths, 't', outlets);
  const rows = await db
    .selectFrom(`${entity.table} as t`)
    .where('t.id', 'in', [...ids])
    .select([namesAnOutlet(paths, 't').as('named'), ...checks.map((c, i) => c.condition.as(`outside${i}`))])
    .execute();
  for (const row of rows as Record<string, unknown>[]) {
    const broken = checks.find((_, i) => truthy(row[`outside${i}`]));
    if (broken)
      throw forbiddenField(
        broken.path[0]?.name ?? 'id',
        `${entity.label}: you may not write rows of an outlet that is not yours`,
      );
    if (!truthy(row.named))
      throw forbiddenField(
        paths[0]![0]!.name,
        `${entity.label}: a row for every outlet is written only by users without outlet limits; choose one of your outlets`,
      );
  }
}

const forbiddenField = (field: string, message: string) => new ApiError(403, message, [{ field, message }]);
