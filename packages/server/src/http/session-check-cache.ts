import type { FastifyInstance } from 'fastify';

/**
 * How long a process may answer a signed-in request from the session row it read for an earlier
 * one (docs/decisions/speed.md, "The sign-in check kept for a second"). A session revoked, a user
 * switched off, a role or privilege changed through another process or server is refused here at
 * most this long after its commit; through this process, at once (`registerSessionCheckCache`).
 */
export const SESSION_CHECK_MAX_AGE_MS = 1_000;

/** Past this many sessions the cache starts over. */
const LIMIT = 10_000;

interface Kept<R> {
  row: R;
  /** When the row was read (`performance.now()`). */
  readAt: number;
}

const stillLive = (expiresAt: string | Date | null) => expiresAt !== null && new Date(expiresAt).getTime() > Date.now();

/** The session check's rows by session id, each used for `SESSION_CHECK_MAX_AGE_MS` after it was read. */
export class SessionCheckCache<R extends { expires_at: string | Date | null }> {
  private readonly rows = new Map<number, Kept<R>>();
  /** Raised by `clear`: a read begun before a clear may not be kept after it. */
  private epoch = 0;

  /** The kept row of a live session read less than the bound ago, else the row `read` answers (kept when there is one). */
  async get(sessionId: number, read: () => Promise<R | undefined>): Promise<R | undefined> {
    const kept = this.rows.get(sessionId);
    const now = performance.now();
    if (kept && now - kept.readAt < SESSION_CHECK_MAX_AGE_MS && stillLive(kept.row.expires_at)) return kept.row;
    if (kept) this.rows.delete(sessionId);
    const epoch = this.epoch;
    const row = await read();
    if (row && epoch === this.epoch) {
      if (this.rows.size >= LIMIT) this.rows.clear();
      this.rows.set(sessionId, { row, readAt: now });
    }
    return row;
  }

  clear(): void {
    this.epoch += 1;
    this.rows.clear();
  }
}

type AnyRow = { expires_at: string | Date | null };
const caches = new WeakMap<object, SessionCheckCache<AnyRow>>();

/** One cache per app (the tests start several servers in one process). */
export function sessionCheckCache<R extends AnyRow>(app: object): SessionCheckCache<R> {
  let cache = caches.get(app);
  if (!cache) caches.set(app, (cache = new SessionCheckCache<AnyRow>()));
  // Each app keeps the rows of its one session query.
  return cache as SessionCheckCache<R>;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a request only reads: a GET, HEAD or OPTIONS of a named route (not the families' catch-all `…/:action`, whose actions may write on any method), or a repository fetch. */
function onlyReads(method: string, url: string | undefined): boolean {
  if (url === undefined) return false;
  if (url.endsWith('/DataRepository/fetch/:name')) return true;
  return READS.has(method) && !url.includes('/:action');
}

/**
 * Whatever this process writes acts on its next request: any request that may write empties the
 * cache before its answer leaves, so a sign-out, a revoked session, a password, user, role or
 * privilege change made here is never answered from a row read before it.
 */
export function registerSessionCheckCache(app: FastifyInstance): void {
  app.addHook('onSend', async (request) => {
    if (!onlyReads(request.method, request.routeOptions.url)) sessionCheckCache(app.ctx).clear();
  });
}
