import { existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  type Driver,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type SqliteDatabase,
  type UnknownRow,
} from 'kysely';
import pg from 'pg';
import type { DatabaseTimeouts } from '../config';
import { connectionStatementNames, PLAN_EACH_RUN, TRANSACTION_END } from './statement-names';
import { backgroundCheckpoints } from './checkpoints';
import { walFlusher } from './wal-flush';
import { BOOLEAN_COLUMNS, type Database } from './types';

export type Dialect = 'sqlite' | 'postgres';

/** The dialect a connection (or a transaction of it) speaks. */
export const dialectOf = (db: Kysely<any>): Dialect =>
  db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
}

/** better-sqlite3 cannot bind booleans: store them as 0/1. */
const toSqliteValue = (value: unknown) => (typeof value === 'boolean' ? (value ? 1 : 0) : value);

/** Prepared statements kept per connection, by SQL text: the most recently used this many. */
export const STATEMENT_CACHE_SIZE = 500;

/** What the serving connection wrote that no flush of the log has covered yet (`walFlusher`). */
interface Unflushed {
  /** A write ran since the last commit or rollback. */
  writing: boolean;
  /** A commit (or a write outside a transaction) is waiting for the log's flush. */
  committed: boolean;
}

const ROLLBACK = /^\s*rollback/i;

/**
 * The connection as Kysely's SQLite dialect takes it: booleans bound as 0/1, and statements prepared
 * once and reused (preparing costs as much as running a short query). A streamed read prepares its
 * own statement: a statement cannot serve a second caller while an iteration holds it. Notes in
 * `unflushed` when a transaction that wrote has committed, or a write ran outside one.
 */
function sqliteWithBooleans(raw: BetterSqlite3.Database, unflushed: Unflushed): SqliteDatabase {
  const cache = new Map<string, BetterSqlite3.Statement>();
  const writers = new WeakSet<BetterSqlite3.Statement>();
  const prepared = (sql: string) => {
    let statement = cache.get(sql);
    if (statement) {
      cache.delete(sql);
    } else {
      statement = raw.prepare(sql);
      if (!statement.readonly) writers.add(statement);
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    }
    cache.set(sql, statement);
    return statement;
  };
  // BEGIN, COMMIT and ROLLBACK count as read-only statements: a commit is the first statement outside a transaction after a write.
  const ran = <T>(statement: BetterSqlite3.Statement, sql: string, result: T): T => {
    if (writers.has(statement)) unflushed.writing = true;
    if (unflushed.writing && !raw.inTransaction) {
      unflushed.writing = false;
      if (!ROLLBACK.test(sql)) unflushed.committed = true;
    }
    return result;
  };
  return {
    close: () => raw.close(),
    prepare(sql) {
      const statement = prepared(sql);
      return {
        reader: statement.reader,
        all: (parameters) => ran(statement, sql, statement.all(...parameters.map(toSqliteValue))),
        run: (parameters) => ran(statement, sql, statement.run(...parameters.map(toSqliteValue))),
        iterate: (parameters) => raw.prepare(sql).iterate(...parameters.map(toSqliteValue)),
      };
    },
  };
}

/** Turns the 0/1 of SQLite's boolean columns back into booleans. */
class SqliteBooleanResultPlugin implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const rows = args.result.rows;
    // Every row of a result has the same columns: which are booleans is read off the first.
    const booleans = rows.length > 0 ? Object.keys(rows[0]!).filter((column) => BOOLEAN_COLUMNS.has(column)) : [];
    if (booleans.length === 0) return args.result;
    for (const row of rows)
      for (const column of booleans) {
        const value = row[column];
        if (value === 0 || value === 1) row[column] = value === 1;
      }
    return args.result;
  }
}

/**
 * Transactions take the write lock when they begin (BEGIN IMMEDIATE): with one process per core
 * writing to the same file, a deferred transaction that reads and then writes fails at once with
 * SQLITE_BUSY when another process wrote meanwhile; an immediate one waits its turn (busy_timeout).
 * A rollback is sent only while a transaction is open: SQLite rolls back by itself on some errors
 * (SQLITE_FULL, SQLITE_IOERR), and "cannot rollback - no transaction is active" would then replace
 * the error that says what went wrong (a full disk answered 500 instead of 507).
 * A caller that committed gets the connection's release only once the log is flushed to disk, and
 * the connection is free for the next caller meanwhile (group commit: `openSqlite`).
 */
