import type { SheetJob } from '@backroom/schema';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startChildServer, statusOn, submitTo } from './child-server';
import { hostileXlsx, noise } from './hostile';

// A server process of its own, measured from outside: the same on both databases, run on SQLite.
const database = process.env.TEST_DATABASE ?? 'sqlite';
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

describe.runIf(database === 'sqlite')(
  'eight parallel imports of the worst admitted file, in a server process of its own',
  () => {
    it(
      'keep the process under 1 GB resident at its peak, and status calls answer within a second all along',
      { timeout: 240_000 },
      async () => {
        const file = await worstAdmitted();
        const dataDir = await mkdtemp(join(tmpdir(), 'backroom-import-memory-'));
        const server = await startChildServer(dataDir);
        try {
          const pid = server.process.pid!;
          const idle = memoryOf(pid).rss;

          const jobIds = await Promise.all(
            Array.from({ length: 8 }, () => submitTo(server, file, 'product', 'validate', 'worst.xlsx')),
          );
          let slowest = 0;
          const finished = new Map<number, SheetJob>();
          while (finished.size < jobIds.length) {
            for (const jobId of jobIds.filter((id) => !finished.has(id))) {
              const started = performance.now();
              const status = await statusOn(server, jobId);
              slowest = Math.max(slowest, performance.now() - started);
              if (!['queued', 'running'].includes(status.status)) finished.set(jobId, status);
            }
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
          const { peak } = memoryOf(pid);
          console.info(
            `parallel imports: idle ${Math.round(idle / MB)} MB, peak ${Math.round(peak / MB)} MB, slowest status ${Math.round(slowest)} ms`,
          );
          // Every import read its whole file (3,150 rows, each refused for its unknown category: nothing to write).
          for (const job of finished.values()) expect(job).toMatchObject({ status: 'succeeded', total: 3_150 });
          expect(peak).toBeLessThan(1024 * MB);
          expect(slowest).toBeLessThan(1000);
        } finally {
          server.process.kill('SIGTERM');
          await server.exited;
          await rm(dataDir, { recursive: true, force: true });
        }
      },
    );
  },
);
