/**
 * The floor of an in-process bench: the database alone answering the statements Backroom ran.
 *
 * `recordDriver()` records, at the drivers (better-sqlite3's statements, pg's `Client.query`), every
 * statement this process runs while `during` runs — SQL text and parameters as the driver received
 * them. `replayFloor` then runs the same statements, in the same order, on a connection of its own
 * (a second better-sqlite3 connection on the same file, or one pg client), each SQL text prepared
 * once, and times each recorded unit of work. Reads are replayed without Backroom's own
 * BEGIN/COMMIT/SAVEPOINT; writes on a copy of the database taken before them, with their commits
 * (`replayFloor`'s `writes`).
 * What the floor leaves out is everything that is not the database: routing, the sign-in check's
 * Node side, the query builder, serialisation — the distance a ratio measures.
 */
import { execSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { loadavg } from 'node:os';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { freshPostgres } from '../../packages/server/test/support/postgres';
import { percentile } from './products';

export interface RecordedStatement {
  sql: string;
  params: unknown[];
  postgres: boolean;
  /** Which connection ran it (a pool's clients are told apart; SQLite's server has one). */
  connection: number;
  /** An insert's first returned id (PostgreSQL): the replay gives its row the same id. */
  firstId?: number;
}

const connectionIds = new WeakMap<object, number>();
let connections = 0;
const connectionOf = (client: object): number => {
  let id = connectionIds.get(client);
  if (id === undefined) connectionIds.set(client, (id = ++connections));
  return id;
};

let log: RecordedStatement[] | null = null;
let installed = false;
const INSERT = /^\s*insert\s+into\s+"?(\w+)"?/i;

/** Patches the drivers once; statements are kept only inside `record`. */
function install(): void {
  if (installed) return;
  installed = true;
  const probe = new BetterSqlite3(':memory:');
  const proto = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, (...args: unknown[]) => unknown>;
  probe.close();
  for (const method of ['all', 'get', 'run', 'iterate']) {
    const original = proto[method]!;
    proto[method] = function (this: { source: string }, ...params: unknown[]) {
      log?.push({ sql: this.source, params, postgres: false, connection: 0 });
      return original.apply(this, params);
    };
  }
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
    const [config, values] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
    let recorded: RecordedStatement | undefined;
    if (log) {
      const connection = connectionOf(this as object);
      if (typeof config === 'string')
        recorded = { sql: config, params: Array.isArray(values) ? values : [], postgres: true, connection };
      else if (config && typeof config.text === 'string')
        recorded = { sql: config.text, params: config.values ?? [], postgres: true, connection };
      if (recorded) log.push(recorded);
    }
    const result = query.apply(this, args);
    if (recorded && INSERT.test(recorded.sql) && result instanceof Promise)
      result.then(
        (answer: { rows?: { id?: unknown }[] }) => {
          const id = Number(answer.rows?.[0]?.id);
          if (Number.isInteger(id)) recorded.firstId = id;
        },
        () => undefined,
      );
    return result;
  } as never;
}

/** Runs `during`, answering its result and the statements the drivers ran meanwhile. */
export async function record<T>(during: () => Promise<T>): Promise<{ result: T; statements: RecordedStatement[] }> {
  install();
  log = [];
  try {
    const result = await during();
    return { result, statements: log };
  } finally {
    log = null;
  }
}

const TRANSACTION = /^\s*(begin|commit|rollback|savepoint|release|start transaction)\b/i;

/** The statements without Backroom's own BEGIN/COMMIT/SAVEPOINT: what a read's floor runs. */
export const withoutTransactionControl = (statements: readonly RecordedStatement[]) =>
  statements.filter((s) => !TRANSACTION.test(s.sql));

/** A connection of the floor's own: runs statements as recorded, each SQL text prepared once. */
export async function floorConnection(target: { sqliteFile?: string; databaseUrl?: string | null }) {
  if (target.databaseUrl) {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    // Each text a named statement, prepared once: the database alone, without parsing and planning again.
    const names = new Map<string, string>();
    return {
      run: async (s: RecordedStatement) => {
        let name = names.get(s.sql);
        if (!name) names.set(s.sql, (name = `floor_${names.size}`));
        await client.query({ name, text: s.sql, values: s.params });
      },
      /**
       * Sets the table's sequence so that the insert gets the id it got when recorded: the
       * transactions of a pool's connections took ids in an order no serial replay repeats (not
       * even the order their inserts were answered), and a later statement names the row by it.
       */
      sameIds: async (s: RecordedStatement) => {
        if (s.firstId === undefined) return;
        const table = INSERT.exec(s.sql)![1]!;
        await client.query(`select setval(pg_get_serial_sequence($1, 'id'), $2, false)`, [table, s.firstId]);
      },
      exec: async (text: string) => void (await client.query(text)),
      close: () => client.end(),
    };
  }
  const db = new BetterSqlite3(target.sqliteFile!);
  // As the server's connection (db/connect.ts): a commit syncs the WAL, foreign keys are checked.
  db.pragma('journal_mode = wal');
  db.pragma('foreign_keys = on');
  db.pragma('synchronous = full');
  db.pragma('busy_timeout = 5000');
  const prepared = new Map<string, BetterSqlite3.Statement>();
  return {
    run: async (s: RecordedStatement) => {
      let statement = prepared.get(s.sql);
      if (!statement) prepared.set(s.sql, (statement = db.prepare(s.sql)));
      if (statement.reader) statement.all(...(s.params as never[]));
      else statement.run(...(s.params as never[]));
    },
    exec: async (text: string) => void db.exec(text),
    // One connection: the recorded run's ids come back by themselves.
    sameIds: async () => undefined,
    close: async () => void db.close(),
  };
}

