import { CUSTOM_FIELDS_COLUMN, parseFieldValue, type NormalisedField } from '@backroom/schema';
import { sql, type RawBuilder } from 'kysely';
import type { Dialect } from '../db/connect';

/** Kinds a custom field may have whose values compare as numbers; the others compare as text. */
const NUMERIC = new Set(['decimal', 'number']);

/**
 * A custom field's value in SQL, read from the row's JSON column, and a filter value in the same
 * form. Both databases compare the same things: text as text (SQLite's json_extract gives numbers
 * back as numbers, so it is cast), numbers as numbers, a list value's id as its text, and a boolean
 * as the text each database reads out of JSON (SQLite 1/0, PostgreSQL true/false; a missing one is
 * false, as the API shows it).
 */
export function customFieldSql(field: NormalisedField, dialect: Dialect, alias = 't') {
  const json = sql.ref(`${alias}.${CUSTOM_FIELDS_COLUMN}`);
  const text: RawBuilder<unknown> =
    dialect === 'postgres'
      ? sql`(cast(${json} as jsonb) ->> cast(${field.name} as text))`
      : sql`cast(json_extract(${json}, ${`$.${field.name}`}) as text)`;
  const truth = (value: boolean) => (dialect === 'postgres' ? String(value) : value ? '1' : '0');
  const column: RawBuilder<unknown> =
    field.kind === 'boolean'
      ? sql`coalesce(${text}, ${truth(false)})`
      : NUMERIC.has(field.kind)
        ? sql`cast(${text} as ${sql.raw(dialect === 'postgres' ? 'numeric' : 'real')})`
        : text;
  /** A filter value as the column above reads; undefined when it does not parse as the field. */
  const value = (raw: unknown): { ok: true; value: string } | { ok: false; message: string } => {
    if (field.kind === 'text' || field.kind === 'longtext') return { ok: true, value: String(raw) };
    const parsed = parseFieldValue(field, raw);
    if (!parsed.ok) return parsed;
    return { ok: true, value: field.kind === 'boolean' ? truth(parsed.value === true) : String(parsed.value) };
  };
  return { column, value };
}
