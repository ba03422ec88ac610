import type { ApiEnvelope, FieldError } from '@backroom/schema';
import type { FastifyReply } from 'fastify';

export function ok<T>(data: T, message = 'OK', totalCount?: number): ApiEnvelope<T> {
  return totalCount === undefined ? { resultCode: 200, message, data } : { resultCode: 200, message, data, totalCount };
}

/** An expected failure: its status and message reach the caller as an envelope. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldError[],
    /** Sent with the answer, e.g. Retry-After. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const validationError = (errors: FieldError[], message = 'Validation failed') =>
  new ApiError(400, message, errors);

export function sendError(reply: FastifyReply, status: number, message: string, errors?: FieldError[]) {
  // The request's id (also its X-Request-Id and log lines' reqId), for a person to quote.
  const body: ApiEnvelope<null> = { resultCode: status, message, data: null, requestId: reply.request.id };
  if (errors && errors.length > 0) body.errors = errors;
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}
