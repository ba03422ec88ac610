import type { AuditChanges, NormalisedField } from '@backroom/schema';
import { targetOf } from '../data/labels';

export type Change = { before: unknown; after: unknown };

/** Each changed field of an audit entry with its value before and after (the server may send JSON text). */
export function changesOf(changes: unknown): [string, Change][] {
  let value = changes;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return [];
    }
  }
  if (!value || typeof value !== 'object') return [];
  const { before = {}, after = {} } = value as Partial<AuditChanges>;
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return names.map((name) => [name, { before: before[name], after: after[name] }]);
}

/** Adds the ids a value of the field refers to, by the entity they are rows of (child rows included). */
function collect(field: NormalisedField, value: unknown, into: Map<string, unknown[]>) {
  if (value === null || value === undefined) return;
  if (field.kind === 'children') {
    if (!Array.isArray(value)) return;
    for (const row of value)
      for (const child of field.fields) collect(child, (row as Record<string, unknown> | null)?.[child.name], into);
    return;
  }
  const target = targetOf(field);
  if (!target) return;
  const ids = into.get(target) ?? [];
  ids.push(...(Array.isArray(value) ? value : [value]));
  into.set(target, ids);
}

/** Every row the entries refer to, by entity: what the History looks up, one call per entity. */
export function referencedRows(
  fields: readonly NormalisedField[],
  entries: readonly { changes: unknown }[],
): Map<string, unknown[]> {
  const out = new Map<string, unknown[]>();
  for (const entry of entries)
    for (const [name, change] of changesOf(entry.changes)) {
      const field = fields.find((f) => f.name === name);
      if (!field) continue;
      collect(field, change.before, out);
      collect(field, change.after, out);
    }
  return out;
}
