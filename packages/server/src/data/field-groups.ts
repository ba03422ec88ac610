import {
  FIELD_GROUP_NAMES,
  fieldGroupPrivilege,
  withoutFieldGroups,
  type FieldError,
  type FieldGroup,
  type NormalisedEntity,
  type NormalisedField,
} from '@backroom/schema';
import type { FastifyRequest } from 'fastify';
import { hasPrivilege, requireAuth } from '../http/auth-guard';
import { ApiError, validationError } from '../http/envelope';
import type { Row } from './store';

/**
 * Field groups (registry `field-groups.ts`): a role without view on `fields/{group}` reads the
 * entities holding it as if those fields did not exist — lists, rows, forms, filters and sorts,
 * exports, labels — and one without edit may not send them. The server's own jobs (no user) see all.
 */
const NONE: ReadonlySet<FieldGroup> = new Set();
export const ALL_FIELD_GROUPS: ReadonlySet<FieldGroup> = new Set(FIELD_GROUP_NAMES);
/** A row action run by the server's own work (a seed, a job's step): every field visible and changeable. */
export const SERVER_FIELD_GROUPS = { hidden: NONE, locked: NONE };

/** The field groups the caller may not view (or edit); none for a job the server runs as itself. */
export async function deniedFieldGroups(
  request: FastifyRequest,
  action: 'view' | 'edit' = 'view',
): Promise<ReadonlySet<FieldGroup>> {
  if (requireAuth(request).userId === 0) return NONE;
  const denied = new Set<FieldGroup>();
  for (const group of FIELD_GROUP_NAMES)
    if (!(await hasPrivilege(request, fieldGroupPrivilege(group), action))) denied.add(group);
  return denied.size === 0 ? NONE : denied;
}

const stripped = new WeakMap<NormalisedEntity, Map<string, NormalisedEntity>>();

/** The entity without the fields of `groups`, made once per entity and set of groups. */
export function entityWithout(entity: NormalisedEntity, groups: ReadonlySet<FieldGroup>): NormalisedEntity {
  if (groups.size === 0) return entity;
  const key = [...groups].sort().join();
  let byKey = stripped.get(entity);
  if (!byKey) stripped.set(entity, (byKey = new Map()));
  let out = byKey.get(key);
  if (!out) byKey.set(key, (out = withoutFieldGroups(entity, groups)));
  return out;
}

/** The entity as the caller may read it. */
export async function readableEntity(request: FastifyRequest, entity: NormalisedEntity): Promise<NormalisedEntity> {
  return entityWithout(entity, await deniedFieldGroups(request));
}

const isRecord = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What a write or row action answered, as the caller may read it: each row of `entity` in it (one,
 * or a list) without the fields of groups the caller's role may not view; anything else as it is.
 */
export async function asCallerReads<T>(request: FastifyRequest, entity: NormalisedEntity, answer: T): Promise<T> {
  const visible = await readableEntity(request, entity);
  const strip = (value: unknown) => (isRecord(value) ? visibleValues(entity, visible, value) : value);
  return (Array.isArray(answer) ? answer.map(strip) : strip(answer)) as T;
}

/** A row (its child rows too) without the values of fields the `visible` entity lacks. */
export function visibleValues(full: NormalisedEntity, visible: NormalisedEntity, row: Row): Row {
  if (full === visible) return row;
  const strip = (fields: readonly NormalisedField[], kept: readonly NormalisedField[], value: Row): Row => {
    const out: Row = { ...value };
    const keptByName = new Map(kept.map((f) => [f.name, f]));
    for (const field of fields) {
      const keep = keptByName.get(field.name);
      if (!keep) {
        delete out[field.name];
        delete out[`${field.name}Label`];
      } else if (
        field.kind === 'children' &&
        keep.kind === 'children' &&
        keep !== field &&
        Array.isArray(value[field.name])
      ) {
        out[field.name] = (value[field.name] as unknown[]).map((child) =>
          isRecord(child) ? strip(field.fields, keep.fields, child) : child,
        );
      }
    }
    return out;
  };
  return strip(full.fields, visible.fields, row);
}

const forbidden = (errors: FieldError[]) => new ApiError(403, errors[0]!.message, errors);

/**
 * 403 naming each field of a group the caller may not edit that a write sends: a field of the row,
 * or of a child row. An update (or an upsert, which may be one) may not send a child list holding
 * such a field at all: the list replaces the stored one, whose values the caller cannot send back.
 * Read-only child fields (a count line's variance value) do not count: the server works them out.
 */
export async function assertFieldGroupsWritable(
  request: FastifyRequest,
  entity: NormalisedEntity,
  body: unknown,
  mode: 'insert' | 'update',
  prefix = '',
): Promise<void> {
  if (!isRecord(body)) return;
  assertGroupsWritable(await deniedFieldGroups(request, 'edit'), entity, body, mode, prefix);
}

/** `assertFieldGroupsWritable` for groups already known (a row action reads them before its transaction). */
export function assertGroupsWritable(
  denied: ReadonlySet<FieldGroup>,
  entity: NormalisedEntity,
  body: Row,
  mode: 'insert' | 'update',
  prefix = '',
): void {
  if (denied.size === 0) return;
  const visible = entityWithout(entity, denied);
  if (visible === entity) return;
  const kept = new Map(visible.fields.map((f) => [f.name, f]));
  const errors: FieldError[] = [];
  for (const field of entity.fields) {
    if (!(field.name in body)) continue;
    const keep = kept.get(field.name);
    if (!keep) errors.push({ field: `${prefix}${field.name}`, message: `${field.label}: your role may not change it` });
    else if (field.kind === 'children' && keep !== field) {
      const hidden = field.fields.filter((c) => !(keep as typeof field).fields.includes(c));
      const rows = Array.isArray(body[field.name]) ? (body[field.name] as unknown[]) : [];
      const writable = hidden.filter((c) => !c.readOnly);
      if (mode === 'update' && writable.length > 0)
        errors.push({
          field: `${prefix}${field.name}`,
          message: `${field.label}: your role may not replace it, as it holds ${writable.map((c) => c.label).join(', ')}`,
        });
      else
        rows.forEach((child, i) => {
          for (const c of hidden)
            if (isRecord(child) && c.name in child)
              errors.push({
                field: `${prefix}${field.name}.${i}.${c.name}`,
                message: `${c.label}: your role may not change it`,
              });
        });
    }
  }
  if (errors.length > 0) throw forbidden(errors);
}

/**
 * 400 for a filter or sort by a field the caller may not view, as for a column that does not
 * exist: an export is checked when it is asked for, not when its job runs.
 */
export async function assertColumnsReadable(
  request: FastifyRequest,
  entity: NormalisedEntity,
  filters: readonly { ColumnName: string }[],
  sorts: readonly { ColumnName: string }[],
): Promise<void> {
  const visible = await readableEntity(request, entity);
  if (visible === entity) return;
  const hidden = new Set(entity.fields.filter((f) => !visible.fields.includes(f)).map((f) => f.name.toLowerCase()));
  const errors: FieldError[] = [
    ...filters.flatMap((f, i) =>
      hidden.has(f.ColumnName.toLowerCase())
        ? [{ field: `filters.${i}.ColumnName`, message: `Unknown column: ${f.ColumnName}` }]
        : [],
    ),
    ...sorts.flatMap((s, i) =>
      hidden.has(s.ColumnName.toLowerCase())
        ? [{ field: `sorts.${i}.ColumnName`, message: `Unknown column: ${s.ColumnName}` }]
        : [],
    ),
  ];
  if (errors.length > 0) throw validationError(errors, errors[0]!.message);
}
