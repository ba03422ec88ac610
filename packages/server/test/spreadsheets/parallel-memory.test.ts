import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { freePort } from '../support/ports';
import { hostileXlsx, noise } from './hostile';

// A server process of its own, measured from outside: the same on both databases, run on SQLite.
const database = process.env.TEST_DATABASE ?? 'sqlite';
const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
const MB = 1024 * 1024;

/** The resident set of a process now, and its peak (Linux: /proc). */
const memoryOf = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)![1]) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
};

/**
 * The worst file the default limits admit: shared strings just under the held limit (32 MB), each
 * a 10,000-character description (the most the registry allows a long text), every one kept by its
 * row, so the kept text is just under the limit too.
 */
const worstAdmitted = () =>
  hostileXlsx({
    strings: { count: 3_150, item: (i) => noise(i + 11, 10_000) },
    header: ['SKU', 'Name', 'Category', 'Unit of measure', 'Selling price', 'Description'],
    rows: { count: 3_150, row: (i) => [`PM-${i}`, `Parallel ${i}`, 'NONE', 'PCS', '1', { s: i }] },
  });

describe.runIf(database === 'sqlite')('eight parallel imports of the worst admitted file, in a server process of its own', () => {
  it('keep the process under 1 GB resident at its peak, and status calls answer within a second all along', { timeout: 240_000 }, async () => {
    const file = await worstAdmitted();
    const dataDir = await mkdtemp(join(tmpdir(), 'backroom-import-memory-'));
    const port = await freePort();
    const env = { ...process.env, WEB_CONCURRENCY: '1', DATA_DIR: dataDir, DATABASE_URL: '', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DEMO_CATALOGUE: '0', NODE_ENV: 'development' };
    const server = spawn(process.execPath, ['--import', 'tsx', MAIN], { env, stdio: ['ignore', 'inherit', 'inherit'] });
    const exited = once(server, 'exit');
    const base = `http://127.0.0.1:${port}/backoffice`;
    try {
      await expect.poll(async () => (await fetch(`${base}/core/health`).catch(() => null))?.status, { timeout: 60_000, interval: 250 }).toBe(200);
      const login = (await (await fetch(`${base}/core/api/Authentication/Login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName: 'admin', password: 'Admin@123' }) })).json()) as {
        data: { token: { accessToken: string } };
      };
      const headers = { authorization: `Bearer ${login.data.token.accessToken}` };
      const idle = memoryOf(server.pid!).rss;

      const jobIds = await Promise.all(
        Array.from({ length: 8 }, async () => {
          const form = new FormData();
          form.append('importType', 'product');
          form.append('mode', 'validate');
          form.append('file', new Blob([file]), 'worst.xlsx');
          const response = await fetch(`${base}/WebAPI/DataImporter/SubmitDataImport`, { method: 'POST', body: form, headers });
          const body = (await response.json()) as { data: { jobId: number } };
          expect(response.status, JSON.stringify(body)).toBe(200);
          return body.data.jobId;
        }),
      );
      let slowest = 0;
      const finished = new Map<number, { status: string; errorCount: number; total: number }>();
      while (finished.size < jobIds.length) {
        for (const jobId of jobIds.filter((id) => !finished.has(id))) {
          const started = performance.now();
          const response = await fetch(`${base}/WebAPI/DataExporter/status/${jobId}`, { headers });
          const body = (await response.json()) as { data: { status: string; errorCount: number; total: number } };
          slowest = Math.max(slowest, performance.now() - started);
          expect(response.status).toBe(200);
          if (!['queued', 'running'].includes(body.data.status)) finished.set(jobId, body.data);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const { peak } = memoryOf(server.pid!);
      console.info(`parallel imports: idle ${Math.round(idle / MB)} MB, peak ${Math.round(peak / MB)} MB, slowest status ${Math.round(slowest)} ms`);
      // Every import read its whole file (3,150 rows, each refused for its unknown category: nothing to write).
      for (const job of finished.values()) expect(job).toMatchObject({ status: 'succeeded', total: 3_150 });
      expect(peak).toBeLessThan(1024 * MB);
      expect(slowest).toBeLessThan(1000);
    } finally {
      server.kill('SIGTERM');
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
