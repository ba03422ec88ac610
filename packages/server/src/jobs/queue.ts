import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { JobDto, JobStatus } from '@backroom/schema';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { AppContext } from '../context';
import type { AnyDb } from '../data/store';
import { typedDb, type Database, type JobTable } from '../db/types';

export type JobRow = Selectable<JobTable>;

/** Tries of a job in all, counting those whose process died; then it is failed. */
export const MAX_ATTEMPTS = 3;

/** The error a job carries when a try stopped without a word: its process died or hung. */
export const ABANDONED = 'The previous try stopped without finishing: its worker stopped renewing the lease';

/** One run's hold on a job: a name unique to this run, kept until `until` unless renewed. */
export interface Lease {
  holder: string;
  ms: number;
}

/** A lease for one run: host and process for people reading the row, a random part for uniqueness. */
export const newLease = (ms: number): Lease => ({
  holder: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
  ms,
});

const leaseEnd = (lease: Lease, from = Date.now()) => new Date(from + lease.ms).toISOString();

/** What claiming needs: the database and its dialect (a server's context, or a bare connection). */
export type QueueDb = Pick<AppContext, 'db' | 'dialect'>;

const parse = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

export const toJob = (row: JobRow): JobDto => ({
  id: row.id,
  kind: row.kind,
  status: row.status,
  progress: row.progress,
  payload: parse(row.payload),
  result: parse(row.result),
  error: row.error,
  runAfter: row.run_after,
  attempts: row.attempts,
  leaseHolder: row.lease_holder,
  leaseUntil: row.lease_until,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** A queued job, or with `lease` one already running under that lease (its first try). */
export async function insertJob(
  db: AnyDb,
  kind: string,
  options: { lease?: Lease; runAfter?: Date; payload?: unknown } = {},
): Promise<JobRow> {
  const now = new Date().toISOString();
  const { lease } = options;
  return typedDb(db)
    .insertInto('job')
    .values({
      kind,
      status: lease ? 'running' : 'queued',
      progress: 0,
      payload: options.payload === undefined ? null : JSON.stringify(options.payload),
      run_after: (options.runAfter ?? new Date()).toISOString(),
      attempts: lease ? 1 : 0,
      lease_holder: lease?.holder ?? null,
      lease_until: lease ? leaseEnd(lease) : null,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Makes sure a run of the scheduled `kind` is queued: unless one is queued or running, queues one
 * `periodMs` after the last finished run (at once when there was none). Two processes starting
 * together may both queue one; scheduled kinds are idempotent, so that costs a run only.
 */
export async function ensureScheduled(anyDb: AnyDb, kind: string, periodMs: number): Promise<void> {
  const db = typedDb(anyDb);
  const pending = await db
    .selectFrom('job')
    .select('id')
    .where('kind', '=', kind)
    .where('status', 'in', ['queued', 'running'])
    .limit(1)
    .executeTakeFirst();
  if (pending) return;
  const last = await db
    .selectFrom('job')
    .select('updated_at')
    .where('kind', '=', kind)
    .where('status', 'in', ['done', 'failed'])
    .orderBy('updated_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  await insertJob(db, kind, {
    runAfter: new Date(last ? Date.parse(last.updated_at) + periodMs : Date.now()),
  });
}

/** A running job whose lease ran out (a lease-less running row counts as run out). */
const leaseRanOut = (now: string) => sql<boolean>`status = 'running' and (lease_until is null or lease_until < ${now})`;

/** Due now: queued and due, or running under a lease that ran out with tries left. */
const claimable = (now: string) =>
  sql<boolean>`((status = 'queued' and run_after <= ${now}) or (${leaseRanOut(now)} and attempts < ${MAX_ATTEMPTS}))`;

/** Fails the jobs whose last try's lease ran out. */
async function failAbandoned(db: Kysely<Database>, now: string): Promise<void> {
  await sql`update job set status = 'failed', error = ${ABANDONED}, lease_until = null, updated_at = ${now}
    where ${leaseRanOut(now)} and attempts >= ${MAX_ATTEMPTS}`.execute(db);
}

/** The columns a claim sets; a job taken over from a dead run records why its try was lost. */
const claimSet = (lease: Lease, now: string) =>
  sql`status = 'running', attempts = attempts + 1, lease_holder = ${lease.holder}, lease_until = ${leaseEnd(lease, Date.parse(now))},
    error = case when status = 'running' then ${ABANDONED} else error end, updated_at = ${now}`;

/**
 * Takes the next due job under `lease`, or undefined: a queued one, or a running one whose lease ran
 * out (its process died); jobs out of tries are failed first. PostgreSQL: `FOR UPDATE SKIP LOCKED`,
 * so server processes sharing the database never take the same job. SQLite: one `BEGIN IMMEDIATE`
 * transaction, which holds the database's single write lock from the read to the update.
 */
export async function claimNext(queue: QueueDb, lease: Lease): Promise<JobRow | undefined> {
  const now = new Date().toISOString();
  const { db } = queue;
  if (queue.dialect === 'postgres') {
    await failAbandoned(db, now);
    const { rows } = await sql<JobRow>`
      update job set ${claimSet(lease, now)}
      where id = (select id from job where ${claimable(now)} order by run_after, id limit 1 for update skip locked)
      returning *`.execute(db);
    return rows[0];
  }
  return db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    try {
      await failAbandoned(connection, now);
      const due = await sql<{
        id: number;
      }>`select id from job where ${claimable(now)} order by run_after, id limit 1`.execute(connection);
      const id = due.rows[0]?.id;
      const claimed =
        id === undefined
          ? undefined
          : (await sql<JobRow>`update job set ${claimSet(lease, now)} where id = ${id} returning *`.execute(connection))
              .rows[0];
      await sql`commit`.execute(connection);
      return claimed;
    } catch (error) {
      await sql`rollback`.execute(connection);
      throw error;
    }
  });
}

/** Only while `lease` still holds the job: a run that lost it must not touch the new holder's row. */
const held = (db: AnyDb, id: number, lease: Lease, statuses: JobStatus[] = ['running']) =>
  typedDb(db)
    .updateTable('job')
    .where('id', '=', id)
    .where('status', 'in', statuses)
    .where('lease_holder', '=', lease.holder);

/** Extends the lease (with the progress when given); false when the run no longer holds the job. */
export async function renewLease(db: AnyDb, id: number, lease: Lease, progress?: number): Promise<boolean> {
  const now = Date.now();
  const result = await held(db, id, lease)
    .set({
      lease_until: leaseEnd(lease, now),
      updated_at: new Date(now).toISOString(),
      ...(progress === undefined ? {} : { progress }),
    })
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Whether `lease` still holds the job (running, not cancelled), read without writing: through a transaction's own connection. */
export async function stillHeld(db: AnyDb, id: number, lease: Lease): Promise<boolean> {
  const row = await typedDb(db)
    .selectFrom('job')
    .select('id')
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('lease_holder', '=', lease.holder)
    .executeTakeFirst();
  return row !== undefined;
}

/** Records a run's outcome and ends its lease (the holder stays, naming the run that finished it); undefined when the run no longer held the job. */
export async function finishJob(
  db: AnyDb,
  id: number,
  lease: Lease,
  set: Partial<Pick<JobRow, 'status' | 'progress' | 'result' | 'error' | 'run_after'>>,
): Promise<JobRow | undefined> {
  // A run that finished its work after a cancel came too late to stop it records that it did.
  return held(db, id, lease, set.status === 'done' ? ['running', 'cancelled'] : ['running'])
    .set({ ...set, lease_until: null, updated_at: new Date().toISOString() })
    .returningAll()
    .executeTakeFirst();
}

/**
 * Gives a job back to the queue without spending the try: due at once, no lease, its tries as
 * before this one. For a run its server stopped (the job did not fail); undefined when the run no
 * longer held the job.
 */
export async function handBackJob(db: AnyDb, id: number, lease: Lease): Promise<JobRow | undefined> {
  const now = new Date().toISOString();
  return held(db, id, lease)
    .set({ status: 'queued', attempts: sql<number>`attempts - 1`, lease_until: null, run_after: now, updated_at: now })
    .returningAll()
    .executeTakeFirst();
}

export async function jobById(db: AnyDb, id: number): Promise<JobRow> {
  return typedDb(db).selectFrom('job').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/**
 * Cancels a queued or running job: it is never claimed again, and a running one stops at its next
 * progress report (its `progress()` throws), so a kind that reports inside its transaction writes
 * nothing. Answers the row, or undefined when the job had already finished.
 */
export async function cancelJob(db: AnyDb, id: number, by: string): Promise<JobRow | undefined> {
  const now = new Date().toISOString();
  const row = await typedDb(db)
    .updateTable('job')
    .set({ status: 'cancelled', error: `Cancelled by ${by}`, lease_until: null, updated_at: now })
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'running'])
    .returningAll()
    .executeTakeFirst();
  if (row) return row;
  const stored = await jobById(db, id);
  return stored.status === 'cancelled' ? stored : undefined;
}
