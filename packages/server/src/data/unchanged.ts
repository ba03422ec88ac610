import { toStorageValue, type Dialect, type NormalisedField } from '@backroom/schema';
import type { Row } from './store';

/** A value as the database would hold it, as text to compare (a decimal's scaled integer, a flag's 0/1, JSON as text). */
function stored(field: NormalisedField, value: unknown, dialect: Dialect): string {
  const out = toStorageValue(field, value, dialect);
  return typeof out === 'bigint' || typeof out === 'number' ? `n${String(out)}` : JSON.stringify(out ?? null);
}

const ids = (value: unknown) => [...new Set((value as number[] | null) ?? [])].sort((a, b) => a - b).join(',');

/**
 * A child list as sent against the stored one: the same rows in the same order, every field a
 * caller writes equal (ids aside: the list is rewritten whole; read-only fields — a line's total, an
 * expected quantity — are the server's, worked out again from the rest, so a form never sends them).
 */
function sameList(fields: readonly NormalisedField[], sent: unknown, before: unknown, dialect: Dialect): boolean {
  const a = (sent as Row[] | null) ?? [];
  const b = (before as Row[] | null) ?? [];
  if (a.length !== b.length) return false;
  return a.every((child, i) =>
    fields.every(
      (field) =>
        field.name === 'id' ||
        (field.readOnly === true && !(field.name in child)) ||
        sameField(field, child[field.name], b[i]![field.name], dialect),
    ),
  );
}

function sameField(field: NormalisedField, sent: unknown, before: unknown, dialect: Dialect): boolean {
  if (field.kind === 'children') return sameList(field.fields, sent, before, dialect);
  if (field.kind === 'multireference') return ids(sent) === ids(before);
  // A secret typed in is a change: the stored one is only ever seen masked.
  if (field.kind === 'secret') return false;
  return stored(field, sent, dialect) === stored(field, before, dialect);
}

/**
 * Whether an update (`sent`: the validated fields, without id and version) leaves the stored row
 * (`before`, its API form) as it is: every field sent holds the value stored. Such a write writes
 * nothing — no version, no hooks, no events, no audit row.
 */
export function changesNothing(fields: readonly NormalisedField[], before: Row, sent: Row, dialect: Dialect): boolean {
  return fields.every(
    (field) => !(field.name in sent) || sameField(field, sent[field.name], before[field.name], dialect),
  );
}
