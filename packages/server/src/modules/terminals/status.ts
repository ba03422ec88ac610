import { getEntity, type TerminalStatusAnswer } from '@backroom/schema';
import type { FastifyRequest } from 'fastify';
import { allowedOutlets } from '../../data/access';
import { anyDb } from '../../data/store';
import { columnOf } from '../columns';

/** A terminal is online while its last heartbeat is at most this old. */
export const ONLINE_MINUTES = 5;

const terminal = getEntity('pointofsale');
const outlet = getEntity('outlet');
const T = (name: string) => `t.${columnOf(terminal, name)}`;

/** `GET {api}/pointofsale/Status` (view on `terminalstatus`): every terminal of the caller's outlets, online or not by its last heartbeat, paired or not. */
export async function terminalStatuses(request: FastifyRequest): Promise<TerminalStatusAnswer> {
  const db = anyDb(request.server.ctx);
  const outlets = await allowedOutlets(request);
  const now = new Date();
  let query = db
    .selectFrom(`${terminal.table} as t`)
    .innerJoin(`${outlet.table} as o`, 'o.id', T('outlet'))
    .select([
      't.id',
      't.code',
      't.name',
      't.is_active',
      `${T('outlet')} as outlet_id`,
      'o.name as outlet_name',
      `${T('lastSeenAt')} as last_seen_at`,
      `${T('appVersion')} as app_version`,
      `${T('lastSyncAt')} as last_sync_at`,
      `${T('unsentTransactions')} as unsent`,
    ])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('terminal_token as k')
            .select('k.id')
            .whereRef('k.terminal_id', '=', 't.id')
            .where('k.revoked_at', 'is', null),
        )
        .as('paired'),
    )
    .orderBy('o.name')
    .orderBy('t.code');
  if (outlets.length > 0) query = query.where(T('outlet'), 'in', outlets);
  const since = new Date(now.getTime() - ONLINE_MINUTES * 60_000).toISOString();
  const rows = await query.execute();
  return {
    serverTime: now.toISOString(),
    onlineMinutes: ONLINE_MINUTES,
    terminals: rows.map((r) => ({
      id: Number(r.id),
      code: String(r.code),
      name: String(r.name),
      outlet: Number(r.outlet_id),
      outletName: String(r.outlet_name),
      isActive: Boolean(r.is_active),
      paired: Boolean(r.paired),
      online: r.last_seen_at !== null && String(r.last_seen_at) >= since,
      lastSeenAt: (r.last_seen_at as string | null) ?? null,
      appVersion: (r.app_version as string | null) ?? null,
      lastSyncAt: (r.last_sync_at as string | null) ?? null,
      unsentTransactions: r.unsent === null ? null : Number(r.unsent),
    })),
  };
}
