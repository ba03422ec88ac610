import {
  getEntity,
  ORDER_WAITING_STATUSES,
  type HomeChange,
  type HomeJobs,
  type HomeLowStock,
  type HomeOrdersWaiting,
  type HomeTerminals,
} from '@backroom/schema';
import type { FastifyRequest } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import { labelsOf } from '../../data/read';
import { anyDb } from '../../data/store';
import { hasPrivilege } from '../../http/auth-guard';
import { columnOf } from '../columns';
import { lowStockRows } from '../stock/index';
import { ONLINE_MINUTES } from '../terminals/index';

/** The figures of Home beside sales: what needs someone's attention now. */

const HEAD = 5;
const CHANGES = 10;

const terminal = getEntity('pointofsale');
const outlet = getEntity('outlet');
const order = getEntity('onlinesalesorder');
const auditLog = getEntity('auditlog');

const P = {
  outlet: columnOf(terminal, 'outlet'),
  lastSeen: columnOf(terminal, 'lastSeenAt'),
};

/** `column in (outlets)` for a viewer limited to some outlets; nothing for one who sees them all. */
const inOutlets = (column: string, outlets: readonly number[]) =>
  outlets.length === 0 ? sql<SqlBool>`1 = 1` : sql<SqlBool>`${sql.ref(column)} in (${sql.join([...outlets])})`;

export async function lowStock(request: FastifyRequest): Promise<HomeLowStock> {
  const { rows, totalCount } = await lowStockRows(request, { Take: HEAD });
  return {
    count: totalCount,
    rows: rows.map((r) => ({
      id: r.id,
      productLabel: r.productLabel,
      locationLabel: r.locationLabel,
      onHand: r.onHand,
      minQty: r.minQty,
    })),
  };
}

/** Active terminals, and those offline as terminal status counts them: no heartbeat for ONLINE_MINUTES (or never one). */
export async function terminals(
  request: FastifyRequest,
  outlets: readonly number[],
  now: Date,
): Promise<HomeTerminals> {
  const db = anyDb(request.server.ctx);
  const since = new Date(now.getTime() - ONLINE_MINUTES * 60_000).toISOString();
  const silent = sql<SqlBool>`(${sql.ref(P.lastSeen)} is null or ${sql.ref(P.lastSeen)} < ${since})`;
  const active = db.selectFrom(terminal.table).where('is_active', '=', true).where(inOutlets(P.outlet, outlets));
  const counted = await active
    .select([
      sql<number>`count(*)`.as('total'),
      sql<number>`coalesce(sum(case when ${silent} then 1 else 0 end), 0)`.as('offline'),
    ])
    .executeTakeFirstOrThrow();
  const head = await active
    .where(silent)
    .select(['id', `${P.outlet} as outlet_id`, `${P.lastSeen} as last_seen`])
    .orderBy(sql`case when ${sql.ref(P.lastSeen)} is null then 0 else 1 end`)
    .orderBy(P.lastSeen)
    .orderBy('id')
    .limit(HEAD)
    .execute();
  const names = await labelsOf(
    db,
    terminal,
    head.map((r) => Number(r.id)),
  );
  const places = await labelsOf(
    db,
    outlet,
    head.map((r) => Number(r.outlet_id)),
  );
  return {
    total: Number(counted.total),
    offline: Number(counted.offline),
    rows: head.map((r) => ({
      id: Number(r.id),
      label: names.get(Number(r.id)) ?? '',
      outletLabel: places.get(Number(r.outlet_id)) ?? '',
      lastSeenAt: (r.last_seen as string | null) ?? null,
    })),
  };
}

export async function ordersWaiting(request: FastifyRequest, outlets: readonly number[]): Promise<HomeOrdersWaiting> {
  const status = columnOf(order, 'status');
  const rows = await anyDb(request.server.ctx)
    .selectFrom(order.table)
    .where(status, 'in', [...ORDER_WAITING_STATUSES])
    .where(inOutlets(columnOf(order, 'outlet'), outlets))
    .groupBy(status)
    .select([`${status} as status`, sql<number>`count(*)`.as('n')])
    .execute();
  const byStatus = Object.fromEntries(
    ORDER_WAITING_STATUSES.map((s) => [s, Number(rows.find((r) => r.status === s)?.n ?? 0)]),
  ) as HomeOrdersWaiting['byStatus'];
  return { count: Object.values(byStatus).reduce((a, b) => a + b, 0), byStatus };
}

/** Job kinds the viewer may run (the privilege of `POST /jobs/Run`). */
async function visibleKinds(request: FastifyRequest): Promise<string[]> {
  const kinds = Object.entries(request.server.jobKinds);
  const allowed = await Promise.all(
    kinds.map(([, kind]) => hasPrivilege(request, kind.privilege.screen, kind.privilege.action)),
  );
  return kinds.filter((_, i) => allowed[i]).map(([name]) => name);
}

/** Jobs held by a live run, of the kinds the viewer may run; undefined when they may run none. */
export async function jobsRunning(request: FastifyRequest, now: Date): Promise<HomeJobs | undefined> {
  const kinds = await visibleKinds(request);
  if (kinds.length === 0) return undefined;
  const running = anyDb(request.server.ctx)
    .selectFrom('job')
    .where('status', '=', 'running')
    .where('lease_until', '>=', now.toISOString())
    .where('kind', 'in', kinds);
  const counted = await running.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  const rows = await running.select(['id', 'kind', 'progress', 'updated_at']).orderBy('id').limit(HEAD).execute();
  return {
    count: Number(counted.n),
    rows: rows.map((r) => ({
      id: Number(r.id),
      kind: String(r.kind),
      progress: Number(r.progress),
      since: String(r.updated_at),
    })),
  };
}

/** The latest changes of data (inserts, updates, deletes), newest first. */
export async function recentChanges(request: FastifyRequest): Promise<HomeChange[]> {
  const c = (name: string) => columnOf(auditLog, name);
  const rows = await anyDb(request.server.ctx)
    .selectFrom(auditLog.table)
    .where(c('action'), 'in', ['insert', 'update', 'delete'])
    .select([
      'id',
      `${c('at')} as at`,
      `${c('userName')} as user_name`,
      `${c('entity')} as entity`,
      `${c('rowId')} as row_id`,
      `${c('action')} as action`,
    ])
    .orderBy('id', 'desc')
    .limit(CHANGES)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    at: String(r.at),
    userName: (r.user_name as string | null) ?? null,
    entity: String(r.entity),
    rowId: r.row_id === null ? null : Number(r.row_id),
    action: String(r.action),
  }));
}
