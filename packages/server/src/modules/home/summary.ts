import { getEntity, type HomeSummary } from '@backroom/schema';
import type { FastifyRequest } from 'fastify';
import { allowedOutlets } from '../../data/access';
import { labelsOf } from '../../data/read';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { hasPrivilege } from '../../http/auth-guard';
import { ADMINISTRATOR_SCREEN } from '../administration/index';
import { backupStatus } from '../backup/index';
import { dayWindows } from './days';
import { rollupMark } from './rollup';
import { jobsRunning, lowStock, ordersWaiting, recentChanges, terminals } from './operations';
import { salesSummary, topProducts } from './sales';

const outlet = getEntity('outlet');

/** The screens whose view privilege opens each section of Home. */
export const SECTION_SCREENS = {
  posSales: 'sale',
  onlineSales: 'onlinesalesorder',
  lowStock: 'lowstock',
  terminals: 'terminalstatus',
  recentChanges: ADMINISTRATOR_SCREEN,
  backup: ADMINISTRATOR_SCREEN,
} as const;

/** Every outlet with its time zone. */
export async function outletZones(db: Kysely<Database>): Promise<{ id: number; timeZone: string }[]> {
  const rows = await db.selectFrom('outlet').select(['id', 'timezone']).orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, timeZone: r.timezone ?? 'UTC' }));
}

/** The viewer's outlets (all of them unless the user is limited to some), with their time zones and labels. */
async function viewerOutlets(request: FastifyRequest, all: readonly { id: number; timeZone: string }[]) {
  const limited = await allowedOutlets(request);
  const mine = limited.length === 0 ? all : all.filter((o) => limited.includes(o.id));
  const labels = await labelsOf(
    request.server.ctx.db,
    outlet,
    mine.map((o) => o.id),
  );
  return mine.map((o) => ({ ...o, label: labels.get(o.id) ?? '' }));
}

/**
 * Every figure of Home the viewer may see, in one answer; a section they may not view is left out.
 * The sections are read at once: on PostgreSQL each over a pooled connection of its own.
 */
export async function homeSummary(request: FastifyRequest, now = new Date()): Promise<HomeSummary> {
  const db = request.server.ctx.db;
  const can = (screen: string) => hasPrivilege(request, screen, 'view');
  const [pos, online, seesLowStock, seesTerminals, seesChanges] = await Promise.all([
    can(SECTION_SCREENS.posSales),
    can(SECTION_SCREENS.onlineSales),
    can(SECTION_SCREENS.lowStock),
    can(SECTION_SCREENS.terminals),
    can(SECTION_SCREENS.recentChanges),
  ]);
  const limited = await allowedOutlets(request);
  const sales = async (): Promise<Pick<HomeSummary, 'sales' | 'topProducts'>> => {
    const outlets = await viewerOutlets(request, await outletZones(db));
    const windows = dayWindows(outlets, now);
    const channels = { pos, online };
    const markSeen = pos ? await rollupMark(db) : 0;
    const [figures, top] = await Promise.all([
      salesSummary(db, outlets, windows, channels, markSeen),
      topProducts(db, windows, channels, markSeen),
    ]);
    return { sales: figures, topProducts: top };
  };
  const section = async <K extends keyof HomeSummary>(
    key: K,
    sees: boolean,
    read: () => Promise<HomeSummary[K] | undefined>,
  ): Promise<Partial<HomeSummary>> => {
    if (!sees) return {};
    const value = await read();
    return value === undefined ? {} : { [key]: value };
  };
  const parts = await Promise.all([
    pos || online ? sales() : {},
    section('lowStock', seesLowStock, () => lowStock(request)),
    section('terminals', seesTerminals, () => terminals(request, limited, now)),
    section('ordersWaiting', online, () => ordersWaiting(request, limited)),
    section('jobsRunning', true, () => jobsRunning(request, now)),
    section('recentChanges', seesChanges, () => recentChanges(request)),
    section('backup', seesChanges, () => backupStatus(request.server.ctx, now)),
  ]);
  return Object.assign({ at: now.toISOString() }, ...parts) as HomeSummary;
}
