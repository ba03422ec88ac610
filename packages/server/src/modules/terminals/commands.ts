import { parseRowId } from '@backroom/schema';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { EntityHook } from '../../data/hooks';
import { typedDb, type Database } from '../../db/types';
import { ApiError, validationError } from '../../http/envelope';
import { parseBody } from '../../http/validate';
import { requireTerminal } from './pairing';

/**
 * App commands: saving one gives each target terminal a `pending` status row; the terminal's
 * `GET …/Commands` takes its pending ones (marking them `delivered`), `POST …/Commands/{id}/Ack`
 * reports `done` or `failed`.
 */

/** Adds a pending status for every target terminal that has none yet (a terminal added on an edit). */
async function addPending(trx: Kysely<Database>, commandId: number, now: string): Promise<void> {
  const wanted = await trx
    .selectFrom('app_command_target_terminals')
    .select('ref_id')
    .where('parent_id', '=', commandId)
    .orderBy('ref_id')
    .execute();
  const had = await trx
    .selectFrom('app_command_terminal_statuses')
    .select(['point_of_sale_id', 'line_no'])
    .where('parent_id', '=', commandId)
    .execute();
  const known = new Set(had.map((h) => h.point_of_sale_id));
  let lineNo = had.reduce((max, h) => Math.max(max, h.line_no + 1), 0);
  const rows = wanted
    .map((w) => w.ref_id)
    .filter((t) => !known.has(t))
    .map((t) => ({
      parent_id: commandId,
      line_no: lineNo++,
      point_of_sale_id: t,
      status: 'pending' as const,
      updated_on: now,
      message: null,
    }));
  if (rows.length > 0) await trx.insertInto('app_command_terminal_statuses').values(rows).execute();
}

export const commandHooks: EntityHook = {
  async afterWrite({ trx, action, id, now }) {
    if (action !== 'delete') await addPending(typedDb(trx), id, now);
  },
};

/** `GET {api}/pointofsale/Commands`: this terminal's pending commands, now marked delivered. */
export async function takeCommands(request: FastifyRequest) {
  const terminal = requireTerminal(request);
  const now = new Date().toISOString();
  return request.server.ctx.db.transaction().execute(async (trx) => {
    const taken = await trx
      .updateTable('app_command_terminal_statuses')
      .set({ status: 'delivered', updated_on: now })
      .where('point_of_sale_id', '=', terminal.terminalId)
      .where('status', '=', 'pending')
      .returning('parent_id')
      .execute();
    const ids = [...new Set(taken.map((t) => t.parent_id))];
    if (ids.length === 0) return [];
    const rows = await trx
      .selectFrom('app_command')
      .select(['id', 'command', 'created_at'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      command: String(r.command),
      createdAt: String(r.created_at),
    }));
  });
}

/** Pending commands of a terminal (the heartbeat's count). */
export async function pendingCommands(db: Kysely<Database>, terminalId: number): Promise<number> {
  const row = await db
    .selectFrom('app_command_terminal_statuses')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('point_of_sale_id', '=', terminalId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export const ackBody = z.object({ status: z.enum(['done', 'failed']), message: z.string().trim().max(500).optional() });

/** `POST {api}/pointofsale/Commands/{id}/Ack {status, message?}`: the terminal's outcome; an ack repeated with the same status answers the same. */
export async function ackCommand(request: FastifyRequest, rawId: string) {
  const terminal = requireTerminal(request);
  const id = parseRowId(rawId);
  if (id === undefined) throw validationError([{ field: 'id', message: 'Id must be a whole number' }]);
  const body = parseBody(ackBody, request.body);
  const db = request.server.ctx.db;
  const now = new Date().toISOString();
  const done = await db
    .updateTable('app_command_terminal_statuses')
    .set({ status: body.status, updated_on: now, message: body.message ?? null })
    .where('parent_id', '=', id)
    .where('point_of_sale_id', '=', terminal.terminalId)
    .where('status', 'in', ['pending', 'delivered'])
    .executeTakeFirst();
  const row = await db
    .selectFrom('app_command_terminal_statuses')
    .select(['status', 'updated_on'])
    .where('parent_id', '=', id)
    .where('point_of_sale_id', '=', terminal.terminalId)
    .executeTakeFirst();
  if (!row) throw new ApiError(404, `No command ${id} for this terminal`);
  if (Number(done.numUpdatedRows) === 0 && row.status !== body.status)
    throw new ApiError(409, `Command ${id} was acknowledged as ${String(row.status)} already`, [
      { field: 'status', message: 'Already acknowledged' },
    ]);
  return { id, status: String(row.status), updatedOn: String(row.updated_on) };
}
