/**
 * The served OpenAPI document read for people: operations by tag, a search over path and summary,
 * and schemas as field lists with `$ref`s resolved. Only the parts of OpenAPI 3.1 the server writes
 * (docs/decisions/api.md) are read; anything else shows as its raw type.
 */

export interface Schema {
  $ref?: string;
  type?: string | string[];
  title?: string;
  description?: string;
  format?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  readOnly?: boolean;
  additionalProperties?: Schema | boolean;
}

interface Media {
  content?: Record<string, { schema?: Schema }>;
  $ref?: string;
  description?: string;
}

interface RawOperation {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean; schema?: Schema; description?: string }[];
  requestBody?: Media & { required?: boolean };
  responses?: Record<string, Media>;
}

export interface ApiDocument {
  info?: { title?: string; version?: string };
  tags?: { name: string; description?: string }[];
  security?: Record<string, string[]>[];
  paths: Record<string, Record<string, RawOperation>>;
  components?: {
    schemas?: Record<string, Schema>;
    responses?: Record<string, Media>;
    securitySchemes?: Record<string, { description?: string }>;
  };
}

export interface Operation {
  key: string;
  method: string;
  path: string;
  summary: string;
  description?: string;
  tag: string;
  /** The auth schemes any of which the call takes; empty: none (a public call). */
  auth: string[];
  parameters: NonNullable<RawOperation['parameters']>;
  body?: Schema;
  /** The successful answer's schema (the first 2xx with JSON). */
  answer?: { status: string; schema: Schema };
}

export interface OperationGroup {
  tag: string;
  description?: string;
  operations: Operation[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

const jsonSchema = (media: Media | undefined) => media?.content?.['application/json']?.schema;

/** A `#/components/…` pointer's target, or undefined. */
function pointer<T>(document: ApiDocument, ref: string): T | undefined {
  if (!ref.startsWith('#/')) return undefined;
  let at: unknown = document;
  for (const part of ref.slice(2).split('/')) at = (at as Record<string, unknown> | undefined)?.[part];
  return at as T | undefined;
}

const refName = (ref: string) => ref.slice(ref.lastIndexOf('/') + 1);

export function operationsOf(document: ApiDocument): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const raw = item[method];
      if (!raw) continue;
      const success = Object.entries(raw.responses ?? {})
        .filter(([status]) => /^2/.test(status))
        .map(([status, media]) => {
          const resolved = media.$ref ? pointer<Media>(document, media.$ref) : media;
          return { status, schema: jsonSchema(resolved) };
        })
        .find((answer) => answer.schema !== undefined);
      out.push({
        key: `${method} ${path}`,
        method: method.toUpperCase(),
        path,
        summary: raw.summary ?? '',
        description: raw.description,
        tag: raw.tags?.[0] ?? '',
        auth: (raw.security ?? document.security ?? []).flatMap((requirement) => Object.keys(requirement)),
        parameters: raw.parameters ?? [],
        body: jsonSchema(raw.requestBody),
        answer: success?.schema ? { status: success.status, schema: success.schema } : undefined,
      });
    }
  }
  return out;
}

/** Operations by their first tag, in the document's tag order (untagged last), each group by path. */
export function groupByTag(document: ApiDocument, operations: readonly Operation[]): OperationGroup[] {
  const order = new Map((document.tags ?? []).map((tag, index) => [tag.name, index]));
  const groups = new Map<string, Operation[]>();
  for (const operation of operations) groups.set(operation.tag, [...(groups.get(operation.tag) ?? []), operation]);
  return [...groups.entries()]
    .sort(([a], [b]) => (order.get(a) ?? Infinity) - (order.get(b) ?? Infinity) || a.localeCompare(b))
    .map(([tag, list]) => ({
      tag,
      description: document.tags?.find((t) => t.name === tag)?.description,
      operations: list.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method)),
    }));
}

