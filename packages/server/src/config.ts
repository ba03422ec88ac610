import { availableParallelism } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { REPO_ROOT } from './paths';

/**
 * Server configuration, read from the environment:
 *
 *   PORT=3000              TCP port to listen on.
 *   HOST=0.0.0.0           Interface to listen on.
 *   BASE_PATH=/backoffice  Web root of the console and the API (`{base}/new/`, `{base}/core/api/…`).
 *   DATA_DIR=./data        SQLite file `DATA_DIR/backroom.db` (WAL). A relative value resolves from the
 *                          current directory; when DATA_DIR is unset the default is `data/` at the
 *                          repository root (resolved from this file), so `npm start` from the root and
 *                          `npm start -w @backroom/server` use the same database.
 *   DATABASE_URL           `postgres://…` switches from SQLite to PostgreSQL.
 *   JWT_SECRET             (≥ 32 characters) Signs access tokens and derives the key that encrypts TOTP secrets at rest.
 *                          Unset: a random secret is generated once and kept in the database. Changing
 *                          it signs everyone out and invalidates enrolled authenticator apps.
 *   SMTP_URL               `smtp://user:pass@host:587` for outgoing mail; unset: mails are written to the log.
 *   DEMO                   Seed demo data on a fresh database (`1`/`true`/`0`/`false`);
 *                          default on unless NODE_ENV=production.
 *   DEMO_CATALOGUE         With DEMO: also seed the demo chain's catalogue (products, outlets, members…);
 *                          default: as DEMO. API tests start without it (an empty catalogue).
 *   DEMO_HEARTBEAT_SECONDS=60  With DEMO: how often the demo's paired terminals (devices `DEMO-…`) report in
 *                          while the server runs, so they read online; 0 switches it off (test servers' default).
 *   ACCESS_TOKEN_TTL_SECONDS=900  Lifetime of access tokens (15 minutes); tests shorten it.
 *   SESSION_LIFETIME_DAYS=30       A session ends this long after its sign-in, however often it was refreshed.
 *   RATE_LIMIT_WINDOW_SECONDS=60   The window of the sign-in rate limits (Login, ValidateOtp, RequestResetPassword,
 *   RATE_LIMIT_PER_ADDRESS=30      ValidateResetPasswordOtp, RefreshToken): at most this many calls of one action
 *   RATE_LIMIT_PER_USER=10         per client address, and per user name, in a window; then 429 with Retry-After.
 *                                  Counted in the database, so they hold across server processes.
 *   PASSWORD_HASH_CONCURRENCY      Password hashes computed at once (default: cores − 1, at least 1) …
 *   PASSWORD_HASH_QUEUE=16         … and how many may wait; past that a sign-in is answered 503 at once.
 *   TRUST_PROXY                    Behind a reverse proxy: `true` (trust every hop), a hop count, or a
 *                                  comma list of proxy addresses/CIDRs. Then X-Forwarded-For gives the client
 *                                  address (rate limits, audit) and X-Forwarded-Proto decides HTTPS (HSTS).
 *                                  Unset: the socket's peer is the client and proxies' headers are ignored.
 *   UPLOAD_LIMIT_MB=20             The largest file one upload may carry; past it the answer is 413 naming the limit.
 *   UPLOAD_DAILY_QUOTA_MB=200      What one user may upload in a day (UTC); past it 429 until the next day.
 *   IMPORT_LIMIT_MB=50             The largest file an import may upload, and …
 *   IMPORT_MAX_ROWS=200000         … the most rows its sheet may hold; past either the answer is 413 naming the limit.
 *   IMPORT_MAX_HELD_MB=32          What an xlsx's shared strings, styles and workbook parts, held in memory while its
 *                                  sheet is read, may expand to together, and the most text of cells an import keeps
 *                                  until it writes; past either 413 (at submit) or the job's error naming it.
 *   IMPORT_CONCURRENCY=2           Imports run at once in one server process; more wait their turn.
 *   DB_LOCK_TIMEOUT_MS=5000       How long a statement waits for a locked row or table (PostgreSQL `lock_timeout`)
 *                                  or for SQLite's writer (`busy_timeout`); then 503 with Retry-After.
 *   DB_STATEMENT_TIMEOUT_MS=60000  The longest one PostgreSQL statement may run (`statement_timeout`); then 503.
 *                                  Migrations and the seed at start run without either limit.
 *   BACKUP_DIR             Where backups go (modules/backup); default `DATA_DIR/backups`. Keep it on another disk.
 *   BACKUP_EVERY_HOURS     How often the job loop takes a backup: on SQLite default 24 (an online copy,
 *                          `VACUUM INTO`); on PostgreSQL default 0, off (the database's own backups, README),
 *                          and when set it runs `pg_dump`, which must be on the PATH. 0 turns it off.
 *   BACKUP_KEEP=7          Retention: at most this many backups are kept, the newest …
 *   BACKUP_MAX_AGE_DAYS=30 … and none older than this; the newest one is never deleted.
 *   BACKUP_WARN_HOURS      Home warns administrators when the last backup is older than this; default
 *                          twice BACKUP_EVERY_HOURS (48 h when backups are off); 0: no warning.
 *   METRICS_PORT           Serves Prometheus metrics at `http://METRICS_HOST:METRICS_PORT/metrics`, a listener apart
 *                          from the API's; unset: no metrics listener (metrics/server.ts).
 *   METRICS_HOST=127.0.0.1 The interface of the metrics listener (`0.0.0.0` for a scraper on another host).
 *   BUILD_NUMBER=local     Reported by `GET {base}/core/api/Info/Version`.
 *   WEB_DIST               The built console; default `packages/web/dist`.
 *   IMPORT_FETCH_IMAGES=true       After a product import is committed, a job downloads its products' image URLs into
 *                                  their images (public addresses only unless ALLOW_PRIVATE_TARGETS); false: kept as text.
 *   IMPORT_IMAGES_SECONDS=600      The time such a job may take in all (4 downloads at once); past it the rest is listed as failed.
 *   ALLOW_PRIVATE_TARGETS  Lets integrations (the membership provider's test connection) reach private,
 *                          loopback and link-local addresses; default off, so a console user cannot make
 *                          the server call into its own network.
 */
