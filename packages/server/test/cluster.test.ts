import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { freePort } from './support/ports';

// The processes are the same on both databases: run on SQLite only.
const database = process.env.TEST_DATABASE ?? 'sqlite';
const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const SEMI_SPACE = '--max-semi-space-size=8';
/** A graceful stop takes at most the drain and hand-back periods (shutdown.ts), a few seconds. */
const STOP_MS = 30_000;

const commandLine = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
const childrenOf = (pid: number) =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);

/** `npm start` as a cluster of two workers on a fresh SQLite database: its processes' command lines, then its exit code on SIGTERM. */
async function startCluster(
  nodeOptions: string,
): Promise<{ primary: string[]; workers: string[][]; exitCode: number | null }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'backroom-cluster-'));
  const port = await freePort();
  const env = {
    ...process.env,
    WEB_CONCURRENCY: '2',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DEMO_CATALOGUE: '0',
    NODE_OPTIONS: nodeOptions,
  };
  const primary = spawn(process.execPath, ['--import', 'tsx', MAIN], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = once(primary, 'exit');
  try {
    // Each probe gives up after 5 s, so one answer that never comes cannot hold the poll.
    const health = async () =>
      (
        await fetch(`http://127.0.0.1:${port}/backoffice/core/health`, { signal: AbortSignal.timeout(5_000) }).catch(
          () => null,
        )
      )?.status;
    await expect.poll(health, { timeout: 60_000, interval: 250 }).toBe(200);
    const workers = childrenOf(primary.pid!).map(commandLine);
    const lines = { primary: commandLine(primary.pid!), workers };
    primary.kill('SIGTERM');
    // A stop that hangs fails here, naming what still runs, rather than as the test's timeout.
    const stopped = await Promise.race([exited, sleep(STOP_MS).then(() => null)]);
    if (stopped === null)
      throw new Error(
        `npm start did not stop within ${STOP_MS / 1000} s of SIGTERM; still running: ${JSON.stringify(
          childrenOf(primary.pid!).map(commandLine),
        )}`,
      );
    const [exitCode] = stopped as [number | null];
    return { ...lines, exitCode };
  } finally {
    if (primary.exitCode === null && primary.signalCode === null) primary.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  }
}

// Starting three processes through tsx takes most of a minute on a loaded 2-core machine: the poll above waits
// up to 60 s for the health check, so each test may take that and the shutdown after it.
describe.runIf(database === 'sqlite')('npm start as a cluster', { timeout: 120_000 }, () => {
  it('serves from two workers with the smaller young generation, and stops on SIGTERM', async () => {
    const cluster = await startCluster('');
    expect(cluster.workers).toHaveLength(2);
    for (const worker of cluster.workers) expect(worker).toContain(SEMI_SPACE);
    expect(cluster.primary).not.toContain(SEMI_SPACE);
    expect(cluster.exitCode).toBe(0);
  });

  it('keeps a young generation size the operator gave', async () => {
    const cluster = await startCluster('--max-semi-space-size=4');
    expect(cluster.workers).toHaveLength(2);
    for (const worker of cluster.workers) expect(worker).not.toContain(SEMI_SPACE);
    expect(cluster.exitCode).toBe(0);
  });
});
