import { open, type FileHandle } from 'node:fs/promises';

const ignore = () => undefined;

/**
 * Flushes shared by whoever asks while one is under way (a group commit). A caller's promise
 * settles with a flush that began after its call — one already running may have started before
 * the caller's write reached the file — and every caller that arrives during a flush shares the
 * next one, so a burst of commits pays about two flushes, not one each.
 */
export function groupFlush(sync: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  const flush = (): Promise<void> => {
    if (!running) {
      running = sync().finally(() => {
        running = null;
      });
      return running;
    }
    next ??= running.then(ignore, ignore).then(() => {
      next = null;
      return flush();
    });
    return next;
  };
  return flush;
}

/**
 * The flush of an SQLite database's write-ahead log (`<file>-wal`) to disk, off Node's main
 * thread (`fdatasync` runs on libuv's pool), grouped (`groupFlush`). The log is opened on the first
 * flush, after a write created it, and kept open for the connection's life: SQLite removes it only
 * when the last connection closes. SQLite places no lock on the log (its locks are on the database
 * and `-shm` files), so this descriptor's close lets go of none of them.
 */
export function walFlusher(databaseFile: string): { flush: () => Promise<void>; close: () => Promise<void> } {
  let handle: Promise<FileHandle> | null = null;
  const flush = groupFlush(async () => {
    handle ??= open(`${databaseFile}-wal`, 'r+');
    try {
      await (await handle).datasync();
    } catch (error) {
      // Opened again next time: the log may have been missing, or the descriptor gone bad.
      const failed = handle;
      handle = null;
      void failed.then((h) => h.close()).catch(ignore);
      throw error;
    }
  });
  const close = async () => {
    const open = handle;
    handle = null;
    await open?.then((h) => h.close()).catch(ignore);
  };
  return { flush, close };
}
