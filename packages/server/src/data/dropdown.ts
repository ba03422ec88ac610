import { MAX_TAKE, SCALED_KINDS, toStorageValue, type NormalisedEntity } from '@backroom/schema';
import type { FastifyRequest } from 'fastify';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { privilegesOf } from '../http/auth-guard';
import { ApiError } from '../http/envelope';
import { rowFilters } from './access';
import { allOf, fieldByName, orderOf } from './query';
import { labelsOf } from './read';
import { referrersTo } from './references';
import { anyDb } from './store';

export const ALL_OPTION = { text: 'ALL', value: 'ALL' } as const;
export const DEFAULT_DROPDOWN_TAKE = 1000;

export interface DropdownOption {
  text: string;
  value: number | string;
}

/**
 * A dropdown is readable by whoever may view the entity, or may view an entity that refers to it
 * (a product form's category dropdown works for someone who may see products but not categories).
 */
export async function assertDropdownAccess(request: FastifyRequest, entity: NormalisedEntity): Promise<void> {
  const screens = new Set([entity.permission, ...referrersTo(entity).map((r) => r.owner.permission)]);
  for (const screen of screens) if ((await privilegesOf(request, screen)).ableToView) return;
  throw new ApiError(403, `You do not have permission to view ${entity.name}`);
}

/** Active rows (for entities with isActive) the caller may see, as {text, value}, in the entity's default order. */
export async function dropdownOptions(request: FastifyRequest, entity: NormalisedEntity, options: { search?: string; take?: number }): Promise<DropdownOption[]> {
  const db = anyDb(request.server.ctx);
  const conditions: RawBuilder<SqlBool>[] = await rowFilters(request, entity);
  const active = fieldByName(entity, 'isActive');
  if (active) conditions.push(sql<SqlBool>`${sql.ref(`t.${active.column}`)} = ${toStorageValue(active, true, request.server.ctx.dialect)}`);
  const search = options.search?.trim();
  if (search) {
    const searchable = [...new Set([...entity.dropdown.label, ...entity.searchFields])]
      .map((name) => fieldByName(entity, name)!)
      .filter((f) => f.kind === 'text' || f.kind === 'longtext' || f.kind === 'date' || SCALED_KINDS.has(f.kind));
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const like = searchable.map((f) => sql<SqlBool>`lower(${sql.ref(`t.${f.column}`)}) like lower(${pattern}) escape '\\'`);
    conditions.push(like.length > 0 ? sql<SqlBool>`(${sql.join(like, sql` or `)})` : sql<SqlBool>`1 = 0`);
  }
  let query = db.selectFrom(`${entity.table} as t`).select('t.id').where(allOf(conditions));
  for (const { column, direction } of orderOf(entity, {})) query = query.orderBy(`t.${column}`, direction);
  const ids = (await query.limit(Math.min(options.take ?? DEFAULT_DROPDOWN_TAKE, MAX_TAKE)).execute()).map((r) => Number(r.id));
  const labels = await labelsOf(db, entity, ids);
  return ids.map((id) => ({ text: labels.get(id) ?? String(id), value: id }));
}
