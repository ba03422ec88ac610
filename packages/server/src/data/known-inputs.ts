import type { FieldError, NormalisedEntity, NormalisedField } from '@backroom/schema';
import { validationError } from '../http/envelope';
import type { Placed } from './write';

/**
 * The names a row may carry: its fields (read-only and system ones too, which a write ignores) and the
 * `{field}Label` a read puts beside each reference, so that a row sent back as it was read is accepted.
 */
export function acceptedNames(fields: readonly NormalisedField[]): Set<string> {
  const names = new Set<string>();
  for (const field of fields) {
    names.add(field.name);
    if (field.kind === 'reference' || field.kind === 'listvalue') names.add(`${field.name}Label`);
  }
  return names;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function unknownNames(
  fields: readonly NormalisedField[],
  label: string,
  row: unknown,
  prefix: string,
  extra: readonly string[],
  out: FieldError[],
): FieldError[] {
  if (!isRecord(row)) return out;
  const accepted = acceptedNames(fields);
  for (const name of Object.keys(row))
    if (!accepted.has(name) && !extra.includes(name))
      out.push({ field: `${prefix}${name}`, message: `${name}: not a field of ${label}` });
  for (const field of fields) {
    const children = row[field.name];
    if (field.kind !== 'children' || !Array.isArray(children)) continue;
    children.forEach((child, i) =>
      unknownNames(field.fields, field.label, child, `${prefix}${field.name}.${i}.`, [], out),
    );
  }
  return out;
}

/**
 * 400 naming every value of the written rows that is no field of the entity (nor of its child lists'
 * rows), nor one of `extra` (what its hooks read): a misspelt or unknown field is refused, not dropped.
 */
export function assertKnownInputs(entity: NormalisedEntity, rows: readonly Placed[], extra: readonly string[]): void {
  const problems: FieldError[] = [];
  for (const { prefix, row } of rows)
    unknownNames([...entity.fields, ...entity.computed], entity.label, row, prefix, extra, problems);
  if (problems.length > 0) throw validationError(problems, problems[0]!.message);
}
