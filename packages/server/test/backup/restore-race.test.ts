import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { takeBackup } from '../../src/modules/backup/copy';
import { restoreSqlite } from '../../src/modules/backup/restore';
import { database } from '../support/server';
import { copySeededSqlite } from '../support/sqlite-template';

const run = promisify(execFile);
const CONNECT = fileURLToPath(new URL('../../src/db/connect.ts', import.meta.url));

/** This process's children (Linux): the pids in /proc/<pid>/task/<tid>/children. */
const children = () =>
  readdirSync(`/proc/${process.pid}/task`).flatMap((tid) =>
    readFileSync(`/proc/${process.pid}/task/${tid}/children`, 'utf8').split(' ').filter(Boolean),
  );

/** Whether a child process has `file` open. */
const childHasOpen = (file: string) =>
  children().some((pid) => {
    try {
      return readdirSync(`/proc/${pid}/fd`).some((fd) => {
        try {
          return readlinkSync(`/proc/${pid}/fd/${fd}`) === file;
        } catch {
          return false;
        }
      });
    } catch {
      return false;
    }
  });

describe.runIf(database === 'sqlite')('a server starting while a SQLite restore runs', () => {
  const cleanUp: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const step of cleanUp.splice(0)) await step();
  });

  it('waits for the restore and reads and writes the restored database, not the file it replaced', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'backroom-restore-race-'));
    cleanUp.push(() => rm(dataDir, { recursive: true, force: true }));
    expect(await copySeededSqlite(dataDir, { catalogue: false })).toBe(true);
    const live = join(dataDir, 'backroom.db');
    const taken = await takeBackup(
      { databaseUrl: null, dataDir },
      { dir: join(dataDir, 'backups'), everyHours: 24, keep: 7, maxAgeDays: 30, warnHours: 48 },
    );
    // After the backup the live database changes: a server on the old file would show the change.
    const db = new BetterSqlite3(live);
    const { id, name } = db.prepare('select id, name from role order by id limit 1').get() as {
      id: number;
      name: string;
    };
    db.prepare('update role set name = ? where id = ?').run('Changed after the backup', id);
    db.close();

    // A process opens the database as a server does while the restore holds it, then reads and writes through it.
    const script = join(dataDir, 'open.mts');
    await writeFile(
      script,
      `import { openSqlite } from ${JSON.stringify(CONNECT)};
const { kysely } = openSqlite(process.argv[2]);
const row = await kysely.selectFrom('role').select('name').where('id', '=', ${id}).executeTakeFirstOrThrow();
await kysely.updateTable('role').set({ description: 'Written after the restore' }).where('id', '=', ${id}).execute();
await kysely.destroy();
console.log(JSON.stringify(row));
`,
    );
    let opener: Promise<string> | undefined;
    const { kept } = await restoreSqlite(dataDir, taken.file, new Date(), async () => {
      opener = run(process.execPath, ['--import', 'tsx', script, dataDir]).then(({ stdout }) => stdout);
      opener.catch(() => {});
      await expect.poll(() => childHasOpen(live), { timeout: 60_000, interval: 20 }).toBe(true);
    });
    expect(JSON.parse(await opener!)).toEqual({ name });
    expect(kept).not.toBeNull();

    // Its write is in the restored file; the file it replaced is kept as it was.
    const restored = new BetterSqlite3(live, { readonly: true });
    expect(restored.prepare('select name, description from role where id = ?').get(id)).toEqual({
      name,
      description: 'Written after the restore',
    });
    restored.close();
    const keptDb = new BetterSqlite3(kept!, { readonly: true });
    expect(keptDb.prepare('select name from role where id = ?').get(id)).toEqual({ name: 'Changed after the backup' });
    keptDb.close();
  }, 240_000);
});
