import { closeSync, fsyncSync, openSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { BackupConfig } from '../../config';
import { runPgTool } from './pg-tools';

/**
 * Taking a backup and keeping the right ones (docs/decisions/durability-and-operations.md, "Backups").
 *
 * SQLite: `VACUUM INTO` on a connection of its own in a worker thread. It reads one snapshot (a WAL
 * read transaction), so the copy is consistent while the server goes on writing, and the server's
 * event loop never waits for it. The copy is written under a `.partial` name, checked
 * (`integrity_check`), flushed to disk and only then renamed to its final name: a file named
 * `backroom-….db` is always a whole, checked database.
 * PostgreSQL: `pg_dump --format=custom` the same way, checked by `pg_restore --list`.
 */

/** `backroom-2026-11-27T23-45-01-123Z.db` (SQLite) or `.dump` (pg_dump's custom format). */
const BACKUP_NAME = /^backroom-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.(db|dump)$/;
const PARTIAL = '.partial';
/** A `.partial` file this old is a crashed run's leftover. */
const STALE_PARTIAL_MS = 6 * 3_600_000;

export type BackupEngine = 'sqlite' | 'postgres';

export interface BackupTaken {
  /** The backup's full path. */
  file: string;
  bytes: number;
  engine: BackupEngine;
  /** When its snapshot was taken (ISO). */
  takenAt: string;
  tookMs: number;
  /** Files deleted by retention. */
  deleted: string[];
}

export interface BackupFile {
  name: string;
  file: string;
  takenAt: Date;
}

export const backupName = (at: Date, engine: BackupEngine): string =>
  `backroom-${at.toISOString().replace(/[:.]/g, '-')}.${engine === 'sqlite' ? 'db' : 'dump'}`;

/** The backups in `dir`, newest first (by the time in their names). */
export async function listBackups(dir: string): Promise<BackupFile[]> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  return names
    .flatMap((name) => {
      const m = BACKUP_NAME.exec(name);
      return m ? [{ name, file: join(dir, name), takenAt: new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z`) }] : [];
    })
    .sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime());
}

/**
 * Which backups retention deletes: all but the `keep` newest, and any older than `maxAgeDays`;
 * never the newest (an old backup is better than none when the schedule stopped).
 */
export function expiredBackups(
  backups: readonly BackupFile[],
  keep: number,
  maxAgeDays: number,
  now: Date,
): BackupFile[] {
  const oldest = now.getTime() - maxAgeDays * 86_400_000;
  return backups.filter((b, i) => i > 0 && (i >= keep || b.takenAt.getTime() < oldest));
}

async function applyRetention(config: BackupConfig, now: Date): Promise<string[]> {
  const expired = expiredBackups(await listBackups(config.dir), config.keep, config.maxAgeDays, now);
  for (const b of expired) await rm(b.file, { force: true });
  for (const name of await readdir(config.dir)) {
    if (!name.endsWith(PARTIAL)) continue;
    const file = join(config.dir, name);
    const info = await stat(file).catch(() => null);
    if (info && now.getTime() - info.mtimeMs > STALE_PARTIAL_MS) await rm(file, { force: true });
  }
  return expired.map((b) => b.file);
}

/** Flushes a file, and the folder that names it, to disk. */
export function flush(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

const BETTER_SQLITE3 = createRequire(import.meta.url).resolve('better-sqlite3');

/**
 * Runs in a worker thread (CommonJS, eval): `VACUUM INTO` from the live file, then the copy's
 * integrity check. Answers `{ ok: true }` or `{ ok: false, error }`.
 */
const SQLITE_COPY_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
try {
  const source = new Database(workerData.source, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 30000');
    source.prepare('VACUUM INTO ?').run(workerData.target);
  } finally {
    source.close();
  }
  parentPort.postMessage({ ok: true, problems: checkSqlite(Database, workerData.target) });
} catch (error) {
  parentPort.postMessage({ ok: false, error: String(error && error.message || error) });
}
${checkSqliteSource()}
`;

/** The body of `checkSqlite`, shared by the worker (as text) and `verifySqliteBackup`. */
function checkSqliteSource(): string {
  return `function checkSqlite(Database, file) {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const problems = db.pragma('integrity_check', { simple: false }).map((r) => r.integrity_check).filter((p) => p !== 'ok');
    const migrations = db.prepare("select count(*) as n from sqlite_master where type = 'table' and name = 'kysely_migration'").get();
    if (migrations.n === 0) problems.push('not a Backroom database: it has no migration table');
    return problems;
  } finally {
    db.close();
  }
}`;
}

function inWorker<T>(code: string, workerData: unknown): Promise<T> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(code, { eval: true, workerData });
    worker.once('message', (message: T) => {
      resolve(message);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => code !== 0 && reject(new Error(`backup worker exited with ${code}`)));
  });
}

async function copySqlite(dataDir: string, target: string): Promise<void> {
  const answer = await inWorker<{ ok: boolean; error?: string; problems?: string[] }>(SQLITE_COPY_WORKER, {
    driver: BETTER_SQLITE3,
    source: join(dataDir, 'backroom.db'),
    target,
  });
  if (!answer.ok) throw new Error(`The SQLite backup failed: ${answer.error}`);
  if (answer.problems!.length > 0) throw new Error(`The backup copy is damaged: ${answer.problems!.join('; ')}`);
}

/** Problems found in a SQLite file that should be a Backroom database: [] when it is whole. */
export function verifySqliteBackup(file: string): Promise<string[]> {
  const code = `const { parentPort, workerData } = require('node:worker_threads');
${checkSqliteSource()}
try { parentPort.postMessage(checkSqlite(require(workerData.driver), workerData.file)); }
catch (error) { parentPort.postMessage([String(error && error.message || error)]); }`;
  return inWorker<string[]>(code, { driver: BETTER_SQLITE3, file });
}

async function copyPostgres(databaseUrl: string, target: string): Promise<void> {
  await runPgTool('pg_dump', ['--format=custom', '--no-owner', `--file=${target}`], { databaseUrl });
  await verifyPostgresDump(target);
}

/** Throws unless `pg_restore --list` reads the dump's table of contents. */
export async function verifyPostgresDump(file: string): Promise<void> {
  try {
    const contents = await runPgTool('pg_restore', ['--list', file], { maxBuffer: 64 * 1024 * 1024 });
    if (!/TABLE DATA public kysely_migration /.test(contents)) {
      throw new Error('not a Backroom database: it has no migration table');
    }
  } catch (error) {
    throw new Error(`The dump ${file} does not read back: ${(error as Error).message}`, { cause: error });
  }
}

/** Takes one backup into `config.dir` and applies retention. */
export async function takeBackup(
  source: { databaseUrl: string | null; dataDir: string },
  config: BackupConfig,
  now: () => Date = () => new Date(),
): Promise<BackupTaken> {
  const engine: BackupEngine = source.databaseUrl ? 'postgres' : 'sqlite';
  await mkdir(config.dir, { recursive: true });
  const started = now();
  const file = join(config.dir, backupName(started, engine));
  const partial = file + PARTIAL;
  try {
    if (source.databaseUrl) await copyPostgres(source.databaseUrl, partial);
    else await copySqlite(source.dataDir, partial);
    flush(partial);
    await rename(partial, file);
    flush(config.dir);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  const { size } = await stat(file);
  const deleted = await applyRetention(config, now());
  return {
    file,
    bytes: size,
    engine,
    takenAt: started.toISOString(),
    tookMs: now().getTime() - started.getTime(),
    deleted,
  };
}
