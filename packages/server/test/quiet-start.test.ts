import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { freePort } from './support/ports';

// The process is the same on both databases: run on SQLite only.
const database = process.env.TEST_DATABASE ?? 'sqlite';
const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));

/** `npm start` (one process) on a fresh database: what it prints until it serves, then after two requests. */
async function startOutput(extraEnv: Record<string, string>): Promise<string[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'backroom-quiet-'));
  const port = await freePort();
  const env = {
    ...process.env,
    WEB_CONCURRENCY: '1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    PORT: String(port),
    HOST: '127.0.0.1',
    DEMO_CATALOGUE: '0',
    LOG_LEVEL: '',
    LOG_FORMAT: '',
    ...extraEnv,
  };
  for (const key of ['LOG_LEVEL', 'LOG_FORMAT'] as const) if (env[key] === '') delete env[key];
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    await expect.poll(() => output, { timeout: 60_000, interval: 250 }).toContain('Demo users');
    await fetch(`http://127.0.0.1:${port}/backoffice/core/health`);
    await fetch(`http://127.0.0.1:${port}/backoffice/new/`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    return output.split('\n').filter((line) => line.trim() !== '');
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
}

describe.runIf(database === 'sqlite')('a quiet start', () => {
  it('prints the address and the demo users, readable by a person, and no line per request', async () => {
    const lines = await startOutput({ LOG_FORMAT: 'pretty' });
    expect(lines, lines.join('\n')).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^\d\d:\d\d:\d\d INFO {2}Backroom is running at http:\/\/127\.0\.0\.1:\d+\/backoffice\/new\/$/,
    );
    expect(lines[1]).toMatch(
      /INFO {2}Demo users \(user \/ password\): admin \/ Admin@123, manager \/ Manager@123, cashier/,
    );
  });

  it('writes JSON lines when stdout is not a terminal, and a line per request at debug', async () => {
    const lines = await startOutput({ LOG_LEVEL: 'debug' });
    const entries = lines.map((line) => JSON.parse(line) as { msg: string; level: number });
    expect(entries.map((entry) => entry.msg)).toContain(
      entries.find((e) => e.msg.startsWith('Backroom is running'))?.msg,
    );
    expect(entries.filter((entry) => entry.level === 20).map((entry) => entry.msg)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^GET \/backoffice\/core\/health 200 \d+ ms$/)]),
    );
  });
});
