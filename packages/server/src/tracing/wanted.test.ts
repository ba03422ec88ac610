import { describe, expect, it } from 'vitest';
import { tracingWanted } from './wanted';

describe('tracingWanted', () => {
  const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' };

  it('exports over http/json, named or not', () => {
    expect(tracingWanted(endpoint)).toBe(true);
    expect(tracingWanted({ ...endpoint, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' })).toBe(true);
    expect(tracingWanted({})).toBe(false);
  });

  it('refuses another protocol, naming the variable that asked for it', () => {
    expect(() => tracingWanted({ ...endpoint, OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toThrow(
      'OTEL_EXPORTER_OTLP_PROTOCOL=grpc is not supported: Backroom sends traces over OTLP/HTTP as JSON. Set OTEL_EXPORTER_OTLP_PROTOCOL=http/json (and a collector that takes it) or leave it unset.',
    );
    expect(() =>
      tracingWanted({
        ...endpoint,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/protobuf',
      }),
    ).toThrow(/^OTEL_EXPORTER_OTLP_TRACES_PROTOCOL=http\/protobuf is not supported/);
    // Without an endpoint nothing is exported, and nothing is refused.
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toBe(false);
  });
});