export interface MetricsConfig {
  host: string;
  port: number;
}

export interface Config {
  port: number;
  host: string;
  /** Leading slash, no trailing slash; '' when the app lives at the origin root. */
  basePath: string;
  dataDir: string;
  databaseUrl: string | null;
  jwtSecret: string | null;
  smtpUrl: string | null;
  demo: boolean;
  demoCatalogue: boolean;
  /** With `demo`: seconds between the demo terminals' heartbeats (0: none). */
  demoHeartbeatSeconds: number;
  buildNumber: string;
  webDist: string;
  accessTokenTtlSeconds: number;
  sessionLifetimeDays: number;
  rateLimit: RateLimitConfig;
  passwordHashing: { concurrency: number; queue: number };
  /** Fastify's `trustProxy`: false, true, a hop count, or proxy addresses/CIDRs. */
  trustProxy: boolean | number | string[];
  allowPrivateTargets: boolean;
  /** A committed product import's image URLs are downloaded into the products' images by a job. */
  fetchImportImages: boolean;
  /** The whole time such a job (`image-urls.ts`) may take; URLs not fetched by then are listed as failed. */
  fetchImportImagesMs: number;
  uploads: UploadConfig;
  imports: ImportLimits;
  databaseTimeouts: DatabaseTimeouts;
  backups: BackupConfig;
  /** The Prometheus metrics listener; null: none. */
  metrics: MetricsConfig | null;
  /** On SIGTERM, how long running jobs may take to finish before they are handed back (0: at once). */
  shutdownGraceMs: number;
}

/** Backups (modules/backup): where, how often, how many kept, when Home warns. */
export interface BackupConfig {
  dir: string;
  /** 0: no scheduled backups. */
  everyHours: number;
  keep: number;
  maxAgeDays: number;
  /** 0: Home never warns. */
  warnHours: number;
}

