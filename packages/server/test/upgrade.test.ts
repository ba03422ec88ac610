import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { schemaDrift } from '../src/db/schema/drift';
import { openDatabase } from '../src/db/connect';
import { migrateToLatest } from '../src/db/migrate';
import { migrations } from '../src/db/migrations/index';
import { freshPostgres } from './support/postgres';
import { database } from './support/server';

describe('upgrading a database from before the sign-in work (migrations 007 and 008)', () => {
  it('adds the audit log’s client address, gives open sessions 30 days, and leaves nothing drifting', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'backroom-upgrade-'));
    const postgres = database === 'postgres' ? await freshPostgres() : null;
    const { kysely } = openDatabase({ databaseUrl: postgres?.url ?? null, dataDir, onConnectionError: () => {} });
    const db = kysely as unknown as Kysely<Record<string, Record<string, unknown>>>;
    try {
      const migrator = new Migrator({ db: kysely, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('006_job_lease')).error).toBeUndefined();
      expect(
        (await db.introspection.getTables()).find((table) => table.name === 'audit_log')!.columns.map((c) => c.name),
      ).not.toContain('ip');
      const now = new Date().toISOString();
      const stamps = { created_at: now, updated_at: now };
      const role = await db
        .insertInto('role')
        .values({ code: 'R', name: 'R', ...stamps })
        .returning('id')
        .executeTakeFirstOrThrow();
      const user = await db
        .insertInto('app_user')
        .values({ user_name: 'old', display_name: 'Old', role_id: role.id, password_hash: 'x', ...stamps })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.insertInto('session').values({ user_id: user.id, created_at: now }).execute();
      await db
        .insertInto('login_failure')
        .values({ user_key: 'old', failure_count: 2, first_failure_at: now })
        .execute();

      await migrateToLatest(kysely);

      const session = await db.selectFrom('session').select('expires_at').executeTakeFirstOrThrow();
      expect(Math.abs(Date.parse(session.expires_at as string) - (Date.now() + 30 * 86_400_000))).toBeLessThan(60_000);
      expect(
        await db.selectFrom('login_failure').select(['failure_count', 'pending']).executeTakeFirstOrThrow(),
      ).toEqual({ failure_count: 2, pending: 0 });
      expect(await db.selectFrom('rate_limit').selectAll().execute()).toEqual([]);
      // A database with users is set up: the installer stays closed (migration 040).
      expect(await db.selectFrom('installation').select(['id', 'completed_by']).execute()).toEqual([
        { id: 1, completed_by: 'upgrade' },
      ]);
      expect(await schemaDrift(kysely as unknown as Kysely<unknown>)).toEqual([]);
    } finally {
      await kysely.destroy();
      await postgres?.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
