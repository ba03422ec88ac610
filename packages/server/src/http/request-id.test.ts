import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandlers } from './errors';
import { loggerOptions } from './log';
import { genReqId, setRequestIdHeader } from './request-id';

/** A Fastify app wired as app.ts wires it, logging into `lines`. */
async function app(format: 'json' | 'pretty') {
  const out = Object.assign(new PassThrough(), { isTTY: false }) as unknown as NodeJS.WriteStream;
  const lines: string[] = [];
  out.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
  const options = loggerOptions({ LOG_FORMAT: format, LOG_LEVEL: 'info' }, out);
  const fastify = Fastify({ logger: format === 'json' ? { ...options, stream: out } : options, genReqId });
  fastify.addHook('onRequest', async (request, reply) => setRequestIdHeader(request, reply));
  registerErrorHandlers(fastify);
  fastify.get('/boom', async () => {
    throw new Error('broken');
  });
  await fastify.ready();
  return { fastify, lines };
}

describe('request ids in the log', () => {
  it('logs an error under the id its answer and envelope carry', async () => {
    const { fastify, lines } = await app('json');
    const res = await fastify.inject({ method: 'GET', url: '/boom', headers: { 'x-request-id': 'till-42.a' } });
    expect(res.statusCode).toBe(500);
    expect(res.headers['x-request-id']).toBe('till-42.a');
    expect(res.json().requestId).toBe('till-42.a');
    await new Promise((resolve) => setImmediate(resolve));
    const logged = lines.map((l) => JSON.parse(l) as { reqId?: string; msg: string });
    expect(logged.find((l) => l.msg === 'unhandled error')?.reqId).toBe('till-42.a');
  });

  it('leads a readable line with the id', async () => {
    const { fastify, lines } = await app('pretty');
    const res = await fastify.inject({ method: 'GET', url: '/boom' });
    const id = res.headers['x-request-id'] as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.some((l) => l.includes(`[${id}] unhandled error`))).toBe(true);
  });
});
