import { CUSTOM_FIELDS_COLUMN } from './custom';
import { SCALED_KINDS, SECRET_MASK, scaleOf, type DecimalField } from './fields';
import { formatScaled, parseScaled } from './money';
import type { NormalisedEntity, NormalisedField } from './normalise';

/**
 * Wire form ↔ database form. Decimal kinds are scaled integers in the database (minor units,
 * thousandths) so both SQLite and PostgreSQL compare and sum them exactly.
 */
export type StorageType =
  /** a column */
  | 'text'
  | 'integer'
  /** scaled decimals; BIGINT on PostgreSQL (the pg driver returns it as a string) */
  | 'bigint'
  | 'boolean'
  | 'json'
  /** no column: a link table (multireference) or a child table (children) */
  | 'link'
  | 'child';

export function storageType(field: NormalisedField): StorageType {
  if (SCALED_KINDS.has(field.kind)) return 'bigint';
  switch (field.kind) {
    case 'number':
    case 'reference':
    case 'listvalue':
      return 'integer';
    case 'boolean':
      return 'boolean';
    case 'json':
      return 'json';
    case 'multireference':
      return 'link';
    case 'children':
      return 'child';
    case 'enum':
    case 'image':
      return field.multiple ? 'json' : 'text';
    default:
      return 'text';
  }
}

export type Dialect = 'sqlite' | 'postgres';

/** A wire value as the database column stores it (also for filter values). */
export function toStorageValue(field: NormalisedField, value: unknown, dialect: Dialect = 'sqlite'): unknown {
  if (value === null || value === undefined) return null;
  const type = storageType(field);
  if (type === 'bigint') {
    const parsed = parseScaled(value as string, scaleOf(field as DecimalField));
    if (!parsed.ok)
      throw new RangeError(`${field.name}: not a decimal at scale ${scaleOf(field as DecimalField)}: ${String(value)}`);
    return parsed.value;
  }
  if (type === 'boolean') return dialect === 'sqlite' ? (value ? 1 : 0) : Boolean(value);
  if (type === 'json') return JSON.stringify(value);
  return value;
}

/** A database value in wire form. */
export function fromStorageValue(field: NormalisedField, value: unknown): unknown {
  if (value === null || value === undefined) return field.kind === 'boolean' ? false : null;
  const type = storageType(field);
  if (type === 'bigint') return formatScaled(value as number | string | bigint, scaleOf(field as DecimalField));
  if (type === 'integer') return Number(value);
  if (type === 'boolean') return value === true || value === 1 || value === '1' || value === 't' || value === 'true';
  if (type === 'json') return typeof value === 'string' ? JSON.parse(value) : value;
  return value;
}

/**
 * A validated row as SQL columns (snake_case `column`s; children and link fields left out for
 * the server to write to their tables; custom fields packed into `custom_fields`). Secrets pass
 * through unchanged: the server encrypts them before the write.
 */
export function toStorageRow(
  entity: NormalisedEntity,
  row: Record<string, unknown>,
  dialect: Dialect = 'sqlite',
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const custom: Record<string, unknown> = {};
  let hasCustom = false;
  for (const field of entity.fields) {
    if (!(field.name in row)) continue;
    const type = storageType(field);
    if (type === 'link' || type === 'child') continue;
    if (field.custom) {
      custom[field.name] = row[field.name];
      hasCustom = true;
    } else {
      out[field.column] = toStorageValue(field, row[field.name], dialect);
    }
  }
  // An update that sends some custom fields must be merged by the server with the stored JSON.
  if (hasCustom) out[CUSTOM_FIELDS_COLUMN] = JSON.stringify(custom);
  return out;
}

/** A database row (keyed by column) in wire form (keyed by field name). A secret is replaced by its mask: "••••" shows that one is set. */
export function fromStorageRow(entity: NormalisedEntity, stored: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const rawCustom = stored[CUSTOM_FIELDS_COLUMN];
  const custom = (typeof rawCustom === 'string' ? JSON.parse(rawCustom) : (rawCustom ?? {})) as Record<string, unknown>;
  for (const field of entity.fields) {
    if (field.custom) {
      out[field.name] = custom[field.name] ?? (field.kind === 'boolean' ? false : null);
      continue;
    }
    if (!(field.column in stored)) continue;
    const value = stored[field.column];
    if (field.kind === 'secret') {
      out[field.name] = value ? SECRET_MASK : null;
      continue;
    }
    out[field.name] = fromStorageValue(field, value);
  }
  return out;
}
