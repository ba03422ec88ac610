import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../src/openapi/document';
import type { JsonSchema } from '../src/openapi/registry-schemas';
import { useTestServer } from './support/harness';
import { answerMismatch, bodyMismatch } from './support/openapi';

/**
 * The OpenAPI document (src/openapi/): every route the app registers is in it, it is served, a
 * standard linter finds nothing wrong with it, and the answers it describes are checked (every
 * `call` of the API tests runs `answerMismatch`, test/support/openapi.ts).
 */
const routes: string[] = [];
const t = useTestServer({
  users: ['admin'],
  onRoute: (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push(`${method} ${route.url}`);
  },
});

const documentOf = () => t.server.app.openapiDocument();
const operations = (document: OpenApiDocument) =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
  );

/**
 * Routes that still declare no contract (`config.openapi`, http/openapi-contract.ts): in the
 * document by their address alone. Shrink it; a new route must not join it.
 */
const UNDESCRIBED = new Set<string>([]);

describe('the OpenAPI document', () => {
  it('has every route the app registers, each method an operation', () => {
    expect(routes.length).toBeGreaterThan(100);
    const documented = new Set(operations(documentOf()).map(({ operation }) => operation['x-route']));
    const missing = routes.filter((route) => !documented.has(route));
    expect(missing).toEqual([]);
  });

  it('describes every route by its own contract or the registry', () => {
    const undescribed = [
      ...new Set(
        operations(documentOf())
          .filter(({ operation }) => operation['x-undescribed'])
          .map(({ operation }) => operation['x-route']),
      ),
    ];
    expect(undescribed.filter((route) => !UNDESCRIBED.has(route))).toEqual([]);
  });

  it('types the answer of every operation', () => {
    const document = documentOf();
    const responses = document.components.responses as Record<string, JsonSchema>;
    const untyped = operations(document).flatMap(({ path, method, operation }) => {
      const ok = operation.responses['200'] as JsonSchema | undefined;
      const response = typeof ok?.$ref === 'string' ? responses[ok.$ref.split('/').pop()!] : ok;
      const schema = (response?.content as Record<string, { schema: JsonSchema }> | undefined)?.['application/json']
        ?.schema;
      // A bare JSON document (`produces: 'json'`) has no envelope: its own schema says what it is.
      if (!schema || !(schema.required as string[] | undefined)?.includes('data')) return [];
      const data = (schema.properties as Record<string, JsonSchema>).data!;
      return Object.keys(data).length === 0 ? [`${method.toUpperCase()} ${path}`] : [];
    });
    expect(untyped).toEqual([]);
  });

  it('has the generic verbs of every entity and the auth schemes', () => {
    const document = documentOf();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.components.securitySchemes as object).sort()).toEqual([
      'bearer',
      'channelKey',
      'terminalToken',
    ]);
    const insert = document.paths['/backoffice/core/api/DataRepository/Insert/product']!.post!;
    expect(insert.requestBody).toEqual({
      required: true,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ProductInsert' } } },
    });
    expect(insert.responses['4XX']).toEqual({ $ref: '#/components/responses/Error' });
    // A write names only what the server takes: the fields, what a read answered beside them, the entity's own
    // inputs, and on an entity the shop can extend its custom fields' single values (named at run time).
    const schemas = document.components.schemas as Record<
      string,
      { additionalProperties?: boolean | object; properties: object }
    >;
    for (const name of ['ProductInsert', 'ProductUpdate', 'ProductUpsert', 'UserInsert'])
      expect(schemas[name]!.additionalProperties, name).toEqual(schemas.ProductRow!.additionalProperties);
    expect(schemas.AuditlogInsert!.additionalProperties).toBe(false);
    expect(Object.keys(schemas.ProductUpdate!.properties)).toEqual(
      expect.arrayContaining(['id', 'version', 'code', 'categoryLabel', 'createdAt']),
    );
    expect(Object.keys(schemas.UserInsert!.properties)).toContain('password');
    // A read row answers its fields and, on an entity the shop can extend, custom fields' single values beside them.
    expect(schemas.AuditlogRow!.additionalProperties).toBe(false);
    expect(schemas.ProductRow!.additionalProperties).toMatchObject({ anyOf: expect.any(Array) });
  });

  it('is served at {base}/core/api/openapi.json, without signing in', async () => {
    const res = await fetch(`${t.api}/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.json()).toEqual(JSON.parse(JSON.stringify(documentOf())));
  });

  it('goes out compressed as the caller accepts, and not again while the caller’s copy is current', async () => {
    /** The answer as it crosses the wire: its bytes undecoded. */
    const raw = (headers: Record<string, string>) =>
      new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
        const req = httpRequest(`${t.api}/openapi.json`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        });
        req.on('error', reject).end();
      });
    const expected = JSON.parse(JSON.stringify(documentOf())) as unknown;
    const plain = await raw({});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString())).toEqual(expected);
    const br = await raw({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers).toMatchObject({ 'content-encoding': 'br', vary: 'Accept-Encoding' });
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(expected);
    // A browser gets a tenth of the megabyte or less.
    expect(br.body.length).toBeLessThan(plain.body.length / 8);
    const gz = await raw({ 'accept-encoding': 'gzip, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.body).toString())).toEqual(expected);
    const again = await raw({ 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('passes the Redocly linter’s recommended rules', async () => {
    const config = await createConfig({
      extends: ['recommended'],
      rules: {
        // `{base}/` is a route of its own (a redirect to the console), as the server has it.
        'no-path-trailing-slash': 'off',
        // The console's redirects (`/`, `{base}`, `{base}/new`) answer 302 alone, as they should.
        'operation-2xx-response': 'off',
      },
    });
    const problems = await lintFromString({
      source: JSON.stringify(documentOf()),
      absoluteRef: 'openapi.json',
      config,
    });
    expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)).toEqual([]);
  }, 120_000);

  it('tells an answer that does not match its schema', async () => {
    const document = documentOf();
    const good = await t.post('/DataRepository/fetch/currency', {});
    expect(good.status).toBe(200);
    const url = `${t.api}/DataRepository/fetch/currency`;
    expect(answerMismatch(document, 'POST', url, 200, good.body)).toBeUndefined();
    expect(answerMismatch(document, 'POST', url, 200, { ...good.body, data: [{ code: 12 }] })).toMatch(/code/);
    // A row answers its entity's fields and nothing else: on an entity the shop cannot extend (the audit log),
    // a field renamed or one no entity declares fails.
    expect((await t.post('/DataRepository/Insert/currency', { code: 'ZZA', name: 'Audited money' })).status).toBe(200);
    const audit = await t.post('/DataRepository/fetch/auditlog', {});
    const auditUrl = `${t.api}/DataRepository/fetch/auditlog`;
    const [entry] = audit.body.data as unknown as Record<string, unknown>[];
    const { action, ...withoutAction } = entry!;
    expect(action).toEqual(expect.any(String));
    expect(answerMismatch(document, 'POST', auditUrl, 200, audit.body)).toBeUndefined();
    expect(
      answerMismatch(document, 'POST', auditUrl, 200, {
        ...audit.body,
        data: [{ ...withoutAction, operation: action }],
      }),
    ).toMatch(/must NOT have additional properties/);
    expect(
      answerMismatch(document, 'POST', auditUrl, 200, { ...audit.body, data: [{ ...entry, passwordHash: 'x' }] }),
    ).toMatch(/must NOT have additional properties/);
    // On one the shop can extend (roles), custom fields stand beside the declared ones, each one value: another
    // name holding a list or an object fails; one holding a single value is taken for a custom field.
    const roles = await t.post('/DataRepository/fetch/role', {});
    const rolesUrl = `${t.api}/DataRepository/fetch/role`;
    const [role] = roles.body.data as unknown as Record<string, unknown>[];
    const rolesWith = (extra: object) => ({ ...roles.body, data: [{ ...role, ...extra }] });
    expect(answerMismatch(document, 'POST', rolesUrl, 200, rolesWith({ privileges: [1, 2] }))).toMatch(/anyOf/);
    expect(answerMismatch(document, 'POST', rolesUrl, 200, rolesWith({ grants: { all: true } }))).toMatch(/anyOf/);
    expect(answerMismatch(document, 'POST', rolesUrl, 200, rolesWith({ loyaltyTier: 'gold' }))).toBeUndefined();
    expect(answerMismatch(document, 'POST', url, 400, { resultCode: 400, message: 'x', data: null })).toBeUndefined();
    expect(answerMismatch(document, 'POST', url, 400, { resultCode: 400, data: null })).toMatch(/message/);
  });

  it('describes what row actions, procedures and resource families answer, so a wrong answer fails', async () => {
    const document = documentOf();
    const mismatch = (method: string, path: string, answer: { body: object }) =>
      answerMismatch(document, method, `${t.api}${path}`, 200, answer.body);
    const wrongData = (answer: { body: object }, data: unknown) => ({ body: { ...answer.body, data } });

    const currency = await t.post('/DataRepository/Insert/currency', { code: 'ZZQ', name: 'Test money' });
    const deleted = await t.post('/DataRepository/Execute/currency', {
      action: 'delete',
      ids: [currency.body.data.id],
    });
    expect(deleted.body.data).toEqual({ deleted: 1 });
    expect(mismatch('POST', '/DataRepository/Execute/currency', deleted)).toBeUndefined();
    expect(mismatch('POST', '/DataRepository/Execute/currency', wrongData(deleted, { deleted: 'one' }))).toMatch(
      /deleted/,
    );

    // A hook action's declared answer: a voucher's generated codes.
    const voucher = await t.post('/DataRepository/Insert/voucher', {
      code: 'APIDOC',
      name: 'Documented voucher',
      kind: 'amount',
      value: '5.00',
      usageLimit: 10,
    });
    const generated = await t.post('/DataRepository/Execute/voucher', {
      action: 'generate',
      ids: [voucher.body.data.id],
      count: 2,
    });
    expect(generated.body.data).toMatchObject({ generated: 2 });
    expect(mismatch('POST', '/DataRepository/Execute/voucher', generated)).toBeUndefined();
    expect(mismatch('POST', '/voucher/generate', generated)).toBeUndefined();
    expect(
      mismatch('POST', '/DataRepository/Execute/voucher', wrongData(generated, { generated: 2, codes: ['A'] })),
    ).toBeDefined();

    // A row with more beside it (receiving a purchase order answers the order and its receipt): the row's fields
    // and the receipt, nothing else, at either level.
    const receive = (data: object) =>
      mismatch('POST', '/DataRepository/Execute/purchaseorder', { body: { resultCode: 200, message: 'OK', data } });
    expect(receive({ id: 1, status: 'received', receipt: { id: 2, purchaseOrder: 1 } })).toBeUndefined();
    expect(receive({ id: 1, status: 'received', receipt: { id: 2 }, receipts: [2] })).toBeDefined();
    expect(receive({ id: 1, status: 'received', receipt: { id: 2, lines: 'none' } })).toBeDefined();

    const providers = await t.post('/PublicDataRepository/procedure/getsaml', {});
    expect(mismatch('POST', '/PublicDataRepository/procedure/getsaml', providers)).toBeUndefined();
    expect(mismatch('POST', '/PublicDataRepository/procedure/getsaml', wrongData(providers, [{ name: 1 }]))).toMatch(
      /name|loginUrl/,
    );

    const rows = await t.post('/Product/Fetch', {});
    expect(rows.status).toBe(200);
    expect(mismatch('POST', '/Product/Fetch', rows)).toBeUndefined();
    expect(mismatch('POST', '/product/fetch', wrongData(rows, 'rows'))).toBeDefined();
    const fields = await t.get('/DataRepository/fields/product');
    expect(mismatch('GET', '/DataRepository/fields/product', fields)).toBeUndefined();
    expect(mismatch('GET', '/Product/Fields', await t.get('/Product/Fields'))).toBeUndefined();
    expect(
      mismatch('GET', '/DataRepository/fields/product', wrongData(fields, [{ name: 'code', kind: 'colour' }])),
    ).toMatch(/kind|label/);
  });

  it('takes a custom field in a write body, as the server does, and still no list or object under another name', async () => {
    const field = await t.post('/DataRepository/Insert/customfield', {
      entity: 'supplier',
      key: 'documentedRating',
      label: 'Documented rating',
      kind: 'number',
    });
    expect(field.status).toBe(200);
    const body = { code: 'DOC-CF', name: 'Rated supplier', documentedRating: '4.5' };
    const url = `${t.api}/DataRepository/Insert/supplier`;
    const inserted = await t.post('/DataRepository/Insert/supplier', body);
    expect(inserted.status).toBe(200);
    expect(inserted.body.data).toMatchObject({ documentedRating: '4.5000' });
    expect(bodyMismatch(documentOf(), 'POST', url, body)).toBeUndefined();
    expect(bodyMismatch(documentOf(), 'POST', url, { ...body, documentedRating: { stars: 4 } })).toMatch(/anyOf/);
    expect(bodyMismatch(documentOf(), 'POST', url, { ...body, code: 12 })).toMatch(/code/);
  });
});
