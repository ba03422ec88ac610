import type { NormalisedEntity, NormalisedField } from '@backroom/schema';

/** A registry field of the entity (children included), for hooks that query its tables. */
export function fieldOf<K extends NormalisedField['kind']>(
  entity: NormalisedEntity | { fields: readonly NormalisedField[] },
  name: string,
  kind?: K,
): Extract<NormalisedField, { kind: K }> {
  const field = entity.fields.find((f) => f.name === name);
  if (!field || (kind && field.kind !== kind)) throw new Error(`Registry: no ${kind ?? ''} field ${name}`);
  return field as Extract<NormalisedField, { kind: K }>;
}

/** The older way to name a column: a module moved to the typed database names it directly (docs/architecture/typed-rows.md). */
export const columnOf = (entity: NormalisedEntity | { fields: readonly NormalisedField[] }, name: string): string =>
  fieldOf(entity, name).column;
