import { useMemo } from 'react';
import type { NormalisedEntity, NormalisedField } from '@backroom/schema';
import { useReadableEntity } from './fieldGroups';
import { useCustomFields } from './hooks';

/** The entity with the run-time custom fields the server serves added before its system fields. */
export function withServerFields(
  entity: NormalisedEntity,
  served: readonly NormalisedField[] | undefined,
): NormalisedEntity {
  if (!served) return entity;
  const known = new Set(entity.fields.map((f) => f.name));
  const extra = served.filter((f) => f.custom && !known.has(f.name));
  const tail = entity.fields.findIndex((f, i) => i > 0 && f.system);
  const at = tail < 0 ? entity.fields.length : tail;
  return extra.length === 0
    ? entity
    : { ...entity, fields: [...entity.fields.slice(0, at), ...extra, ...entity.fields.slice(at)] };
}

/**
 * The entity as the caller may read it — without the field groups their role may not view, with its
 * custom fields once loaded; `isPending` while they load.
 */
export function useEntityWithCustomFields(base: NormalisedEntity) {
  const readable = useReadableEntity(base);
  const served = useCustomFields(base.name, base.customizable);
  const entity = useMemo(() => withServerFields(readable, served.data), [readable, served.data]);
  return { entity, isPending: base.customizable && served.isPending };
}
