import { join } from 'node:path';
import { sql } from 'kysely';
import { loadServerKeys } from './crypto/server-secret';
import type { Config } from './config';
import { openDatabase } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { seedDatabase, type SeedingModule } from './db/seed/index';

/**
 * What a start does to the database before serving: pending migrations, the seed (privileges from
 * the registry; demo data into a fresh database, with each module's own), the server secret generated once. Run once per
 * start — by the single process, or by a cluster's primary before its workers open the database.
 * Without the serving time limits (`DB_LOCK_TIMEOUT_MS`, `DB_STATEMENT_TIMEOUT_MS`): an index on a
 * large table may take minutes, and a second server waits for the first's migration lock.
 * On SQLite its commits are not flushed one by one (each commit still atomic: a flush each doubled
 * a fresh database's start) but all at once by a checkpoint at the end: it acknowledges nothing to
 * anyone, where serving flushes the log before each answer (connect.ts).
 */
export async function prepareDatabase(
  config: Config,
  modules: readonly SeedingModule[],
  onConnectionError: (error: Error) => void,
): Promise<void> {
  const { kysely: db, dialect } = openDatabase({
    ...config,
    databaseTimeouts: undefined,
    onConnectionError,
    flushCommits: false,
  });
  try {
    await migrateToLatest(db);
    await seedDatabase(db, modules, {
      demo: config.demo,
      catalogue: config.demoCatalogue,
      dialect,
      files: { dir: join(config.dataDir, 'files'), basePath: config.basePath },
    });
    await loadServerKeys(db, config.jwtSecret);
    if (dialect === 'sqlite') await sql`pragma wal_checkpoint(passive)`.execute(db);
  } finally {
    await db.destroy();
  }
}
