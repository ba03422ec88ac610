import { createHash, randomBytes, randomInt } from 'node:crypto';
import { getEntity } from '@backroom/schema';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { rowAction, type ActionCall, type EntityHook } from '../../data/hooks';
import { preparedQuery } from '../../db/compiled';
import { recordRequestEvent } from '../../data/audit';
import { typedDb, type Database } from '../../db/types';
import { ApiError, validationError } from '../../http/envelope';
import { parseBody } from '../../http/validate';
import { CODE_ALPHABET } from '../pricing/index';

/**
 * Pairing a terminal: the `pointofsale` action `pair` gives a one-time code (10 minutes); the
 * terminal trades it once for a long random token (`POST {api}/pointofsale/Pair`), kept only as its
 * SHA-256. The token opens the terminal calls (`Authorization: Terminal {token}`) for that terminal
 * and the outlet it had when paired; `unpair` or a new pairing revokes it.
 */
const terminal = getEntity('pointofsale');

export const PAIRING_MINUTES = 10;
const CODE_LENGTH = 8;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** A code as typed: any case, spaces and dashes ignored. */
const canonicalCode = (typed: string) => typed.toUpperCase().replace(/[\s-]/g, '');

/** Who a terminal call comes from: set by `terminalAuth`. */
export interface TerminalContext {
  terminalId: number;
  outletId: number;
  code: string;
  /** Written as the author of what the terminal's calls write. */
  userName: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    terminal?: TerminalContext;
  }
}

async function terminalsExist(trx: Kysely<Database>, ids: number[]): Promise<void> {
  if (ids.length === 0) throw validationError([{ field: 'ids', message: 'Give the terminal' }]);
  const rows = await trx.selectFrom('point_of_sale').select('id').where('id', 'in', ids).execute();
  const missing = ids.filter((id) => !rows.some((r) => r.id === id));
  if (missing.length > 0) throw new ApiError(404, `${terminal.label}: no row ${missing.join(', ')}`);
}

async function pair(call: ActionCall) {
  if (call.ids.length !== 1) throw validationError([{ field: 'ids', message: 'Pair one terminal at a time' }]);
  const trx = typedDb(call.trx);
  await terminalsExist(trx, call.ids);
  let raw = '';
  for (let i = 0; i < CODE_LENGTH; i++) raw += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  const expiresAt = new Date(Date.parse(call.now) + PAIRING_MINUTES * 60_000).toISOString();
  await trx
    .insertInto('terminal_pairing_code')
    .values({
      terminal_id: call.ids[0]!,
      code_hash: sha256(raw),
      expires_at: expiresAt,
      used_at: null,
      created_at: call.now,
      created_by: call.auth.userName,
    })
    .execute();
  return { code: `${raw.slice(0, 4)}-${raw.slice(4)}`, expiresAt };
}

async function unpair(call: ActionCall) {
  const trx = typedDb(call.trx);
  await terminalsExist(trx, call.ids);
  const revoked = await trx
    .updateTable('terminal_token')
    .set({ revoked_at: call.now })
    .where('terminal_id', 'in', call.ids)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  await trx.updateTable('point_of_sale').set({ device_id: null }).where('id', 'in', call.ids).execute();
  return { revoked: Number(revoked.numUpdatedRows) };
}

export const pairingActions: EntityHook = {
  actions: {
    pair: rowAction(z.object({ code: z.string(), expiresAt: z.iso.datetime() }), pair),
    unpair: rowAction(z.object({ revoked: z.number().int().min(0) }), unpair),
  },
};

export const pairBody = z.object({
  code: z.string().trim().min(1).max(40),
  deviceId: z.string().trim().min(1).max(100),
});

/**
 * `POST {api}/pointofsale/Pair {code, deviceId}`: the code is taken by one conditional update, so
 * of any number of parallel redemptions exactly one gets a token; the others, and any later one, 400.
 * Audited (`terminalPair`, by the terminal, with the device).
 */
