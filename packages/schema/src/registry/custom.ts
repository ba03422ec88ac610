import type { FieldDef } from './fields';
import { normaliseField, type NormalisedEntity, type NormalisedField } from './normalise';

/** A `customfield` row as the server reads it. */
export interface CustomFieldRow {
  entity: string;
  key: string;
  label: string;
  kind: 'text' | 'number' | 'date' | 'boolean' | 'list' | (string & {});
  /** For kind list: the category's code (preferred) or id. */
  listValueCategory?: string | number | null;
  required?: boolean | null;
  sortOrder?: number | null;
  isActive?: boolean | null;
}

/** Column (JSON text) that holds a row's custom field values; the API shows them as top-level fields. */
export const CUSTOM_FIELDS_COLUMN = 'custom_fields';

const KEY = /^[a-z][a-zA-Z0-9]*$/;

function customFieldDef(row: CustomFieldRow): FieldDef | undefined {
  // The data API reads them out of one JSON column: filtered there, but not sorted.
  const common = { label: row.label, required: row.required ?? false, listColumn: true, sortable: false };
  switch (row.kind) {
    case 'text':
      return { kind: 'text', maxLength: 255, ...common };
    case 'number':
      // Decimals are allowed (a weight, a size); exact like every other decimal.
      return { kind: 'decimal', scale: 4, signed: true, ...common };
    case 'date':
      return { kind: 'date', ...common };
    case 'boolean':
      return { kind: 'boolean', ...common, required: false };
    case 'list':
      return row.listValueCategory == null
        ? undefined
        : { kind: 'listvalue', category: String(row.listValueCategory), ...common };
    default:
      return undefined;
  }
}

/**
 * The entity with its custom fields appended after the declared ones (form, list columns and
 * validation). Rows for other entities, inactive rows, unknown kinds and keys that are not
 * camelCase or clash with a field are left out rather than thrown: they are data, not code.
 */
export function withCustomFields(entity: NormalisedEntity, rows: readonly CustomFieldRow[]): NormalisedEntity {
  if (!entity.customizable) return entity;
  const taken = new Set(entity.fields.map((f) => f.name));
  const extra: NormalisedField[] = [];
  const mine = rows
    .filter((row) => row.entity === entity.name && row.isActive !== false)
    .sort((a, b) => (a.sortOrder ?? 0) - (b.sortOrder ?? 0) || a.key.localeCompare(b.key));
  for (const row of mine) {
    const def = customFieldDef(row);
    if (!def || !KEY.test(row.key) || taken.has(row.key)) continue;
    taken.add(row.key);
    extra.push({
      ...normaliseField(entity.name, row.key, def, entity.table, { custom: true }),
      column: CUSTOM_FIELDS_COLUMN,
    });
  }
  if (extra.length === 0) return entity;
  // Before isActive and the audit fields, so the form shows them with the entity's own fields.
  const tail = entity.fields.findIndex((f, i) => i > 0 && f.system);
  const at = tail < 0 ? entity.fields.length : tail;
  const activeAt = entity.listColumns.indexOf('isActive');
  const columns = extra.map((f) => f.name);
  return {
    ...entity,
    fields: [...entity.fields.slice(0, at), ...extra, ...entity.fields.slice(at)],
    listColumns:
      activeAt < 0
        ? [...entity.listColumns, ...columns]
        : [...entity.listColumns.slice(0, activeAt), ...columns, ...entity.listColumns.slice(activeAt)],
  };
}
