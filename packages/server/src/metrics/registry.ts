import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The server's Prometheus metrics (docs/decisions/durability-and-operations.md, "Metrics"). They
 * live on a registry of this module's own, not prom-client's global one: a second evaluation of
 * the module in one process (a test runner reusing a worker across projects) registers on a fresh
 * registry instead of failing on a name already taken. Counters count what this process did;
 * the gauges that read the database (jobs) are taken at scrape time from each running app
 * (`gauges.ts`). In a cluster the primary serves the sum of its workers (`cluster.ts`); a gauge
 * that every worker reads alike from the database is aggregated by `max`, not summed.
 */
export const registry = new Registry();

let enabled = false;
/**
 * Turns on what costs something only when metrics are asked for (METRICS_PORT): the process
 * metrics (memory, CPU, event-loop delay, handles, GC). The counters below cost an increment.
 */
export function enableProcessMetrics(): void {
  if (enabled) return;
  enabled = true;
  collectDefaultMetrics({ register: registry, prefix: 'backroom_' });
}

/** Seconds: 5 ms … 10 s, the span of an API answer. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequests = new Counter({
  name: 'backroom_http_requests_total',
  registers: [registry],
  help: 'Answered requests by method, route pattern (never the raw URL) and status code',
  labelNames: ['method', 'route', 'status'] as const,
});

export const httpDuration = new Histogram({
  name: 'backroom_http_request_duration_seconds',
  registers: [registry],
  help: 'Time from a request arriving to its answer sent, by method, route pattern and status code',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: HTTP_BUCKETS,
});

export const signInFailures = new Counter({
  name: 'backroom_sign_in_failures_total',
  registers: [registry],
  help: 'Wrong passwords or codes checked at sign-in',
});

export const signInLockouts = new Counter({
  name: 'backroom_sign_in_lockouts_total',
  registers: [registry],
  help: 'Locks set on a user name from an address after too many failures',
});

export const jobRuns = new Counter({
  name: 'backroom_job_runs_total',
  registers: [registry],
  help: 'Job tries ended in this process, by kind and outcome (done, retry, failed, handed_back, lost)',
  labelNames: ['kind', 'outcome'] as const,
});

export const jobDuration = new Histogram({
  name: 'backroom_job_run_duration_seconds',
  registers: [registry],
  help: 'Time a job try ran, by kind (imports: spreadsheet.import, exports: spreadsheet.export)',
  labelNames: ['kind'] as const,
  buckets: [0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600],
});

export const jobRows = new Counter({
  name: 'backroom_job_rows_total',
  registers: [registry],
  help: 'Rows processed by finished jobs that report them (imports and exports), by kind',
  labelNames: ['kind'] as const,
});

/** How a job try ended, as `backroom_job_runs_total` counts it. */
export type JobOutcome = 'done' | 'retry' | 'failed' | 'handed_back' | 'lost';

/** Starts timing a job try; the answer records its end (and the rows a result reports as `processed`: imports, exports). */
export function countJobRun(kind: string): (outcome: JobOutcome, result?: unknown) => void {
  const stopTimer = jobDuration.startTimer({ kind });
  return (outcome, result) => {
    stopTimer();
    jobRuns.inc({ kind, outcome });
    const processed = (result as { processed?: unknown } | null | undefined)?.processed;
    if (typeof processed === 'number' && processed > 0) jobRows.inc({ kind }, processed);
  };
}
