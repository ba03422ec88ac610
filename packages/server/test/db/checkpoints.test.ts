import { execFile } from 'node:child_process';
import { statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql, type Generated, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { CHECKPOINT_DELAY_MS } from '../../src/db/checkpoints';
import { openSqlite } from '../../src/db/connect';
import { database } from '../support/server';

/** The test's own table. */
interface Notes {
  note: { id: Generated<number>; body: string };
}

const PAGE = 4096;
const CONNECT = fileURLToPath(new URL('../../src/db/connect.ts', import.meta.url));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(database === 'sqlite')("the SQLite log's checkpoints", () => {
  it('are made on a thread of their own soon after commits, so the log is reused long before the automatic checkpoint would', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'backroom-checkpoint-'));
    const { kysely } = openSqlite(dir);
    const db = kysely as unknown as Kysely<Notes>;
    try {
      await sql`create table note (id integer primary key, body text)`.execute(db);
      const body = 'x'.repeat(40 * PAGE);
      // 8 bursts of 50 commits of ~40 pages: 16,000 pages in all, past the serving connection's own threshold (10,000).
      for (let burst = 0; burst < 8; burst++) {
        for (let i = 0; i < 50; i++) await db.insertInto('note').values({ body }).execute();
        await pause(CHECKPOINT_DELAY_MS * 3);
      }
      // Each burst (about 2,000 pages) went into a log the thread had copied and SQLite had started over.
      expect(statSync(join(dir, 'backroom.db-wal')).size).toBeLessThan(4_000 * PAGE);
      expect(
        (
          await db
            .selectFrom('note')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirst()
        )?.n,
      ).toBe(400);
    } finally {
      await db.destroy();
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("let a process end once its database is closed, the checkpoints' thread with it", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'backroom-checkpoint-'));
    try {
      // A write, a checkpoint's thread started after it (whatever flags the process has), then the close: the process must exit by itself, cleanly.
      const script = `
        import { sql } from 'kysely';
        import { openSqlite } from ${JSON.stringify(CONNECT)};
        const { kysely } = openSqlite(process.argv[1], undefined, {
          onError: (error) => { console.error(error.message); process.exitCode = 1; },
        });
        await sql\`create table t (x)\`.execute(kysely);
        await sql\`insert into t values (1)\`.execute(kysely);
        await new Promise((resolve) => setTimeout(resolve, ${CHECKPOINT_DELAY_MS * 3}));
        await kysely.destroy();
        console.log('closed');
      `;
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '-e', script, dir],
        { timeout: 30_000 },
      );
      expect(stdout.trim()).toBe('closed');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
