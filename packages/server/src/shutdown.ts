import { setTimeout as sleep } from 'node:timers/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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

interface Stop {
  begun: AbortController;
  graceOver: AbortController;
  /** Requests whose handlers have not answered yet, their clients still there or not. */
  handling: number;
  /** Called once `handling` is back to 0. */
  whenIdle: (() => void)[];
}

const controllers = new WeakMap<FastifyInstance, Stop>();
/** Requests counted in `handling` and not yet answered. */
const counted = new WeakSet<FastifyRequest>();

/** The app's stop signals, and the answer every request gets once the stop has begun. */
export function registerShutdown(app: FastifyInstance): void {
  const begun = new AbortController();
  const graceOver = new AbortController();
  const stop: Stop = { begun, graceOver, handling: 0, whenIdle: [] };
  controllers.set(app, stop);
  app.decorate('shutdown', { begun: begun.signal, graceOver: graceOver.signal });
  app.addHook('onRequest', async (request, reply) => {
    counted.add(request);
    stop.handling++;
    if (!begun.signal.aborted) return;
    reply.header('connection', 'close');
    return sendUnavailable(reply, STOPPING);
  });
  // A handler is done when its answer is sent, whether or not its client is still there to take it.
  const answered = (request: FastifyRequest) => {
    if (!counted.delete(request)) return;
    if (--stop.handling === 0) for (const resolve of stop.whenIdle.splice(0)) resolve();
  };
  // An answer to a request that came in before the stop closes its connection: nothing more is sent on it.
  app.addHook('onSend', async (request, reply) => {
    if (begun.signal.aborted) reply.header('connection', 'close');
    answered(request);
  });
  app.addHook('onResponse', async (request) => answered(request));
  // The connections open, and those carrying a request now.
  const open = new Set<Socket>();
  const carrying = new WeakSet<Socket>();
  app.server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    carrying.add(request.socket);
    response.once('close', () => carrying.delete(request.socket));
  });
  /*
   * Once the server closes, every 100 ms until it has: each connection that carries no request is
   * closed. Node's own close ends only the connections its parser counts as idle at that moment: a
   * connection whose client gave up on its request stayed open after the answer
   * (test/durability/sigterm.test.ts), and the close waited for the keep-alive timeout (72 s) until
   * the stop's own limit cut it off.
   */
  const closeIdle = () => {
    for (const socket of open) if (!carrying.has(socket)) socket.destroy();
  };
  let closing: NodeJS.Timeout | undefined;
  app.addHook('onClose', async () => clearInterval(closing));
  // A plain close (tests, benches) stops the same way at once: no grace period, running jobs handed back.
  app.addHook('preClose', async () => {
    closing = setInterval(closeIdle, 100).unref();
    if (begun.signal.aborted) return;
    begun.abort();
    graceOver.abort();
  });
}

/**
 * Resolves once every request's handler has answered, or after HAND_BACK_MS: before the database
 * closes. The server's own close waits only for requests whose clients are still connected; one
 * whose client gave up goes on running, and its next statement met a closed database ("driver has
 * already been destroyed", seen at the end of a bench's load on PostgreSQL).
 */
export async function handlersAnswered(app: FastifyInstance): Promise<void> {
  const stop = controllers.get(app);
  if (!stop || stop.handling === 0) return;
  const idle = new Promise<boolean>((resolve) => stop.whenIdle.push(() => resolve(true)));
  if (!(await Promise.race([idle, sleep(HAND_BACK_MS, false, { ref: false })])))
    app.log.error(`${stop.handling} requests still running when the database closes: their work stops there`);
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
