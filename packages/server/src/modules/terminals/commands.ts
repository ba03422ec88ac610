import { getEntity, parseRowId } from '@backroom/schema';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { EntityHook } from '../../data/hooks';
import { anyDb, type AnyDb } from '../../data/store';
import { ApiError, validationError } from '../../http/envelope';
import { parseBody } from '../../http/validate';
import { columnOf, fieldOf } from '../columns';
import { requireTerminal } from './pairing';

/**
 * App commands: saving one gives each target terminal a `pending` status row; the terminal's
 * `GET …/Commands` takes its pending ones (marking them `delivered`), `POST …/Commands/{id}/Ack`
 * reports `done` or `failed`.
 */
const command = getEntity('appcommand');
const statuses = fieldOf(command, 'terminalStatuses', 'children');
const C = {
  terminal: columnOf(statuses, 'pointOfSale'),
  status: columnOf(statuses, 'status'),
  updatedOn: columnOf(statuses, 'updatedOn'),
  message: columnOf(statuses, 'message'),
};
const targets = fieldOf(command, 'targetTerminals') as unknown as { table: string };

/** Adds a pending status for every target terminal that has none yet (a terminal added on an edit). */
async function addPending(trx: AnyDb, commandId: number, now: string): Promise<void> {
  const wanted = await trx
    .selectFrom(targets.table)
    .select('ref_id')
    .where('parent_id', '=', commandId)
    .orderBy('ref_id')
    .execute();
  const had = await trx
    .selectFrom(statuses.table)
    .select([C.terminal, 'line_no'])
    .where('parent_id', '=', commandId)
    .execute();
  const known = new Set(had.map((h) => Number(h[C.terminal])));
  let lineNo = had.reduce((max, h) => Math.max(max, Number(h.line_no) + 1), 0);
  const rows = wanted
    .map((w) => Number(w.ref_id))
    .filter((t) => !known.has(t))
    .map((t) => ({
      parent_id: commandId,
      line_no: lineNo++,
      [C.terminal]: t,
      [C.status]: 'pending',
      [C.updatedOn]: now,
      [C.message]: null,
    }));
  if (rows.length > 0) await trx.insertInto(statuses.table).values(rows).execute();
}

export const commandHooks: EntityHook = {
  async afterWrite({ trx, action, id, now }) {
    if (action !== 'delete') await addPending(trx, id, now);
  },
};

/** `GET {api}/pointofsale/Commands`: this terminal's pending commands, now marked delivered. */
export async function takeCommands(request: FastifyRequest) {
  const terminal = requireTerminal(request);
  const now = new Date().toISOString();
  return anyDb(request.server.ctx)
    .transaction()
    .execute(async (trx) => {
      const taken = await trx
        .updateTable(statuses.table)
        .set({ [C.status]: 'delivered', [C.updatedOn]: now })
        .where(C.terminal, '=', terminal.terminalId)
        .where(C.status, '=', 'pending')
        .returning('parent_id')
        .execute();
      const ids = [...new Set(taken.map((t) => Number(t.parent_id)))];
      if (ids.length === 0) return [];
      const rows = await trx
        .selectFrom(command.table)
        .select(['id', columnOf(command, 'command'), 'created_at'])
        .where('id', 'in', ids)
        .orderBy('id')
        .execute();
      return rows.map((r) => ({
        id: Number(r.id),
        command: String(r[columnOf(command, 'command')]),
        createdAt: String(r.created_at),
      }));
    });
}

/** Pending commands of a terminal (the heartbeat's count). */
export async function pendingCommands(db: AnyDb, terminalId: number): Promise<number> {
  const row = await db
    .selectFrom(statuses.table)
    .select((eb) => eb.fn.countAll().as('n'))
    .where(C.terminal, '=', terminalId)
    .where(C.status, '=', 'pending')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

const ackBody = z.object({ status: z.enum(['done', 'failed']), message: z.string().trim().max(500).optional() });

/** `POST {api}/pointofsale/Commands/{id}/Ack {status, message?}`: the terminal's outcome; an ack repeated with the same status answers the same. */
export async function ackCommand(request: FastifyRequest, rawId: string) {
  const terminal = requireTerminal(request);
  const id = parseRowId(rawId);
  if (id === undefined) throw validationError([{ field: 'id', message: 'Id must be a whole number' }]);
  const body = parseBody(ackBody, request.body);
  const db = anyDb(request.server.ctx);
  const now = new Date().toISOString();
  const done = await db
    .updateTable(statuses.table)
    .set({ [C.status]: body.status, [C.updatedOn]: now, [C.message]: body.message ?? null })
    .where('parent_id', '=', id)
    .where(C.terminal, '=', terminal.terminalId)
    .where(C.status, 'in', ['pending', 'delivered'])
    .executeTakeFirst();
  const row = await db
    .selectFrom(statuses.table)
    .select([C.status, C.updatedOn])
    .where('parent_id', '=', id)
    .where(C.terminal, '=', terminal.terminalId)
    .executeTakeFirst();
  if (!row) throw new ApiError(404, `No command ${id} for this terminal`);
  if (Number(done.numUpdatedRows) === 0 && row[C.status] !== body.status)
    throw new ApiError(409, `Command ${id} was acknowledged as ${String(row[C.status])} already`, [
      { field: 'status', message: 'Already acknowledged' },
    ]);
  return { id, status: String(row[C.status]), updatedOn: String(row[C.updatedOn]) };
}
