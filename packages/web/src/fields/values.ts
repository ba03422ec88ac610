import type { NormalisedChildTable, NormalisedField } from '@backroom/schema';

type Values = Record<string, unknown>;

const isMultiple = (field: NormalisedField) =>
  field.kind === 'multireference' || ('multiple' in field && Boolean(field.multiple));

/** A field's form value from an API value (or its default on a new row). */
function toFormValue(field: NormalisedField, value: unknown): unknown {
  if (value === undefined && 'default' in field && field.default !== undefined) value = field.default;
  switch (field.kind) {
    case 'boolean':
      return value === true || value === 'true' || value === 1;
    case 'children':
      return Array.isArray(value) ? value.map((row) => toFormRow(field.fields, (row ?? {}) as Values)) : [];
    case 'json':
      return value === null || value === undefined
        ? ''
        : typeof value === 'string'
          ? value
          : JSON.stringify(value, null, 2);
    case 'secret':
      // Blank keeps the stored secret; the masked value is shown as the placeholder.
      return '';
    case 'reference':
    case 'listvalue':
      return value === null || value === undefined ? '' : value;
    default:
      if (isMultiple(field)) return Array.isArray(value) ? value : [];
      return value === null || value === undefined ? '' : typeof value === 'number' ? String(value) : value;
  }
}

function toFormRow(fields: readonly NormalisedField[], row: Values): Values {
  const out: Values = {};
  for (const field of fields) {
    out[field.name] = toFormValue(field, row[field.name]);
    // The label the server sent beside a reference shows until the user picks another row.
    if (field.kind === 'reference' || field.kind === 'listvalue')
      out[`${field.name}Label`] = row[`${field.name}Label`] ?? null;
  }
  if (row.id !== undefined) out.id = row.id;
  if (row.version !== undefined) out.version = row.version;
  return out;
}

/** Form values of a loaded row (edit) or of a new one (add: defaults, blanks). */
export const toFormValues = (fields: readonly NormalisedField[], row: Values = {}) => toFormRow(fields, row);

export const emptyChildRow = (field: NormalisedChildTable) => {
  const row = toFormRow(field.fields, {});
  delete row.id;
  return row;
};

/** Form values back to wire form before validation: child rows alike, multi-reference ids as numbers (a date-time input already holds the instant). */
export function toWire(fields: readonly NormalisedField[], values: Values): Values {
  const out: Values = { ...values };
  for (const field of fields) {
    const value = values[field.name];
    if (field.kind === 'children' && Array.isArray(value))
      out[field.name] = value.map((row) => toWire(field.fields, (row ?? {}) as Values));
    else if (field.kind === 'multireference' && Array.isArray(value))
      out[field.name] = value.map((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v));
  }
  return out;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Kinds whose form value is not the value read (JSON as text, a blank secret). */
const rendered = new Set(['children', 'json', 'secret']);

/**
 * An update sends a field the user left alone as it was read, not in the form's own rendering of
 * it (a number as its text): a save that changes nothing then sends the stored
 * values, which the server recognises and writes nothing for (no version, audit row or webhook).
 */
export function unchangedAsRead(
  fields: readonly NormalisedField[],
  wire: Values,
  now: Values,
  start: Values,
  read: Values,
): Values {
  const out = { ...wire };
  for (const field of fields)
    if (
      !rendered.has(field.kind) &&
      field.name in read &&
      field.name in out &&
      same(now[field.name], start[field.name])
    )
      out[field.name] = read[field.name];
  return out;
}