class ImmediateTransactionsSqliteDialect extends SqliteDialect {
  private readonly unflushed: Unflushed;

  /**
   * `serving`: the flusher of the database's log and the checkpoints on a thread of their own, or
   * null where commits acknowledge nothing (preparing a database).
   */
  constructor(
    private readonly raw: BetterSqlite3.Database,
    private readonly serving: {
      log: ReturnType<typeof walFlusher>;
      checkpoints: ReturnType<typeof backgroundCheckpoints>;
    } | null,
  ) {
    const unflushed: Unflushed = { writing: false, committed: false };
    super({ database: sqliteWithBooleans(raw, unflushed) });
    this.unflushed = unflushed;
  }

  override createDriver(): Driver {
    const driver = super.createDriver();
    const rollback = driver.rollbackTransaction.bind(driver);
    const release = driver.releaseConnection.bind(driver);
    const destroy = driver.destroy.bind(driver);
    driver.beginTransaction = async (connection) => {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    };
    driver.rollbackTransaction = async (connection) => {
      if (this.raw.inTransaction) await rollback(connection);
    };
    driver.releaseConnection = async (connection) => {
      const committed = this.unflushed.committed;
      this.unflushed.committed = false;
      await release(connection);
      if (!committed || !this.serving) return;
      await this.serving.log.flush();
      this.serving.checkpoints.afterCommit();
    };
    driver.destroy = async () => {
      await this.serving?.checkpoints.close();
      await destroy();
      await this.serving?.log.close();
    };
    return driver;
  }
}

/** The serving connection's automatic checkpoint (SQLite's default is 1,000 pages): a backstop behind the thread's. */
const BACKSTOP_CHECKPOINT_PAGES = 10_000;

/** SQLite's wait for the writer when no limits are given (migrations, the seed, tools). */
const SQLITE_BUSY_TIMEOUT_MS = 5_000;

const inodeOf = (path: string) => (existsSync(path) ? statSync(path).ino : null);

/**
 * Opens the database file that is at `path` once its first read is allowed. A restore
 * (modules/backup/restore.ts) renames the backup over the file while it holds the old file's
 * exclusive lock; a server that opened the old file meanwhile waits on that lock and would then
 * run on the replaced file: it closes it and opens the one now at the path. The first read is a
 * plain one, so the old file (left in rollback-journal mode by the restore) never gets a WAL of its
 * own beside the new one.
 */
function openCurrentFile(path: string): BetterSqlite3.Database {
  for (;;) {
    const before = inodeOf(path);
    const raw = new BetterSqlite3(path, { timeout: RESTORE_WAIT_MS });
    raw.pragma('schema_version');
    if (inodeOf(path) === before) return raw;
    raw.close();
  }
}

/** How long a starting server waits for a restore that holds the database (copying the old file aside takes a while). */
const RESTORE_WAIT_MS = 120_000;

/**
 * WAL, and a write is acknowledged only once the log holding it is on disk, so that it survives a
 * power cut or an operating-system crash, not only a process crash (docs/decisions/durability-and-operations.md,
 * "Durable acknowledgements"). SQLite itself does not flush at a commit (`synchronous = NORMAL`: it
 * still flushes the log before each checkpoint copies it into the database); the driver flushes it
 * after the commit, off the main thread and with the connection already free (`walFlusher`), where
 * `synchronous = FULL` flushed inside COMMIT on Node's only thread, one commit after another.
 */
export function openSqlite(
  dataDir: string,
  timeouts?: DatabaseTimeouts,
  { flushCommits = true, onError = () => {} }: { flushCommits?: boolean; onError?: (error: Error) => void } = {},
): Db {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'backroom.db');
  const raw = openCurrentFile(file);
  raw.pragma('journal_mode = WAL');
  raw.pragma('foreign_keys = ON');
  raw.pragma(`busy_timeout = ${timeouts?.lockMs ?? SQLITE_BUSY_TIMEOUT_MS}`);
  raw.pragma('synchronous = NORMAL');
  // Checkpoints run on a thread of their own (checkpoints.ts); SQLite's own, in a commit, only past this many pages of log.
  if (flushCommits) raw.pragma(`wal_autocheckpoint = ${BACKSTOP_CHECKPOINT_PAGES}`);
  const serving = flushCommits
    ? {
        log: walFlusher(file),
        checkpoints: backgroundCheckpoints(file, (message) => onError(new Error(`checkpoint failed: ${message}`))),
      }
    : null;
  const kysely = new Kysely<Database>({
    dialect: new ImmediateTransactionsSqliteDialect(raw, serving),
    plugins: [new SqliteBooleanResultPlugin()],
  });
  return { kysely, dialect: 'sqlite' };
}

