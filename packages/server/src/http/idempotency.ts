import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AnyDb } from '../db/types';
import { ApiError, validationError } from './envelope';

/**
 * Idempotency keys (docs/decisions/terminals-and-sales.md, "Idempotency keys"): a caller names a write with a key so
 * that a retry after a lost answer gets the first answer instead of a second write. The key is
 * stored with the SHA-256 of the canonical request body in the write's own transaction; the same
 * key with the same body answers what the first call answered, the same key with another body is
 * a 409 (as payment APIs do): a key is one request, never a name to reuse.
 */

/** JSON with object keys sorted at every depth: the same body however its keys were ordered. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/** SHA-256 (hex) of a request body as parsed (trimmed, defaults filled), in canonical JSON. */
export const bodyHash = (body: unknown): string => createHash('sha256').update(canonical(body)).digest('hex');

export interface KeyRecord {
  bodyHash: string;
  answer: unknown;
}

/** The stored use of a key, or undefined; `since` leaves out uses before it (expired keys). */
export async function findKey(db: AnyDb, scope: string, key: string, since?: string): Promise<KeyRecord | undefined> {
  let query = db
    .selectFrom('idempotency_key')
    .select(['body_hash', 'answer'])
    .where('scope', '=', scope)
    .where('idem_key', '=', key);
  if (since !== undefined) query = query.where('created_at', '>', since);
  const row = await query.executeTakeFirst();
  return (
    row && { bodyHash: String(row.body_hash), answer: row.answer === null ? null : JSON.parse(String(row.answer)) }
  );
}

/**
 * Claims a key for this write, inside its transaction: true when this call is the first to use it.
 * Of parallel claims exactly one wins: the primary key decides (on PostgreSQL the others wait for
 * the winner's commit, then find its row; SQLite writes one transaction at a time).
 */
export async function claimKey(trx: AnyDb, scope: string, key: string, hash: string, now: string): Promise<boolean> {
  const inserted = await trx
    .insertInto('idempotency_key')
    .values({ scope, idem_key: key, body_hash: hash, answer: null, created_at: now })
    .onConflict((oc) => oc.columns(['scope', 'idem_key']).doNothing())
    .returning('scope')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Keeps the first answer with its key, for the retries that come after. */
export async function keepAnswer(trx: AnyDb, scope: string, key: string, answer: unknown): Promise<void> {
  await trx
    .updateTable('idempotency_key')
    .set({ answer: JSON.stringify(answer) })
    .where('scope', '=', scope)
    .where('idem_key', '=', key)
    .execute();
}

/** A key used before with another body: a 409 naming the key, nothing written. */
function keyReused(field: string, what: string): ApiError {
  return new ApiError(
    409,
    `${what} was used already for a request with other contents; a retry must send the same body, a new request a new key`,
    [{ field, message: `${what} was used already for a request with other contents` }],
  );
}

/** The stored use matches this body, or a 409: undefined when the key was never used (or predates the stored hashes). */
export function sameBodyOrRefuse(
  used: KeyRecord | undefined,
  hash: string,
  field: string,
  what: string,
): KeyRecord | undefined {
  if (used && used.bodyHash !== hash) throw keyReused(field, what);
  return used;
}

/** The header a caller names its write with (the IETF draft's and the payment APIs' name). */
const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
const KEY_SHAPE = /^[\x21-\x7e]{1,255}$/;

/** The request's `Idempotency-Key`, undefined when it sends none; a malformed one is a 400 naming the header. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const sent = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (sent === undefined) return undefined;
  if (typeof sent !== 'string' || !KEY_SHAPE.test(sent))
    throw validationError([
      { field: 'Idempotency-Key', message: 'Idempotency-Key must be 1 to 255 visible ASCII characters, sent once' },
    ]);
  return sent;
}

/** Marks an answer given again from a key's first call. */
export const markReplayed = (reply: FastifyReply) => reply.header('Idempotent-Replayed', 'true');
