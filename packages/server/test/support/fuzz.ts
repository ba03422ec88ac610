import * as contracts from '@backroom/schema';
import {
  FAMILY_ACTIONS,
  MAX_INT32,
  MIN_INT32,
  entities,
  familyOf,
  type NormalisedEntity,
  type NormalisedField,
} from '@backroom/schema';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';

/**
 * Generated bad input for the fuzz test: a seeded random source, and requests built from a route
 * (`/api/:family/:action`) with odd path parameters, query strings, bodies and content types. Names
 * the server knows (entities, actions, procedures, contract fields) are mixed in so that many
 * requests get past routing and into validation and the data layer.
 */

/** mulberry32: a small, fast, seeded PRNG; the same seed gives the same requests. */
export function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return { int, chance: (p: number) => next() < p, pick: <T>(list: readonly T[]): T => list[int(list.length)]! };
}
export type Random = ReturnType<typeof randomSource>;

export interface FuzzRoute {
  methods: string[];
  url: string;
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  /** Sent with the administrator's token. */
  signedIn: boolean;
}

const NUMBERS = [
  0,
  -1,
  1,
  2,
  3,
  7,
  42,
  MAX_INT32,
  MAX_INT32 + 1,
  MIN_INT32,
  MIN_INT32 - 1,
  2 ** 53 + 2,
  -(2 ** 63),
  1e308,
  -1e308,
  1.5,
  0.1,
  1e-9,
];
const STRINGS = [
  '',
  ' ',
  'x',
  'null',
  'undefined',
  'true',
  '0',
  '-1',
  '1.5',
  '2147483648',
  '99999999999999999999',
  '1e309',
  'NaN',
  'Infinity',
  '1,2,3',
  '1,',
  ',',
  '1,2147483648',
  '12.345.6',
  '2024-02-30',
  '0000-00-00',
  '2024-13-01T25:61:00Z',
  '24:00',
  '#zzzzzz',
  'not-an-email@',
  'http://',
  'javascript:alert(1)',
  "'; drop table app_user; --",
  '%',
  '_',
  '\\',
  '../../etc/passwd',
  '😀😀😀',
  '\ud800',
  '\u202e',
  'Asia/Nowhere',
  '<script>alert(1)</script>',
  '{"a":1}',
  '[1,2]',
  'ALL',
  'EQ',
  'LIKE',
  'BETWEEN',
  'IN',
  'ASC',
  'constructor',
  'toString',
  '__proto__',
  'hasOwnProperty',
];
const OPERATORS = [
  'EQ',
  'NEQ',
  'LIKE',
  'STARTSWITH',
  'GT',
  'GTE',
  'LT',
  'LTE',
  'IN',
  'BETWEEN',
  'ISNULL',
  'NOTNULL',
  'eq',
  'DROP',
  '',
];
const ODD_SEGMENTS = [
  '%00',
  '%ZZ',
  '%E0%A4%A',
  '..',
  '.',
  '%2e%2e',
  '%2F',
  'a%20b',
  "'",
  '%22',
  '%3C%3E',
  '%F0%9F%98%80',
  'a'.repeat(600),
  '__proto__',
  'constructor',
  'ALL',
  'null',
  '-1',
  '0',
  '1.5',
  '1e3',
  '00001',
  '%D9%A3',
  String(MAX_INT32 + 1),
];
const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/octet-stream',
  'application/json; charset=latin1',
  'application/jsonx',
  '*/*',
];
const MALFORMED_JSON = [
  '{',
  '{"a":',
  '[1,2',
  '{bad json}',
  "{'a':1}",
  '{"a":1}}',
  'nul',
  '\u0000',
  '{"a":"\\uZZZZ"}',
  '[' + '1,'.repeat(10) + ']',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"x":1}}}',
];

/** Every key of the zod contracts exported by the schema package, by contract name (`loginRequest` → `login`). */
function contractKeys(): Map<string, string[]> {
  const byStem = new Map<string, string[]>();
  const walk = (schema: unknown, out: Set<string>, seen: Set<unknown>) => {
    if (!(schema instanceof z.ZodType) || seen.has(schema)) return;
    seen.add(schema);
    const def = schema._zod.def as unknown as Record<string, unknown>;
    if (def.shape && typeof def.shape === 'object') {
      for (const [key, inner] of Object.entries(def.shape)) {
        out.add(key);
        walk(inner, out, seen);
      }
    }
    for (const inner of [
      def.element,
      def.innerType,
      def.in,
      def.out,
      def.valueType,
      ...((def.options as unknown[]) ?? []),
    ])
      walk(inner, out, seen);
  };
  for (const [name, schema] of Object.entries(contracts)) {
    const keys = new Set<string>();
    walk(schema, keys, new Set());
    if (keys.size > 0) byStem.set(name.replace(/(Request|Body|Schema)$/, '').toLowerCase(), [...keys]);
  }
  return byStem;
}

