import { useMemo } from 'react';
import type { NormalisedEntity, NormalisedField } from '@backroom/schema';
import { useCustomFields } from './hooks';

/** The entity with the server's run-time custom fields added before its system fields. */
export function withServerCustomFields(entity: NormalisedEntity, custom: readonly NormalisedField[] | undefined): NormalisedEntity {
  const known = new Set(entity.fields.map((f) => f.name));
  const extra = (custom ?? []).filter((f) => !known.has(f.name));
  if (extra.length === 0) return entity;
  const tail = entity.fields.findIndex((f, i) => i > 0 && f.system);
  const at = tail < 0 ? entity.fields.length : tail;
  return { ...entity, fields: [...entity.fields.slice(0, at), ...extra, ...entity.fields.slice(at)] };
}

/** The entity as the server knows it (custom fields included once loaded); `isPending` while they load. */
export function useEntityWithCustomFields(base: NormalisedEntity) {
  const custom = useCustomFields(base.name, base.customizable);
  const entity = useMemo(() => withServerCustomFields(base, custom.data), [base, custom.data]);
  return { entity, isPending: base.customizable && custom.isPending };
}
