import type { FastifyBaseLogger } from 'fastify';
import { authJobKinds } from '../auth/jobs';
import type { AppContext } from '../context';
import { applyFuturePrices } from '../domain/futureproductprice/apply-future-prices';
import type { PrivilegeAction } from '../http/auth-guard';

export interface JobRun {
  ctx: AppContext;
  log: FastifyBaseLogger;
  payload: unknown;
  /** Records progress (0–100) on the job row. */
  progress(percent: number): Promise<void>;
}

export interface JobKind {
  /** Who may run it now through `POST /api/jobs/Run`. */
  privilege: { screen: string; action: PrivilegeAction };
  /** A scheduled kind: the worker runs it at start and again this long after each run. */
  everyMs?: number;
  /** Its answer is stored as the job's result. */
  run(job: JobRun): Promise<unknown>;
}

const HOUR = 60 * 60 * 1000;

export const jobKinds: Record<string, JobKind> = {
  applyFuturePrices: {
    privilege: { screen: 'futureproductprice', action: 'edit' },
    everyMs: HOUR,
    run: ({ ctx, log, progress }) => applyFuturePrices(ctx, log, progress),
  },
  ...authJobKinds,
};
