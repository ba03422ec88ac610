import { entities, familyIdsRequest, familyOf, fetchRequest, FAMILY_ACTIONS } from '@backroom/schema';
import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import type { EntityHooks } from '../data/hooks';
import type { ActionsContract, OperationContract, RouteContract } from '../http/openapi-contract';
import type { ProcedureRegistry } from '../procedures/registry';
import {
  besideFields,
  entitySchemas,
  FIELD_SCHEMA,
  ROW_SCHEMA_KEY,
  rowSchemaNames,
  type JsonSchema,
} from './registry-schemas';

/** What the document is made from: the app's routes as registered, and what the modules composed. */
export interface DocumentSources {
  routes: readonly Pick<RouteOptions, 'method' | 'url' | 'config'>[];
  procedures: ProcedureRegistry;
  entityHooks: EntityHooks;
  /** `{ apiVersion, buildNumber }` of Info/Version. */
  version: string;
}

export interface Operation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security: Security;
  parameters?: JsonSchema[];
  requestBody?: JsonSchema;
  responses: Record<string, JsonSchema>;
  /** The route as Fastify has it (`POST /backoffice/core/api/DataRepository/Insert/:name`): the route test's key. */
  'x-route': string;
  /** Set on a route that declares no contract: only its address is known. */
  'x-undescribed'?: true;
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: JsonSchema;
  servers: { url: string; description: string }[];
  tags: { name: string; description: string }[];
  security: Record<string, string[]>[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: JsonSchema; responses: JsonSchema };
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** A zod contract as JSON Schema: what a caller may send (`input`) or is answered (`output`). */
export function fromZod(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    override: ({ jsonSchema }) => {
      const row = (jsonSchema as JsonSchema)[ROW_SCHEMA_KEY];
      if (typeof row !== 'string') return;
      for (const key of Object.keys(jsonSchema)) delete (jsonSchema as JsonSchema)[key];
      Object.assign(jsonSchema, ref(row));
    },
  }) as JsonSchema;
  rowsExtended(json);
  return json;
}

const ROW_REF = /^#\/components\/schemas\/(\w+Row)$/;

/**
 * A row with more beside it (a zod intersection: a purchase order and the `receipt` it made) as an
 * `allOf` closed as a whole: a row's own schema admits no other property (registry-schemas.ts), so
 * each part becomes open — the row by its `…RowFields` twin (`withRowFields`) — and the `allOf`
 * takes nothing none of them declares but what the row takes beside its fields (custom fields), by
 * `unevaluatedProperties`, which sees through `allOf`.
 */
function rowsExtended(schema: unknown): void {
  if (typeof schema !== 'object' || schema === null) return;
  if (Array.isArray(schema)) return schema.forEach(rowsExtended);
  const node = schema as JsonSchema;
  const parts = node.allOf as JsonSchema[] | undefined;
  const row = parts
    ?.map((part) => (typeof part.$ref === 'string' ? ROW_REF.exec(part.$ref)?.[1] : undefined))
    .find(Boolean);
  const entity = entities.find((candidate) => rowSchemaNames(candidate).read === row);
  if (parts && entity) {
    for (const part of parts) {
      if (typeof part.$ref === 'string') part.$ref = part.$ref.replace(ROW_REF, '#/components/schemas/$1Fields');
      delete part.additionalProperties;
    }
    node.unevaluatedProperties = besideFields(entity);
  }
  Object.values(node).forEach(rowsExtended);
}

/** The `…RowFields` twins the document refers to: each row's schema without its closing. */
function withRowFields(document: Pick<OpenApiDocument, 'paths' | 'components'>): void {
  const schemas = document.components.schemas;
  const named = JSON.stringify([document.paths, schemas]).matchAll(/"#\/components\/schemas\/(\w+Row)Fields"/g);
  for (const [, row] of named) {
    const { additionalProperties: _closed, ...fields } = schemas[row!]!;
    schemas[`${row}Fields`] = { ...fields, title: `${String(fields.title)}, to be extended` };
  }
}