const INT8_OID = 20;

const pools = new WeakMap<Kysely<Database>, pg.Pool>();
/** The node-postgres pool under a PostgreSQL connection (the metrics read its counts); none on SQLite. */
export const poolOf = (db: Kysely<Database>): pg.Pool | undefined => pools.get(db);

/**
 * How the pool behaves when PostgreSQL goes away (docs/decisions/durability-and-operations.md, "The database"): a request
 * waits at most `connectionTimeoutMillis` for a connection, then fails (503); dead connections are
 * dropped as soon as they fail and new ones are opened on demand, so service resumes with the first
 * request after the server is back; TCP keep-alive finds connections a silent network dropped. A
 * connection is replaced after ten minutes, so its prepared statements (db/statement-names.ts) and
 * their plans start over with the current statistics.
 */
export const POOL_SETTINGS = {
  max: 10,
  connectionTimeoutMillis: 5_000,
  idleTimeoutMillis: 10_000,
  keepAlive: true,
  keepAliveInitialDelayMillis: 10_000,
  maxLifetimeSeconds: 600,
} as const;

/**
 * `onConnectionError` receives the error of any pooled connection, idle or checked out (the server
 * restarting, a connection killed by an administrator). node-postgres emits those as `'error'`
 * events, which crash the process when nobody listens: every connection gets a listener when made.
 * `timeouts` become each connection's `lock_timeout` and `statement_timeout` (sent when it opens):
 * a request stuck behind a row another holds gives up (503) instead of holding a pooled connection
 * that unrelated reads and the health check are waiting for. Without them there is no limit.
 */
export function openPostgres(
  connectionString: string,
  onConnectionError: (error: Error) => void,
  timeouts?: DatabaseTimeouts,
): Db {
  const pool = new pg.Pool({
    connectionString,
    ...POOL_SETTINGS,
    ...(timeouts && { lock_timeout: timeouts.lockMs, statement_timeout: timeouts.statementMs }),
    // count(*) and bigint sums come back as strings by default; every count here fits a JS number.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID
          ? (value: string) => Number(value)
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  pool.on('connect', (client) => {
    client.on('error', onConnectionError);
    preparingByName(client);
  });
  // The pool re-emits an idle connection's error, which the connection's own listener has reported.
  pool.on('error', () => {});
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  pools.set(kysely, pool);
  return { kysely, dialect: 'postgres' };
}

/**
 * The queries compiled once by shape run on this connection as named statements
 * (db/statement-names.ts): prepared on their first run, then only bound and run. On the read path
 * PostgreSQL's planning was a third of a request's time. A transaction that sent `PLAN_EACH_RUN`
 * (an import's) runs unnamed until its commit or rollback. `pg.Client.prototype.query` is looked up
 * per call, so a driver wrapper installed later (the benches' recorder) still sees every statement.
 */
function preparingByName(client: pg.PoolClient): void {
  const statementName = connectionStatementNames();
  let unnamedUntilEnd = false;
  client.query = function (this: pg.PoolClient, config: unknown, values?: unknown, callback?: unknown) {
    const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
    if (config === PLAN_EACH_RUN) unnamedUntilEnd = true;
    else if (unnamedUntilEnd && typeof config === 'string' && TRANSACTION_END.test(config)) unnamedUntilEnd = false;
    const name =
      !unnamedUntilEnd && typeof config === 'string' && Array.isArray(values) && values.length > 0
        ? statementName(config)
        : undefined;
    return name
      ? query.call(this, { name, text: config, values }, callback)
      : query.call(this, config, values, callback);
  } as typeof client.query;
}

export function openDatabase(options: {
  databaseUrl: string | null;
  dataDir: string;
  onConnectionError: (error: Error) => void;
  databaseTimeouts?: DatabaseTimeouts;
  /** SQLite: whether a commit waits for the log's flush (`openSqlite`); PostgreSQL flushes at each commit regardless. */
  flushCommits?: boolean;
}): Db {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.onConnectionError, options.databaseTimeouts)
    : openSqlite(options.dataDir, options.databaseTimeouts, {
        flushCommits: options.flushCommits,
        onError: options.onConnectionError,
      });
}
