/**
 * Whether an error means the database cannot serve anyone right now (it is down, restarting,
 * unreachable or out of connections) rather than that this request is wrong: the caller gets 503
 * and may retry, never a 500. See docs/decisions/durability-and-operations.md, "The database".
 */

/** Socket errors of a connection that cannot be made or was cut. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs: class 08 (connection exception) is matched by prefix; 57P01–57P03 are the
 * server shutting down or starting up; 53300 is "too many connections".
 */
const POSTGRES_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

/** node-postgres and pg-pool report a lost or unobtainable connection by message only. */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

function codeIsUnavailable(code: unknown): boolean {
  if (typeof code !== 'string') return false;
  // SQLite: another process held the write lock past busy_timeout.
  if (code.startsWith('SQLITE_BUSY')) return true;
  return NETWORK_CODES.has(code) || POSTGRES_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code);
}

export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, errors } = error as { code?: unknown; message?: unknown; errors?: unknown };
  if (codeIsUnavailable(code)) return true;
  if (typeof message === 'string' && DRIVER_MESSAGES.some((m) => message.startsWith(m))) return true;
  // A host name with several addresses fails with an AggregateError of one error per address.
  return Array.isArray(errors) && errors.length > 0 && errors.every(isDatabaseUnavailable);
}

/**
 * Whether an error means the disk is full: SQLite's `SQLITE_FULL` (the database or its journal
 * could not grow), PostgreSQL's `53100` (disk_full) and the file system's `ENOSPC` (an upload, a
 * SQLite temporary file). Nothing was written; reads still work and writes work again by
 * themselves once space is freed. See docs/decisions/durability-and-operations.md, "A full disk is a 507".
 */
export function isDiskFull(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code } = error as { code?: unknown };
  return typeof code === 'string' && (code.startsWith('SQLITE_FULL') || code === '53100' || code === 'ENOSPC');
}

/**
 * Whether PostgreSQL gave up on the statement at one of the time limits set per connection
 * (db/connect.ts): `55P03` lock_not_available (`lock_timeout`), `57014` query_canceled
 * (`statement_timeout`). The row was busy or the database slow: the caller may retry, so a 503.
 */
export function isDatabaseTimeout(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code } = error as { code?: unknown };
  return code === '55P03' || code === '57014';
}
