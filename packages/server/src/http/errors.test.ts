import Fastify from 'fastify';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { ApiError } from './envelope';
import { registerErrorHandlers } from './errors';
import { parseBody } from './validate';

async function app() {
  const fastify = Fastify({ logger: false });
  registerErrorHandlers(fastify);
  fastify.get('/boom', async () => {
    throw new Error('secret detail at /srv/app.ts:12');
  });
  fastify.get('/teapot', async () => {
    throw new ApiError(409, 'Already done');
  });
  fastify.get('/db/:code', async (request) => {
    throw Object.assign(new Error('raw driver text'), { code: (request.params as { code: string }).code });
  });
  fastify.post('/typed', async (request) =>
    parseBody(z.object({ items: z.array(z.object({ qty: z.number() })) }), request.body),
  );
  await fastify.ready();
  return fastify;
}

describe('error envelopes', () => {
  it('hides unexpected errors behind a plain 500', async () => {
    const res = await (await app()).inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      resultCode: 500,
      message: 'Internal server error',
      data: null,
      requestId: expect.any(String),
    });
    expect(res.body).not.toContain('secret detail');
  });

  it('passes expected errors on with their status', async () => {
    const res = await (await app()).inject({ method: 'GET', url: '/teapot' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ resultCode: 409, message: 'Already done', data: null, requestId: expect.any(String) });
  });

  it('names nested fields by their path', async () => {
    const res = await (
      await app()
    ).inject({ method: 'POST', url: '/typed', payload: { items: [{ qty: 1 }, { qty: 'two' }] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'items.1.qty', message: expect.any(String) }]);
  });

  it('answers unknown routes with a 404 envelope', async () => {
    const res = await (await app()).inject({ method: 'GET', url: '/nowhere' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ resultCode: 404, message: 'Not found', data: null, requestId: expect.any(String) });
  });

  it('answers a full disk with 507 naming the cause, on either database and for files', async () => {
    for (const code of ['SQLITE_FULL', '53100', 'ENOSPC']) {
      const res = await (await app()).inject({ method: 'GET', url: `/db/${code}` });
      expect(res.statusCode, code).toBe(507);
      expect(res.json()).toEqual({
        resultCode: 507,
        message: expect.stringContaining('disk is full'),
        data: null,
        requestId: expect.any(String),
      });
      expect(res.headers['retry-after']).toBe('60');
    }
  });

  it('answers a PostgreSQL lock or statement timeout with 503 and Retry-After', async () => {
    for (const code of ['55P03', '57014']) {
      const res = await (await app()).inject({ method: 'GET', url: `/db/${code}` });
      expect(res.statusCode, code).toBe(503);
      expect(res.json()).toEqual({
        resultCode: 503,
        message: expect.stringContaining('database is busy'),
        data: null,
        requestId: expect.any(String),
      });
      expect(res.headers['retry-after']).toBe('5');
    }
  });
});