/** The envelope every JSON answer has (ApiEnvelope), `data` as given. */
const envelope = (data: JsonSchema): JsonSchema => ({
  type: 'object',
  required: ['resultCode', 'message', 'data'],
  properties: {
    resultCode: { type: 'integer', description: 'The HTTP status' },
    message: { type: 'string' },
    data,
    totalCount: { type: 'integer', minimum: 0 },
    totalCountCapped: {
      type: 'boolean',
      description: 'More rows matched than a fetch counts: totalCount is a lower bound',
    },
    errors: { type: 'array', items: ref('FieldError') },
    requestId: { type: 'string' },
  },
});

type Security = Record<string, string[]>[];
const SECURITY: Record<NonNullable<OperationContract['auth']>, Security> = {
  bearer: [{ bearer: [] }],
  terminal: [{ terminalToken: [] }],
  channelKey: [{ channelKey: [] }],
  none: [],
};

const ERRORS = {
  '4XX': { $ref: '#/components/responses/Error' },
  '5XX': { $ref: '#/components/responses/Error' },
};

const PRODUCES = {
  json: { '200': { description: 'A JSON document', content: { 'application/json': { schema: { type: 'object' } } } } },
  html: { '200': { description: 'A page', content: { 'text/html': { schema: { type: 'string' } } } } },
  file: {
    '200': {
      description: 'A file',
      content: {
        'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } },
      },
    },
  },
  pdf: {
    '200': {
      description: 'A PDF document',
      content: { 'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } } },
    },
  },
  redirect: { '302': { description: 'A redirect (Location)' } },
} as const;

/** Fastify's `:name` and `*` as OpenAPI's `{name}`. */
export const templateOf = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{path}');

const operationIdOf = (method: string, path: string) =>
  `${method.toLowerCase()}${path
    .replace(/[{}]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('')}`;

/** The tag of a path: the first segment after the API's address (`DataRepository`, `pointofsale`), else its area. */
function tagOf(path: string, basePath: string): string {
  const inner = path.slice(basePath.length);
  const api = /^\/core\/api\/([^/{]+)/.exec(inner);
  if (api) return api[1]!;
  if (inner.startsWith('/WebAPI/')) return `WebAPI/${inner.split('/')[2]}`;
  if (inner.startsWith('/core/')) return 'health';
  if (path.startsWith('/upload') || inner.startsWith('/files/')) return 'files';
  if (inner.startsWith('/print/')) return 'print';
  return 'console';
}

const pathParameters = (path: string): JsonSchema[] =>
  [...path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: name === 'id' ? { type: 'string', pattern: '^\\d+$' } : { type: 'string' },
  }));

function queryParameters(schema: z.ZodType): JsonSchema[] {
  const json = fromZod(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, value]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: value,
  }));
}

const jsonBody = (schema: JsonSchema, required = true): JsonSchema => ({
  required,
  content: { 'application/json': { schema } },
});

interface Built {
  method: string;
  path: string;
  operation: Omit<Operation, 'operationId' | 'tags' | 'x-route'> & { tags?: string[] };
}

/** An operation from a route's own contract. */
function described(method: string, path: string, contract: OperationContract): Built['operation'] {
  const parameters = [...pathParameters(path), ...(contract.query ? queryParameters(contract.query) : [])];
  const headers = (contract.headers ?? []).map((name) => ({
    name,
    in: 'header',
    required: false,
    schema: { type: 'string' },
  }));
  const operation: Built['operation'] = {
    summary: contract.summary,
    security: [...SECURITY[contract.auth ?? 'bearer']],
    responses: {
      ...(contract.produces
        ? PRODUCES[contract.produces]
        : {
            '200': {
              description: 'OK',
              content: {
                'application/json': { schema: envelope(contract.answer ? fromZod(contract.answer, 'output') : {}) },
              },
            },
          }),
      ...ERRORS,
    },
  };
  if (contract.description) operation.description = contract.description;
  if (parameters.length + headers.length > 0) operation.parameters = [...parameters, ...headers];
  if (contract.body === 'multipart')
    operation.requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: ['file'],
            properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } },
          },
        },
      },
    };
  else if (contract.body && method !== 'GET') operation.requestBody = jsonBody(fromZod(contract.body, 'input'));
  return operation;
}

function undescribed(method: string, path: string): Built['operation'] & { 'x-undescribed': true } {
  const parameters = pathParameters(path);
  return {
    summary: `${method} ${path}`,
    security: [...SECURITY.bearer],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(method === 'GET' || method === 'DELETE' ? {} : { requestBody: jsonBody({}, false) }),
    responses: { '200': { description: 'OK', content: { 'application/json': { schema: envelope({}) } } }, ...ERRORS },
    'x-undescribed': true,
  };
}