/** Whether every word of the query is in the operation's method, path or summary (any case). */
export function matches(operation: Operation, query: string): boolean {
  const text = `${operation.method} ${operation.path} ${operation.summary}`.toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => text.includes(word));
}

/** One field of an object schema, as a list shows it. */
export interface Field {
  name: string;
  type: string;
  required: boolean;
  readOnly: boolean;
  title?: string;
  description?: string;
  /** The fields of an object value (or of an array's object items). */
  fields?: Field[];
}

/** The schema a `$ref` names (followed until it is not a `$ref`), and the name it had. */
function resolve(document: ApiDocument, schema: Schema): { schema: Schema; name?: string } {
  let name: string | undefined;
  const seen = new Set<string>();
  while (schema.$ref && !seen.has(schema.$ref)) {
    seen.add(schema.$ref);
    name = refName(schema.$ref);
    schema = pointer<Schema>(document, schema.$ref) ?? {};
  }
  return { schema, name };
}

/** The alternatives of a schema (`anyOf`/`oneOf`, nested ones flattened), or the schema alone. */
function alternatives(document: ApiDocument, schema: Schema): Schema[] {
  const { schema: resolved } = resolve(document, schema);
  const members = resolved.anyOf ?? resolved.oneOf;
  return members ? members.flatMap((member) => alternatives(document, member)) : [schema];
}

/** A type as a reader writes it: `string`, `integer | null`, `ProductRow[]`, `"a" | "b"`. */
export function typeLabel(document: ApiDocument, schema: Schema): string {
  const labels = alternatives(document, schema).map((member) => {
    const { schema: resolved, name } = resolve(document, member);
    if (name) return name;
    if (resolved.const !== undefined) return JSON.stringify(resolved.const);
    if (resolved.enum) return resolved.enum.map((value) => JSON.stringify(value)).join(' | ');
    if (resolved.allOf) return resolved.allOf.map((part) => typeLabel(document, part)).join(' & ');
    const types = [resolved.type ?? (resolved.properties ? 'object' : 'any')].flat();
    return types
      .map((type) => (type === 'array' && resolved.items ? `${typeLabel(document, resolved.items)}[]` : type))
      .map((type) => (resolved.format ? `${type} (${resolved.format})` : type))
      .join(' | ');
  });
  return [...new Set(labels)].join(' | ');
}

/** The object a value of this schema may be (directly, as an alternative, or as array items), if any. */
function objectOf(document: ApiDocument, schema: Schema, seen: ReadonlySet<string>): Schema | undefined {
  for (const member of alternatives(document, schema)) {
    if (member.$ref && seen.has(member.$ref)) continue;
    const { schema: resolved } = resolve(document, member);
    if (resolved.properties) return member;
    if (resolved.items) {
      const items = objectOf(document, resolved.items, seen);
      if (items) return items;
    }
  }
  return undefined;
}

/**
 * The fields of an object schema, nested objects as their own fields. A schema met again below
 * itself (a recursive `$ref`) is named, not expanded.
 */
export function fieldsOf(document: ApiDocument, schema: Schema, seen: ReadonlySet<string> = new Set()): Field[] {
  const own = schema.$ref ? new Set([...seen, schema.$ref]) : seen;
  const { schema: resolved } = resolve(document, schema);
  const parts = resolved.allOf ? resolved.allOf.map((part) => resolve(document, part).schema) : [resolved];
  return parts.flatMap((part) =>
    Object.entries(part.properties ?? {}).map(([name, property]) => {
      const nested = objectOf(document, property, own);
      const { schema: described } = resolve(document, property);
      return {
        name,
        type: typeLabel(document, property),
        required: part.required?.includes(name) ?? false,
        readOnly: described.readOnly === true,
        title: described.title,
        description: described.description,
        fields: nested ? fieldsOf(document, nested, nested.$ref ? new Set([...own, nested.$ref]) : own) : undefined,
      };
    }),
  );
}
