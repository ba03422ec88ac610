import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The header that names a request, in and out. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** An incoming id is kept when it is 1–64 of these characters (a UUID, a proxy's hex or base64url id); anything else is replaced. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Fastify's `genReqId`: the id a proxy or client sent in `X-Request-Id` when it is sane, else a fresh
 * UUID. It is the `reqId` of the request's log lines, the `X-Request-Id` of its answer and the
 * `requestId` of an error envelope, so a person quoting an error leads to its log lines.
 */
export function genReqId(raw: IncomingMessage): string {
  const given = raw.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}

/** Puts the request's id on its answer (from `onRequest` and the router's own error path, like the security headers). */
export function setRequestIdHeader(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('X-Request-Id', request.id);
}
