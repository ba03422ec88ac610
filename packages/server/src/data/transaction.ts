import type { NormalisedEntity } from '@backroom/schema';
import type { FastifyRequest } from 'fastify';
import { requireAuth } from '../http/auth-guard';
import { ApiError } from '../http/envelope';
import { allowedOutlets } from './access';
import { anyDb, withCustom } from './store';
import type { Writer } from './write';

const UNIQUE_VIOLATION = new Set(['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY', '23505']);
/** PostgreSQL chose this transaction as a deadlock's victim, or could not serialise it: it rolled back whole. */
const RETRYABLE = new Set(['40P01', '40001']);
const ATTEMPTS = 3;

/** One transaction for the whole write: every row or none. */
export async function inTransaction<T>(request: FastifyRequest, entity: NormalisedEntity, work: (w: Writer) => Promise<T>): Promise<T> {
  const { ctx } = request.server;
  const auth = requireAuth(request);
  // Looked up before the transaction: SQLite has one connection, which the transaction holds.
  await allowedOutlets(request);
  for (let attempt = 1; ; attempt++) {
    try {
      return await anyDb(ctx)
        .transaction()
        .execute(async (trx) => work({ ctx, trx, auth, request, entity: await withCustom(trx, entity), now: new Date().toISOString() }));
    } catch (error) {
      const code = (error as { code?: string }).code ?? '';
      // The checks before each write name the field; this is the database's own guard against a race.
      if (UNIQUE_VIOLATION.has(code)) throw new ApiError(409, 'A unique value is already used');
      // Parallel writes to the same rows (and the cache generation they raise) may deadlock; the loser ran nothing, so it runs again.
      if (!RETRYABLE.has(code)) throw error;
      if (attempt === ATTEMPTS) throw new ApiError(409, 'Other changes to the same rows kept happening at the same moment; try again');
    }
  }
}