const CONTRACTS = contractKeys();
const ENTITY_BY_NAME = new Map(
  entities.flatMap((e) => [[e.name.toLowerCase(), e] as const, [familyOf(e).toLowerCase(), e] as const]),
);
const FIELD_NAMES = [
  ...new Set(
    entities.flatMap((e) =>
      e.fields.flatMap((f) => [f.name, ...(f.kind === 'children' ? f.fields.map((c) => c.name) : [])]),
    ),
  ),
];
const KEYS = [
  ...new Set([
    ...FIELD_NAMES,
    ...[...CONTRACTS.values()].flat(),
    'id',
    'ids',
    'version',
    'action',
    '__proto__',
    'constructor',
    'prototype',
    'unknownKey',
  ]),
];
const NAMES = [
  ...new Set([...entities.flatMap((e) => [e.name, familyOf(e)]), ...Object.keys(FAMILY_ACTIONS), ...CONTRACTS.keys()]),
];

/** Adds the names only the composed app knows: its modules' row actions and procedures. */
export function learnNames(app: FastifyInstance): void {
  const known = new Set(NAMES);
  const actions = entities.flatMap((e) => app.entityHooks.of(e).flatMap((hook) => Object.keys(hook.actions ?? {})));
  for (const name of [...actions, ...app.procedures.names()])
    if (!known.has(name)) {
      NAMES.push(name);
      known.add(name);
    }
}

/** Percent-encoded; a lone surrogate, which has no UTF-8 form, becomes its invalid three bytes. */
const encode = (text: string) => {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
};

const longText = (r: Random) => r.pick(['x', 'é', '😀', "'", '%']).repeat(r.pick([300, 5_000, 100_000]));

function value(r: Random, depth = 0): unknown {
  const roll = r.int(100);
  if (roll < 25) return r.pick(NUMBERS);
  if (roll < 55) return depth < 2 && r.chance(0.05) ? longText(r) : r.pick(r.chance(0.3) ? NAMES : STRINGS);
  if (roll < 63) return r.chance(0.5);
  if (roll < 71) return null;
  if (depth > 3) return r.pick(STRINGS);
  if (roll < 83)
    return r.chance(0.05)
      ? Array.from({ length: 2_000 }, () => r.pick(NUMBERS))
      : Array.from({ length: r.int(5) }, () => value(r, depth + 1));
  return object(r, KEYS, depth + 1);
}

function object(r: Random, keys: readonly string[], depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let i = r.int(8); i >= 0; i--) out[r.pick(keys)] = value(r, depth);
  return out;
}

/** A plausible value of the field, or now and then a wrong one. */
function fieldValue(r: Random, field: NormalisedField): unknown {
  if (r.chance(0.3)) return value(r);
  switch (field.kind) {
    case 'number':
    case 'reference':
    case 'listvalue':
      return r.pick([1, 2, 3, 0, MAX_INT32, MAX_INT32 + 1]);
    case 'multireference':
      return [r.pick([1, 2, 3, MAX_INT32 + 1])];
    case 'decimal':
    case 'money':
    case 'quantity':
    case 'percent':
      return r.pick(['1.00', '0', '-5', '100.001', '99999999999999999', '1e5', 12.5]);
    case 'boolean':
      return r.pick([true, false, 'yes', 2]);
    case 'date':
      return r.pick(['2026-01-15', '2026-02-30', '1900-01-01', '9999-12-31']);
    case 'datetime':
      return r.pick(['2026-01-15T10:00:00Z', '2026-01-15 10:00', '2026-01-15T10:00:00+14:00', '0001-01-01T00:00:00Z']);
    case 'time':
      return r.pick(['09:00', '23:59:59.999', '24:00']);
    case 'enum':
      return field.multiple ? [r.pick(field.values), 'other'] : r.pick([...field.values, 'other']);
    case 'children':
      return Array.from({ length: r.int(3) }, () => row(r, field.fields));
    default:
      return r.pick(STRINGS);
  }
}

function row(r: Random, fields: readonly NormalisedField[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) if (!r.chance(0.2)) out[field.name] = fieldValue(r, field);
  if (r.chance(0.3)) out[r.pick(KEYS)] = value(r);
  return out;
}

