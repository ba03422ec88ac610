import { describe, expect, it } from 'vitest';
import { tracingProtocol } from './wanted';

describe('tracingProtocol', () => {
  const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' };

  it('exports over http/protobuf unless a protocol is named, the traces variable before the general one', () => {
    expect(tracingProtocol(endpoint)).toBe('http/protobuf');
    expect(tracingProtocol({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://127.0.0.1:4318/v1/traces' })).toBe(
      'http/protobuf',
    );
    expect(tracingProtocol({ ...endpoint, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' })).toBe('http/json');
    expect(tracingProtocol({ ...endpoint, OTEL_EXPORTER_OTLP_PROTOCOL: ' GRPC ' })).toBe('grpc');
    expect(
      tracingProtocol({
        ...endpoint,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'grpc',
      }),
    ).toBe('grpc');
  });

  it('exports nothing without an endpoint or the otlp exporter named, or when switched off', () => {
    expect(tracingProtocol({})).toBeUndefined();
    expect(tracingProtocol({ OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc', OTEL_SERVICE_NAME: 'shop' })).toBeUndefined();
    expect(tracingProtocol({ ...endpoint, OTEL_TRACES_EXPORTER: 'none' })).toBeUndefined();
    expect(tracingProtocol({ ...endpoint, OTEL_SDK_DISABLED: 'TRUE' })).toBeUndefined();
    // Without an endpoint nothing is exported, and an unknown protocol is not refused.
    expect(tracingProtocol({ OTEL_EXPORTER_OTLP_PROTOCOL: 'thrift' })).toBeUndefined();
  });

  it('exports to the default endpoint when the otlp exporter is named', () => {
    expect(tracingProtocol({ OTEL_TRACES_EXPORTER: 'otlp' })).toBe('http/protobuf');
    expect(tracingProtocol({ OTEL_TRACES_EXPORTER: 'otlp', OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toBe('grpc');
  });

  it('refuses a protocol or an exporter it does not have, naming the variable', () => {
    expect(() => tracingProtocol({ ...endpoint, OTEL_EXPORTER_OTLP_PROTOCOL: 'http' })).toThrow(
      'OTEL_EXPORTER_OTLP_PROTOCOL=http is not an OTLP protocol: set it to http/protobuf (the default), http/json or grpc, or leave it unset.',
    );
    expect(() =>
      tracingProtocol({
        ...endpoint,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc',
        OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/thrift',
      }),
    ).toThrow(/^OTEL_EXPORTER_OTLP_TRACES_PROTOCOL=http\/thrift is not an OTLP protocol/);
    expect(() => tracingProtocol({ ...endpoint, OTEL_TRACES_EXPORTER: 'zipkin' })).toThrow(
      'OTEL_TRACES_EXPORTER=zipkin is not supported: Backroom exports traces over OTLP only. Set OTEL_TRACES_EXPORTER=otlp (or none), or leave it unset.',
    );
  });
});
