import type { TerminalStatusAnswer } from '@backroom/schema';
import type { FastifyRequest } from 'fastify';
import { allowedOutlets } from '../../data/access';

/** A terminal is online while its last heartbeat is at most this old. */
export const ONLINE_MINUTES = 5;

/** `GET {api}/pointofsale/Status` (view on `terminalstatus`): every terminal of the caller's outlets, online or not by its last heartbeat, paired or not. */
export async function terminalStatuses(request: FastifyRequest): Promise<TerminalStatusAnswer> {
  const db = request.server.ctx.db;
  const outlets = await allowedOutlets(request);
  const now = new Date();
  let query = db
    .selectFrom('point_of_sale as t')
    .innerJoin('outlet as o', 'o.id', 't.outlet_id')
    .select([
      't.id',
      't.code',
      't.name',
      't.is_active',
      't.outlet_id',
      'o.name as outlet_name',
      't.last_seen_at',
      't.app_version',
      't.last_sync_at',
      't.unsent_transactions as unsent',
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
  if (outlets.length > 0) query = query.where('t.outlet_id', 'in', outlets);
  const since = new Date(now.getTime() - ONLINE_MINUTES * 60_000).toISOString();
  const rows = await query.execute();
  return {
    serverTime: now.toISOString(),
    onlineMinutes: ONLINE_MINUTES,
    terminals: rows.map((r) => ({
      id: r.id,
      code: String(r.code),
      name: String(r.name),
      outlet: Number(r.outlet_id),
      outletName: String(r.outlet_name),
      isActive: Boolean(r.is_active),
      paired: Boolean(r.paired),
      online: r.last_seen_at !== null && r.last_seen_at >= since,
      lastSeenAt: r.last_seen_at,
      appVersion: r.app_version,
      lastSyncAt: r.last_sync_at,
      unsentTransactions: r.unsent === null ? null : Number(r.unsent),
    })),
  };
}
