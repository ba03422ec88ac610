import type { IncomingMessage } from 'node:http';
import { FastifyOtelInstrumentation } from '@fastify/otel';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider, type SpanExporter } from '@opentelemetry/sdk-trace-node';
import { REQUEST_ID_HEADER } from '../http/request-id';
import type { OtlpProtocol } from './wanted';

/** The query string's parameters keep their names; every value (a token, a search) is left out. */
function redactedQuery(url: string | undefined): string | undefined {
  const at = url?.indexOf('?') ?? -1;
  if (at < 0) return undefined;
  const params = new URLSearchParams(url!.slice(at + 1));
  return [...new Set(params.keys())].map((name) => `${encodeURIComponent(name)}=REDACTED`).join('&');
}

const pathOf = (url: string) => url.split('?', 1)[0];

/** The exporter for `protocol`; only its package is loaded (gRPC's is the heaviest). Each reads its OTEL_EXPORTER_OTLP_* variables. */
async function exporterFor(protocol: OtlpProtocol): Promise<SpanExporter> {
  switch (protocol) {
    case 'grpc':
      return new (await import('@opentelemetry/exporter-trace-otlp-grpc')).OTLPTraceExporter();
    case 'http/protobuf':
      return new (await import('@opentelemetry/exporter-trace-otlp-proto')).OTLPTraceExporter();
    case 'http/json':
      return new (await import('@opentelemetry/exporter-trace-otlp-http')).OTLPTraceExporter();
  }
}

/**
 * Starts exporting traces over OTLP in `protocol` (tracing/wanted.ts), configured by the standard
 * OTEL_* variables: endpoint, headers, timeout and compression (the exporter), service name and
 * resource attributes (OTEL_SERVICE_NAME wins over the default `backroom`), sampler and its argument
 * (the tracer provider), batch sizes and delay (the batch processor). Must run before
 * fastify and pg are first imported: the instrumentations patch them as they load. A request's span
 * is the HTTP server span, named by method and route pattern once Fastify has routed it, with its
 * status code and X-Request-Id; under it Fastify's request span and, on PostgreSQL, one span per
 * statement (the SQL text with its placeholders, never the values).
 */
export async function startTracing(protocol: OtlpProtocol): Promise<{ shutdown(): Promise<void> }> {
  const resource = resourceFromAttributes({ 'service.name': 'backroom' }).merge(
    detectResources({ detectors: [envDetector] }),
  );
  const provider = new NodeTracerProvider({
    resource,
    spanProcessors: [new BatchSpanProcessor(await exporterFor(protocol))],
  });
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        // Only the server side: the server's own outgoing calls (SMTP, none over HTTP) are not traced.
        disableOutgoingRequestInstrumentation: true,
        startIncomingSpanHook: (request) => {
          const query = redactedQuery((request as IncomingMessage).url);
          return query === undefined ? {} : { 'url.query': query };
        },
        headersToSpanAttributes: { server: { responseHeaders: [REQUEST_ID_HEADER] } },
      }),
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        // One span a request (and its handler), not one a lifecycle hook.
        instrumentHooks: false,
        requestHook: (span, request) => span.setAttribute('url.path', pathOf(request.url)),
      }),
      // Statements outside a request (the job loop's polling, migrations) would each be a trace of their own;
      // Kysely takes a pool connection per statement, so a connect span each would double the spans for little.
      new PgInstrumentation({ requireParentSpan: true, ignoreConnectSpans: true }),
    ],
  });
  return { shutdown: () => provider.shutdown() };
}
