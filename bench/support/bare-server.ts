/**
 * The baseline of `bench/http.ts`: a bare Fastify endpoint over the same driver and database as
 * Backroom, answering the bench's fetch bodies with the statements Backroom runs for them
 * (support/bare-fetch.ts). What the stack can do; Backroom's throughput is measured against it.
 * `BARE_PROCESSES` processes share the port through node:cluster, as Backroom's workers do; each
 * has its own connection (SQLite) or a pool of `BARE_POOL` connections (PostgreSQL).
 *
 *   BARE_SQLITE=/path/backroom.db | DATABASE_URL=postgres://…   PORT=…   BARE_PROCESSES=2   tsx bench/support/bare-server.ts
 */
import cluster from 'node:cluster';
import Fastify from 'fastify';
import { bareConnect, bareFetch, type BareBody } from './bare-fetch';

const processes = Number(process.env.BARE_PROCESSES ?? 1);

if (cluster.isPrimary && processes > 1) {
  for (let i = 0; i < processes; i++) cluster.fork();
  process.once('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    process.exit(0);
  });
} else {
  const { query, postgres } = bareConnect({
    databaseUrl: process.env.DATABASE_URL || undefined,
    sqliteFile: process.env.BARE_SQLITE,
    poolSize: Number(process.env.BARE_POOL ?? 10),
  });
  const app = Fastify({ logger: false });
  app.post<{ Body: BareBody }>('/fetch/product', (request) => bareFetch(query, postgres, request.body ?? {}));
  await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
}
