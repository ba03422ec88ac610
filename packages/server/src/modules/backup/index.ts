import type { HomeBackup } from '@backroom/schema';
import type { AppContext } from '../../context';
import type { AnyDb } from '../../data/store';
import { typedDb } from '../../db/types';
import { ADMINISTRATOR_SCREEN } from '../administration/index';
import { requestedBy } from '../../jobs/kinds';
import type { DomainModule } from '../module';
import { takeBackup, type BackupTaken } from './copy';

const HOUR = 3_600_000;
/** A scheduled check this close to the period counts as due (the schedule drifts by each run's length). */
const DUE_SLACK_MS = 5 * 60_000;

/** The job kind; each backup taken is a `done` job of it whose result names the file, whoever took it. */
export const BACKUP_JOB = 'backup';

type Skipped = { skipped: string };

/** The last backup recorded in the database (by the schedule or `npm run backup`), and a failure since. */
async function lastBackups(db: AnyDb) {
  const jobs = typedDb(db);
  const last = await jobs
    .selectFrom('job')
    .select(['id', 'updated_at', 'result'])
    .where('kind', '=', BACKUP_JOB)
    .where('status', '=', 'done')
    .where('result', 'like', '%"file":%')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const failed = await jobs
    .selectFrom('job')
    .select(['updated_at', 'error'])
    .where('kind', '=', BACKUP_JOB)
    .where('status', '<>', 'done')
    .where('error', 'is not', null)
    .where('id', '>', last?.id ?? 0)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const taken = last ? (JSON.parse(last.result!) as BackupTaken) : null;
  return {
    last: taken && { at: taken.takenAt ?? last!.updated_at, file: taken.file, bytes: taken.bytes },
    lastError: failed ? { at: failed.updated_at, error: failed.error! } : null,
  };
}

/** What Home shows an administrator about backups. */
export async function backupStatus(ctx: AppContext, now = new Date()): Promise<HomeBackup> {
  const { everyHours, warnHours } = ctx.config.backups;
  const { last, lastError } = await lastBackups(ctx.db);
  const stale = warnHours > 0 && (!last || now.getTime() - Date.parse(last.at) > warnHours * HOUR);
  return { engine: ctx.dialect, everyHours, warnHours, last, lastError, stale };
}

/** Records a backup taken outside the job loop (`npm run backup`) as a finished job, so Home sees it. */
export async function recordBackup(db: AnyDb, taken: BackupTaken): Promise<void> {
  const now = new Date().toISOString();
  await typedDb(db)
    .insertInto('job')
    .values({
      kind: BACKUP_JOB,
      status: 'done',
      progress: 100,
      payload: JSON.stringify({ by: 'npm run backup' }),
      result: JSON.stringify(taken),
      run_after: now,
      attempts: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/**
 * Backups (README "Backups"): the `backup` job, checked hourly by the job loop, takes one when the
 * last is `BACKUP_EVERY_HOURS` old (on SQLite by default daily, on PostgreSQL only when set);
 * `POST /api/jobs/Run {kind: "backup"}` takes one at once.
 */
export const backupModule: DomainModule = {
  name: 'backup',
  jobs: {
    [BACKUP_JOB]: {
      privilege: { screen: ADMINISTRATOR_SCREEN, action: 'edit' },
      everyMs: HOUR,
      run: async ({ ctx, log, payload }): Promise<BackupTaken | Skipped> => {
        const { backups, databaseUrl, dataDir } = ctx.config;
        const skip = async (reason: string): Promise<Skipped> => {
          // One skipped check is kept, not one an hour.
          await ctx.db
            .deleteFrom('job')
            .where('kind', '=', BACKUP_JOB)
            .where('status', '=', 'done')
            .where('result', 'like', '%"skipped":%')
            .execute();
          return { skipped: reason };
        };
        // An administrator who asks for a backup gets one now; the schedule takes one only when due.
        if (!requestedBy(payload)) {
          if (backups.everyHours === 0) return skip('BACKUP_EVERY_HOURS is 0');
          const { last } = await lastBackups(ctx.db);
          if (last && Date.now() - Date.parse(last.at) < backups.everyHours * HOUR - DUE_SLACK_MS) {
            return skip(`the last backup is less than ${backups.everyHours} h old`);
          }
        }
        const taken = await takeBackup({ databaseUrl, dataDir }, backups);
        log.info({ file: taken.file, bytes: taken.bytes, tookMs: taken.tookMs }, 'backup taken');
        return taken;
      },
    },
  },
};
