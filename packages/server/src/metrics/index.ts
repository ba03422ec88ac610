import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import { answerPrimary } from './cluster';
import { watchApp } from './gauges';
import { countRequests } from './http';
import { enableProcessMetrics } from './registry';

export { startMetricsServer, type MetricsServer } from './server';

/**
 * With metrics asked for (METRICS_PORT): requests counted and timed, the app's database read by the
 * gauges at scrape time, and a cluster worker's figures given to its primary when it asks.
 */
export function registerMetrics(app: FastifyInstance): void {
  enableProcessMetrics();
  if (cluster.isWorker) answerPrimary();
  countRequests(app);
  watchApp(app);
}
