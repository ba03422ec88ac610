import {
  DEFAULT_MAX_LENGTH,
  FIELD_KINDS,
  MAX_IMAGES,
  MAX_INT32,
  MIN_INT32,
  scaleOf,
  type DecimalField,
  type NormalisedEntity,
  type NormalisedField,
} from '@backroom/schema';
import { z } from 'zod';

/** A JSON Schema (2020-12, OpenAPI 3.1's dialect). */
export type JsonSchema = Record<string, unknown>;

const ID: JsonSchema = { type: 'integer', minimum: 1, maximum: MAX_INT32 };

/** A value or null; any JSON value (`{}`) already takes null. */
const nullable = (schema: JsonSchema): JsonSchema =>
  Object.keys(schema).length === 0 ? schema : { anyOf: [schema, { type: 'null' }] };

/**
 * One field's value on the wire (fields.ts' table), as the API answers it (`read`) or as a write
 * may send it (`write`, which also takes the looser forms the server reads: numbers as text, a
 * decimal as a number, a comma-separated list).
 */
function fieldValue(field: NormalisedField, direction: 'read' | 'write'): JsonSchema {
  const loose = direction === 'write';
  switch (field.kind) {
    case 'text':
    case 'longtext': {
      const text: JsonSchema = { type: 'string', maxLength: field.maxLength ?? DEFAULT_MAX_LENGTH[field.kind] };
      if (field.format === 'email') text.format = 'email';
      if (field.format === 'url') text.format = 'uri';
      return text;
    }
    case 'number': {
      const int = { type: 'integer', minimum: field.min ?? MIN_INT32, maximum: field.max ?? MAX_INT32 };
      return loose ? { anyOf: [int, { type: 'string' }] } : int;
    }
    case 'decimal':
    case 'money':
    case 'quantity':
    case 'percent': {
      const scale = scaleOf(field as DecimalField);
      const text = {
        type: 'string',
        pattern: scale === 0 ? '^-?\\d+$' : `^-?\\d+\\.\\d{${scale}}$`,
        description: `A decimal with ${scale} places, as text`,
      };
      return loose ? { anyOf: [{ type: 'string' }, { type: 'number' }] } : text;
    }
    case 'boolean':
      return loose ? { anyOf: [{ type: 'boolean' }, { type: 'string' }] } : { type: 'boolean' };
    case 'date':
      return { type: 'string', format: 'date' };
    case 'datetime':
      return loose ? { type: 'string' } : { type: 'string', format: 'date-time' };
    case 'time':
      return { type: 'string', pattern: '^\\d{2}:\\d{2}' };
    case 'enum': {
      const one = { type: 'string', enum: [...field.values] };
      if (!field.multiple) return one;
      const list = { type: 'array', items: one };
      return loose ? { anyOf: [list, { type: 'string' }] } : list;
    }
    case 'listvalue':
    case 'reference':
      return loose ? { anyOf: [ID, { type: 'string' }] } : ID;
    case 'multireference': {
      const list = { type: 'array', items: ID };
      return loose ? { anyOf: [list, { type: 'string' }] } : list;
    }
    case 'image': {
      const path = { type: 'string', maxLength: 500 };
      if (!field.multiple) return path;
      const list = { type: 'array', items: path, maxItems: MAX_IMAGES };
      return loose ? { anyOf: [list, { type: 'string' }] } : list;
    }
    case 'secret':
      return loose
        ? { type: 'string', maxLength: field.maxLength ?? DEFAULT_MAX_LENGTH.secret, writeOnly: true }
        : { type: 'string', description: 'Masked (••••) when set: a secret is never answered' };
    case 'json':
      return {};
    case 'children':
      return {
        type: 'array',
        maxItems: field.maxRows,
        items: rowSchema(field.fields, direction, direction === 'write' ? 'insert' : 'read'),
      };
  }
}

const describedBy = (field: NormalisedField, schema: JsonSchema): JsonSchema => {
  const described: JsonSchema = { ...schema, title: field.label };
  if (field.help) described.description = field.help;
  if (field.readOnly || field.system) described.readOnly = true;
  return described;
};

/**
 * What a read answers beside the declared fields of an entity the shop may extend: its custom
 * fields (schema/registry/custom.ts), added at run time, so named by no document, and each one value.
 */
const CUSTOM_FIELD: JsonSchema = {
  description:
    'A custom field the shop added: text, a number or date as text, yes/no, or a list value’s id (and its …Label)',
  anyOf: [{ type: 'string' }, { type: 'integer' }, { type: 'boolean' }, { type: 'null' }],
};

/** What a row of `entity` admits beside its declared fields, read or written: custom fields, or nothing. */
export const besideFields = (entity: NormalisedEntity): JsonSchema | false =>
  entity.customizable ? CUSTOM_FIELD : false;

/**
 * A row's object schema: `read`, every field as answered (a field group the caller may not view is
 * left out, so none is required; `{field}Label` beside each reference); `insert`, the writable
 * fields, the required ones required; `update`, `id` and `version` required, the rest optional.
 * Nothing else, either way, but, when the entity takes them (`beside`), custom fields' single
 * values — so the answer check fails on a renamed or leaked field (on an extensible entity, one
 * whose value is no custom field's), and a client that checks its bodies may send custom fields.
 */
