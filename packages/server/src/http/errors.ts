import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { isDatabaseTimeout, isDatabaseUnavailable, isDiskFull } from '../db/unavailable';
import { ApiError, sendError } from './envelope';

const FASTIFY_ERRORS: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'Malformed JSON body'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'Malformed JSON body'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'Request body is too large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Unsupported content type; send application/json'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'Request body size did not match Content-Length'],
};

/** Seconds a client is asked to wait before retrying while the database is unavailable. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** The answer while the database is down or restarting: the request may be sent again later. */
export function sendUnavailable(
  reply: FastifyReply,
  message = 'The database is unavailable; try again in a few seconds',
) {
  reply.header('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
  return sendError(reply, 503, message);
}

/** Seconds a client is asked to wait before retrying a write refused for a full disk. */
export const DISK_FULL_RETRY_AFTER_SECONDS = 60;

/** The answer when the disk is full: 507 Insufficient Storage, nothing saved, reads unaffected. */
function sendDiskFull(reply: FastifyReply) {
  reply.header('Retry-After', String(DISK_FULL_RETRY_AFTER_SECONDS));
  return sendError(
    reply,
    507,
    'The server’s disk is full, so nothing was saved; reading still works. Try again once space has been freed',
  );
}

/**
 * Every failure becomes an envelope; only ApiError and known client errors pass their message on.
 * A database that cannot be reached, or a statement past its lock or statement timeout, is a 503
 * with Retry-After; a full disk is a 507; whatever the route was doing.
 */
export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      if (error.headers) reply.headers(error.headers);
      return sendError(reply, error.status, error.message, error.errors);
    }
    const known = FASTIFY_ERRORS[error.code];
    if (known) return sendError(reply, known[0], known[1]);
    const status = error.statusCode;
    if (status !== undefined && status >= 400 && status < 500) return sendError(reply, status, error.message);
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return sendUnavailable(reply);
    }
    if (isDiskFull(error)) {
      request.log.error({ err: error }, 'disk full');
      return sendDiskFull(reply);
    }
    if (isDatabaseTimeout(error)) {
      request.log.warn({ err: error }, 'database timeout');
      return sendUnavailable(
        reply,
        'The database is busy: this request waited too long for a locked row or ran past its time limit; try again in a few seconds',
      );
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, 500, 'Internal server error');
  });

  app.setNotFoundHandler((_request, reply) => sendError(reply, 404, 'Not found'));
}

/** Router failures (bad percent-encoding, over-long parameters) that never reach the error handler. */
export function frameworkErrors(error: FastifyError, _request: unknown, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return sendError(reply, 414, 'Address too long');
  if (error.code === 'FST_ERR_BAD_URL') return sendError(reply, 400, 'Malformed address');
  return sendError(reply, 400, 'Bad request');
}
