/**
 * Budget (issue 10): the export of 100,000 products to xlsx ≤ 5 s, streaming, RSS ≤ 250 MB.
 *
 * Starts the server on a fresh database (demo data), writes `BENCH_ROWS` products through the
 * server's own connection (rows shaped by the registry's storage mapping; in a child process, so
 * that the seeding's memory is not counted), then opens the server again and times the export
 * job's work (`runExport`: keyset pages of the product list as the administrator sees it,
 * references as codes, written row by row into the zip stream). Prints the wall time, the
 * process's CPU time (less noisy on a shared machine), the peak RSS (the whole process, the server
 * and its database included) and the RSS before the export began. Then `BENCH_SAMPLES` (5) more
 * exports, each recorded at the driver, against the floor: their statements replayed on a
 * connection of their own (support/floor.ts); p50 over p50.
 *
 *   npm run bench:export -w @backroom/bench            # SQLite, and PostgreSQL when DATABASE_URL is set
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findEntity, toStorageRow } from '@backroom/schema';
import { buildApp } from '@backroom/server';
import { sql } from 'kysely';
import { anyDb } from '../packages/server/src/data/store';
import { runExport } from '../packages/server/src/modules/spreadsheets/export';
import { actingRequest, actingUser } from '../packages/server/src/jobs/acting-user';
import { freshPostgres } from '../packages/server/test/support/postgres';
import { ratioLine, record, replayFloor, type RecordedStatement } from './support/floor';
import { benchProduct, benchStamp } from './support/ledger-world';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
/** Exports timed for the ratio after the first. */
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 5);
const BATCH = 500;

const open = (dataDir: string, databaseUrl: string | null) =>
  buildApp({ config: { dataDir, databaseUrl, demo: true }, logger: false, jobWorker: false });

/** Writes the products (a child process's work: the measured process then holds only the server and the export). */
async function seed(dataDir: string, databaseUrl: string | null): Promise<void> {
  const app = await open(dataDir, databaseUrl);
  try {
    const db = anyDb(app.ctx);
    const now = new Date().toISOString();
    const audit = benchStamp(now);
    const category = await db
      .insertInto('category')
      .values({ code: 'BENCH', name: 'Bench', is_active: true, ...audit })
      .returning('id')
      .executeTakeFirstOrThrow();
    const uom = await db.selectFrom('list_value').select('id').limit(1).executeTakeFirstOrThrow();
    const product = findEntity('product')!;
    for (let start = 0; start < ROWS; start += BATCH) {
      const rows = [];
      for (let i = start; i < Math.min(ROWS, start + BATCH); i++)
        rows.push({
          ...toStorageRow(
            product,
            benchProduct(`E${String(i).padStart(6, '0')}`, `Export product ${i}`, Number(category.id), Number(uom.id)),
            app.ctx.dialect,
          ),
          ...audit,
        });
      await db.insertInto(product.table).values(rows).execute();
    }
    // Planner statistics, as autovacuum gathers them soon after a bulk load: without them PostgreSQL
    // guesses a few thousand rows and sorts the whole table for every page instead of reading the index.
    if (app.ctx.dialect === 'postgres') await sql`analyze ${sql.table(product.table)}`.execute(db);
  } finally {
    await app.close();
  }
}

async function run(database: 'sqlite' | 'postgres'): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'backroom-bench-'));
  const postgres = database === 'postgres' ? await freshPostgres({ prefix: 'br_bench' }) : null;
  try {
    const seeded = spawnSync(
      process.execPath,
      [...process.execArgv, fileURLToPath(import.meta.url), SEED, dataDir, postgres?.url ?? ''],
      { stdio: 'inherit' },
    );
    if (seeded.status !== 0) throw new Error(`seeding failed (${seeded.status})`);
    const app = await open(dataDir, postgres?.url ?? null);
    try {
      const product = findEntity('product')!;
      const request = await actingRequest(app, await actingUser(anyDb(app.ctx), 'admin'));
      const before = process.memoryUsage().rss;
      let peak = before;
      const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
      const started = performance.now();
      const cpu = process.cpuUsage();
      const { rows } = await runExport(request, product, {}, join(dataDir, 'export.xlsx'), async () => undefined);
      const used = process.cpuUsage(cpu);
      const seconds = (performance.now() - started) / 1000;
      clearInterval(timer);
      const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
      console.log(
        `${database.padEnd(8)} export of ${rows} products  ${seconds.toFixed(2)} s (bench process CPU ${((used.user + used.system) / 1e6).toFixed(2)} s)  peak RSS ${mb(peak)} MB (${mb(before)} MB before)  load ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}  (≤ 5 s, ≤ 250 MB)`,
      );
      // The ratio: warm exports (the first one compiled the export's code), each beside the floor —
      // the same statements (every keyset page) on a connection of their own, the rows read and dropped.
      const times: number[] = [];
      const units: RecordedStatement[][] = [];
      for (let sample = 0; sample < SAMPLES; sample++) {
        const t0 = performance.now();
        const { statements } = await record(() =>
          runExport(request, product, {}, join(dataDir, 'export.xlsx'), async () => undefined),
        );
        times.push(performance.now() - t0);
        units.push(statements);
      }
      const floor = await replayFloor(
        { sqliteFile: join(dataDir, 'backroom.db'), databaseUrl: postgres?.url ?? null },
        units,
      );
      console.log(ratioLine(`${database.padEnd(8)} export (${SAMPLES} warm samples)`, times, floor).line);
    } finally {
      await app.close();
    }
  } finally {
    await postgres?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const SEED = '--seed';
if (process.argv[2] === SEED) {
  await seed(process.argv[3]!, process.argv[4] || null);
} else {
  await run('sqlite');
  if (process.env.DATABASE_URL) await run('postgres');
}