export function rowSchema(
  fields: readonly NormalisedField[],
  direction: 'read' | 'write',
  mode: 'read' | 'insert' | 'update' | 'upsert',
  beside: JsonSchema | false = false,
): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const field of fields) {
    const labelled = field.kind === 'reference' || field.kind === 'listvalue';
    if (direction === 'write' && labelled) properties[`${field.name}Label`] = AS_READ;
    if (direction === 'write' && (field.system || field.readOnly) && field.name !== 'isActive') {
      properties[field.name] = field.name === 'id' && mode !== 'insert' ? { anyOf: [ID, { type: 'string' }] } : AS_READ;
      continue;
    }
    const value = fieldValue(field, direction);
    properties[field.name] = describedBy(field, direction === 'read' || !field.required ? nullable(value) : value);
    if (direction === 'read' && labelled) properties[`${field.name}Label`] = nullable({ type: 'string' });
    if (mode === 'insert' && field.required && field.kind !== 'boolean' && field.default === undefined)
      required.push(field.name);
  }
  if (direction === 'write' && mode !== 'insert') {
    properties.id = { anyOf: [ID, { type: 'string' }] };
    properties.version = { anyOf: [{ type: 'integer', minimum: 0, maximum: MAX_INT32 }, { type: 'string' }] };
    if (mode === 'update') required.push('id', 'version');
  }
  const schema: JsonSchema = { type: 'object', properties };
  if (required.length > 0) schema.required = required;
  // A write naming anything else is refused (data/known-inputs.ts); a read answers nothing else.
  schema.additionalProperties = beside;
  return schema;
}

/** A value a read answers that a write ignores, taken so that a row may be sent back as it was read. */
const AS_READ: JsonSchema = { description: 'As a read answers it; ignored on a write' };

/** A body value that is no field: the entity's own rules read it on a write (a new user's first password). */
const HOOK_INPUT: JsonSchema = { description: 'Not stored as sent: read by the rules of this entity on a write' };

const withInputs = (schema: JsonSchema, inputs: readonly string[]): JsonSchema => ({
  ...schema,
  properties: {
    ...(schema.properties as Record<string, JsonSchema>),
    ...Object.fromEntries(inputs.map((name) => [name, HOOK_INPUT])),
  },
});

/** Component names of an entity's row schemas. */
export const rowSchemaNames = (entity: NormalisedEntity) => {
  const base = entity.name.charAt(0).toUpperCase() + entity.name.slice(1);
  return { read: `${base}Row`, insert: `${base}Insert`, update: `${base}Update`, upsert: `${base}Upsert` };
};

/** The four row schemas of every entity, by component name. */
export function entitySchemas(
  entities: readonly NormalisedEntity[],
  inputsOf: (entity: NormalisedEntity) => readonly string[] = () => [],
): Record<string, JsonSchema> {
  const schemas: Record<string, JsonSchema> = {};
  for (const entity of entities) {
    const names = rowSchemaNames(entity);
    const beside = besideFields(entity);
    // Computed figures are answered, so a write takes them back (and ignores them) as it does read-only fields.
    const write = (mode: 'insert' | 'update' | 'upsert') =>
      withInputs(rowSchema([...entity.fields, ...entity.computed], 'write', mode, beside), inputsOf(entity));
    schemas[names.read] = {
      ...rowSchema([...entity.fields, ...entity.computed], 'read', 'read', beside),
      title: `${entity.label} (as answered)`,
    };
    schemas[names.insert] = { ...write('insert'), title: `${entity.label} (a new row)` };
    schemas[names.update] = { ...write('update'), title: `${entity.label} (a change)` };
    schemas[names.upsert] = { ...write('upsert'), title: `${entity.label} (by id, else by code, else new)` };
  }
  return schemas;
}

/** A field as the `fields` verb answers it: its declaration with every option filled (normalise.ts). */
export const FIELD_SCHEMA: JsonSchema = {
  type: 'object',
  title: 'A field',
  required: ['name', 'kind', 'label', 'required', 'readOnly', 'hidden', 'system', 'custom'],
  properties: {
    name: { type: 'string' },
    kind: { type: 'string', enum: [...FIELD_KINDS] },
    label: { type: 'string' },
    ...Object.fromEntries(
      ['required', 'readOnly', 'hidden', 'listColumn', 'filterable', 'sortable', 'system', 'custom', 'multiple'].map(
        (name) => [name, { type: 'boolean' }],
      ),
    ),
    unique: { anyOf: [{ type: 'boolean' }, { type: 'array', items: { type: 'string' } }] },
    group: { type: 'string' },
    help: { type: 'string' },
    values: { type: 'array', items: { type: 'string' }, description: 'An enum’s values' },
    entity: { type: 'string', description: 'The entity a reference points to' },
    category: { type: 'string', description: 'A list value’s category' },
    ...Object.fromEntries(['minLength', 'maxLength', 'scale', 'maxRows'].map((name) => [name, { type: 'integer' }])),
    fields: { type: 'array', items: { $ref: '#/components/schemas/Field' }, description: 'A child table’s fields' },
  },
};

/** The JSON Schema key by which `entityRow` marks the row schema it stands for. */
export const ROW_SCHEMA_KEY = 'x-row-schema';

const rowStandIns = new Map<string, z.ZodType<object>>();

/**
 * A row of the entity as the API answers it, for a zod answer that holds one (a row action's):
 * the document refers to the entity's row schema (`fromZod` swaps it in).
 */
export function entityRow(entity: NormalisedEntity): z.ZodType<object> {
  let row = rowStandIns.get(entity.name);
  if (!row) {
    row = z
      .custom<object>((value) => typeof value === 'object' && value !== null && !Array.isArray(value))
      .meta({ [ROW_SCHEMA_KEY]: rowSchemaNames(entity).read });
    rowStandIns.set(entity.name, row);
  }
  return row;
}
