/**
 * The baseline of `bench/http.ts`: a bare Fastify endpoint over the same driver and database as
 * Backroom, answering the bench's fetch bodies with the statements Backroom runs for them
 * (support/bare-fetch.ts). What the stack can do; Backroom's throughput is measured against it.
 * `BARE_PROCESSES` processes share the port through node:cluster, as Backroom's workers do; each
 * has its own connection (SQLite) or a pool of `BARE_POOL` connections (PostgreSQL).
 *
 * With `BARE_REPLAY` (a JSON file of statement lists), `GET /replay/:i` runs the i-th list: the
 * floor of `http.ts`'s console mix (support/console-mix.ts).
 *
 *   BARE_SQLITE=/path/backroom.db | DATABASE_URL=postgres://…   PORT=…   BARE_PROCESSES=2   tsx bench/support/bare-server.ts
 */
import cluster from 'node:cluster';
import { readFileSync } from 'node:fs';
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
  if (process.env.BARE_REPLAY) {
    // The console mix's floor: request i runs the statements Backroom ran for variant i, in order,
    // and answers the last one's rows.
    const units = JSON.parse(readFileSync(process.env.BARE_REPLAY, 'utf8')) as { sql: string; params: unknown[] }[][];
    app.get<{ Params: { i: string } }>('/replay/:i', async (request) => {
      let rows: unknown[] = [];
      for (const statement of units[Number(request.params.i)]!) rows = await query(statement.sql, statement.params);
      return rows;
    });
  }
  await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
}
