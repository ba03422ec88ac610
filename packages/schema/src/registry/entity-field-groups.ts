import type { FieldGroup } from './field-groups';
import type { NormalisedEntity, NormalisedField } from './normalise';

const inGroups = (field: NormalisedField, groups: ReadonlySet<string>) =>
  field.group !== undefined && groups.has(field.group);

function withoutFields(fields: readonly NormalisedField[], groups: ReadonlySet<string>): NormalisedField[] {
  return fields
    .filter((f) => !inGroups(f, groups))
    .map((f) =>
      f.kind === 'children' && f.fields.some((c) => inGroups(c, groups))
        ? { ...f, fields: withoutFields(f.fields, groups) }
        : f,
    );
}

/** The field groups an entity holds (its child tables' fields included). */
export function fieldGroupsOf(entity: Pick<NormalisedEntity, 'fields'>): Set<FieldGroup> {
  const out = new Set<FieldGroup>();
  const visit = (fields: readonly NormalisedField[]) => {
    for (const f of fields) {
      if (f.group) out.add(f.group);
      if (f.kind === 'children') visit(f.fields);
    }
  };
  visit(entity.fields);
  return out;
}

/**
 * The entity as a caller denied `groups` sees it: without those fields, in its child tables too,
 * and without them in its list columns, sections, quick search and dropdown label. The entity
 * itself when it holds none of them.
 */
export function withoutFieldGroups(entity: NormalisedEntity, groups: ReadonlySet<string>): NormalisedEntity {
  if (groups.size === 0 || ![...fieldGroupsOf(entity)].some((g) => groups.has(g))) return entity;
  const fields = withoutFields(entity.fields, groups);
  const kept = new Set(fields.map((f) => f.name));
  const keep = (names: readonly string[]) => names.filter((n) => kept.has(n));
  return {
    ...entity,
    fields,
    listColumns: keep(entity.listColumns),
    searchFields: keep(entity.searchFields),
    dropdown: { ...entity.dropdown, label: keep(entity.dropdown.label) },
    sections: entity.sections.map((s) => ({ ...s, fields: keep(s.fields) })),
    palette: entity.palette && {
      fields: keep(entity.palette.fields),
      exact: entity.palette.exact.filter((path) => kept.has(path.split('.')[0]!)),
    },
  };
}