/** Time limits of every pooled connection (db/connect.ts). */
export interface DatabaseTimeouts {
  lockMs: number;
  statementMs: number;
}

export interface ImportLimits {
  limitBytes: number;
  maxRows: number;
  /** An xlsx's parts held while its sheet is read (shared strings, styles, workbook), expanded, together. */
  maxHeldBytes: number;
  /** Imports run at once in one server process; more wait their turn. */
  concurrency: number;
}

export interface UploadConfig {
  limitBytes: number;
  dailyQuotaBytes: number;
}

export interface RateLimitConfig {
  windowSeconds: number;
  perAddress: number;
  perUser: number;
}

const MB = 1024 * 1024;
const REPO_DATA_DIR = join(REPO_ROOT, 'data');
const DEFAULT_WEB_DIST = join(REPO_ROOT, 'packages', 'web', 'dist');

export function normaliseBasePath(value: string): string {
  const trimmed = value.trim().replace(/\/+$/, '');
  if (trimmed === '') return '';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value.trim() === '') return fallback;
  const v = value.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['0', 'false', 'no', 'off'].includes(v)) return false;
  throw new Error(`Expected a boolean, got "${value}"`);
}

function port(value: string | undefined, name = 'PORT'): number {
  if (value === undefined || value.trim() === '') return 3000;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`${name} must be a port number, got "${value}"`);
  return n;
}

function positiveInteger(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive whole number, got "${value}"`);
  return n;
}

function wholeNumber(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, 0 or more, got "${value}"`);
  return n;
}

function trustProxy(value: string | undefined): Config['trustProxy'] {
  if (value === undefined || value.trim() === '') return false;
  const v = value.trim().toLowerCase();
  if (['true', 'yes', 'on'].includes(v)) return true;
  if (['false', 'no', 'off'].includes(v)) return false;
  if (/^\d+$/.test(v)) return Number(v);
  const addresses = v
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  if (
    addresses.some((a) => !/^[0-9a-f.:]+(\/\d{1,3})?$/.test(a) && !['loopback', 'linklocal', 'uniquelocal'].includes(a))
  ) {
    throw new Error(`TRUST_PROXY must be true, false, a hop count or a comma list of addresses, got "${value}"`);
  }
  return addresses;
}

function backupConfig(env: NodeJS.ProcessEnv, dataDir: string, postgres: boolean): BackupConfig {
  const dir = blankToNull(env.BACKUP_DIR);
  const everyHours = wholeNumber('BACKUP_EVERY_HOURS', env.BACKUP_EVERY_HOURS, postgres ? 0 : 24);
  return {
    dir: dir === null ? join(dataDir, 'backups') : resolve(process.cwd(), dir),
    everyHours,
    keep: positiveInteger('BACKUP_KEEP', env.BACKUP_KEEP, 7),
    maxAgeDays: positiveInteger('BACKUP_MAX_AGE_DAYS', env.BACKUP_MAX_AGE_DAYS, 30),
    warnHours: wholeNumber('BACKUP_WARN_HOURS', env.BACKUP_WARN_HOURS, everyHours > 0 ? 2 * everyHours : 48),
  };
}

