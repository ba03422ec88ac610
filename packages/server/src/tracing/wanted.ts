/**
 * Whether this process exports traces: an OTLP endpoint is given (OTEL_EXPORTER_OTLP_ENDPOINT or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT), the traces exporter is not `none` and the SDK is not
 * switched off (OTEL_SDK_DISABLED=true). Without that nothing of OpenTelemetry is loaded.
 */
export function tracingWanted(env: NodeJS.ProcessEnv): boolean {
  const given = (name: string) => (env[name] ?? '').trim();
  if (given('OTEL_SDK_DISABLED').toLowerCase() === 'true') return false;
  if (given('OTEL_TRACES_EXPORTER').toLowerCase() === 'none') return false;
  return given('OTEL_EXPORTER_OTLP_ENDPOINT') !== '' || given('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT') !== '';
}
