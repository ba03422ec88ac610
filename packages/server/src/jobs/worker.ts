import type { FastifyInstance } from 'fastify';
import { anyDb } from '../data/store';
import { claimNext, ensureQueued } from './queue';
import { runJob } from './runner';

export interface WorkerSettings {
  enabled: boolean;
  /** How often an idle worker looks for due jobs. */
  pollMs: number;
  /** Replaces every scheduled kind's period (tests, demos); null keeps theirs. */
  scheduleMs: number | null;
}

const positive = (name: string, value: string | undefined): number | null => {
  if (value === undefined || value.trim() === '') return null;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive whole number, got "${value}"`);
  return n;
};

/**
 * JOB_WORKER (1/0; on by default, off under test runners, NODE_ENV=test), JOB_POLL_MS=5000,
 * JOB_SCHEDULE_MS (overrides the hourly period of scheduled kinds).
 */
export function workerSettings(env: NodeJS.ProcessEnv = process.env): WorkerSettings {
  const flag = env.JOB_WORKER?.trim().toLowerCase();
  return {
    enabled: flag === undefined || flag === '' ? env.NODE_ENV !== 'test' : ['1', 'true', 'yes', 'on'].includes(flag),
    pollMs: positive('JOB_POLL_MS', env.JOB_POLL_MS) ?? 5000,
    scheduleMs: positive('JOB_SCHEDULE_MS', env.JOB_SCHEDULE_MS),
  };
}

/**
 * The worker loop: queues the scheduled kinds, then runs due jobs one after another, resting
 * `pollMs` when none is due. Returns the function that stops it (after the job in hand).
 */
export async function startWorker(app: FastifyInstance, settings: WorkerSettings): Promise<() => Promise<void>> {
  const { ctx, log } = app;
  const db = anyDb(ctx);
  const periodOf = (kind: string) => settings.scheduleMs ?? app.jobKinds[kind]?.everyMs;
  for (const [name, kind] of Object.entries(app.jobKinds)) if (kind.everyMs) await ensureQueued(db, name, new Date());

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();

  const drain = async () => {
    while (!stopped) {
      const job = await claimNext(ctx);
      if (!job) return;
      const done = await runJob(app, log, job);
      const period = periodOf(done.kind);
      if (period && done.status !== 'queued') await ensureQueued(db, done.kind, new Date(Date.now() + period));
    }
  };
  const loop = () => {
    current = drain()
      .catch((error: unknown) => log.error({ err: error }, 'job worker failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(loop, settings.pollMs);
      });
  };
  loop();

  return async () => {
    stopped = true;
    clearTimeout(timer);
    await current;
  };
}
