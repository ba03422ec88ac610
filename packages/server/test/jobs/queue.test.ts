import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { anyDb } from '../../src/data/store';
import { claimNext, insertJob, newLease } from '../../src/jobs/queue';
import { useTestServer } from '../support/harness';

const t = useTestServer();

const CLAIMER = fileURLToPath(new URL('./claimer.ts', import.meta.url));

/** A claimer process on the test server's database: `go(at)` lets it start at `at` and answers the ids it claimed. */
async function claimerProcess(target: { databaseUrl: string | null; dataDir: string }) {
  const child = spawn(process.execPath, ['--import', 'tsx', CLAIMER, JSON.stringify(target)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = once(child, 'exit');
  await expect.poll(() => output, { timeout: 20_000 }).toContain('ready\n');
  return {
    go: async (at: number): Promise<number[]> => {
      child.stdin.end(String(at));
      const [code] = await exited;
      expect(code).toBe(0);
      return JSON.parse(output.slice('ready\n'.length)) as number[];
    },
  };
}

describe('the job queue', () => {
  it('gives each due job to one claimer only and leaves jobs not yet due', async () => {
    const { ctx } = t.server.app;
    const db = anyDb(ctx);
    const due = [];
    for (const seconds of [3, 2, 1])
      due.push(Number((await insertJob(db, 'testOnly', { runAfter: new Date(Date.now() - seconds * 1000) })).id));
    const later = await insertJob(db, 'testOnly', { runAfter: new Date(Date.now() + 60_000) });
    const claims = await Promise.all([1, 2, 3, 4, 5].map(() => claimNext(ctx, newLease(60_000))));
    const claimed = claims.filter((j) => j !== undefined);
    expect(claimed.map((j) => Number(j.id)).toSorted((a, b) => a - b)).toEqual(due);
    expect(claimed.every((j) => j.status === 'running' && Number(j.attempts) === 1 && j.lease_holder !== null)).toBe(
      true,
    );
    expect(new Set(claimed.map((j) => j.lease_holder)).size).toBe(3);
    expect(await claimNext(ctx, newLease(60_000))).toBeUndefined();
    await db
      .deleteFrom('job')
      .where('id', 'in', [...due, Number(later.id)])
      .execute();
  });

  it('gives each job to one of several processes claiming at once, abandoned ones included', async () => {
    const { ctx } = t.server.app;
    const db = anyDb(ctx);
    const past = new Date(Date.now() - 1000).toISOString();
    const job = (status: string, attempts: number) => ({
      kind: 'testOnly',
      status,
      progress: 0,
      run_after: past,
      attempts,
      lease_holder: null,
      lease_until: past,
      created_at: past,
      updated_at: past,
    });
    // Queued jobs, and running ones whose process died (their lease ran out).
    const rows = [
      ...Array.from({ length: 500 }, () => job('queued', 0)),
      ...Array.from({ length: 100 }, () => job('running', 1)),
    ];
    const ids = (await db.insertInto('job').values(rows).returning('id').execute()).map((r) => Number(r.id));
    const target = { databaseUrl: ctx.config.databaseUrl, dataDir: ctx.config.dataDir };
    const claimers = await Promise.all([1, 2, 3].map(() => claimerProcess(target)));
    const startAt = Date.now() + 300;
    const perClaimer = await Promise.all(claimers.map((c) => c.go(startAt)));

    const all = perClaimer.flat();
    expect(all.toSorted((a, b) => a - b)).toEqual(ids);
    expect(new Set(all).size).toBe(all.length);
    // The processes did claim side by side, not one after the other.
    expect(perClaimer.filter((claimed) => claimed.length > 0).length).toBeGreaterThan(1);
    const claimed = await db.selectFrom('job').select(['status', 'attempts']).where('id', 'in', ids).execute();
    expect(claimed.every((r) => r.status === 'running')).toBe(true);
    expect(claimed.filter((r) => Number(r.attempts) === 2)).toHaveLength(100);
  }, 60_000);
});
