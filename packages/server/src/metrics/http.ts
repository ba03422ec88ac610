import type { FastifyInstance } from 'fastify';
import { httpDuration, httpRequests } from './registry';

/** The route label of a request no route matched (a 404, a framework error): one series, not one per URL. */
export const UNMATCHED = 'unmatched';

/** Counts and times every answer by its route pattern (`/backoffice/core/api/:entity/:id`), never the raw URL. */
export function countRequests(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? UNMATCHED,
      status: String(reply.statusCode),
    };
    httpRequests.inc(labels);
    httpDuration.observe(labels, reply.elapsedTime / 1000);
  });
}
