import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { sendUnavailable } from './http/errors';

/**
 * A server's stop in stages (docs/decisions/durability-and-operations.md, "Graceful stop"). From `begun` on, no job is
 * claimed and every new request is answered 503 with Retry-After and `Connection: close`, while
 * requests in flight finish (their answers close the connection too). Running jobs have until
 * `graceOver` to finish; then they stop at their next safe point and are handed back.
 */
export interface Shutdown {
  /** Aborted when the server begins to stop. */
  readonly begun: AbortSignal;
  /** Aborted when running jobs must stop and be handed back. */
  readonly graceOver: AbortSignal;
}

declare module 'fastify' {
  interface FastifyInstance {
    shutdown: Shutdown;
  }
}

/**
 * How long a stopping server keeps its connections open, answering 503, unless they all closed
 * sooner: a client sending on a kept-alive connection at the moment the server closes it gets no
 * answer at all, so connections are given the time to carry one more request, whose answer closes them.
 */
export const DRAIN_MS = 1000;

/** Past the grace period, how long stopped jobs and requests in flight get before the server closes regardless. */
export const HAND_BACK_MS = 3000;

const STOPPING = 'The server is stopping; try again in a few seconds';

const controllers = new WeakMap<FastifyInstance, { begun: AbortController; graceOver: AbortController }>();

/** The app's stop signals, and the answer every request gets once the stop has begun. */
export function registerShutdown(app: FastifyInstance): void {
  const begun = new AbortController();
  const graceOver = new AbortController();
  controllers.set(app, { begun, graceOver });
  app.decorate('shutdown', { begun: begun.signal, graceOver: graceOver.signal });
  app.addHook('onRequest', async (_request, reply) => {
    if (!begun.signal.aborted) return;
    reply.header('connection', 'close');
    return sendUnavailable(reply, STOPPING);
  });
  // An answer to a request that came in before the stop closes its connection: nothing more is sent on it.
  app.addHook('onSend', async (_request, reply) => {
    if (begun.signal.aborted) reply.header('connection', 'close');
  });
  // A plain close (tests, benches) stops the same way at once: no grace period, running jobs handed back.
  app.addHook('preClose', async () => {
    if (begun.signal.aborted) return;
    begun.abort();
    graceOver.abort();
  });
}

/** Resolves once the server has no connection open, or after `ms`. */
async function connectionsClosed(app: FastifyInstance, ms: number): Promise<void> {
  const until = Date.now() + ms;
  const open = () =>
    new Promise<number>((resolve) => app.server.getConnections((error, count) => resolve(error ? 0 : count)));
  while (Date.now() < until && (await open()) > 0) await sleep(50);
}

/**
 * SIGTERM's stop: begins the stop, gives running jobs `graceMs` to finish before they are handed
 * back, keeps connections open for one more request each (`DRAIN_MS`), then closes the app, which
 * waits for its jobs and requests in flight — at most `HAND_BACK_MS` past the grace period.
 */
export async function stopGracefully(app: FastifyInstance, graceMs: number): Promise<void> {
  const { begun, graceOver } = controllers.get(app)!;
  begun.abort();
  const grace = setTimeout(() => graceOver.abort(), graceMs);
  try {
    await connectionsClosed(app, DRAIN_MS);
    const closed = app.close().then(() => true);
    const late = sleep(Math.max(0, graceMs - DRAIN_MS) + HAND_BACK_MS, false, { ref: false });
    if (!(await Promise.race([closed, late])))
      app.log.error('the server did not close in time: a job or request that ignores its stop is cut off');
  } finally {
    clearTimeout(grace);
  }
}