const fetchBody = (r: Random, entity: NormalisedEntity | undefined) => {
  const column = () => (entity && r.chance(0.8) ? r.pick(entity.fields).name : r.pick([...KEYS, ...STRINGS]));
  return {
    Skip: r.chance(0.5) ? r.pick(NUMBERS) : undefined,
    Take: r.chance(0.5) ? r.pick(NUMBERS) : undefined,
    filters: Array.from({ length: r.int(4) }, () => ({
      ColumnName: column(),
      ColumnValue: value(r, 3),
      Operator: r.pick(OPERATORS),
    })),
    sorts: r.chance(0.3) ? [{ ColumnName: column(), Direction: r.pick(['ASC', 'desc', 'up', 1]) }] : undefined,
    search: r.chance(0.3) ? r.pick(STRINGS) : undefined,
  };
};

/** JSON text nested `depth` levels. */
const nested = (depth: number, open: string, close: string) => open.repeat(depth) + close.repeat(depth);

function body(r: Random, path: string): { payload: string; contentType?: string } {
  const segments = path
    .toLowerCase()
    .split('/')
    .filter((s) => s.length >= 3);
  const entity = segments.map((s) => ENTITY_BY_NAME.get(s)).find((e) => e !== undefined);
  const contract = [...CONTRACTS.entries()]
    .filter(([stem]) => segments.some((s) => stem.includes(s)))
    .flatMap(([, keys]) => keys);
  const json = (data: unknown) => ({ payload: JSON.stringify(data), contentType: 'application/json' });
  const roll = r.int(100);
  if (roll < 25) return json(object(r, contract.length > 0 && r.chance(0.8) ? contract : KEYS));
  if (roll < 45)
    return json(entity ? (r.chance(0.3) ? [row(r, entity.fields)] : row(r, entity.fields)) : object(r, KEYS));
  if (roll < 60) return json(fetchBody(r, entity));
  if (roll < 68) return json(value(r));
  if (roll < 72)
    return {
      payload: r.chance(0.5)
        ? nested(r.pick([100, 1_000, 20_000]), '[', ']')
        : nested(r.pick([100, 1_000, 20_000]), '{"a":', '}'),
      contentType: 'application/json',
    };
  if (roll < 74) return json({ [r.pick(KEYS)]: 'x'.repeat(r.pick([900_000, 1_100_000])) });
  if (roll < 84) return { payload: r.pick(MALFORMED_JSON), contentType: 'application/json' };
  if (roll < 94)
    return {
      payload: r.chance(0.5) ? 'a=1&b=2' : JSON.stringify(object(r, KEYS)),
      contentType: r.chance(0.9) ? r.pick(CONTENT_TYPES) : undefined,
    };
  return { payload: '', contentType: 'application/json' };
}

function pathValue(r: Random): string {
  const roll = r.int(100);
  if (roll < 55) return encode(r.pick(NAMES));
  if (roll < 70) return String(r.pick([1, 2, 3, 7, MAX_INT32]));
  if (roll < 90) return r.pick(ODD_SEGMENTS);
  return encode(r.pick(STRINGS)) || 'x';
}

const query = (r: Random) =>
  Array.from({ length: 1 + r.int(3) }, () => {
    const v = value(r, 3);
    return `${encode(r.pick(KEYS))}=${encode(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))}`;
  }).join('&');

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ANY_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'];

/** One request to `route` (or, now and then, with a method it does not take). */
export function badRequest(r: Random, route: FuzzRoute, adminToken: string): FuzzRequest {
  const method = r.chance(0.1) ? r.pick(ANY_METHODS) : r.pick(route.methods);
  let path = route.url.replace(/:[A-Za-z]+/g, () => pathValue(r)).replace(/\*$/, () => pathValue(r));
  if (r.chance(0.15)) path += `?${query(r)}`;
  const headers: Record<string, string> = {};
  const auth = r.int(10);
  const signedIn = auth < 5;
  if (signedIn) headers.authorization = `Bearer ${adminToken}`;
  else if (auth === 9)
    headers.authorization = r.pick([
      'Bearer x.y.z',
      'Basic YWRtaW46eA==',
      `Bearer ${adminToken}x`,
      'Bearer',
      `bearer  ${'a'.repeat(5000)}`,
    ]);
  if (!BODY_METHODS.has(method)) return { method, url: path, headers, signedIn };
  const { payload, contentType } = body(r, path);
  if (contentType) headers['content-type'] = contentType;
  return { method, url: path, headers, payload, signedIn };
}
