import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, inject } from 'vitest';
import { freePort } from './ports';
import { freshPostgres } from './postgres';
import { database } from './server';

const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));

export interface ChildServer {
  child: ChildProcess;
  /** `http://127.0.0.1:{port}` */
  origin: string;
  /** `{origin}/backoffice/core/api` */
  api: string;
  /** Resolves with the exit code and signal once the process has ended. */
  exited: Promise<[number | null, NodeJS.Signals | null]>;
  /** What the process wrote to stdout and stderr so far. */
  output(): string;
}

/**
 * The server as `npm start` runs it, in a process of its own, for the tests and the benches (one
 * process unless `env` sets WEB_CONCURRENCY): on `dataDir`'s SQLite file, or on `databaseUrl`. Resolves once it answers
 * its health check (or, with `until: 'live'`, its liveness check).
 */
export async function spawnServer(options: {
  dataDir: string;
  databaseUrl: string | null;
  port?: number;
  env?: Record<string, string>;
  /** Resolve once it is ready (default), or once it is alive (`core/health/live`), migrations still running. */
  until?: 'ready' | 'live';
}): Promise<ChildServer> {
  const port = options.port ?? (await freePort());
  const env = {
    ...process.env,
    WEB_CONCURRENCY: '1',
    DATA_DIR: options.dataDir,
    DATABASE_URL: options.databaseUrl ?? '',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DEMO_CATALOGUE: '0',
    ...options.env,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  const origin = `http://127.0.0.1:${port}`;
  const check = options.until === 'live' ? 'health/live' : 'health';
  // Each probe gives up after 5 s, so that one unanswered connection cannot hold the loop (starting.test.ts
  // checks that a cluster's start leaves none so). A plain loop, not expect.poll: the benches start servers too.
  const health = async () =>
    (await fetch(`${origin}/backoffice/core/${check}`, { signal: AbortSignal.timeout(5_000) }).catch(() => null))
      ?.status;
  const deadline = Date.now() + 150_000;
  while ((await health()) !== 200) {
    if (Date.now() > deadline || child.exitCode !== null || child.signalCode !== null) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start: ${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { child, origin, api: `${origin}/backoffice/core/api`, exited, output: () => output };
}

/** Ends a child server that is still running, at once (test clean-up). */
export async function killServer(server: ChildServer | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGKILL');
  await server.exited;
}

/**
 * Where a child server keeps its data: a fresh folder and, on PostgreSQL, a fresh database from the
 * run's template; `remove` deletes both.
 */
export async function freshPlace(prefix: string): Promise<{
  dataDir: string;
  databaseUrl: string | null;
  remove(): Promise<void>;
}> {
  const dataDir = await mkdtemp(join(tmpdir(), prefix));
  const postgres = database === 'postgres' ? await freshPostgres({ template: inject('postgresTemplate') }) : null;
  return {
    dataDir,
    databaseUrl: postgres?.url ?? null,
    remove: async () => {
      await postgres?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * For a describe block whose tests start servers in processes of their own: `place` makes a fresh
 * data folder (and database), `start` a server, `later` adds a clean-up step; after each test its
 * servers still running are killed, then its places and the rest cleaned up.
 */
export function useChildServers() {
  const servers: ChildServer[] = [];
  const cleanUp: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await killServer(server);
    for (const step of cleanUp.splice(0)) await step();
  });
  return {
    async place(prefix: string) {
      const place = await freshPlace(prefix);
      cleanUp.push(place.remove);
      return place;
    },
    async start(options: Parameters<typeof spawnServer>[0]) {
      const server = await spawnServer(options);
      servers.push(server);
      return server;
    },
    later(step: () => Promise<unknown>) {
      cleanUp.push(step);
    },
  };
}
