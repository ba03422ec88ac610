import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { killServer, spawnServer, type ChildServer } from './support/child-server';
import { freshPostgres } from './support/postgres';
import { database } from './support/server';
import { signIn } from './durability/support';

/** One attribute as OTLP/JSON carries it. */
interface OtlpAttribute {
  key: string;
  value: { stringValue?: string; intValue?: number | string; arrayValue?: { values: { stringValue?: string }[] } };
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: OtlpAttribute[];
}
interface OtlpExport {
  resourceSpans: { resource: { attributes: OtlpAttribute[] }; scopeSpans: { spans: OtlpSpan[] }[] }[];
}

const SERVER_KIND = 2;
const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));

/** Attributes as plain values: strings, numbers, arrays of strings. */
const attributesOf = (attributes: OtlpAttribute[]) =>
  Object.fromEntries(
    attributes.map(({ key, value }) => [
      key,
      value.arrayValue
        ? value.arrayValue.values.map((v) => v.stringValue)
        : value.intValue !== undefined
          ? Number(value.intValue)
          : value.stringValue,
    ]),
  );

/** A small OTLP/HTTP receiver: keeps every body posted to /v1/traces, raw and parsed. */
async function otlpReceiver() {
  const bodies: string[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (request.url === '/v1/traces') bodies.push(body);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  const exports = () => bodies.map((body) => JSON.parse(body) as OtlpExport);
  return {
    endpoint: `http://127.0.0.1:${port}`,
    raw: () => bodies.join('\n'),
    resources: () => exports().flatMap((e) => e.resourceSpans.map((r) => attributesOf(r.resource.attributes))),
    spans: () => exports().flatMap((e) => e.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans))),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/**
 * A preload for the child server that writes down every OpenTelemetry module the server imports
 * (an ESM resolve hook, which sees the server's own imports of them), in the file MODULE_PROBE names.
 */
async function moduleProbe(dir: string) {
  const hooks = join(dir, 'probe-hooks.mjs');
  const preload = join(dir, 'probe.mjs');
  const file = join(dir, 'modules-loaded.txt');
  await writeFile(
    hooks,
    `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  if (/opentelemetry|@fastify\\/otel/.test(resolved.url)) appendFileSync(process.env.MODULE_PROBE, resolved.url + '\\n');
  return resolved;
}
`,
  );
  await writeFile(
    preload,
    `import { register } from 'node:module';\nregister(${JSON.stringify(`file://${hooks}`)});\n`,
  );
  await writeFile(file, '');
  return {
    env: { MODULE_PROBE: file, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${preload}`.trim() },
    loaded: async () => (await readFile(file, 'utf8')).split('\n').filter(Boolean),
  };
}

describe('OpenTelemetry tracing', () => {
  let server: ChildServer | undefined;
  const cleanUp: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    await killServer(server);
    for (const step of cleanUp.splice(0)) await step();
  });

  async function start(env: Record<string, string>) {
    const dataDir = await mkdtemp(join(tmpdir(), 'backroom-tracing-'));
    cleanUp.push(() => rm(dataDir, { recursive: true, force: true }));
    const postgres = database === 'postgres' ? await freshPostgres({ template: inject('postgresTemplate') }) : null;
    if (postgres) cleanUp.push(postgres.drop);
    const probe = await moduleProbe(dataDir);
    server = await spawnServer({ dataDir, databaseUrl: postgres?.url ?? null, env: { ...probe.env, ...env } });
    return { server, probe };
  }

  it('exports a span per request, named by its route, the child of the traceparent sent in, with no secret in it', async () => {
    const receiver = await otlpReceiver();
    cleanUp.push(receiver.close);
    const { server: running, probe } = await start({
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
      OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment.name=test',
      OTEL_BSP_SCHEDULE_DELAY: '100',
    });
    const token = await signIn(running.api);
    const traceId = randomBytes(16).toString('hex');
    const parentId = randomBytes(8).toString('hex');
    const secretInQuery = `q${randomBytes(8).toString('hex')}`;
    const response = await fetch(`${running.api}/AppSetting/FetchByGroupId/1?token=${secretInQuery}`, {
      headers: {
        authorization: `Bearer ${token}`,
        traceparent: `00-${traceId}-${parentId}-01`,
        'x-request-id': 'till-7.trace',
      },
    });
    expect(response.status).toBe(200);

    const route = '/backoffice/core/api/AppSetting/FetchByGroupId/:id';
    const requestSpan = () => receiver.spans().find((s) => s.traceId === traceId && s.kind === SERVER_KIND);
    await expect.poll(requestSpan, { timeout: 20_000 }).toBeDefined();
    const span = requestSpan()!;
    expect(span.name).toBe(`GET ${route}`);
    expect(span.parentSpanId).toBe(parentId);
    expect(attributesOf(span.attributes)).toMatchObject({
      'http.route': route,
      'http.response.status_code': 200,
      'http.response.header.x-request-id': ['till-7.trace'],
      'url.path': '/backoffice/core/api/AppSetting/FetchByGroupId/1',
      'url.query': 'token=REDACTED',
    });
    expect(receiver.resources()[0]).toMatchObject({
      'service.name': 'backroom',
      'deployment.environment.name': 'test',
    });

    // Every span of the request is in its trace; on PostgreSQL its statements are spans under it.
    const inTrace = () => receiver.spans().filter((s) => s.traceId === traceId);
    const ids = new Set(inTrace().map((s) => s.spanId));
    for (const s of inTrace()) expect(s.spanId === span.spanId || ids.has(s.parentSpanId!)).toBe(true);
    const statements = () => inTrace().filter((s) => attributesOf(s.attributes)['db.system.name'] === 'postgresql');
    if (database === 'postgres') {
      await expect.poll(() => statements().length, { timeout: 20_000 }).toBeGreaterThan(0);
      expect(statements().map((s) => attributesOf(s.attributes)['db.query.text'])).toContainEqual(
        expect.stringMatching(/^select .* from "app_setting"/i),
      );
    } else {
      expect(statements()).toEqual([]);
    }

    // The sign-in's span is exported too, and nothing secret is anywhere in what was sent.
    await expect
      .poll(() => receiver.spans().some((s) => s.name === 'POST /backoffice/core/api/authentication/:action'))
      .toBe(true);
    const exported = receiver.raw();
    for (const secret of ['Admin@123', token, 'Bearer', secretInQuery]) expect(exported).not.toContain(secret);
    expect(await probe.loaded()).toContainEqual(expect.stringContaining('@opentelemetry/sdk-trace-node'));
  }, 180_000);

  it('refuses to start with an OTLP protocol it does not send, saying which', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'backroom-tracing-'));
    cleanUp.push(() => rm(dataDir, { recursive: true, force: true }));
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        WEB_CONCURRENCY: '2',
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4317',
        OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(1);
    expect(output).toContain(
      'OTEL_EXPORTER_OTLP_PROTOCOL=grpc is not supported: Backroom sends traces over OTLP/HTTP as JSON.',
    );
  }, 120_000);

  it('loads nothing of OpenTelemetry without an OTLP endpoint', async () => {
    const { server: running, probe } = await start({
      OTEL_EXPORTER_OTLP_ENDPOINT: '',
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: '',
    });
    const token = await signIn(running.api);
    expect(
      (await fetch(`${running.api}/AppSetting/FetchByGroupId/1`, { headers: { authorization: `Bearer ${token}` } }))
        .status,
    ).toBe(200);
    expect(await probe.loaded()).toEqual([]);
  }, 180_000);
});
