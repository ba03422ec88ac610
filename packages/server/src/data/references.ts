import { LINK_COLUMNS, entities, findEntity, type NormalisedEntity, type NormalisedField } from '@backroom/schema';

/** The entity a reference, multi-reference or list-value field points at. */
export const targetOf = (field: NormalisedField): NormalisedEntity | undefined =>
  field.kind === 'reference' || field.kind === 'multireference'
    ? findEntity(field.entity)
    : field.kind === 'listvalue'
      ? findEntity('listvalue')
      : undefined;

/** The entity's first unique text field that callers write (its code): its natural key. */
export const naturalKey = (entity: NormalisedEntity): NormalisedField | undefined =>
  entity.fields.find((f) => f.unique === true && f.kind === 'text' && !f.readOnly && !f.custom);

/** A column that holds ids of another entity's rows (in a main, child or link table). */
export interface Referrer {
  owner: NormalisedEntity;
  table: string;
  column: string;
}

function referrersOf(target: NormalisedEntity): Referrer[] {
  const out: Referrer[] = [];
  const visit = (owner: NormalisedEntity, fields: readonly NormalisedField[], table: string) => {
    for (const field of fields) {
      if (field.kind === 'children') visit(owner, field.fields, field.table);
      else if (targetOf(field) === target && !field.custom)
        out.push(
          field.kind === 'multireference'
            ? { owner, table: field.table!, column: LINK_COLUMNS.ref }
            : { owner, table, column: field.column },
        );
    }
  };
  for (const owner of entities) visit(owner, owner.fields, owner.table);
  return out;
}

const byTarget = new Map(entities.map((e) => [e.name, referrersOf(e)]));

/** Every column of the registry that refers to rows of the entity. */
export const referrersTo = (entity: NormalisedEntity): readonly Referrer[] => byTarget.get(entity.name) ?? [];
