import { execFileSync } from 'node:child_process';
import { mkdtempSync, openSync, rmSync, writeSync, closeSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignedIn, type SignedInServer } from './support/harness';
import { database } from './support/server';

/**
 * SQLite's data directory on a volume that fills up, two ways: a tmpfs of a few megabytes filled to
 * the last byte by a file beside the database (needs root to mount; left out where mount is not
 * permitted), and the database capped with `PRAGMA max_page_count` at its current size, which makes
 * SQLite answer SQLITE_FULL as a full disk does (runs everywhere).
 */
interface Volume {
  dir: string;
  fill(t: SignedInServer): Promise<void>;
  free(t: SignedInServer): Promise<void>;
  remove(): void;
}

const temporaryDir = () => mkdtempSync(join(tmpdir(), 'backroom-full-'));

function pageCap(): Volume {
  const dir = temporaryDir();
  let pages = 0;
  return {
    dir,
    async fill(t) {
      const db = t.server.app.ctx.db;
      pages = Number((await sql<{ page_count: number }>`pragma page_count`.execute(db)).rows[0]!.page_count);
      await sql.raw(`pragma max_page_count = ${pages}`).execute(db);
    },
    async free(t) {
      await sql.raw(`pragma max_page_count = ${pages * 100}`).execute(t.server.app.ctx.db);
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A tmpfs, or null where mounting is not permitted. */
function tinyTmpfs(): Volume | null {
  const dir = temporaryDir();
  const filler = join(dir, 'filler');
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64m', 'tmpfs', dir], { stdio: 'ignore' });
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
  return {
    dir,
    async fill() {
      const fd = openSync(filler, 'w');
      try {
        for (const size of [64 * 1024, 512, 1])
          try {
            for (;;) writeSync(fd, Buffer.alloc(size));
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
          }
      } finally {
        closeSync(fd);
      }
      expect(statfsSync(dir).bavail).toBe(0);
    },
    async free() {
      rmSync(filler, { force: true });
    },
    remove() {
      execFileSync('umount', [dir], { stdio: 'ignore' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const tmpfs = database === 'sqlite' ? tinyTmpfs() : null;
tmpfs?.remove();
const volumes: [string, () => Volume][] = [
  ['PRAGMA max_page_count', pageCap],
  ...(tmpfs ? [['a full tmpfs', () => tinyTmpfs()!] as [string, () => Volume]] : []),
];

describe.runIf(database === 'sqlite').each(volumes)('a full disk under SQLite (%s)', (_name, makeVolume) => {
  let volume: Volume;
  let t: SignedInServer;

  beforeAll(async () => {
    volume = makeVolume();
    t = await startSignedIn({ users: ['admin'], config: { dataDir: volume.dir } });
  });

  afterAll(async () => {
    await t?.close();
    volume?.remove();
  });

  it('answers writes 507 naming the cause, keeps reads answering, and takes writes again once space is freed', async () => {
    const before = await t.post('/DataRepository/Insert/supplier', { code: 'FULL0', name: 'Before the disk filled' });
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    await volume.fill(t);

    // Writes until the disk refuses them: every refusal a 507 naming the cause, never a bare 500.
    const statuses: number[] = [];
    for (let i = 1; i <= 300 && statuses.filter((s) => s === 507).length < 20; i++) {
      const res = await t.post('/DataRepository/Insert/supplier', {
        code: `FULL${i}`,
        name: `Supplier ${i}`,
        address: 'a'.repeat(500),
      });
      statuses.push(res.status);
      if (res.status === 200) continue;
      expect(res.status, JSON.stringify(res.body)).toBe(507);
      expect(res.body).toEqual({
        resultCode: 507,
        message: expect.stringContaining('disk is full'),
        data: null,
        requestId: expect.any(String),
      });
      expect(res.headers.get('retry-after')).toBe('60');
    }
    expect(statuses.filter((s) => s === 507)).toHaveLength(20);
    const saved = statuses.filter((s) => s === 200).length;

    // Reads keep working: a list, a record, the health check.
    const list = await t.post<unknown[]>('/DataRepository/fetch/supplier', { Take: 1000 });
    expect(list.status).toBe(200);
    expect(list.body.totalCount).toBe(saved + 1);
    expect((await t.get(`/supplier/Get/${before.body.data.id}`)).status).toBe(200);
    expect((await t.call('GET', `${t.origin}/backoffice/core/health`)).status).toBe(200);

    // Space returns: writes work again at once, without a restart.
    await volume.free(t);
    const after = await t.post('/DataRepository/Insert/supplier', { code: 'FULLAFTER', name: 'After space came back' });
    expect(after.status, JSON.stringify(after.body)).toBe(200);
    expect((await t.post<unknown[]>('/DataRepository/fetch/supplier', { Take: 1000 })).body.totalCount).toBe(saved + 2);
  });
});
