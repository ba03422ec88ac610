/**
 * Budget (issue 11): `POST /pointofsale/Sales` with 20 lines from 20 terminals in parallel:
 * 0 errors, p99 ≤ 150 ms.
 *
 * Starts the server on a fresh database and listens on a local port; sets up a shop through the
 * API (base currency, an outlet with its store location, 200 stocked products, a payment mode) and
 * pairs 20 terminals through the real pairing calls. Then, round after round, every terminal
 * posts one 20-line sale at the same moment over HTTP, from a process of their own
 * (support/till-fleet.ts); each request's time is measured there from send to answer. The first
 * rounds warm up and are not counted. The server's process CPU time per counted sale is printed
 * too: unlike the times, it hardly moves with what else the machine runs.
 *
 *   npm run bench:sales -w @backroom/bench          # SQLite, and PostgreSQL when DATABASE_URL is set
 *   BENCH_ROUNDS=50 npm run bench:sales -w @backroom/bench
 *   BENCH_DB=postgres npm run bench:sales -w @backroom/bench   # one database only
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '@backroom/server';
import { freshPostgres } from '../packages/server/test/support/postgres';
import { budgetVerdict, ratioLine, record, replayFloor, snapshot, type RecordedStatement } from './support/floor';
import type { Round, RoundAnswer } from './support/till-fleet';

const TERMINALS = 20;
const LINES = 20;
const PRODUCTS = 200;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const WARMUP = 3;
const BUDGET_P99 = 150;

type Database = 'sqlite' | 'postgres';
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function run(database: Database): Promise<boolean> {
  const dataDir = await mkdtemp(join(tmpdir(), 'backroom-bench-'));
  const postgres = database === 'postgres' ? await freshPostgres({ prefix: 'br_bench' }) : null;
  const app = await buildApp({
    config: { dataDir, databaseUrl: postgres?.url ?? null, demo: true, demoCatalogue: false },
    logger: false,
    // No job loop: its statements would mix with the sales' the floor records.
    jobWorker: false,
  });
  const target = { sqliteFile: join(dataDir, 'backroom.db'), databaseUrl: postgres?.url ?? null };
  const children: ChildProcess[] = [];
  try {
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `${origin}/backoffice/core/api`;
    const send = async (path: string, body: unknown, authorization?: string) => {
      const response = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        body: JSON.stringify(body),
      });
      const json = (await response.json()) as { data: Record<string, unknown> & { id: number } };
      return { status: response.status, json };
    };
    const login = await send('/Authentication/Login', { userName: 'admin', password: 'Admin@123' });
    const admin = `Bearer ${(login.json.data.token as { accessToken: string }).accessToken}`;
    const api = async (path: string, body: unknown) => {
      const answer = await send(path, body, admin);
      if (answer.status !== 200)
        throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.json).slice(0, 300)}`);
      return answer.json.data;
    };

    await api('/DataRepository/Insert/currency', { code: 'MYR', name: 'Ringgit', decimals: 2, isBase: true });
    const outlet = await api('/DataRepository/Insert/outlet', {
      code: 'BO',
      name: 'Bench outlet',
      timezone: 'Asia/Kuala_Lumpur',
    });
    await api('/DataRepository/Insert/inventorylocation', {
      code: 'BS',
      name: 'Bench store',
      kind: 'store',
      outlet: outlet.id,
    });
    const category = await api('/DataRepository/Insert/category', { code: 'BENCH', name: 'Bench' });
    const uom = (await api('/DataRepository/fetch/listvalue', {
      Take: 1,
      filters: [{ ColumnName: 'code', ColumnValue: 'PCS', Operator: 'EQ' }],
    })) as unknown as { id: number }[];
    const cash = await api('/DataRepository/Insert/paymentmode', { code: 'CASH', name: 'Cash', kind: 'cash' });
    const products: number[] = [];
    for (let i = 0; i < PRODUCTS; i++)
      products.push(
        (
          await api('/DataRepository/Insert/product', {
            code: `BP${i}`,
            name: `Bench product ${i}`,
            category: category.id,
            uom: uom[0]!.id,
            sellingPrice: `${(i % 40) + 1}.50`,
          })
        ).id,
      );
    const tokens: string[] = [];
    for (let i = 0; i < TERMINALS; i++) {
      const terminal = await api('/DataRepository/Insert/pointofsale', {
        code: `T${i}`,
        name: `Till ${i}`,
        outlet: outlet.id,
      });
      const { code } = (await api('/DataRepository/Execute/pointofsale', {
        action: 'pair',
        ids: [terminal.id],
      })) as unknown as { code: string };
      const paired = await send('/pointofsale/Pair', { code, deviceId: `bench-${i}` });
      tokens.push(`Terminal ${String(paired.json.data.terminalToken)}`);
    }

    // The tills post from a process of their own (support/till-fleet.ts), as from machines of their own.
    const fleet = fork(fileURLToPath(new URL('./support/till-fleet.ts', import.meta.url)), {
      execArgv: ['--import', 'tsx'],
    });
    children.push(fleet);
    const playRound = (played: Round) =>
      new Promise<RoundAnswer>((resolve) => {
        fleet.once('message', (answer) => resolve(answer as RoundAnswer));
        fleet.send(played);
      });
    const times: number[] = [];
    let errors = 0;
    let receipt = 0;
    let cpu = process.cpuUsage();
    // The floor: each counted round's statements, recorded at the driver, replayed afterwards on a
    // copy of the database taken before the first counted round (support/floor.ts).
    let copy: Awaited<ReturnType<typeof snapshot>> | null = null;
    const rounds: RecordedStatement[][] = [];
    const roundTimes: number[] = [];
    for (let round = 0; round < ROUNDS + WARMUP; round++) {
      if (round === WARMUP) {
        copy = await snapshot(target);
        cpu = process.cpuUsage();
      }
      const sales = tokens.map((authorization, t) => {
        const lines = Array.from({ length: LINES }, (_, l) => {
          const product = products[(round * 37 + t * 11 + l * 7) % PRODUCTS]!;
          return {
            productId: product,
            quantity: 1 + (l % 3),
            unitPrice: `${(products.indexOf(product) % 40) + 1}.50`,
          };
        });
        const amount = lines.reduce((sum, l) => sum + l.quantity * Number(l.unitPrice), 0).toFixed(2);
        return {
          authorization,
          body: {
            receiptNo: `B${t}-${++receipt}`,
            at: new Date().toISOString(),
            lines,
            payments: [{ paymentModeId: cash.id, amount }],
          },
        };
      });
      const { result: played, statements } = await record(() => playRound({ url: `${base}/pointofsale/Sales`, sales }));
      if (round >= WARMUP) {
        rounds.push(statements);
        roundTimes.push(played.wall);
      }
      for (const answer of played.answers) {
        if (answer.status !== 200 || answer.lines !== LINES) {
          errors++;
          if (errors <= 3) console.error(answer.error ?? `${answer.lines} lines`);
        }
        if (round >= WARMUP) times.push(answer.elapsed);
      }
    }
    const { user, system } = process.cpuUsage(cpu);
    times.sort((a, b) => a - b);
    const p99 = percentile(times, 99);
    const floor = await replayFloor(copy!.target, rounds, { writes: true });
    await copy!.drop();
    const ratio = ratioLine(
      `${database}: a round of ${TERMINALS} sales (wall, from the first send to the last answer)`,
      roundTimes.sort((a, b) => a - b),
      floor.sort((a, b) => a - b),
    );
    console.log(ratio.line);
    const timesOk = errors === 0 && p99 <= BUDGET_P99;
    console.log(
      `${database}: ${times.length} sales of ${LINES} lines, ${TERMINALS} terminals at once: errors ${errors}, p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}, p99 ${ms(p99)}, max ${ms(times.at(-1)!)}; the server's process CPU ${ms((user + system) / 1000 / times.length)} a sale — ${budgetVerdict(timesOk, `0 errors, p99 ≤ ${BUDGET_P99} ms`, ratio.ok)}`,
    );
    return timesOk && ratio.ok;
  } finally {
    for (const child of children) child.kill();
    await app.close();
    await postgres?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const databases: Database[] = (
  process.env.DATABASE_URL ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const)
).filter((d) => !process.env.BENCH_DB || d === process.env.BENCH_DB);
let allPass = true;
for (const database of databases) allPass = (await run(database)) && allPass;
process.exit(allPass ? 0 : 1);
