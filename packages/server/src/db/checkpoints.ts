import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * The worker's code: a connection of its own to the database, which copies the log into it when
 * asked (`wal_checkpoint(PASSIVE)`: readers and the writer go on meanwhile; a checkpoint another
 * process is running makes it return, not wait). With `synchronous = NORMAL` the checkpoint
 * flushes the log before copying it and the database after: never lower, or a log restarted later
 * could overwrite frames that only the page cache had copied.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { timeout: 0 });
db.pragma('synchronous = NORMAL');
parentPort.on('message', (message) => {
  if (message === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage(null);
  } catch (error) {
    parentPort.postMessage(String((error && error.message) || error));
  }
});
`;

/** How long after a commit the log is copied into the database: the commits meanwhile share the copy. */
export const CHECKPOINT_DELAY_MS = 250;

/**
 * Checkpoints of an SQLite database's log on a thread of its own (issue 27): SQLite's automatic
 * checkpoint runs inside the commit that crosses its threshold, on Node's only thread, holding up
 * every request for the 10–20 ms it takes. `afterCommit` asks for one within `CHECKPOINT_DELAY_MS`;
 * the thread starts with the first. A failed checkpoint is reported and the next commit asks again;
 * the serving connection keeps a far automatic checkpoint of its own as a backstop
 * (`db/connect.ts`).
 */
export function backgroundCheckpoints(file: string, onError: (message: string) => void) {
  let worker: Worker | null = null;
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  let closed = false;
  const start = () => {
    worker = new Worker(WORKER, {
      eval: true,
      // A script of its own, whatever flags the process was started with (a loader, `--input-type=module`).
      execArgv: [],
      workerData: { file, driver: createRequire(import.meta.url).resolve('better-sqlite3') },
    });
    worker.unref();
    worker.on('message', (failure: string | null) => {
      running = false;
      if (failure) onError(failure);
    });
    worker.on('error', (error) => {
      running = false;
      worker = null;
      onError(error.message);
    });
  };
  const afterCommit = () => {
    if (!closed && !timer) timer = setTimeout(checkpoint, CHECKPOINT_DELAY_MS).unref();
  };
  function checkpoint() {
    timer = null;
    if (closed) return;
    // Commits came while the last checkpoint still ran: theirs follows it.
    if (running) return afterCommit();
    if (!worker) start();
    running = true;
    worker!.postMessage('checkpoint');
  }
  return {
    afterCommit,
    /** Ends the thread after its checkpoint, if one is running, with its connection closed. */
    async close(): Promise<void> {
      closed = true;
      if (timer) clearTimeout(timer);
      const ending = worker;
      worker = null;
      if (!ending) return;
      // 'exit' follows an 'error' too, which the listener above reports.
      const exited = new Promise((resolve) => ending.once('exit', resolve));
      // Held open until the thread is gone: an unreferenced one would let the process end first.
      ending.ref();
      ending.postMessage('close');
      await exited;
    },
  };
}
