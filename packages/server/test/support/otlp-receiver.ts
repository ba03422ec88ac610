import { once } from 'node:events';
import { createServer } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { Server as GrpcServer, ServerCredentials, type ServiceDefinition } from '@grpc/grpc-js';

/** One attribute as OTLP carries it (the JSON mapping's field names; the protobuf decoder below writes the same). */
export interface OtlpAttribute {
  key: string;
  value: {
    stringValue?: string;
    intValue?: number | string;
    boolValue?: boolean;
    doubleValue?: number;
    arrayValue?: { values: OtlpAttribute['value'][] };
  };
}
export interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: OtlpAttribute[];
}
export interface OtlpExport {
  resourceSpans: { resource: { attributes: OtlpAttribute[] }; scopeSpans: { spans: OtlpSpan[] }[] }[];
}

/** Attributes as plain values: strings, numbers, booleans, arrays of strings. */
export const attributesOf = (attributes: OtlpAttribute[]) =>
  Object.fromEntries(
    attributes.map(({ key, value }) => [
      key,
      value.arrayValue
        ? value.arrayValue.values.map((v) => v.stringValue)
        : value.intValue !== undefined
          ? Number(value.intValue)
          : (value.stringValue ?? value.boolValue ?? value.doubleValue),
    ]),
  );

/** One field of a protobuf message on the wire: a varint, or the bytes of a fixed or length-delimited value. */
interface WireField {
  no: number;
  varint?: bigint;
  bytes: Buffer;
}

function wireFields(buffer: Buffer): WireField[] {
  const fields: WireField[] = [];
  let at = 0;
  const varint = () => {
    let value = 0n;
    for (let shift = 0n; ; shift += 7n) {
      if (at >= buffer.length) throw new Error('protobuf: a varint runs past the end');
      const byte = buffer[at++];
      value |= BigInt(byte & 0x7f) << shift;
      if (byte < 0x80) return value;
    }
  };
  const take = (length: number) => {
    if (at + length > buffer.length) throw new Error('protobuf: a field runs past the end');
    at += length;
    return buffer.subarray(at - length, at);
  };
  while (at < buffer.length) {
    const key = Number(varint());
    const no = key >>> 3;
    const wire = key & 7;
    if (wire === 0) fields.push({ no, varint: varint(), bytes: Buffer.alloc(0) });
    else if (wire === 1) fields.push({ no, bytes: take(8) });
    else if (wire === 2) fields.push({ no, bytes: take(Number(varint())) });
    else if (wire === 5) fields.push({ no, bytes: take(4) });
    else throw new Error(`protobuf: wire type ${wire} (field ${no}) is not in OTLP`);
  }
  return fields;
}

const each = <T>(buffer: Buffer, no: number, decode: (bytes: Buffer) => T): T[] =>
  wireFields(buffer)
    .filter((field) => field.no === no)
    .map((field) => decode(field.bytes));
const one = (buffer: Buffer, no: number) => wireFields(buffer).find((field) => field.no === no);

/** opentelemetry.proto.common.v1.AnyValue (a key-value list or bytes value is left out: the server sends none). */
function anyValue(buffer: Buffer): OtlpAttribute['value'] {
  const [field] = wireFields(buffer);
  switch (field?.no) {
    case 1:
      return { stringValue: field.bytes.toString('utf8') };
    case 2:
      return { boolValue: field.varint === 1n };
    case 3:
      return { intValue: BigInt.asIntN(64, field.varint!).toString() };
    case 4:
      return { doubleValue: field.bytes.readDoubleLE(0) };
    case 5:
      return { arrayValue: { values: each(field.bytes, 1, anyValue) } };
    default:
      return {};
  }
}

const keyValue = (buffer: Buffer): OtlpAttribute => ({
  key: one(buffer, 1)?.bytes.toString('utf8') ?? '',
  value: anyValue(one(buffer, 2)?.bytes ?? Buffer.alloc(0)),
});

function span(buffer: Buffer): OtlpSpan {
  const parent = one(buffer, 4)?.bytes.toString('hex');
  return {
    traceId: one(buffer, 1)?.bytes.toString('hex') ?? '',
    spanId: one(buffer, 2)?.bytes.toString('hex') ?? '',
    ...(parent ? { parentSpanId: parent } : {}),
    name: one(buffer, 5)?.bytes.toString('utf8') ?? '',
    kind: Number(one(buffer, 6)?.varint ?? 0n),
    attributes: each(buffer, 9, keyValue),
  };
}

/** opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest, decoded from protobuf into OTLP/JSON's shape. */
export function decodeTraceRequest(buffer: Buffer): OtlpExport {
  return {
    resourceSpans: each(buffer, 1, (resourceSpans) => ({
      resource: { attributes: each(one(resourceSpans, 1)?.bytes ?? Buffer.alloc(0), 1, keyValue) },
      scopeSpans: each(resourceSpans, 2, (scopeSpans) => ({ spans: each(scopeSpans, 2, span) })),
    })),
  };
}

/** What a receiver got: each export request as sent (its bytes), decoded, and with its headers or gRPC metadata. */
interface Received {
  body: Buffer;
  decoded: OtlpExport;
  headers: Record<string, unknown>;
  /** The HTTP content type, or `grpc`. */
  format: string;
}

function receiverOf(received: Received[], endpoint: string, close: () => Promise<unknown>) {
  const spans = () =>
    received.flatMap((r) => r.decoded.resourceSpans.flatMap((rs) => rs.scopeSpans.flatMap((s) => s.spans)));
  return {
    endpoint,
    received: () => [...received],
    /** Every byte sent, as text: a secret written anywhere in a span shows in it (protobuf keeps strings as UTF-8). */
    raw: () => received.map((r) => r.body.toString('utf8')).join('\n'),
    resources: () => received.flatMap((r) => r.decoded.resourceSpans.map((rs) => attributesOf(rs.resource.attributes))),
    spans,
    close,
  };
}
export type OtlpReceiver = ReturnType<typeof receiverOf>;

/**
 * An OTLP/HTTP receiver as a collector listens on :4318: keeps every request to /v1/traces, protobuf
 * (`application/x-protobuf`) or JSON (`application/json`), gzip or not; anything else is a 415.
 */
export async function otlpHttpReceiver(): Promise<OtlpReceiver> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const sent = Buffer.concat(chunks);
      const body = request.headers['content-encoding'] === 'gzip' ? gunzipSync(sent) : sent;
      const format = request.headers['content-type'] ?? '';
      if (request.url !== '/v1/traces') return void response.writeHead(404).end();
      if (format === 'application/x-protobuf') {
        received.push({ body, decoded: decodeTraceRequest(body), headers: { ...request.headers }, format });
        return void response.writeHead(200, { 'content-type': format }).end();
      }
      if (format === 'application/json') {
        received.push({
          body,
          decoded: JSON.parse(body.toString()) as OtlpExport,
          headers: { ...request.headers },
          format,
        });
        return void response.writeHead(200, { 'content-type': format }).end('{}');
      }
      response.writeHead(415).end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return receiverOf(received, `http://127.0.0.1:${port}`, () => new Promise((resolve) => server.close(resolve)));
}

/** The trace service's one method; the request is kept as its bytes and decoded here, the answer is an empty ExportTraceServiceResponse. */
const TRACE_SERVICE: ServiceDefinition = {
  Export: {
    path: '/opentelemetry.proto.collector.trace.v1.TraceService/Export',
    requestStream: false,
    responseStream: false,
    requestSerialize: (bytes: Buffer) => bytes,
    requestDeserialize: (bytes: Buffer) => bytes,
    responseSerialize: () => Buffer.alloc(0),
    responseDeserialize: (bytes: Buffer) => bytes,
  },
};

/** An OTLP/gRPC receiver as a collector listens on :4317 (plaintext). */
export async function otlpGrpcReceiver(): Promise<OtlpReceiver> {
  const received: Received[] = [];
  const server = new GrpcServer();
  server.addService(TRACE_SERVICE, {
    Export: (
      call: { request: Buffer; metadata: { getMap(): Record<string, unknown> } },
      callback: (error: null, answer: Buffer) => void,
    ) => {
      received.push({
        body: call.request,
        decoded: decodeTraceRequest(call.request),
        headers: call.metadata.getMap(),
        format: 'grpc',
      });
      callback(null, Buffer.alloc(0));
    },
  });
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );
  return receiverOf(received, `http://127.0.0.1:${port}`, () => new Promise((resolve) => server.tryShutdown(resolve)));
}