const isActions = (contract: RouteContract): contract is ActionsContract => 'actions' in contract;

type Entity = (typeof entities)[number];

/** The hook actions of an entity (lock, apply, cancel…) by their declared names, with what each answers. */
const hookActions = (sources: DocumentSources, entity: Entity) =>
  new Map(sources.entityHooks.of(entity).flatMap((hook) => Object.entries(hook.actions ?? {})));

/** Component names of an entity's answers beyond its rows: its row actions', and its family's. */
const answerNames = (entity: Entity) => {
  const row = rowSchemaNames(entity).read.replace(/Row$/, '');
  return { actions: `${row}ActionAnswer`, family: `${row}Family` };
};

/** What `Execute` answers for the entity: delete's count, or the answer of one of its hook actions. */
const executeAnswer = (sources: DocumentSources, entity: Entity): JsonSchema =>
  hookActions(sources, entity).size === 0
    ? ref('DeleteAnswer')
    : { anyOf: [ref('DeleteAnswer'), ref(answerNames(entity).actions)] };

/** Each entity's hook actions' answers (one of them), by component name, for the entities with any. */
function actionAnswerSchemas(sources: DocumentSources): Record<string, JsonSchema> {
  const schemas: Record<string, JsonSchema> = {};
  for (const entity of entities) {
    const answers = [...hookActions(sources, entity)].map(([name, action]) => ({
      title: `${entity.label}: ${name}`,
      ...fromZod(action.answer, 'output'),
    }));
    if (answers.length > 0)
      schemas[answerNames(entity).actions] = answers.length === 1 ? answers[0]! : { anyOf: answers };
  }
  return schemas;
}

/** The standard verbs (FAMILY_ACTIONS) and hook actions of each family, and the answer one of them gives, by component name. */
function familyResponses(sources: DocumentSources): Record<string, JsonSchema> {
  const responses: Record<string, JsonSchema> = {};
  for (const entity of entities) {
    const names = rowSchemaNames(entity);
    const answer = {
      anyOf: [
        { type: 'array', items: ref(names.read), title: 'Fetch (a page of rows), bulk writes (the rows written)' },
        { type: 'array', items: ref('Field'), title: 'Fields' },
        { ...ref(names.read), title: 'Get, Insert, Update, Upsert (the row)' },
        executeAnswer(sources, entity),
      ],
    };
    responses[answerNames(entity).family] = {
      description: `${entity.label}: the answer of the action called`,
      content: { 'application/json': { schema: envelope(answer) } },
    };
  }
  return responses;
}

/** A DataRepository verb, once for every entity. */
function repositoryOperations(sources: DocumentSources, method: string, url: string, verb: string): Built[] {
  return entities.map((entity) => {
    const path = templateOf(url).replace('{name}', entity.name);
    const names = rowSchemaNames(entity);
    const rows = { type: 'array', items: ref(names.read) };
    const bodies: Record<string, { body?: JsonSchema; answer: JsonSchema; summary: string }> = {
      fetch: { body: ref('FetchRequest'), answer: rows, summary: `${entity.label}: a page of rows` },
      fields: { answer: { type: 'array', items: ref('Field') }, summary: `${entity.label}: its fields` },
      insert: { body: ref(names.insert), answer: ref(names.read), summary: `${entity.label}: add a row` },
      update: { body: ref(names.update), answer: ref(names.read), summary: `${entity.label}: change a row` },
      upsert: { body: ref(names.upsert), answer: ref(names.read), summary: `${entity.label}: add or change a row` },
      bulkupsert: {
        body: { type: 'array', items: ref(names.upsert), maxItems: 1000 },
        answer: rows,
        summary: `${entity.label}: add or change up to 1,000 rows`,
      },
      bulkupdate: {
        body: { type: 'array', items: ref(names.update), maxItems: 1000 },
        answer: rows,
        summary: `${entity.label}: change up to 1,000 rows`,
      },
      execute: {
        body: {
          type: 'object',
          required: ['action', 'ids'],
          properties: {
            action: { type: 'string', enum: ['delete', ...hookActions(sources, entity).keys()] },
            ids: fromZod(familyIdsRequest.shape.ids, 'input'),
          },
        },
        answer: executeAnswer(sources, entity),
        summary: `${entity.label}: delete rows or run a row action`,
      },
    };
    const { body, answer, summary } = bodies[verb]!;
    return {
      method,
      path,
      operation: {
        summary,
        tags: ['DataRepository'],
        security: [...SECURITY.bearer],
        ...(body ? { requestBody: jsonBody(body) } : {}),
        responses: {
          '200': { description: 'OK', content: { 'application/json': { schema: envelope(answer) } } },
          ...ERRORS,
        },
      },
    };
  });
}

