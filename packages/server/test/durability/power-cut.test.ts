import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { startSignedIn, type SignedInServer } from '../support/harness';
import { database } from '../support/server';

const run = (command: string, ...args: string[]) => execFileSync(command, args, { stdio: 'pipe' });

/** Whether this machine lets the test mount a file system of its own (root, loop devices). */
function canMount(): boolean {
  if (process.getuid?.() !== 0) return false;
  try {
    run('losetup', '--find');
    return true;
  } catch {
    return false;
  }
}

/**
 * A power cut under the SQLite file: the server's data directory is an ext4 file system on a loop
 * device of the test's own. A copy of the device's image file holds what reached the "disk" (what
 * was synced, and whatever the kernel wrote back meanwhile) and none of the page cache: the file
 * system as it would come back after the power went off at that moment.
 */
describe.runIf(database === 'sqlite' && canMount())('a power cut under the SQLite file', () => {
  let t: SignedInServer | undefined;
  const cleanUp: (() => unknown)[] = [];
  afterEach(async () => {
    await t?.close();
    for (const step of cleanUp.splice(0).reverse()) await step();
  });

  it('loses none of the writes acknowledged before it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'backroom-power-'));
    cleanUp.push(() => rm(dir, { recursive: true, force: true }));
    const [image, copy, mounted, remounted] = ['disk.img', 'after-cut.img', 'live', 'after-cut'].map((name) =>
      join(dir, name),
    );
    run('truncate', '-s', '64M', image);
    run('mkfs.ext4', '-q', image);
    await mkdir(mounted);
    await mkdir(remounted);
    run('mount', '-o', 'loop', image, mounted);
    cleanUp.push(() => run('umount', '--lazy', mounted));

    t = await startSignedIn({ users: ['admin'], config: { dataDir: mounted } });
    // Everything before the writes under test is on the disk: the database, its tables, the seed.
    run('sync');
    const insert = (code: string) =>
      t!.call('POST', '/DataRepository/Insert/category', {
        token: t!.tokens.admin,
        body: { code, name: `Power ${code}` },
      });
    const oneByOne = Array.from({ length: 20 }, (_, i) => `POWER${i}`);
    for (const code of oneByOne) expect((await insert(code)).status).toBe(200);
    // Commits that arrive together share the log's flushes (db/wal-flush.ts): each is answered only after one that followed it.
    const together = Array.from({ length: 20 }, (_, i) => `POWERTOGETHER${i}`);
    for (const answer of await Promise.all(together.map(insert))) expect(answer.status).toBe(200);
    const codes = [...oneByOne, ...together];
    run('cp', '--sparse=always', image, copy);
    run('mount', '-o', 'loop', copy, remounted);
    cleanUp.push(() => run('umount', '--lazy', remounted));

    const db = new BetterSqlite3(join(remounted, 'backroom.db'));
    try {
      const stored = db.prepare(`select code from category where code like 'POWER%'`).pluck().all();
      expect(stored.sort()).toEqual([...codes].sort());
    } finally {
      db.close();
    }
  }, 120_000);
});
