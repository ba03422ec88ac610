import { useMemo } from 'react';
import { FIELD_GROUP_NAMES, withoutFieldGroups, type FieldGroup, type NormalisedEntity } from '@backroom/schema';
import { useAppSelector } from '../store';

/**
 * The field groups (registry `field-groups.ts`) the signed-in user's role may not view: every group
 * `Me` did not name, read with the menu. The server never sends their values; the console shows no
 * column, input or box for them.
 */
export function useHiddenFieldGroups(): ReadonlySet<FieldGroup> {
  const viewable = useAppSelector((state) => state.user.userInfo?.fieldGroups);
  const key = viewable?.join() ?? '';
  return useMemo(() => new Set(FIELD_GROUP_NAMES.filter((g) => !key.split(',').includes(g))), [key]);
}

/** The entity as the user may read it: without the fields of groups their role may not view. */
export function useReadableEntity(entity: NormalisedEntity): NormalisedEntity {
  const hidden = useHiddenFieldGroups();
  return useMemo(() => withoutFieldGroups(entity, hidden), [entity, hidden]);
}

/** Whether the user may read a field of `entity` (a child table's as `lines.unitCost`). */
export function useReadableFields(entity: NormalisedEntity): (path: string) => boolean {
  const readable = useReadableEntity(entity);
  return useMemo(() => {
    const names = new Set(
      readable.fields.flatMap((f) => [
        f.name,
        ...(f.kind === 'children' ? f.fields.map((c) => `${f.name}.${c.name}`) : []),
      ]),
    );
    return (path: string) => names.has(path);
  }, [readable]);
}
