import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { killServer, spawnServer, useChildServers, type ChildServer } from './support/child-server';
import { freePort } from './support/ports';
import { freshPostgres } from './support/postgres';
import { database } from './support/server';

/** Kysely's migration lock on PostgreSQL (its PostgresAdapter): held here, a start's migrations wait. */
const MIGRATION_LOCK = '3853314791062309107';

const answer = async (url: string) => {
  const response = await fetch(url);
  const body = (await response.json()) as { resultCode: number; message: string; requestId?: string };
  return { status: response.status, requestId: response.headers.get('x-request-id'), body };
};

// The lock that holds the migrations is PostgreSQL's (on SQLite one process migrates, with no lock to hold it at).
describe.runIf(database === 'postgres')('a start whose migrations run', () => {
  let server: ChildServer | undefined;
  const cleanUp: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    await killServer(server);
    // Last in, first out: the lock holder's connection ends before its database is dropped.
    for (const step of cleanUp.splice(0).reverse()) await step();
  });

  for (const processes of [1, 2]) {
    it(`listens at once: alive, not ready, everything else 503; then serves (${processes === 1 ? 'one process' : 'a cluster of two'})`, async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'backroom-starting-'));
      cleanUp.push(() => rm(dataDir, { recursive: true, force: true }));
      const postgres = await freshPostgres({ template: inject('postgresTemplate') });
      cleanUp.push(postgres.drop);
      const holder = new pg.Client({ connectionString: postgres.url });
      await holder.connect();
      cleanUp.push(() => holder.end());
      await holder.query(`select pg_advisory_lock(${MIGRATION_LOCK})`);

      server = await spawnServer({
        dataDir,
        databaseUrl: postgres.url,
        env: { WEB_CONCURRENCY: String(processes) },
        until: 'live',
      });
      const core = `${server.origin}/backoffice/core`;
      const starting = { resultCode: 503, message: expect.stringMatching(/migrations running/), data: null };
      expect(await answer(`${core}/health/live`)).toMatchObject({ status: 200, body: { data: { process: 'ok' } } });
      const ready = await answer(`${core}/health/ready`);
      expect(ready).toMatchObject({ status: 503, body: starting });
      expect(ready.body.requestId).toBe(ready.requestId);
      expect(await answer(`${server.api}/Info/Version`)).toMatchObject({ status: 503, body: starting });
      // Still waiting for the lock a while later: the server does not give up on a long migration.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect((await answer(`${core}/health/ready`)).status).toBe(503);

      await holder.query(`select pg_advisory_unlock(${MIGRATION_LOCK})`);
      await expect
        .poll(
          // A probe gives up after 5 s (expect.poll awaits it without a timeout; see support/child-server.ts).
          async () =>
            (await fetch(`${core}/health/ready`, { signal: AbortSignal.timeout(5_000) }).catch(() => null))?.status,
          {
            timeout: 120_000,
            interval: 200,
          },
        )
        .toBe(200);
      expect(await answer(`${server.api}/Info/Version`)).toMatchObject({ status: 200, body: { resultCode: 200 } });
    }, 240_000);
  }
});

describe('a cluster that starts while connections arrive', () => {
  const servers = useChildServers();

  it('answers or refuses every connection: none is left hanging while the preparing process hands the port over', async () => {
    const place = await servers.place('backroom-handover-');
    const port = await freePort();
    const ready = `http://127.0.0.1:${port}/backoffice/core/health/ready`;
    // A probe every 20 ms from before the start until after it: each answered (503 while preparing,
    // then 200), refused or reset (no one listening for a moment), or — the fault — left unanswered.
    const outcomes: Promise<string>[] = [];
    let probing = true;
    const probes = (async () => {
      while (probing) {
        outcomes.push(
          fetch(ready, { signal: AbortSignal.timeout(8_000) }).then(
            (response) => String(response.status),
            (error: Error) => (error.name === 'TimeoutError' ? 'unanswered' : 'refused'),
          ),
        );
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    await servers.start({ ...place, port, env: { WEB_CONCURRENCY: '2' } });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    probing = false;
    await probes;
    const seen = await Promise.all(outcomes);
    const counts = Object.fromEntries([...new Set(seen)].map((o) => [o, seen.filter((s) => s === o).length]));
    expect(counts).toMatchObject({ '503': expect.any(Number), '200': expect.any(Number) });
    expect(counts.unanswered ?? 0).toBe(0);
  }, 120_000);
});
