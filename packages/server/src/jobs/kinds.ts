import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import type { AnyDb } from '../data/store';
import type { PrivilegeAction } from '../http/auth-guard';

export interface JobRun {
  /** The job's row id (a kind that leaves a file names it by the id). */
  id: number;
  ctx: AppContext;
  /** The app the worker serves: for writes through the generic data service (its hooks). */
  server: FastifyInstance;
  log: FastifyBaseLogger;
  /** What the job was queued with; a run asked for through `POST /api/jobs/Run` carries `{ requestedBy }`. */
  payload: unknown;
  /**
   * Aborted when this run must stop at its next safe point: its server is stopping (the grace
   * period is over), the job was cancelled, or another run took it over. A kind that runs long
   * checks it between slices of work (`signal.throwIfAborted()`); `progress` throws once it is
   * aborted too. A run stopped for its server's sake is handed back, its try not spent (README).
   */
  signal: AbortSignal;
  /**
   * Records progress (0–100) on the job row; throws once the run no longer holds the job (lost, or
   * cancelled), which stops the kind. Inside a transaction, pass it as `within`: on SQLite the check
   * then goes through the transaction's connection, the only one.
   */
  progress(percent: number, within?: AnyDb): Promise<void>;
}

export interface JobKind {
  /** Who may run it now through `POST /api/jobs/Run`. */
  privilege: { screen: string; action: PrivilegeAction };
  /** A scheduled kind: the worker runs it at start and again this long after each run. */
  everyMs?: number;
  /** Its answer is stored as the job's result. */
  run(job: JobRun): Promise<unknown>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every job kind by name, declared by the app's modules (modules/compose.ts). */
    jobKinds: Readonly<Record<string, JobKind>>;
  }
}

/** The user who asked for this run through `POST /api/jobs/Run`, or undefined for a queued or scheduled run. */
export function requestedBy(payload: unknown): string | undefined {
  const by = (payload as { requestedBy?: unknown } | null)?.requestedBy;
  return typeof by === 'string' ? by : undefined;
}