/**
 * `/{family}/{action}[/{id}]` once for every family name of every entity (its `api` name and its
 * entity name, when they differ): the standard verbs and the entity's hook actions, and the answer
 * one of them gives.
 */
function familyOperations(sources: DocumentSources, method: string, url: string): Built[] {
  const seen = new Set<string>();
  return entities.flatMap((entity) =>
    [familyOf(entity), entity.name]
      .filter((family) => !seen.has(family.toLowerCase()) && seen.add(family.toLowerCase()))
      .map((family) => {
        const path = templateOf(url).replace('{family}', family);
        const actions = [...Object.keys(FAMILY_ACTIONS), ...hookActions(sources, entity).keys()];
        return {
          method,
          path,
          operation: {
            summary: `${entity.label}: ${method} an action`,
            tags: ['families'],
            security: [...SECURITY.bearer],
            parameters: pathParameters(path).map((parameter) =>
              parameter.name === 'action' ? { ...parameter, schema: { type: 'string', enum: actions } } : parameter,
            ),
            ...(method === 'GET' ? {} : { requestBody: jsonBody({}, false) }),
            responses: { '200': { $ref: `#/components/responses/${answerNames(entity).family}` }, ...ERRORS },
          },
        };
      }),
  );
}

/** A procedure route, once for every procedure it reaches. */
function procedureOperations(
  sources: DocumentSources,
  method: string,
  url: string,
  audience: 'signedIn' | 'public',
): Built[] {
  return sources.procedures
    .names()
    .map((name) => sources.procedures.find(name)!)
    .filter((procedure) => audience === 'signedIn' || procedure.public)
    .map((procedure) => {
      const path = templateOf(url).replace('{name}', procedure.name);
      const input = fromZod(procedure.input, 'input');
      const properties = (input.properties ?? {}) as Record<string, JsonSchema>;
      return {
        method,
        path,
        operation: {
          summary: `Procedure ${procedure.name}`,
          ...(method === 'GET'
            ? {
                description: 'The body as query parameters, each value read as JSON when it parses.',
                parameters: Object.keys(properties).map((name) => ({ name, in: 'query', schema: {} })),
              }
            : { requestBody: jsonBody(input, false) }),
          tags: [audience === 'public' ? 'PublicDataRepository' : 'DataRepository'],
          security: [...(audience === 'public' ? SECURITY.none : SECURITY.bearer)],
          responses: {
            '200': {
              description: 'OK',
              content: { 'application/json': { schema: envelope(fromZod(procedure.output, 'output')) } },
            },
            ...ERRORS,
          },
        },
      };
    });
}

/** A generic route at any other name (an entity, family or procedure there is none of): refused, 400 or 404. */
function unknownName(method: string, url: string, security: Security): Built {
  const path = templateOf(url);
  return {
    method,
    path,
    operation: {
      summary: 'Any other name: refused',
      description: 'Every name the route takes has an operation of its own; any other is refused.',
      security: [...security],
      parameters: pathParameters(path),
      responses: { ...ERRORS },
    },
  };
}

/** The operations of one route (one method): its own contract, expanded over the registry, or its address alone. */
function operationsOf(sources: DocumentSources, method: string, url: string, contract?: RouteContract): Built[] {
  if (!contract) return [{ method, path: templateOf(url), operation: undescribed(method, templateOf(url)) }];
  if ('generic' in contract) {
    const expanded =
      contract.generic === 'repository'
        ? repositoryOperations(sources, method, url, contract.verb)
        : contract.generic === 'family'
          ? familyOperations(sources, method, url)
          : procedureOperations(sources, method, url, contract.audience);
    const open = 'audience' in contract && contract.audience === 'public';
    const refused = unknownName(method, url, open ? SECURITY.none : SECURITY.bearer);
    if (contract.generic === 'family') refused.operation.tags = ['families'];
    return [...expanded, refused];
  }
  if (isActions(contract))
    return Object.entries(contract.actions)
      .filter(([, action]) => action.methods.includes(method))
      .map(([value, action]) => {
        const path = templateOf(url).replace(`{${contract.param}}`, value);
        return { method, path, operation: described(method, path, action) };
      });
  return [{ method, path: templateOf(url), operation: described(method, templateOf(url), contract) }];
}

