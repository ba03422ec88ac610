import cluster from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';
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
 * How long the primary waits for every worker's figures: Prometheus' default scrape timeout. A
 * worker answers once its event loop reaches the request, after the requests it already holds; under
 * a burst that took longer than prom-client's fixed 5 s (test/metrics.test.ts, 200 requests at once on
 * a loaded 2-core machine, failed 2 runs of 5 with it).
 */
export const CLUSTER_SCRAPE_TIMEOUT_MS = 10_000;

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
/**
 * In the primary: every running worker's metrics summed (prom-client's aggregation, gauges by their
 * own aggregator). A worker that fails or does not answer in time fails the scrape: a sum without it
 * would make its counters seem to go back, which Prometheus reads as a restart.
 */
export function clusterMetrics(timeoutMs = CLUSTER_SCRAPE_TIMEOUT_MS): Promise<string> {
  const id = ++lastId;
  const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker?.isConnected());
  return new Promise<string>((resolve, reject) => {
    const answers: WorkerMetrics[] = [];
    let waiting = workers.length;
    const finish = (error?: Error) => {
      clearTimeout(timer);
      cluster.off('message', onMessage);
      if (error) reject(error);
      else resolve(AggregatorRegistry.aggregate(answers).metrics());
    };
    const onMessage = (_worker: unknown, message: Partial<Answer> | undefined) => {
      if (message?.type !== ANSWER || message.id !== id) return;
      if (message.error !== undefined) return finish(new Error(message.error));
      answers.push(message.metrics ?? []);
      if (--waiting === 0) finish();
    };
    const timer = setTimeout(
      () => finish(new Error(`${waiting} of ${workers.length} workers did not answer within ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
    cluster.on('message', onMessage);
    for (const worker of workers) worker!.send({ type: ASK, id });
    if (waiting === 0) finish();
  });
}
