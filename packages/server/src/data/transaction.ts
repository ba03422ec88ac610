import type { NormalisedEntity } from '@backroom/schema';
import type { FastifyRequest } from 'fastify';
import { requireAuth } from '../http/auth-guard';
import { ApiError, validationError } from '../http/envelope';
import { allowedOutlets } from './access';
import { anyDb, withCustom } from './store';
import type { Writer } from './write';

const UNIQUE_VIOLATION = new Set(['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY', '23505']);
const NOT_NULL_VIOLATION = new Set(['SQLITE_CONSTRAINT_NOTNULL', '23502']);
/** PostgreSQL chose this transaction as a deadlock's victim, or could not serialise it: it rolled back whole. */
const RETRYABLE = new Set(['40P01', '40001']);
const ATTEMPTS = 3;

/** One transaction for the whole write: every row or none. */
export async function inTransaction<T>(
  request: FastifyRequest,
  entity: NormalisedEntity,
  work: (w: Writer) => Promise<T>,
): Promise<T> {
  const { ctx } = request.server;
  const auth = requireAuth(request);
  // Looked up before the transaction: SQLite has one connection, which the transaction holds.
  await allowedOutlets(request);
  for (let attempt = 1; ; attempt++) {
    try {
      return await anyDb(ctx)
        .transaction()
        .execute(async (trx) =>
          work({ ctx, trx, auth, request, entity: await withCustom(trx, entity), now: new Date().toISOString() }),
        );
    } catch (error) {
      const code = (error as { code?: string }).code ?? '';
      // The checks before each write name the field; this is the database's own guard against a race.
      if (UNIQUE_VIOLATION.has(code)) throw new ApiError(409, 'A unique value is already used');
      if (NOT_NULL_VIOLATION.has(code)) throw blankColumn(entity, error as { column?: string; message?: string });
      // Parallel writes to the same rows (and the cache generation they raise) may deadlock; the loser ran nothing, so it runs again.
      if (!RETRYABLE.has(code)) throw error;
      if (attempt === ATTEMPTS)
        throw new ApiError(409, 'Other changes to the same rows kept happening at the same moment; try again');
    }
  }
}

/**
 * A column the database keeps from being blank that the registry lets a caller leave out: the
 * registry should give it a default (a test inserts every entity with its required fields alone);
 * until it does, the caller still gets a 400 naming the field rather than a 500.
 */
function blankColumn(entity: NormalisedEntity, error: { column?: string; message?: string }): ApiError {
  const column = error.column ?? /NOT NULL constraint failed: \w+\.(\w+)/.exec(error.message ?? '')?.[1];
  const field = entity.fields.find((f) => f.column === column)?.name ?? column ?? '';
  return validationError([{ field, message: 'This field cannot be blank' }]);
}