const TAG_DESCRIPTIONS: Record<string, string> = {
  DataRepository: 'The generic data API: every verb over every registry entity, and the named procedures',
  families: [
    'Resource families: `{family}/{action}[/{id}]`, any method, over every registry entity by its family name',
    '(case-insensitive). Standard actions:',
    ...Object.entries(FAMILY_ACTIONS).map(([name, what]) => `- ${name}: ${what}`),
    'and the row actions of the entity (POST {ids, …}).',
  ].join('\n'),
  authentication: 'Sign-in, sessions, two factors, password reset',
  pointofsale: 'The terminal API (a paired terminal’s token)',
  onlinesalesorder: 'Orders placed by an online channel (its key)',
  health: 'Liveness and readiness',
  console: 'The console’s pages',
};

/** The OpenAPI 3.1 document of the app, from its routes and the registry. */
export function buildDocument(sources: DocumentSources, basePath: string): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  const used = new Set<string>();
  for (const route of sources.routes) {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      for (const built of operationsOf(sources, method, route.url, route.config?.openapi)) {
        const item = (paths[built.path] ??= {});
        const key = built.method.toLowerCase();
        if (item[key]) continue;
        let operationId = operationIdOf(built.method, built.path);
        while (used.has(operationId)) operationId += '_';
        used.add(operationId);
        item[key] = {
          operationId,
          tags: built.operation.tags ?? [tagOf(built.path, basePath)],
          ...built.operation,
          'x-route': `${method} ${route.url}`,
        };
      }
    }
  }
  const tags = [...new Set(Object.values(paths).flatMap((item) => Object.values(item).flatMap((op) => op.tags)))]
    .sort()
    .map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? `${name} calls` }));
  const document: OpenApiDocument = {
    openapi: '3.1.0',
    info: {
      title: 'Backroom API',
      version: sources.version,
      description:
        'Generated from the routes the server registers, the entity registry and the shared zod contracts. ' +
        'Every JSON answer is an envelope `{resultCode, message, data}` whose resultCode is the HTTP status; ' +
        'an error names the fields at fault in `errors` and carries the `requestId` of its X-Request-Id header.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/', description: 'This server' }],
    tags,
    security: [...SECURITY.bearer],
    paths,
    components: {
      schemas: {
        FieldError: {
          type: 'object',
          required: ['field', 'message'],
          properties: { field: { type: 'string' }, message: { type: 'string' } },
        },
        ErrorEnvelope: {
          type: 'object',
          required: ['resultCode', 'message', 'data'],
          properties: {
            resultCode: { type: 'integer' },
            message: { type: 'string' },
            data: { type: 'null' },
            errors: { type: 'array', items: ref('FieldError') },
            requestId: { type: 'string', description: 'Also the X-Request-Id header and the log lines’ reqId' },
          },
        },
        FetchRequest: fromZod(fetchRequest, 'input'),
        Field: FIELD_SCHEMA,
        DeleteAnswer: {
          type: 'object',
          required: ['deleted'],
          properties: { deleted: { type: 'integer', minimum: 0, description: 'How many rows were deleted' } },
          additionalProperties: false,
        },
        ...entitySchemas(entities, (entity) => sources.entityHooks.inputs(entity)),
        ...actionAnswerSchemas(sources),
      },
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'A user’s access token from `POST {base}/core/api/authentication/Login`',
        },
        terminalToken: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: 'A paired terminal’s token, sent as `Authorization: Terminal {token}` (from `pointofsale/Pair`)',
        },
        channelKey: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Channel-Key',
          description: 'An online sales channel’s order key',
        },
      },
      responses: {
        Error: {
          description: 'An error: its status in resultCode, the fields at fault in errors',
          content: { 'application/json': { schema: ref('ErrorEnvelope') } },
        },
        ...familyResponses(sources),
      },
    },
  };
  withRowFields(document);
  return document;
}
