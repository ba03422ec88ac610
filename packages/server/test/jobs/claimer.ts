/**
 * A job claimer in a process of its own, for the parallel-claim test: opens the database named by
 * its argument (`{databaseUrl, dataDir}` as JSON), says `ready`, reads from stdin the moment to
 * start at (epoch milliseconds; every claimer starts at the same one), then claims jobs until none
 * is left, pausing a moment after each as if running it, and prints their ids as JSON.
 */
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { openDatabase } from '../../src/db/connect';
import { claimNext, newLease } from '../../src/jobs/queue';

const { databaseUrl, dataDir } = JSON.parse(process.argv[2]!) as { databaseUrl: string | null; dataDir: string };
const { kysely: db, dialect } = openDatabase({
  databaseUrl,
  dataDir,
  onConnectionError: (error) => console.error(error),
});
process.stdout.write('ready\n');
const [startAt] = (await once(process.stdin, 'data')) as [Buffer];
await sleep(Number(startAt.toString()) - Date.now());
const claimed: number[] = [];
for (
  let job = await claimNext({ db, dialect }, newLease(60_000));
  job;
  job = await claimNext({ db, dialect }, newLease(60_000))
) {
  claimed.push(Number(job.id));
  // A worker runs the job before it claims the next: without that pause one SQLite process can
  // claim all of them while the others sleep in their busy handlers, and nothing runs side by side.
  await sleep(1);
}
process.stdout.write(`${JSON.stringify(claimed)}\n`);
await db.destroy();
