import {
  entities,
  FIELD_KINDS,
  OPERATORS,
  type NormalisedEntity,
  type NormalisedField,
  type Operator,
} from '@backroom/schema';
import { z } from 'zod';
import { targetOf } from './references';

export const exportParameter = z.object({
  name: z.string(),
  label: z.string(),
  kind: z.enum(FIELD_KINDS),
  operators: z.array(z.enum(OPERATORS)),
  /** enum values */
  values: z.array(z.string()).readonly().optional(),
  /** Entity whose dropdown (`GetDropDown/{entity}`) supplies the values of a reference or list value. */
  entity: z.string().optional(),
});
export type ExportParameter = z.infer<typeof exportParameter>;

/** `AppModule/GetExportParameters/{id}`: an entity's export procedure and the filters it takes. */
export const exportParametersAnswer = z.object({
  procedure: z.string(),
  entity: z.string(),
  parameters: z.array(exportParameter),
});

const TEXT: Operator[] = ['EQ', 'NEQ', 'LIKE', 'STARTSWITH', 'IN', 'ISNULL', 'NOTNULL'];
const ORDERED: Operator[] = ['EQ', 'NEQ', 'GT', 'GTE', 'LT', 'LTE', 'BETWEEN', 'ISNULL', 'NOTNULL'];
const CHOICE: Operator[] = ['EQ', 'NEQ', 'IN', 'ISNULL', 'NOTNULL'];

function operatorsOf(field: NormalisedField): Operator[] {
  switch (field.kind) {
    case 'text':
    case 'longtext':
      return TEXT;
    case 'boolean':
      return ['EQ'];
    case 'multireference':
      return ['EQ', 'IN', 'ISNULL', 'NOTNULL'];
    case 'enum':
    case 'listvalue':
    case 'reference':
      return CHOICE;
    default:
      return ORDERED;
  }
}

/** The entity whose screen offers this export procedure (or the entity of that name when it has one). */
export const exportEntity = (id: string): NormalisedEntity | undefined =>
  entities.find(
    (e) =>
      e.exportProcedure !== undefined &&
      (e.exportProcedure.toLowerCase() === id.toLowerCase() || e.name === id.toLowerCase()),
  );

/** An export's parameters: the filters its entity's list offers, as the data exporter form asks for them. */
export function exportParameters(entity: NormalisedEntity): ExportParameter[] {
  return (
    entity.fields
      // Not the row's id and version: bookkeeping no one exports by.
      .filter((f) => f.filterable && !f.custom && f.kind !== 'secret' && f.name !== 'id' && f.name !== 'version')
      .map((f) => ({
        name: f.name,
        label: f.label,
        kind: f.kind,
        operators: operatorsOf(f),
        ...(f.kind === 'enum' ? { values: f.values } : {}),
        ...(targetOf(f) ? { entity: targetOf(f)!.name } : {}),
      }))
  );
}
