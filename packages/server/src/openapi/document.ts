import { entities, familyIdsRequest, familyOf, fetchRequest, FAMILY_ACTIONS } from '@backroom/schema';
import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import type { EntityHooks } from '../data/hooks';
import type { ActionsContract, OperationContract, RouteContract } from '../http/openapi-contract';
import type { ProcedureRegistry } from '../procedures/registry';
import { entitySchemas, rowSchemaNames, type JsonSchema } from './registry-schemas';

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
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return json;
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

/** The hook actions of an entity (lock, apply, cancel…), by their declared names. */
const hookActions = (sources: DocumentSources, entity: (typeof entities)[number]) => [
  ...new Set(sources.entityHooks.of(entity).flatMap((hook) => Object.keys(hook.actions ?? {}))),
];

/** A DataRepository verb, once for every entity. */
function repositoryOperations(sources: DocumentSources, method: string, url: string, verb: string): Built[] {
  return entities.map((entity) => {
    const path = templateOf(url).replace('{name}', entity.name);
    const names = rowSchemaNames(entity);
    const rows = { type: 'array', items: ref(names.read) };
    const bodies: Record<string, { body?: JsonSchema; answer: JsonSchema; summary: string }> = {
      fetch: { body: ref('FetchRequest'), answer: rows, summary: `${entity.label}: a page of rows` },
      fields: { answer: { type: 'array', items: { type: 'object' } }, summary: `${entity.label}: its fields` },
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
            action: { type: 'string', enum: ['delete', ...hookActions(sources, entity)] },
            ids: fromZod(familyIdsRequest.shape.ids, 'input'),
          },
        },
        answer: {},
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

/** `/{family}/{action}[/{id}]`: the generic verbs and the hook actions of every entity, by its family name. */
function familyOperation(sources: DocumentSources, method: string, url: string): Built {
  const path = templateOf(url);
  const families = [...new Set(entities.map((entity) => familyOf(entity)))].sort();
  const actions = entities
    .map((entity) => [familyOf(entity), hookActions(sources, entity)] as const)
    .filter(([, list]) => list.length > 0)
    .map(([family, list]) => `${family}: ${list.join(', ')}`);
  return {
    method,
    path,
    operation: {
      summary: `A resource family's ${method} action`,
      description: [
        'Every registry entity by its family name (case-insensitive). Standard actions:',
        ...Object.entries(FAMILY_ACTIONS).map(([name, what]) => `- ${name}: ${what}`),
        '',
        'Row actions of the entities (POST {ids, …}):',
        ...actions.map((line) => `- ${line}`),
      ].join('\n'),
      tags: ['families'],
      security: [...SECURITY.bearer],
      parameters: pathParameters(path).map((parameter) =>
        parameter.name === 'family' ? { ...parameter, schema: { type: 'string', enum: families } } : parameter,
      ),
      ...(method === 'GET' ? {} : { requestBody: jsonBody({}, false) }),
      responses: { '200': { description: 'OK', content: { 'application/json': { schema: envelope({}) } } }, ...ERRORS },
    },
  };
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
            '200': { description: 'OK', content: { 'application/json': { schema: envelope({}) } } },
            ...ERRORS,
          },
        },
      };
    });
}

/** The operations of one route (one method): its own contract, expanded over the registry, or its address alone. */
function operationsOf(sources: DocumentSources, method: string, url: string, contract?: RouteContract): Built[] {
  if (!contract) return [{ method, path: templateOf(url), operation: undescribed(method, templateOf(url)) }];
  if ('generic' in contract) {
    if (contract.generic === 'repository') return repositoryOperations(sources, method, url, contract.verb);
    if (contract.generic === 'family') return [familyOperation(sources, method, url)];
    return procedureOperations(sources, method, url, contract.audience);
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
  families: 'Resource families: `{family}/{action}` over every registry entity',
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
  return {
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
        ...entitySchemas(entities),
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
      },
    },
  };
}
