import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateToLatest } from '../../src/db/migrate';
import type { Database } from '../../src/db/types';
import { freshPostgres } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A database migrated to the latest migration, which each test server's database copies. */
    postgresTemplate: string;
  }
}

/**
 * Global set-up of the PostgreSQL server suite: migrates one template database once, so each test
 * file's fresh database is a copy of it instead of a run of every migration.
 */
export default async function setup(project: TestProject) {
  const template = await freshPostgres({ prefix: 'br_template' });
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: template.url, max: 1 }) }),
  });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  project.provide('postgresTemplate', template.name);
  return () => template.drop();
}
