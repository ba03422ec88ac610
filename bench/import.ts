/**
 * Budgets (issue 10): 100,000 product rows from an xlsx, validate + commit ≤ 10 s with peak RSS
 * ≤ 500 MB, beside the time the same library takes only to read the file (aim: ≤ 3×); and the
 * export of 100,000 products ≤ 5 s (`export.ts`).
 *
 * Starts the server on a fresh database (demo data: list values), writes the sheet with the
 * module's streaming writer, reads it once through the reader alone, then runs the import job's
 * work (`runImport`: read, resolve codes, check every row against the registry and the database,
 * commit in one transaction through the generic write path) as the administrator.
 *
 *   npm run bench:import -w @backroom/bench            # SQLite, and PostgreSQL when DATABASE_URL is set
 *   BENCH_ROWS=10000 npm run bench:import -w @backroom/bench
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '@backroom/server';
import { loadConfig } from '../packages/server/src/config';
import { actingRequest, actingUser } from '../packages/server/src/jobs/acting-user';
import { anyDb } from '../packages/server/src/data/store';
import { runImport } from '../packages/server/src/modules/spreadsheets/import';
import { importerOf } from '../packages/server/src/modules/spreadsheets/importers';
import { readSheet } from '../packages/server/src/modules/spreadsheets/read';
import { writeWorkbook } from '../packages/server/src/modules/spreadsheets/write';
import { runExport } from '../packages/server/src/modules/spreadsheets/export';
import { freshPostgres } from '../packages/server/test/support/postgres';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const ONLY = process.env.BENCH_ONLY;

/**
 * Peak resident set size while `work` runs, sampled every 20 ms, and the process's CPU time (user +
 * system, every thread of this process; not PostgreSQL's), less moved than the wall clock by other load.
 */
async function peakRss<T>(
  work: () => Promise<T>,
): Promise<{ value: T; seconds: number; cpuSeconds: number; peakMb: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  const cpu = process.cpuUsage();
  try {
    const value = await work();
    const used = process.cpuUsage(cpu);
    return {
      value,
      seconds: (performance.now() - started) / 1000,
      cpuSeconds: (used.user + used.system) / 1e6,
      peakMb: Math.max(peak, process.memoryUsage().rss) / 1024 / 1024,
    };
  } finally {
    clearInterval(timer);
  }
}

export async function run(database: 'sqlite' | 'postgres'): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'backroom-bench-'));
  const postgres = database === 'postgres' ? await freshPostgres({ prefix: 'br_bench' }) : null;
  const app = await buildApp({
    config: { dataDir, databaseUrl: postgres?.url ?? null, demo: true },
    logger: false,
    jobWorker: false,
  });
  try {
    const db = anyDb(app.ctx);
    const now = new Date().toISOString();
    await db
      .insertInto('category')
      .values({
        code: 'BENCH',
        name: 'Bench',
        is_active: true,
        version: 1,
        created_at: now,
        created_by: 'bench',
        updated_at: now,
        updated_by: 'bench',
      })
      .execute();
    const request = await actingRequest(app, await actingUser(db, 'admin'));

    const file = join(dataDir, 'products.xlsx');
    const header = ['SKU', 'Name', 'Category', 'Unit of measure', 'Selling price', 'Cost price', 'Barcode'];
    function* rows() {
      for (let i = 0; i < ROWS; i++)
        yield [`B${String(i).padStart(6, '0')}`, `Bench product ${i}`, 'BENCH', 'PCS', 9.9 + (i % 100), 4, `BC${i}`];
    }
    await writeWorkbook(file, [{ name: 'Data', columns: header.map((h) => ({ header: h })), rows: rows() }]);

    const read = await peakRss(async () => {
      let n = 0;
      for await (const _row of readSheet(file, 'xlsx', loadConfig().imports)) n++;
      return n;
    });
    const importer = importerOf('product')!;
    const imported = await peakRss(() =>
      runImport(app.ctx, request, importer, { path: file, format: 'xlsx' }, true, async () => undefined),
    );
    if (!imported.value.committed)
      throw new Error(`import not committed: ${JSON.stringify(imported.value.errors.slice(0, 3))}`);
    const exported = await peakRss(() =>
      runExport(request, importer.entity, {}, join(dataDir, 'export.xlsx'), async () => undefined),
    );
    const line = (name: string, r: { seconds: number; cpuSeconds: number; peakMb: number }, budget: string) =>
      console.log(
        `${database.padEnd(8)} ${name.padEnd(28)} ${r.seconds.toFixed(2).padStart(7)} s  CPU ${r.cpuSeconds.toFixed(2).padStart(6)} s  peak RSS ${r.peakMb.toFixed(0).padStart(5)} MB  (${budget})`,
      );
    console.log(
      `${database}: ${ROWS} product rows; inserted ${imported.value.inserted}; exported ${exported.value.rows}; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    line('read only', read, 'reference');
    line(
      'validate + commit',
      imported,
      `≤ 10 s, ≤ 500 MB; ${(imported.seconds / read.seconds).toFixed(1)}× reading, aim ≤ 3×`,
    );
    line('export', exported, '≤ 5 s, ≤ 250 MB');
  } finally {
    await app.close();
    await postgres?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (!ONLY || ONLY === 'sqlite') await run('sqlite');
if (process.env.DATABASE_URL && (!ONLY || ONLY === 'postgres')) await run('postgres');
