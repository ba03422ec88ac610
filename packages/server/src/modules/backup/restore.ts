import { execFile } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { copyFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { migrations } from '../../db/migrations/index';
import { flush, verifyPostgresDump, verifySqliteBackup } from './copy';
import { runPgTool } from './pg-tools';

const run = promisify(execFile);

/**
 * `npm run restore -- <file>`: puts a backup back as the live database, after checking it
 * (docs/decisions/durability-and-operations.md, "Backups"). It refuses while a server uses the
 * database: the operator stops the servers first and starts them after; the next start migrates
 * a backup of an older release as any upgrade does.
 */

/** Refused: a server (or another program) has the database open. */
export class DatabaseInUse extends Error {}

/** Throws when the backup ran migrations this code does not know: a newer release took it. */
function refuseNewer(applied: readonly string[]): void {
  const newer = applied.filter((name) => !(name in migrations));
  if (newer.length > 0) {
    throw new Error(
      `The backup was taken by a newer release (migrations ${newer.join(', ')}): restore it with that release`,
    );
  }
}

/** The migrations a dump's data holds: `pg_restore` prints the migration table's rows as COPY text. */
async function dumpMigrations(dump: string): Promise<string[]> {
  const text = await runPgTool('pg_restore', ['--data-only', '--table=kysely_migration', '--file=-', dump], {
    maxBuffer: 64 * 1024 * 1024,
  });
  const rows = text.slice(text.indexOf('FROM stdin;\n') + 'FROM stdin;\n'.length, text.indexOf('\n\\.\n'));
  return rows.split('\n').map((line) => line.split('\t')[0]!);
}

/**
 * Copies a file in a process of its own: closing any descriptor of the live database in this
 * process would let go of SQLite's (POSIX, per-process) locks on it, the restore's among them.
 */
const copyElsewhere = (from: string, to: string) =>
  run(process.execPath, ['-e', 'require("node:fs").copyFileSync(process.argv[1], process.argv[2])', from, to]);

const stamp = (at: Date) => at.toISOString().replace(/[:.]/g, '-');

/**
 * SQLite: checks the backup (integrity, a Backroom database, no migration newer than this code),
 * takes the live database's write lock in exclusive mode — which SQLite grants only when no other
 * connection has the file open, so a running server makes it fail — and, holding it: keeps the live
 * database beside it as `backroom.db.before-restore-<time>` (with its `-wal`), switches it to a
 * journal in memory (its WAL checkpointed and removed while the name still is its own), removes its
 * `-shm` and renames a flushed copy of the backup over `backroom.db`. Only then is the lock let go: a
 * server that opened the old file meanwhile was kept waiting on it, and opens the new one
 * (db/connect.ts). Answers the kept file, or null when there was no live database.
 */
export async function restoreSqlite(
  dataDir: string,
  backup: string,
  now = new Date(),
  whileLocked: () => Promise<void> = async () => {},
): Promise<{ kept: string | null }> {
  const problems = await verifySqliteBackup(backup);
  if (problems.length > 0) throw new Error(`The backup ${backup} is damaged: ${problems.join('; ')}`);
  const copy = new BetterSqlite3(backup, { readonly: true, fileMustExist: true });
  const applied = copy
    .prepare('select name from kysely_migration')
    .all()
    .map((r) => (r as { name: string }).name);
  copy.close();
  refuseNewer(applied);

  const live = join(dataDir, 'backroom.db');
  const incoming = `${live}.restoring`;
  await copyFile(backup, incoming);
  flush(incoming);

  // With no live database the lock is taken on an empty one, so that no server creates its own meanwhile.
  const existed = existsSync(live) && statSync(live).size > 0;
  const db = new BetterSqlite3(live);
  try {
    db.pragma('busy_timeout = 0');
    db.pragma('locking_mode = EXCLUSIVE');
    try {
      db.exec('begin exclusive');
      db.prepare('select count(*) from sqlite_master').get();
      db.exec('commit');
    } catch (error) {
      if ((error as { code?: string }).code?.startsWith('SQLITE_BUSY')) {
        throw new DatabaseInUse(
          `A server (or another program) has ${live} open: stop every Backroom server on this data folder, then restore`,
        );
      }
      throw error;
    }
    let kept: string | null = null;
    if (existed) {
      // The files as they are (a damaged database may be why it is restored), its log beside it.
      kept = `${live}.before-restore-${stamp(now)}`;
      await copyElsewhere(live, kept);
      flush(kept);
      if (existsSync(`${live}-wal`)) {
        await copyElsewhere(`${live}-wal`, `${kept}-wal`);
        flush(`${kept}-wal`);
      }
    }
    // Closing a WAL database (or one with a rollback journal in exclusive mode) removes "backroom.db-wal" (or
    // "-journal") by name, which after the rename would be the new file's: its journal is kept in memory instead.
    db.pragma('journal_mode = MEMORY');
    await rm(`${live}-wal`, { force: true });
    await rm(`${live}-shm`, { force: true });
    await whileLocked();
    await rename(incoming, live);
    flush(dataDir);
    return { kept };
  } finally {
    db.close();
    await rm(incoming, { force: true });
  }
}

/**
 * PostgreSQL: checks the dump (`pg_restore --list`, no migration newer than this code), refuses while anyone else is connected to the
 * database, then `pg_restore --clean --if-exists --single-transaction` into it: all of the dump or,
 * on any error, nothing.
 */
export async function restorePostgres(databaseUrl: string, dump: string): Promise<void> {
  await verifyPostgresDump(dump);
  refuseNewer(await dumpMigrations(dump));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const others = await client.query<{ n: string }>(
      'select count(*) as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    if (Number(others.rows[0]!.n) > 0) {
      throw new DatabaseInUse(
        `${others.rows[0]!.n} other connection(s) use the database: stop every Backroom server on it, then restore`,
      );
    }
  } finally {
    await client.end();
  }
  await runPgTool(
    'pg_restore',
    ['--clean', '--if-exists', '--no-owner', '--single-transaction', '--exit-on-error', dump],
    { databaseUrl },
  );
}