export async function redeemPairingCode(
  request: FastifyRequest,
): Promise<{ terminalToken: string; terminal: { id: number; code: string; outlet: number } }> {
  const body = parseBody(pairBody, request.body);
  const now = new Date().toISOString();
  const token = randomBytes(32).toString('base64url');
  const invalid = () => validationError([{ field: 'code', message: 'The pairing code is wrong, used or expired' }]);
  return request.server.ctx.db.transaction().execute(async (trx) => {
    const taken = await trx
      .updateTable('terminal_pairing_code')
      .set({ used_at: now })
      .where('code_hash', '=', sha256(canonicalCode(body.code)))
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('terminal_id')
      .executeTakeFirst();
    if (!taken) throw invalid();
    const terminalId = taken.terminal_id;
    const row = await trx
      .selectFrom('point_of_sale')
      .select(['id', 'code', 'outlet_id', 'is_active'])
      .where('id', '=', terminalId)
      // A terminal's outlet is required by the registry: every write of one is validated.
      .$narrowType<{ outlet_id: number }>()
      .executeTakeFirst();
    if (!row || !row.is_active) throw invalid();
    const elsewhere = await trx
      .selectFrom('point_of_sale')
      .select('code')
      .where('device_id', '=', body.deviceId)
      .where('id', '!=', terminalId)
      .executeTakeFirst();
    if (elsewhere)
      throw new ApiError(
        409,
        `Device ${body.deviceId} is paired with terminal ${String(elsewhere.code)}: unpair it first`,
        [{ field: 'deviceId', message: 'Paired with another terminal' }],
      );
    await trx
      .updateTable('terminal_token')
      .set({ revoked_at: now })
      .where('terminal_id', '=', terminalId)
      .where('revoked_at', 'is', null)
      .execute();
    await trx.updateTable('point_of_sale').set({ device_id: body.deviceId }).where('id', '=', terminalId).execute();
    await trx
      .insertInto('terminal_token')
      .values({
        terminal_id: terminalId,
        outlet_id: row.outlet_id,
        token_hash: sha256(token),
        device_id: body.deviceId,
        created_at: now,
        revoked_at: null,
      })
      .execute();
    const actor = { userId: null, userName: `Terminal ${String(row.code)}` };
    await recordRequestEvent(
      request,
      {
        action: 'terminalPair',
        entity: terminal.name,
        rowId: terminalId,
        actor,
        at: now,
        changes: { before: {}, after: { deviceId: body.deviceId } },
      },
      trx,
    );
    return {
      terminalToken: token,
      terminal: { id: terminalId, code: String(row.code), outlet: row.outlet_id },
    };
  });
}

/** The terminal token of `Authorization: Terminal {token}`; a bearer (user) token is not one. */
function terminalToken(request: FastifyRequest): string | null {
  const match = /^Terminal\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match ? match[1]! : null;
}

/** The terminal a live token hash belongs to (compiled once: every terminal call asks). */
const tokenHolder = preparedQuery(
  () => '',
  (db, [hash]) =>
    typedDb(db)
      .selectFrom('terminal_token as k')
      .innerJoin('point_of_sale as t', 't.id', 'k.terminal_id')
      .select(['k.terminal_id', 'k.outlet_id', 't.code', 't.outlet_id as current_outlet', 't.is_active'])
      // A stand-in for the token's hash (db/compiled.ts).
      .where('k.token_hash', '=', hash as string)
      .where('k.revoked_at', 'is', null),
);

/**
 * preHandler of the terminal calls: a live token of an active terminal that is still in the outlet
 * it was paired in, else 401. One indexed lookup.
 */
export async function terminalAuth(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = terminalToken(request);
  const [row] = token ? (await tokenHolder(request.server.ctx.db, undefined, [sha256(token)])).rows : [];
  if (!row || !row.is_active || row.current_outlet !== row.outlet_id) {
    reply.header('WWW-Authenticate', 'Terminal');
    throw new ApiError(401, 'Unauthorized');
  }
  request.terminal = {
    terminalId: row.terminal_id,
    outletId: row.outlet_id,
    code: String(row.code),
    userName: `terminal:${String(row.code)}`,
  };
}

export function requireTerminal(request: FastifyRequest): TerminalContext {
  if (!request.terminal) throw new ApiError(401, 'Unauthorized');
  return request.terminal;
}
