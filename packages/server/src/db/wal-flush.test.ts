import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { groupFlush, walFlusher } from './wal-flush';

/** A sync that finishes when the test says: how many began, and a way to end the one running. */
function heldSync() {
  const pending: { resolve: () => void; reject: (error: Error) => void }[] = [];
  return {
    started: () => pending.length,
    sync: () => new Promise<void>((resolve, reject) => pending.push({ resolve, reject })),
    finish: (error?: Error) => {
      const last = pending.at(-1)!;
      if (error) last.reject(error);
      else last.resolve();
    },
  };
}

const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return done;
};

describe('a group flush', () => {
  it('answers a caller only with a flush that began after its call, and lets callers that arrive together share one', async () => {
    const held = heldSync();
    const flush = groupFlush(held.sync);
    const first = flush();
    expect(held.started()).toBe(1);
    // Arrive while the first flush runs: their writes may have missed it.
    const during = [flush(), flush(), flush()];
    expect(held.started()).toBe(1);
    held.finish();
    await first;
    expect(await settled(Promise.all(during))).toBe(false);
    // One more flush for all three.
    await new Promise((resolve) => setImmediate(resolve));
    expect(held.started()).toBe(2);
    held.finish();
    await Promise.all(during);
    expect(held.started()).toBe(2);
  });

  it('rejects the callers of a flush that failed, and the next call flushes again', async () => {
    const held = heldSync();
    const flush = groupFlush(held.sync);
    const failing = flush();
    held.finish(new Error('EIO'));
    await expect(failing).rejects.toThrow('EIO');
    const next = flush();
    expect(held.started()).toBe(2);
    held.finish();
    await expect(next).resolves.toBeUndefined();
  });
});

describe("an SQLite log's flusher", () => {
  let dir = '';
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('flushes the log beside the database, and opens it again once it exists when it was missing', async () => {
    dir = await mkdtemp(join(tmpdir(), 'backroom-wal-'));
    const file = join(dir, 'backroom.db');
    const log = walFlusher(file);
    try {
      await expect(log.flush()).rejects.toMatchObject({ code: 'ENOENT' });
      await writeFile(`${file}-wal`, 'frames');
      await expect(log.flush()).resolves.toBeUndefined();
    } finally {
      await log.close();
    }
  });
});
