import {
  findEntity,
  getEntity,
  ORDER_WAITING_STATUSES,
  type HomeChange,
  type HomeJobs,
  type HomeLowStock,
  type HomeOrdersWaiting,
  type HomeTerminals,
} from '@backroom/schema';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { labelsOf } from '../../data/read';
import { hasPrivilege } from '../../http/auth-guard';
import { lowStockRows } from '../stock/index';
import { ONLINE_MINUTES } from '../terminals/index';

/** The figures of Home beside sales: what needs someone's attention now. */

const HEAD = 5;
const CHANGES = 10;

const terminal = getEntity('pointofsale');
const outlet = getEntity('outlet');

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
  const db = request.server.ctx.db;
  const since = new Date(now.getTime() - ONLINE_MINUTES * 60_000).toISOString();
  let active = db.selectFrom('point_of_sale').where('is_active', '=', true);
  // A viewer limited to some outlets sees theirs; one who sees them all, every terminal.
  if (outlets.length > 0) active = active.where('outlet_id', 'in', outlets);
  const silent = sql<boolean>`(last_seen_at is null or last_seen_at < ${since})`;
  const counted = await active
    .select((eb) => [
      eb.fn.countAll().as('total'),
      sql<number>`coalesce(sum(case when ${silent} then 1 else 0 end), 0)`.as('offline'),
    ])
    .executeTakeFirstOrThrow();
  const head = await active
    .where(silent)
    .select(['id', 'outlet_id', 'last_seen_at'])
    .orderBy(sql`case when last_seen_at is null then 0 else 1 end`)
    .orderBy('last_seen_at')
    .orderBy('id')
    .limit(HEAD)
    .execute();
  const names = await labelsOf(
    db,
    terminal,
    head.map((r) => r.id),
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
      id: r.id,
      label: names.get(r.id) ?? '',
      outletLabel: places.get(Number(r.outlet_id)) ?? '',
      lastSeenAt: r.last_seen_at,
    })),
  };
}

export async function ordersWaiting(request: FastifyRequest, outlets: readonly number[]): Promise<HomeOrdersWaiting> {
  let waiting = request.server.ctx.db
    .selectFrom('online_sales_order')
    .where('status', 'in', [...ORDER_WAITING_STATUSES]);
  if (outlets.length > 0) waiting = waiting.where('outlet_id', 'in', outlets);
  const rows = await waiting
    .groupBy('status')
    .select((eb) => ['status', eb.fn.countAll().as('n')])
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
  const running = request.server.ctx.db
    .selectFrom('job')
    .where('status', '=', 'running')
    .where('lease_until', '>=', now.toISOString())
    .where('kind', 'in', kinds);
  const counted = await running.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  const rows = await running.select(['id', 'kind', 'progress', 'updated_at']).orderBy('id').limit(HEAD).execute();
  return {
    count: Number(counted.n),
    rows: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      progress: r.progress,
      since: r.updated_at,
    })),
  };
}

/** The latest changes of data (inserts, updates, deletes), newest first. */
export async function recentChanges(request: FastifyRequest): Promise<HomeChange[]> {
  const rows = await request.server.ctx.db
    .selectFrom('audit_log')
    .where('action', 'in', ['insert', 'update', 'delete'])
    .select(['id', 'at', 'user_name', 'entity', 'row_id', 'action'])
    .orderBy('id', 'desc')
    .limit(CHANGES)
    .execute();
  // Each change names its row as people know it: one label lookup per entity.
  const labels = new Map<string, Map<number, string>>();
  for (const name of new Set(rows.map((r) => String(r.entity)))) {
    const entity = findEntity(name);
    const ids = rows.filter((r) => r.entity === name && r.row_id !== null).map((r) => Number(r.row_id));
    if (entity && ids.length > 0) labels.set(name, await labelsOf(request.server.ctx.db, entity, ids));
  }
  return rows.map((r) => ({
    id: r.id,
    at: String(r.at),
    userName: r.user_name,
    entity: String(r.entity),
    rowId: r.row_id,
    label: r.row_id === null ? null : (labels.get(String(r.entity))?.get(Number(r.row_id)) ?? null),
    action: String(r.action),
  }));
}
