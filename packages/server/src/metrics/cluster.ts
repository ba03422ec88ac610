import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry, Gauge } from 'prom-client';
import { registry } from './registry';

const ASK = 'backroom:metrics';
const ANSWER = 'backroom:metrics-answer';

type WorkerMetrics = Awaited<ReturnType<typeof registry.getMetricsAsJSON>>;
interface Answer {
  type: typeof ANSWER;
  id: number;
  metrics?: WorkerMetrics;
  error?: string;
}

/**
 * How long the primary waits for every worker's figures: less than Prometheus' default scrape timeout
 * (10 s), so that the answer reaches it in time. A worker answers once its event loop reaches the
 * request, after the requests it already holds; under a burst on a loaded 2-core machine that took
 * longer than prom-client's fixed 5 s, and once, with the whole test suite running beside it, longer
 * than 10 s (test/metrics.test.ts).
 */
export const CLUSTER_SCRAPE_TIMEOUT_MS = 8_000;

let answering = false;
/** In a cluster worker: answers the primary's requests for this worker's metrics. */
export function answerPrimary(): void {
  if (answering) return;
  answering = true;
  process.on('message', (message: { type?: unknown; id?: unknown }) => {
    if (message?.type !== ASK || typeof message.id !== 'number') return;
    const id = message.id;
    registry.getMetricsAsJSON().then(
      (metrics) => process.send?.({ type: ANSWER, id, metrics } satisfies Answer),
      (error: unknown) =>
        process.send?.({
          type: ANSWER,
          id,
          error: error instanceof Error ? error.message : String(error),
        } satisfies Answer),
    );
  });
}

let lastId = 0;
/** Each running worker's last answer, by worker id: what a scrape counts for a worker that is late. */
const lastAnswers = new Map<number, WorkerMetrics>();

/**
 * In the primary: every running worker's metrics summed (prom-client's aggregation, gauges by their
 * own aggregator). A worker that does not answer in time is counted by its last answer, and
 * `backroom_metrics_late_workers` says how many were: a sum without it would make its counters seem
 * to go back, which Prometheus reads as a restart, and a failed scrape loses every figure of the
 * moment the operator most needs them. A worker late before it ever answered (still starting, or
 * busy from its first request) is left out: no scrape has counted it, so nothing goes back. Only a
 * worker whose registry fails fails the scrape.
 */
export function clusterMetrics(timeoutMs = CLUSTER_SCRAPE_TIMEOUT_MS): Promise<string> {
  const id = ++lastId;
  const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker?.isConnected());
  // A worker that ended takes its figures with it (its replacement starts from zero, as a restart).
  for (const worker of lastAnswers.keys()) if (!cluster.workers?.[worker]) lastAnswers.delete(worker);
  return new Promise<string>((resolve, reject) => {
    const answered = new Map<number, WorkerMetrics>();
    const stop = () => {
      clearTimeout(timer);
      cluster.off('message', onMessage);
    };
    const finish = () => {
      stop();
      const late = workers.filter((worker) => !answered.has(worker!.id));
      for (const [worker, metrics] of answered) lastAnswers.set(worker, metrics);
      const sum = AggregatorRegistry.aggregate([
        ...answered.values(),
        ...late.flatMap((worker) => (lastAnswers.has(worker!.id) ? [lastAnswers.get(worker!.id)!] : [])),
      ]);
      new Gauge({
        name: 'backroom_metrics_late_workers',
        help: 'Workers that did not answer this scrape in time, counted by their last answer',
        registers: [sum],
      }).set(late.length);
      resolve(sum.metrics());
    };
    const onMessage = (worker: Worker, message: Partial<Answer> | undefined) => {
      if (message?.type !== ANSWER || message.id !== id) return;
      if (message.error !== undefined) {
        stop();
        return reject(new Error(message.error));
      }
      answered.set(worker.id, message.metrics ?? []);
      if (answered.size === workers.length) finish();
    };
    const timer = setTimeout(finish, timeoutMs);
    cluster.on('message', onMessage);
    for (const worker of workers) worker!.send({ type: ASK, id });
    if (workers.length === 0) finish();
  });
}
