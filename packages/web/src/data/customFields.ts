import { useMemo } from 'react';
import {
  fieldGroupsOf,
  withoutFieldGroups,
  type FieldGroup,
  type NormalisedEntity,
  type NormalisedField,
} from '@backroom/schema';
import { useCustomFields } from './hooks';

/** The field groups of the entity the server left out of its fields: the caller's role may not view them. */
function withheldGroups(entity: NormalisedEntity, served: readonly NormalisedField[]): Set<FieldGroup> {
  const out = new Set<FieldGroup>();
  const visit = (declared: readonly NormalisedField[], given: readonly NormalisedField[]) => {
    const byName = new Map(given.map((f) => [f.name, f]));
    for (const f of declared) {
      const got = byName.get(f.name);
      if (f.group && !got) out.add(f.group);
      if (f.kind === 'children' && got?.kind === 'children') visit(f.fields, got.fields);
    }
  };
  visit(entity.fields, served);
  return out;
}

/**
 * The entity as the server serves it to the caller: its run-time custom fields added before its
 * system fields, without the field groups the caller's role may not view.
 */
export function withServerFields(
  entity: NormalisedEntity,
  served: readonly NormalisedField[] | undefined,
): NormalisedEntity {
  if (!served) return entity;
  const known = new Set(entity.fields.map((f) => f.name));
  const extra = served.filter((f) => f.custom && !known.has(f.name));
  const tail = entity.fields.findIndex((f, i) => i > 0 && f.system);
  const at = tail < 0 ? entity.fields.length : tail;
  const withCustom =
    extra.length === 0
      ? entity
      : { ...entity, fields: [...entity.fields.slice(0, at), ...extra, ...entity.fields.slice(at)] };
  return withoutFieldGroups(withCustom, withheldGroups(entity, served));
}

/** The entity as the server knows it for the caller (custom fields, field groups) once loaded; `isPending` while it loads. */
export function useEntityWithCustomFields(base: NormalisedEntity) {
  const asked = base.customizable || fieldGroupsOf(base).size > 0;
  const served = useCustomFields(base.name, asked);
  const entity = useMemo(() => withServerFields(base, served.data), [base, served.data]);
  return { entity, isPending: asked && served.isPending };
}