/**
 * Times each unit's statements on the floor's connection, one after another. Reads (the default):
 * Backroom's BEGIN/COMMIT left out. `writes`: the target is a copy taken (`snapshot`) before the
 * units ran, each transaction replayed whole with its commit (`serialTransactions`), each insert
 * given the id it got (`sameIds`, not timed), so the copy goes through the same states. Answers
 * the times in ms, sorted unless `writes`.
 */
export async function replayFloor(
  target: { sqliteFile?: string; databaseUrl?: string | null },
  units: RecordedStatement[][],
  options: { writes?: boolean } = {},
): Promise<number[]> {
  const connection = await floorConnection(target);
  const times: number[] = [];
  try {
    for (const unit of units) {
      const statements = options.writes ? serialTransactions(unit) : withoutTransactionControl(unit);
      const t0 = performance.now();
      let aside = 0;
      for (const s of statements) {
        if (options.writes) {
          const t1 = performance.now();
          await connection.sameIds(s);
          aside += performance.now() - t1;
        }
        await connection.run(s);
      }
      times.push(performance.now() - t0 - aside);
    }
  } finally {
    await connection.close();
  }
  return options.writes ? times : times.sort((a, b) => a - b);
}

/**
 * A unit's statements as one connection can run them: each transaction whole (a pool's connections
 * ran theirs side by side), in the order each began.
 */
function serialTransactions(unit: readonly RecordedStatement[]): RecordedStatement[] {
  const open = new Map<number, RecordedStatement[]>();
  const transactions: RecordedStatement[][] = [];
  for (const statement of unit) {
    let transaction = open.get(statement.connection);
    if (!transaction) {
      transactions.push((transaction = []));
      if (/^\s*(begin|start transaction)\b/i.test(statement.sql)) open.set(statement.connection, transaction);
    }
    transaction.push(statement);
    if (/^\s*(commit|rollback)\b/i.test(statement.sql)) open.delete(statement.connection);
  }
  return transactions.flat();
}

/**
 * A copy of the database as it is now, for a write floor: SQLite `VACUUM INTO`, PostgreSQL
 * pg_dump into a fresh database (the server's connections stay open, so no TEMPLATE copy).
 */
export async function snapshot(target: {
  sqliteFile: string;
  databaseUrl: string | null;
}): Promise<{ target: { sqliteFile: string; databaseUrl: string | null }; drop: () => Promise<void> }> {
  if (target.databaseUrl) {
    const copy = await freshPostgres({ prefix: 'br_floor' });
    execSync(`pg_dump --no-owner --no-acl "${target.databaseUrl}" | psql -q -v ON_ERROR_STOP=1 "${copy.url}"`, {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const client = new pg.Client({ connectionString: copy.url });
    await client.connect();
    await client.query('analyze');
    await client.end();
    return { target: { sqliteFile: target.sqliteFile, databaseUrl: copy.url }, drop: copy.drop };
  }
  const file = `${target.sqliteFile}.floor`;
  const db = new BetterSqlite3(target.sqliteFile, { readonly: true });
  db.exec(`vacuum into '${file}'`);
  db.close();
  const copy = new BetterSqlite3(file);
  copy.pragma('journal_mode = wal');
  copy.close();
  return { target: { sqliteFile: file, databaseUrl: null }, drop: async () => rm(file, { force: true }) };
}

/**
 * The CPU time (user + system) this process spends from now, in ms, when the answered function is
 * called: Node's work and, in-process, SQLite's — what a request costs whatever else the shared
 * machine runs (PostgreSQL's own work is in its processes, not here).
 */
export function cpuClock(): () => number {
  const start = process.cpuUsage();
  return () => {
    const { user, system } = process.cpuUsage(start);
    return (user + system) / 1000;
  };
}

/** Issue 27's target: Backroom's p50 at most this many times its floor's. */
export const RATIO_BUDGET = 1.5;

/**
 * A bench's closing verdict: its budget in milliseconds and its ratios to their floors, each said
 * apart, so that "OVER" names which one failed.
 */
export const budgetVerdict = (timesOk: boolean, budget: string, ratiosOk: boolean): string =>
  `${timesOk && ratiosOk ? 'within' : 'OVER'} budget (${budget}: ${timesOk ? 'kept' : 'missed'}; every ratio ≤ ${RATIO_BUDGET}× its floor: ${ratiosOk ? 'kept' : 'missed'})`;

/** One line: Backroom's p50 (and its CPU per request, when measured) beside its floor's, the ratio, the load average. */
export function ratioLine(
  label: string,
  ours: number[],
  floor: number[],
  { budget = RATIO_BUDGET, cpuMs }: { budget?: number; cpuMs?: number } = {},
): { line: string; ok: boolean } {
  const median = (samples: number[]) =>
    percentile(
      [...samples].sort((x, y) => x - y),
      50,
    );
  const [a, b] = [median(ours), median(floor)];
  const ratio = a / Math.max(b, 1e-6);
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  const cpu = cpuMs === undefined ? '' : ` (CPU ${cpuMs.toFixed(2)} ms/request)`;
  return {
    ok: ratio <= budget,
    line: `${label}: p50 ${a.toFixed(2)} ms${cpu}, floor (the database alone, same statements) p50 ${b.toFixed(2)} ms — ratio ${ratio.toFixed(2)}× (${ratio <= budget ? 'within' : 'OVER'} ≤ ${budget}×)  load ${load}`,
  };
}
