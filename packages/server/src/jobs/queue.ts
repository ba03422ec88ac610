import type { JobDto, JobStatus } from '@backroom/schema';
import { sql } from 'kysely';
import type { AppContext } from '../context';
import type { AnyDb } from '../data/store';

export interface JobRow {
  id: number;
  kind: string;
  status: JobStatus;
  progress: number;
  payload: string | null;
  result: string | null;
  error: string | null;
  run_after: string;
  attempts: number;
  created_at: string;
  updated_at: string;
}

const parse = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

export const toJob = (row: JobRow): JobDto => ({
  id: Number(row.id),
  kind: row.kind,
  status: row.status,
  progress: Number(row.progress),
  payload: parse(row.payload),
  result: parse(row.result),
  error: row.error,
  runAfter: row.run_after,
  attempts: Number(row.attempts),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export async function insertJob(db: AnyDb, kind: string, options: { status?: JobStatus; runAfter?: Date; payload?: unknown } = {}): Promise<JobRow> {
  const now = new Date().toISOString();
  const status = options.status ?? 'queued';
  return (await db
    .insertInto('job')
    .values({
      kind,
      status,
      progress: 0,
      payload: options.payload === undefined ? null : JSON.stringify(options.payload),
      run_after: (options.runAfter ?? new Date()).toISOString(),
      attempts: status === 'running' ? 1 : 0,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow()) as JobRow;
}

/**
 * Queues a run of `kind` at `runAfter` unless one is already queued or running. Two processes
 * starting together may both queue one; scheduled kinds are idempotent, so that costs a run only.
 */
export async function ensureQueued(db: AnyDb, kind: string, runAfter: Date): Promise<void> {
  const pending = await db.selectFrom('job').select('id').where('kind', '=', kind).where('status', 'in', ['queued', 'running']).limit(1).executeTakeFirst();
  if (!pending) await insertJob(db, kind, { runAfter });
}

/**
 * Takes the next due queued job, or undefined. PostgreSQL: `FOR UPDATE SKIP LOCKED`, so server
 * processes sharing the database never take the same job. SQLite: one `BEGIN IMMEDIATE`
 * transaction, which holds the database's single write lock from the read to the update.
 */
export async function claimNext(ctx: AppContext): Promise<JobRow | undefined> {
  const now = new Date().toISOString();
  if (ctx.dialect === 'postgres') {
    const { rows } = await sql<JobRow>`
      update job set status = 'running', attempts = attempts + 1, updated_at = ${now}
      where id = (
        select id from job where status = 'queued' and run_after <= ${now}
        order by run_after, id limit 1 for update skip locked
      )
      returning *`.execute(ctx.db);
    return rows[0];
  }
  return ctx.db.connection().execute(async (connection) => {
    const db = connection as unknown as AnyDb;
    await sql`begin immediate`.execute(db);
    try {
      const due = await db.selectFrom('job').select('id').where('status', '=', 'queued').where('run_after', '<=', now).orderBy('run_after').orderBy('id').limit(1).executeTakeFirst();
      const claimed = due
        ? ((await db
            .updateTable('job')
            .set((eb) => ({ status: 'running', attempts: eb('attempts', '+', 1), updated_at: now }))
            .where('id', '=', due.id)
            .returningAll()
            .executeTakeFirst()) as JobRow | undefined)
        : undefined;
      await sql`commit`.execute(db);
      return claimed;
    } catch (error) {
      await sql`rollback`.execute(db);
      throw error;
    }
  });
}

export async function updateJob(db: AnyDb, id: number, set: Partial<Pick<JobRow, 'status' | 'progress' | 'result' | 'error' | 'run_after'>>): Promise<JobRow> {
  return (await db
    .updateTable('job')
    .set({ ...set, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()) as JobRow;
}
