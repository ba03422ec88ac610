import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HomeSummary, JobDto } from '@backroom/schema';
import { describe, expect, it } from 'vitest';
import { listBackups } from '../../src/modules/backup/copy';
import { recordBackup } from '../../src/modules/backup/index';
import { insertJob, newLease } from '../../src/jobs/queue';
import { runJob } from '../../src/jobs/runner';
import { useTestServer } from '../support/harness';
import { database } from '../support/server';

const dir = mkdtempSync(join(tmpdir(), 'backroom-backups-'));
const t = useTestServer({
  users: ['admin', 'manager'],
  config: { backups: { dir, everyHours: 24, keep: 2, maxAgeDays: 30, warnHours: 48 } },
});

const home = async (token = t.tokens.admin) => (await t.get<HomeSummary>('/home/Summary', token)).body.data;
const runBackup = async (token = t.tokens.admin) => t.post<JobDto>('/jobs/Run', { kind: 'backup' }, token);
/** The schedule's hourly check, as the job loop runs it: a queued `backup` job with no one asking. */
async function scheduledCheck(): Promise<unknown> {
  const { app } = t.server;
  const lease = newLease(60_000);
  const done = await runJob(app, app.log, await insertJob(app.ctx.db, 'backup', { lease }), lease);
  return JSON.parse(done.result!);
}

describe('scheduled backups and what Home tells an administrator', () => {
  it('warns an administrator (and no one else) while no backup was taken', async () => {
    expect((await home()).backup).toEqual({
      engine: database,
      everyHours: 24,
      warnHours: 48,
      last: null,
      lastError: null,
      stale: true,
    });
    expect(await home(t.tokens.manager)).not.toHaveProperty('backup');
    expect((await runBackup(t.tokens.manager)).status).toBe(403);
  });

  it('an old backup is stale; the schedule takes one when the last is older than the period, not again until due; asked for, one is taken at once', async () => {
    const threeDaysAgo = new Date(Date.now() - 72 * 3_600_000).toISOString();
    await recordBackup(t.server.app.ctx.db, {
      file: join(dir, 'gone.db'),
      bytes: 1,
      engine: database,
      takenAt: threeDaysAgo,
      tookMs: 1,
      deleted: [],
    });
    expect((await home()).backup).toMatchObject({ last: { at: threeDaysAgo }, stale: true });

    const first = await runBackup();
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.status).toBe('done');
    const taken = first.body.data.result as { file: string; bytes: number; engine: string };
    expect(taken.engine).toBe(database);
    expect(existsSync(taken.file)).toBe(true);
    expect(taken.file.startsWith(dir)).toBe(true);
    const backup = (await home()).backup!;
    expect(backup.stale).toBe(false);
    expect(backup.last).toMatchObject({ file: taken.file, bytes: taken.bytes });

    expect(await scheduledCheck()).toEqual({ skipped: 'the last backup is less than 24 h old' });
    expect((await home()).backup!.last!.file).toBe(taken.file);
    expect(await listBackups(dir)).toHaveLength(1);

    // Asked for, a backup is taken at once, however recent the last.
    const asked = await runBackup();
    const second = asked.body.data.result as { file: string };
    expect(second.file).not.toBe(taken.file);
    expect(existsSync(second.file)).toBe(true);
    expect((await home()).backup!.last!.file).toBe(second.file);
    expect(await listBackups(dir)).toHaveLength(2);
  });
});
