import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useChildServers, type ChildServer } from './support/child-server';
import { database } from './support/server';
import { signIn } from './durability/support';
import {
  attributesOf,
  otlpGrpcReceiver,
  otlpHttpReceiver,
  type OtlpReceiver,
  type OtlpSpan,
} from './support/otlp-receiver';

const SERVER_KIND = 2;
const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));

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
  const children = useChildServers();

  async function start(env: Record<string, string>) {
    const place = await children.place('backroom-tracing-');
    const probe = await moduleProbe(place.dataDir);
    const server = await children.start({ ...place, env: { ...probe.env, ...env } });
    return { server, probe };
  }

  async function receiver(make: () => Promise<OtlpReceiver>) {
    const made = await make();
    children.later(made.close);
    return made;
  }

  /** A request with a traceparent of its own: resolves with its trace id and the id of the parent it named. */
  async function tracedRequest(running: ChildServer, path: string, headers: Record<string, string> = {}) {
    const traceId = randomBytes(16).toString('hex');
    const parentId = randomBytes(8).toString('hex');
    const response = await fetch(`${running.api}${path}`, {
      headers: { ...headers, traceparent: `00-${traceId}-${parentId}-01` },
    });
    expect(response.status).toBe(200);
    return { traceId, parentId };
  }

  const serverSpanOf = (receiver: OtlpReceiver, traceId: string) =>
    receiver.spans().find((s) => s.traceId === traceId && s.kind === SERVER_KIND);

  it('exports a span per request over http/protobuf by default, named by its route, the child of the traceparent sent in, with no secret in it', async () => {
    const otlp = await receiver(otlpHttpReceiver);
    const { server: running, probe } = await start({
      OTEL_EXPORTER_OTLP_ENDPOINT: otlp.endpoint,
      OTEL_EXPORTER_OTLP_HEADERS: 'x-collector-key=key-1',
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
    const requestSpan = () => serverSpanOf(otlp, traceId);
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
    expect(otlp.resources()[0]).toMatchObject({
      'service.name': 'backroom',
      'deployment.environment.name': 'test',
    });

    // Every span of the request is in its trace; on PostgreSQL its statements are spans under it.
    const inTrace = () => otlp.spans().filter((s) => s.traceId === traceId);
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
      .poll(() => otlp.spans().some((s) => s.name === 'POST /backoffice/core/api/authentication/:action'))
      .toBe(true);
    const exported = otlp.raw();
    for (const secret of ['Admin@123', token, 'Bearer', secretInQuery]) expect(exported).not.toContain(secret);

    // Sent as protobuf (the specification's default) with the operator's headers; only that exporter was loaded.
    for (const sent of otlp.received())
      expect(sent).toMatchObject({ format: 'application/x-protobuf', headers: { 'x-collector-key': 'key-1' } });
    const loaded = await probe.loaded();
    expect(loaded).toContainEqual(expect.stringContaining('@opentelemetry/sdk-trace-node'));
    expect(loaded).toContainEqual(expect.stringContaining('@opentelemetry/exporter-trace-otlp-proto'));
    expect(loaded).not.toContainEqual(expect.stringMatching(/exporter-trace-otlp-(grpc|http)\//));
  }, 180_000);

  // The exporter's protocols, variables and samplers do not depend on the database: run once, on SQLite
  // (a child server on a database of its own per test cost PostgreSQL's run ~3 minutes more).
  it.runIf(database === 'sqlite').each([
    {
      protocol: 'http/json',
      make: otlpHttpReceiver,
      format: 'application/json',
      env: (endpoint: string): Record<string, string> => ({
        OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      }),
    },
    {
      protocol: 'grpc',
      make: otlpGrpcReceiver,
      format: 'grpc',
      // The traces' own variables win over the general ones.
      env: (endpoint: string): Record<string, string> => ({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: endpoint,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'grpc',
      }),
    },
  ])(
    'exports over $protocol to a receiver of it, with the service name, resource attributes and headers the variables give',
    async ({ make, format, env }) => {
      const otlp = await receiver(make);
      const { server: running } = await start({
        ...env(otlp.endpoint),
        OTEL_SERVICE_NAME: 'backroom-eu',
        OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment.name=staging,service.namespace=shop',
        OTEL_EXPORTER_OTLP_HEADERS: 'x-collector-key=key-2',
        OTEL_BSP_SCHEDULE_DELAY: '100',
      });
      const { traceId, parentId } = await tracedRequest(running, '/Info/Version', { 'x-request-id': 'till-8' });
      await expect.poll(() => serverSpanOf(otlp, traceId), { timeout: 20_000 }).toBeDefined();
      const span = serverSpanOf(otlp, traceId)!;
      expect(span).toMatchObject({ name: 'GET /backoffice/core/api/Info/Version', parentSpanId: parentId });
      expect(attributesOf(span.attributes)).toMatchObject({
        'http.response.status_code': 200,
        'http.response.header.x-request-id': ['till-8'],
      });
      expect(otlp.resources()[0]).toMatchObject({
        'service.name': 'backroom-eu',
        'service.namespace': 'shop',
        'deployment.environment.name': 'staging',
      });
      for (const sent of otlp.received())
        expect(sent).toMatchObject({ format, headers: { 'x-collector-key': 'key-2' } });
    },
    180_000,
  );

  it.runIf(database === 'sqlite').each([
    { sampler: 'always_off', arg: undefined, title: 'always_off exports nothing' },
    { sampler: 'traceidratio', arg: '0', title: 'traceidratio with arg 0 exports nothing' },
    { sampler: 'traceidratio', arg: '1', title: 'traceidratio with arg 1 exports every request' },
  ])(
    'sampler $title; what is held is sent when the server stops on SIGTERM',
    async ({ sampler, arg }) => {
      const otlp = await receiver(otlpHttpReceiver);
      const { server: running } = await start({
        OTEL_EXPORTER_OTLP_ENDPOINT: otlp.endpoint,
        OTEL_TRACES_SAMPLER: sampler,
        ...(arg === undefined ? {} : { OTEL_TRACES_SAMPLER_ARG: arg }),
        // An hour: nothing leaves on the batch's schedule, so what arrives was sent by the stop.
        OTEL_BSP_SCHEDULE_DELAY: '3600000',
      });
      const sent = Array.from({ length: 20 }, (_, i) => `sampled-${i}`);
      for (const id of sent)
        expect((await fetch(`${running.api}/Info/Version`, { headers: { 'x-request-id': id } })).status).toBe(200);
      expect(otlp.received()).toEqual([]);

      running.child.kill('SIGTERM');
      const [code] = await running.exited;
      expect(code).toBe(0);
      const requestIds = otlp
        .spans()
        .filter((s: OtlpSpan) => s.kind === SERVER_KIND)
        .flatMap(
          (s) => (attributesOf(s.attributes)['http.response.header.x-request-id'] as string[] | undefined) ?? [],
        );
      if (arg === '1') expect(requestIds).toEqual(expect.arrayContaining(sent));
      else expect(otlp.spans()).toEqual([]);
    },
    180_000,
  );

  it('refuses to start with an OTLP protocol it does not know, saying which', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'backroom-tracing-'));
    children.later(() => rm(dataDir, { recursive: true, force: true }));
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        WEB_CONCURRENCY: '2',
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4317',
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/thrift',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(1);
    expect(output).toContain('OTEL_EXPORTER_OTLP_PROTOCOL=http/thrift is not an OTLP protocol');
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
