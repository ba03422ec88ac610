import type { FastifyInstance } from 'fastify';
import { watchApp } from './gauges';
import { countRequests } from './http';
import { enableProcessMetrics } from './registry';

export { startMetricsServer, type MetricsServer } from './server';

/** With metrics asked for (METRICS_PORT): requests counted and timed, the app's database read by the gauges at scrape time. */
export function registerMetrics(app: FastifyInstance): void {
  enableProcessMetrics();
  countRequests(app);
  watchApp(app);
}
