import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MetricsConfig } from '../config';
import { clusterMetrics } from './cluster';
import { registry } from './registry';

export interface MetricsServer {
  /** `http://host:port/metrics` */
  url: string;
  close(): Promise<void>;
}

/**
 * Serves `GET /metrics` in Prometheus' text format on the operator's METRICS_HOST:METRICS_PORT, a
 * listener apart from the API (nothing of the console or the API answers there, and the API port
 * exposes no metrics). `cluster`: the primary of `npm start` with several workers answers with the
 * sum of its workers' metrics (`cluster.ts` asks each over IPC).
 */
export async function startMetricsServer(
  config: MetricsConfig,
  options: { cluster?: boolean } = {},
): Promise<MetricsServer> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: metrics are at /metrics\n');
      return;
    }
    const text = options.cluster ? clusterMetrics() : registry.metrics();
    text.then(
      (body) => response.writeHead(200, { 'content-type': registry.contentType }).end(body),
      (error: unknown) =>
        response
          .writeHead(500, { 'content-type': 'text/plain' })
          .end(`Metrics failed: ${error instanceof Error ? error.message : String(error)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  return {
    url: `http://${host === '0.0.0.0' || host === '[::]' ? '127.0.0.1' : host}:${port}/metrics`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