const blankToNull = (value: string | undefined) => (value === undefined || value.trim() === '' ? null : value.trim());

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = blankToNull(env.DATA_DIR);
  const webDist = blankToNull(env.WEB_DIST);
  const databaseUrl = blankToNull(env.DATABASE_URL);
  if (databaseUrl !== null && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must start with postgres:// or postgresql://');
  }
  const jwtSecret = blankToNull(env.JWT_SECRET);
  if (jwtSecret !== null && jwtSecret.length < 32) throw new Error('JWT_SECRET must be at least 32 characters');
  const resolvedDataDir =
    dataDir === null ? REPO_DATA_DIR : isAbsolute(dataDir) ? dataDir : resolve(process.cwd(), dataDir);
  return {
    port: port(env.PORT),
    host: blankToNull(env.HOST) ?? '0.0.0.0',
    basePath: normaliseBasePath(env.BASE_PATH ?? '/backoffice'),
    dataDir: resolvedDataDir,
    databaseUrl,
    jwtSecret,
    smtpUrl: blankToNull(env.SMTP_URL),
    demo: flag(env.DEMO, env.NODE_ENV !== 'production'),
    demoCatalogue: flag(env.DEMO_CATALOGUE, flag(env.DEMO, env.NODE_ENV !== 'production')),
    demoHeartbeatSeconds: wholeNumber('DEMO_HEARTBEAT_SECONDS', env.DEMO_HEARTBEAT_SECONDS, 60),
    buildNumber: blankToNull(env.BUILD_NUMBER) ?? 'local',
    webDist: webDist === null ? DEFAULT_WEB_DIST : resolve(process.cwd(), webDist),
    accessTokenTtlSeconds: positiveInteger('ACCESS_TOKEN_TTL_SECONDS', env.ACCESS_TOKEN_TTL_SECONDS, 15 * 60),
    sessionLifetimeDays: positiveInteger('SESSION_LIFETIME_DAYS', env.SESSION_LIFETIME_DAYS, 30),
    rateLimit: {
      windowSeconds: positiveInteger('RATE_LIMIT_WINDOW_SECONDS', env.RATE_LIMIT_WINDOW_SECONDS, 60),
      perAddress: positiveInteger('RATE_LIMIT_PER_ADDRESS', env.RATE_LIMIT_PER_ADDRESS, 30),
      perUser: positiveInteger('RATE_LIMIT_PER_USER', env.RATE_LIMIT_PER_USER, 10),
    },
    passwordHashing: {
      concurrency: positiveInteger(
        'PASSWORD_HASH_CONCURRENCY',
        env.PASSWORD_HASH_CONCURRENCY,
        Math.max(1, availableParallelism() - 1),
      ),
      queue: positiveInteger('PASSWORD_HASH_QUEUE', env.PASSWORD_HASH_QUEUE, 16),
    },
    trustProxy: trustProxy(env.TRUST_PROXY),
    allowPrivateTargets: flag(env.ALLOW_PRIVATE_TARGETS, false),
    fetchImportImages: flag(env.IMPORT_FETCH_IMAGES, true),
    fetchImportImagesMs: positiveInteger('IMPORT_IMAGES_SECONDS', env.IMPORT_IMAGES_SECONDS, 600) * 1000,
    uploads: {
      limitBytes: positiveInteger('UPLOAD_LIMIT_MB', env.UPLOAD_LIMIT_MB, 20) * MB,
      dailyQuotaBytes: positiveInteger('UPLOAD_DAILY_QUOTA_MB', env.UPLOAD_DAILY_QUOTA_MB, 200) * MB,
    },
    imports: {
      limitBytes: positiveInteger('IMPORT_LIMIT_MB', env.IMPORT_LIMIT_MB, 50) * MB,
      maxRows: positiveInteger('IMPORT_MAX_ROWS', env.IMPORT_MAX_ROWS, 200_000),
      maxHeldBytes: positiveInteger('IMPORT_MAX_HELD_MB', env.IMPORT_MAX_HELD_MB, 32) * MB,
      concurrency: positiveInteger('IMPORT_CONCURRENCY', env.IMPORT_CONCURRENCY, 2),
    },
    databaseTimeouts: {
      lockMs: positiveInteger('DB_LOCK_TIMEOUT_MS', env.DB_LOCK_TIMEOUT_MS, 5_000),
      statementMs: positiveInteger('DB_STATEMENT_TIMEOUT_MS', env.DB_STATEMENT_TIMEOUT_MS, 60_000),
    },
    backups: backupConfig(env, resolvedDataDir, databaseUrl !== null),
    metrics:
      blankToNull(env.METRICS_PORT) === null
        ? null
        : { host: blankToNull(env.METRICS_HOST) ?? '127.0.0.1', port: port(env.METRICS_PORT, 'METRICS_PORT') },
    shutdownGraceMs: wholeNumber('SHUTDOWN_GRACE_MS', env.SHUTDOWN_GRACE_MS, 5000),
  };
}
