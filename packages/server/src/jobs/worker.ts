import type { FastifyInstance } from 'fastify';
import { claimNext, ensureScheduled, newLease } from './queue';
import { runJob } from './runner';

export interface WorkerSettings {
  enabled: boolean;
  /** How often an idle worker looks for due jobs. */
  pollMs: number;
  /** Replaces every scheduled kind's period (tests, demos); null keeps theirs. */
  scheduleMs: number | null;
  /** How long a running job stays held without a heartbeat; a job whose lease ran out is claimed again. */
  leaseMs: number;
}

const positive = (name: string, value: string | undefined): number | null => {
  if (value === undefined || value.trim() === '') return null;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive whole number, got "${value}"`);
  return n;
};

/**
 * JOB_WORKER (1/0; on by default, off under test runners, NODE_ENV=test), JOB_POLL_MS=5000,
 * JOB_SCHEDULE_MS (overrides the hourly period of scheduled kinds), JOB_LEASE_MS=60000.
 */
export function workerSettings(env: NodeJS.ProcessEnv = process.env): WorkerSettings {
  const flag = env.JOB_WORKER?.trim().toLowerCase();
  return {
    enabled: flag === undefined || flag === '' ? env.NODE_ENV !== 'test' : ['1', 'true', 'yes', 'on'].includes(flag),
    pollMs: positive('JOB_POLL_MS', env.JOB_POLL_MS) ?? 5000,
    scheduleMs: positive('JOB_SCHEDULE_MS', env.JOB_SCHEDULE_MS),
    leaseMs: positive('JOB_LEASE_MS', env.JOB_LEASE_MS) ?? 60_000,
  };
}

/**
 * The worker loop: makes sure each scheduled kind has a run queued, then runs due jobs one after
 * another, resting `pollMs` when none is due. A failure (the database down) ends the round, logged;
 * the next round starts after `pollMs` like any other. It stops claiming when its server begins to
 * stop; returns the function that stops it (after the job in hand).
 */
export async function startWorker(app: FastifyInstance, settings: WorkerSettings): Promise<() => Promise<void>> {
  const { ctx, log } = app;
  const { db } = ctx;
  const scheduled = Object.entries(app.jobKinds).flatMap(([name, kind]) =>
    kind.everyMs ? [[name, settings.scheduleMs ?? kind.everyMs] as const] : [],
  );

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();

  const drain = async () => {
    for (const [name, periodMs] of scheduled) await ensureScheduled(db, name, periodMs);
    while (!stopped) {
      const lease = newLease(settings.leaseMs);
      const job = await claimNext(ctx, lease);
      if (!job) return;
      const done = await runJob(app, log, job, lease);
      const period = scheduled.find(([name]) => name === done.kind)?.[1];
      if (period && done.status !== 'queued') await ensureScheduled(db, done.kind, period);
    }
  };
  const loop = () => {
    current = drain()
      .catch((error: unknown) => log.error({ err: error }, 'job worker round failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(loop, settings.pollMs);
      });
  };
  loop();

  const stop = async () => {
    stopped = true;
    clearTimeout(timer);
    await current;
  };
  app.shutdown.begun.addEventListener('abort', () => void stop(), { once: true });
  return stop;
}
