import { Migrator, type Kysely } from 'kysely';
import { migrations } from './migrations/index';
import type { Database } from './types';

const migrator = (db: Kysely<Database>) => new Migrator({ db, provider: { getMigrations: async () => migrations } });

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const { error, results } = await migrator(db).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`Migration ${failed ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** True when every known migration has run. */
export async function migrationsCurrent(db: Kysely<Database>): Promise<boolean> {
  const all = await migrator(db).getMigrations();
  return all.every((m) => m.executedAt !== undefined);
}
