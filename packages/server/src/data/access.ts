import { findEntity, type NormalisedEntity } from '@backroom/schema';
import type { FastifyRequest } from 'fastify';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { assertPrivilege, requireAuth, type PrivilegeAction } from '../http/auth-guard';
import { cachePerApp } from '../db/generations';
import { ApiError } from '../http/envelope';
import { hooksOf, type FilterCondition, type Verb } from './hooks';
import { anyDb } from './store';

const ACTION: Record<Verb, PrivilegeAction> = { fetch: 'view', insert: 'edit', update: 'edit', delete: 'delete' };

/** 403 unless the caller may run `verb` on the entity (its screen's privileges, then its hooks' own rules). */
export async function authorize(request: FastifyRequest, entity: NormalisedEntity, verb: Verb, filters: readonly FilterCondition[] = []): Promise<void> {
  const hooks = hooksOf(request, entity);
  const ownRead = hooks.find((h) => h.authorizeFetch);
  if (verb === 'fetch' && ownRead) return ownRead.authorizeFetch!(request, filters);
  await assertPrivilege(request, entity.permission, ACTION[verb]);
  if (verb !== 'fetch' && entity.readOnly) throw new ApiError(403, `${entity.name} is written by the server only`);
  const refused = hooks.map((h) => h.refuse?.[verb]).find((reason) => reason !== undefined);
  if (refused) throw new ApiError(403, refused);
}

const OUTLET = 'outlet';
const userEntity = findEntity('user')!;
const userOutletsTable = (userEntity.fields.find((f) => f.kind === 'multireference' && f.entity === OUTLET) as { table: string }).table;

/** The column that ties a row to an outlet: the outlet's own id, or the entity's reference to an outlet. */
function outletColumn(entity: NormalisedEntity): string | undefined {
  if (entity.name === OUTLET) return 'id';
  return entity.fields.find((f) => f.kind === 'reference' && f.entity === OUTLET && !f.custom)?.column;
}

const userOutlets = cachePerApp<number, number[]>();

/** Outlets the caller is limited to; empty when the user may see every outlet. Kept by the process for the `access` generation. */
export function allowedOutlets(request: FastifyRequest): Promise<number[]> {
  const auth = requireAuth(request);
  const ctx = request.server.ctx;
  return userOutlets(ctx).get(auth.userId, auth.generations.access, async () => {
    const rows = await anyDb(ctx).selectFrom(userOutletsTable).select('ref_id').where('parent_id', '=', auth.userId).execute();
    return rows.map((r) => Number(r.ref_id));
  });
}

/**
 * Row filters for the caller on an entity's table (alias `t`): a user limited to some outlets sees
 * the rows of those outlets, plus rows that name no outlet (meaning every outlet).
 */
export async function rowFilters(request: FastifyRequest, entity: NormalisedEntity): Promise<RawBuilder<SqlBool>[]> {
  const column = outletColumn(entity);
  if (!column) return [];
  const outlets = await allowedOutlets(request);
  if (outlets.length === 0) return [];
  const ref = sql.ref(`t.${column}`);
  const ids = sql.join(outlets);
  return [column === 'id' ? sql<SqlBool>`${ref} in (${ids})` : sql<SqlBool>`(${ref} is null or ${ref} in (${ids}))`];
}

/** 403 when a row written by a limited user names an outlet outside their outlets. */
export async function assertOutletAllowed(request: FastifyRequest, entity: NormalisedEntity, row: Record<string, unknown>): Promise<void> {
  const column = outletColumn(entity);
  if (!column || column === 'id') return;
  const field = entity.fields.find((f) => f.column === column)!;
  const value = row[field.name];
  if (value === null || value === undefined) return;
  const outlets = await allowedOutlets(request);
  if (outlets.length > 0 && !outlets.includes(Number(value))) throw new ApiError(403, `You may not write rows of outlet ${String(value)}`);
}
