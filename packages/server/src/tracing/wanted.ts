/** The OTLP protocols this server exports traces with, as OTEL_EXPORTER_OTLP_PROTOCOL names them. */
export const OTLP_PROTOCOLS = ['http/protobuf', 'http/json', 'grpc'] as const;
export type OtlpProtocol = (typeof OTLP_PROTOCOLS)[number];

/** The specification's default (the OTLP/HTTP exporters' default endpoint is http://localhost:4318, gRPC's :4317). */
const DEFAULT_PROTOCOL: OtlpProtocol = 'http/protobuf';

/**
 * The OTLP protocol this process exports traces with, or undefined when it exports none and loads
 * nothing of OpenTelemetry. Traces are exported when an OTLP endpoint is given
 * (OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) or OTEL_TRACES_EXPORTER names
 * `otlp` (then to the specification's default endpoint), unless OTEL_TRACES_EXPORTER is `none` or the
 * SDK is switched off (OTEL_SDK_DISABLED=true). The protocol is OTEL_EXPORTER_OTLP_TRACES_PROTOCOL,
 * else OTEL_EXPORTER_OTLP_PROTOCOL, else `http/protobuf`. A protocol or exporter this server does not
 * have stops the start with the reason: traces sent where or how the collector does not expect would
 * be lost without a word.
 */
export function tracingProtocol(env: NodeJS.ProcessEnv): OtlpProtocol | undefined {
  const given = (name: string) => (env[name] ?? '').trim();
  if (given('OTEL_SDK_DISABLED').toLowerCase() === 'true') return undefined;
  const exporters = given('OTEL_TRACES_EXPORTER')
    .toLowerCase()
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (exporters.includes('none')) return undefined;
  const unknown = exporters.filter((name) => name !== 'otlp');
  if (unknown.length > 0)
    throw new Error(
      `OTEL_TRACES_EXPORTER=${given('OTEL_TRACES_EXPORTER')} is not supported: Backroom exports traces over OTLP only. Set OTEL_TRACES_EXPORTER=otlp (or none), or leave it unset.`,
    );
  const wanted =
    exporters.includes('otlp') ||
    given('OTEL_EXPORTER_OTLP_ENDPOINT') !== '' ||
    given('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT') !== '';
  if (!wanted) return undefined;
  const variable = ['OTEL_EXPORTER_OTLP_TRACES_PROTOCOL', 'OTEL_EXPORTER_OTLP_PROTOCOL'].find(
    (name) => given(name) !== '',
  );
  if (variable === undefined) return DEFAULT_PROTOCOL;
  const protocol = OTLP_PROTOCOLS.find((known) => known === given(variable).toLowerCase());
  if (protocol === undefined)
    throw new Error(
      `${variable}=${given(variable)} is not an OTLP protocol: set it to http/protobuf (the default), http/json or grpc, or leave it unset.`,
    );
  return protocol;
}
