/** The OTLP protocol this server exports with: the `@opentelemetry/exporter-trace-otlp-http` exporter's JSON. */
const PROTOCOL = 'http/json';

/**
 * Whether this process exports traces: an OTLP endpoint is given (OTEL_EXPORTER_OTLP_ENDPOINT or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT), the traces exporter is not `none` and the SDK is not
 * switched off (OTEL_SDK_DISABLED=true). Without that nothing of OpenTelemetry is loaded. A protocol
 * asked for (OTEL_EXPORTER_OTLP_TRACES_PROTOCOL, else OTEL_EXPORTER_OTLP_PROTOCOL) other than
 * `http/json` stops the start with the reason: traces sent in a protocol the collector did not
 * expect would be lost without a word.
 */
export function tracingWanted(env: NodeJS.ProcessEnv): boolean {
  const given = (name: string) => (env[name] ?? '').trim();
  if (given('OTEL_SDK_DISABLED').toLowerCase() === 'true') return false;
  if (given('OTEL_TRACES_EXPORTER').toLowerCase() === 'none') return false;
  const wanted = given('OTEL_EXPORTER_OTLP_ENDPOINT') !== '' || given('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT') !== '';
  const variable = ['OTEL_EXPORTER_OTLP_TRACES_PROTOCOL', 'OTEL_EXPORTER_OTLP_PROTOCOL'].find(
    (name) => given(name) !== '',
  );
  if (wanted && variable && given(variable).toLowerCase() !== PROTOCOL)
    throw new Error(
      `${variable}=${given(variable)} is not supported: Backroom sends traces over OTLP/HTTP as JSON. Set ${variable}=${PROTOCOL} (and a collector that takes it) or leave it unset.`,
    );
  return wanted;
}
