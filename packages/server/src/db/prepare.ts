import { loadServerKeys } from '../auth/server-secret';
import type { Config } from '../config';
import { openDatabase } from './connect';
import { migrateToLatest } from './migrate';
import { seedDatabase } from './seed/index';

/**
 * What a start does to the database before serving: pending migrations, the seed (privileges from
 * the registry; demo data into a fresh database), the server secret generated once. Run once per
 * start — by the single process, or by a cluster's primary before its workers open the database.
 * Without the serving time limits (`DB_LOCK_TIMEOUT_MS`, `DB_STATEMENT_TIMEOUT_MS`): an index on a
 * large table may take minutes, and a second server waits for the first's migration lock.
 */
export async function prepareDatabase(config: Config, onConnectionError: (error: Error) => void): Promise<void> {
  const { kysely: db, dialect } = openDatabase({ ...config, databaseTimeouts: undefined, onConnectionError });
  try {
    await migrateToLatest(db);
    await seedDatabase(db, { demo: config.demo, catalogue: config.demoCatalogue, dialect });
    await loadServerKeys(db, config.jwtSecret);
  } finally {
    await db.destroy();
  }
}
