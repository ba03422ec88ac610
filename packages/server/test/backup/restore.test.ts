import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_TAKE } from '@backroom/schema';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { BackupConfig } from '../../src/config';
import { takeBackup, type BackupTaken } from '../../src/modules/backup/copy';
import { DatabaseInUse, restorePostgres, restoreSqlite } from '../../src/modules/backup/restore';
import { useChildServers } from '../support/child-server';
import { freshPostgres } from '../support/postgres';
import { database } from '../support/server';
import { copySeededSqlite } from '../support/sqlite-template';
import { postJson as post, signIn } from '../durability/support';

const WRITERS = 6;

describe('a backup taken under write load restores every acknowledged write', () => {
  const children = useChildServers();

  it('is taken while writers write, refuses to restore under a running server, and restores all acknowledged before it began', async () => {
    const place = await children.place('backroom-backup-');
    const { dataDir, databaseUrl } = place;
    const backups: BackupConfig = {
      dir: join(dataDir, 'backups'),
      everyHours: 24,
      keep: 7,
      maxAgeDays: 30,
      warnHours: 48,
    };

    const running = await children.start(place);
    const token = await signIn(running.api);

    // Writers insert categories one after another until the backup is done, and a little after.
    const acknowledged: string[] = [];
    let stop = false;
    const writer = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const code = `B${w}-${i}`;
        const answer = await post(
          running.api,
          '/DataRepository/Insert/category',
          { code, name: `Backup ${code}` },
          token,
        );
        expect(answer.status).toBe(200);
        acknowledged.push(code);
      }
    };
    const writing = Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
    await expect.poll(() => acknowledged.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(30);
    const before = [...acknowledged];
    let taken: BackupTaken;
    try {
      taken = await takeBackup({ databaseUrl, dataDir }, backups);
    } finally {
      const during = acknowledged.length;
      await expect.poll(() => acknowledged.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(during + 10);
      stop = true;
      await writing;
    }
    expect(acknowledged.length).toBeGreaterThan(before.length);
    expect(taken.bytes).toBeGreaterThan(0);

    // While the server holds the database, restore refuses and leaves it alone.
    const restore = () => (databaseUrl ? restorePostgres(databaseUrl, taken.file) : restoreSqlite(dataDir, taken.file));
    await expect(restore()).rejects.toBeInstanceOf(DatabaseInUse);

    running.child.kill('SIGTERM');
    expect((await running.exited)[0]).toBe(0);
    if (databaseUrl) {
      // The server's connections end with it; PostgreSQL may take a moment to see them gone.
      await expect
        .poll(
          async () =>
            await restore().then(
              () => 'restored',
              (e: Error) => e.message,
            ),
          { timeout: 20_000, interval: 500 },
        )
        .toBe('restored');
    } else {
      await restore();
    }

    const server = await children.start(place);
    const stored = await post(
      server.api,
      '/DataRepository/fetch/category',
      { Take: MAX_TAKE, filters: [{ ColumnName: 'code', ColumnValue: 'B', Operator: 'STARTSWITH' }] },
      await signIn(server.api),
    );
    expect(stored.status).toBe(200);
    const rows = stored.body.data as { code: string; name: string }[];
    expect(rows.length).toBeLessThan(MAX_TAKE);
    const codes = new Set(rows.map((row) => row.code));
    expect(before.filter((code) => !codes.has(code))).toEqual([]);
    // Writes answered after the copy began may or may not be in it; none is there half (a row has its name).
    for (const row of rows) expect(row.name).toBe(`Backup ${row.code}`);
    expect(codes.size).toBeLessThanOrEqual(acknowledged.length);
  }, 240_000);
});

describe('a backup from a newer release', () => {
  const cleanUp: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const step of cleanUp.splice(0)) await step();
  });

  it('is refused on restore, naming the migrations this release does not know, and the live database stays', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'backroom-newer-'));
    cleanUp.push(() => rm(dataDir, { recursive: true, force: true }));
    const config: BackupConfig = {
      dir: join(dataDir, 'backups'),
      everyHours: 24,
      keep: 7,
      maxAgeDays: 30,
      warnHours: 48,
    };
    const future = 'zzz_a_newer_release';
    const refusal = `The backup was taken by a newer release (migrations ${future}): restore it with that release`;

    if (database === 'postgres') {
      const source = await freshPostgres({ template: inject('postgresTemplate') });
      const live = await freshPostgres({ template: inject('postgresTemplate') });
      cleanUp.push(source.drop, live.drop);
      const client = new pg.Client({ connectionString: source.url });
      await client.connect();
      await client.query('insert into kysely_migration (name, timestamp) values ($1, $2)', [future, '2099-01-01']);
      await client.end();
      const taken = await takeBackup({ databaseUrl: source.url, dataDir }, config);
      await expect(restorePostgres(live.url, taken.file)).rejects.toThrow(refusal);
      const check = new pg.Client({ connectionString: live.url });
      await check.connect();
      const known = await check.query('select 1 from kysely_migration where name = $1', [future]);
      await check.end();
      expect(known.rowCount).toBe(0);
    } else {
      const source = join(dataDir, 'source');
      const live = join(dataDir, 'live');
      await mkdir(source);
      await mkdir(live);
      expect(await copySeededSqlite(source, { catalogue: false })).toBe(true);
      expect(await copySeededSqlite(live, { catalogue: false })).toBe(true);
      const db = new BetterSqlite3(join(source, 'backroom.db'));
      db.prepare('insert into kysely_migration (name, timestamp) values (?, ?)').run(future, '2099-01-01');
      db.close();
      const taken = await takeBackup({ databaseUrl: null, dataDir: source }, config);
      await expect(restoreSqlite(live, taken.file)).rejects.toThrow(refusal);
      const check = new BetterSqlite3(join(live, 'backroom.db'), { readonly: true });
      expect(check.prepare('select 1 from kysely_migration where name = ?').get(future)).toBeUndefined();
      check.close();
    }
  }, 120_000);
});
