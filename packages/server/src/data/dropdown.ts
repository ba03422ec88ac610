import {
  ACCESS_REFUSALS,
  MAX_TAKE,
  SCALED_KINDS,
  toStorageValue,
  type DropdownItemDto,
  type NormalisedEntity,
} from '@backroom/schema';
import type { FastifyRequest } from 'fastify';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { privilegesOf, screenLabel } from '../http/auth-guard';
import { ApiError, validationError } from '../http/envelope';
import { rowFilters } from './access';
import { allOf, fieldByName, orderOf, searchCondition } from './query';
import { labelsOf } from './read';
import { naturalKey, referrersTo, targetOf } from './references';
import { anyDb } from './store';

export const DEFAULT_DROPDOWN_TAKE = 1000;

/**
 * A dropdown is readable by whoever may view the entity, or may view an entity whose form or list
 * filter chooses one of its rows (a product form's category dropdown works for someone who may see
 * products but not categories). Records only the server writes (price history's "changed by") do
 * not count: nobody chooses their values, so seeing them opens no dropdown (the user list).
 */
export async function assertDropdownAccess(request: FastifyRequest, entity: NormalisedEntity): Promise<void> {
  const choosers = referrersTo(entity).filter((r) => !r.owner.readOnly);
  const screens = new Set([entity.permission, ...choosers.map((r) => r.owner.permission)]);
  for (const screen of screens) if ((await privilegesOf(request, screen)).ableToView) return;
  throw new ApiError(403, ACCESS_REFUSALS.view({ screen: screenLabel(entity.permission) }));
}

export interface DropdownQuery {
  search?: string;
  take?: number;
  /** Exactly these rows, active or not (the labels of saved values); the caller's row limits still apply. */
  ids?: number[];
  /** Reference and list-value fields of the entity, each by the target row's id or its code (`category=BRAND`). */
  where?: Record<string, string>;
}

/** `field = id`, or `field = (the id of the target row whose code is the value)`; 400 naming a field that is no reference. */
function referenceCondition(entity: NormalisedEntity, name: string, value: string): RawBuilder<SqlBool> {
  const field = fieldByName(entity, name);
  const target = field && field.kind !== 'multireference' ? targetOf(field) : undefined;
  if (!field || !target || field.custom)
    throw validationError([
      { field: name, message: `${name} is not a reference of ${entity.label} a dropdown can be narrowed by` },
    ]);
  const column = sql.ref(`t.${field.column}`);
  if (/^\d+$/.test(value)) return sql<SqlBool>`${column} = ${Number(value)}`;
  const key = naturalKey(target);
  if (!key) throw validationError([{ field: name, message: `Give the id of a ${target.label.toLowerCase()} row` }]);
  return sql<SqlBool>`${column} in (select r.id from ${sql.table(target.table)} r where r.${sql.ref(key.column)} = ${value})`;
}

/**
 * Rows the caller may see as {text, value}, in the entity's default order: active ones (for
 * entities with isActive) matching the search and narrowing, or exactly the ids asked for.
 */
export async function dropdownOptions(
  request: FastifyRequest,
  entity: NormalisedEntity,
  options: DropdownQuery,
): Promise<DropdownItemDto[]> {
  const db = anyDb(request.server.ctx);
  const conditions: RawBuilder<SqlBool>[] = await rowFilters(request, entity);
  const active = fieldByName(entity, 'isActive');
  if (options.ids)
    conditions.push(options.ids.length > 0 ? sql<SqlBool>`t.id in (${sql.join(options.ids)})` : sql<SqlBool>`1 = 0`);
  else if (active)
    conditions.push(
      sql<SqlBool>`${sql.ref(`t.${active.column}`)} = ${toStorageValue(active, true, request.server.ctx.dialect)}`,
    );
  for (const [name, value] of Object.entries(options.where ?? {}))
    conditions.push(referenceCondition(entity, name, value));
  const search = options.search?.trim();
  if (search) {
    // The label's fields are searched too (a reference through its target's search); an entity
    // whose search index covers them uses the index.
    const covered = entity.dropdown.label.every((name) => entity.searchFields.includes(name));
    const searchable = [...new Set([...entity.dropdown.label, ...entity.searchFields])]
      .map((name) => fieldByName(entity, name)!)
      .filter(
        (f) =>
          f.kind === 'text' ||
          f.kind === 'longtext' ||
          f.kind === 'date' ||
          f.kind === 'reference' ||
          SCALED_KINDS.has(f.kind),
      )
      .map((f) => f.name);
    const dialect = request.server.ctx.dialect;
    conditions.push(
      entity.searchIndex && covered
        ? searchCondition(entity, search, dialect)
        : searchCondition(entity, search, dialect, searchable),
    );
  }
  let query = db.selectFrom(`${entity.table} as t`).select('t.id').where(allOf(conditions));
  for (const { column, direction } of orderOf(entity, {})) query = query.orderBy(`t.${column}`, direction);
  const ids = (
    await query.limit(Math.min(options.ids?.length ?? options.take ?? DEFAULT_DROPDOWN_TAKE, MAX_TAKE)).execute()
  ).map((r) => Number(r.id));
  const labels = await labelsOf(db, entity, ids);
  return ids.map((id) => ({ text: labels.get(id) ?? String(id), value: id }));
}
