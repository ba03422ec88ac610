import { getEntity, type HomeSummary } from '@backroom/schema';
import type { FastifyRequest } from 'fastify';
import { allowedOutlets } from '../../data/access';
import { labelsOf } from '../../data/read';
import { anyDb } from '../../data/store';
import { hasPrivilege } from '../../http/auth-guard';
import { ADMINISTRATOR_SCREEN } from '../administration/index';
import { columnOf } from '../columns';
import { dayWindows } from './days';
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
} as const;

/** The viewer's outlets (all of them unless the user is limited to some), with their time zones. */
async function viewerOutlets(request: FastifyRequest) {
  const db = anyDb(request.server.ctx);
  const limited = await allowedOutlets(request);
  let query = db.selectFrom(outlet.table).select(['id', `${columnOf(outlet, 'timezone')} as tz`]).orderBy('id');
  if (limited.length > 0) query = query.where('id', 'in', limited);
  const rows = await query.execute();
  const labels = await labelsOf(db, outlet, rows.map((r) => Number(r.id)));
  return rows.map((r) => ({ id: Number(r.id), timeZone: String(r.tz ?? 'UTC'), label: labels.get(Number(r.id)) ?? '' }));
}

/** Every figure of Home the viewer may see, in one answer; a section they may not view is left out. */
export async function homeSummary(request: FastifyRequest, now = new Date()): Promise<HomeSummary> {
  const db = anyDb(request.server.ctx);
  const can = (screen: string) => hasPrivilege(request, screen, 'view');
  const [pos, online, seesLowStock, seesTerminals, seesChanges] = await Promise.all([
    can(SECTION_SCREENS.posSales),
    can(SECTION_SCREENS.onlineSales),
    can(SECTION_SCREENS.lowStock),
    can(SECTION_SCREENS.terminals),
    can(SECTION_SCREENS.recentChanges),
  ]);
  const limited = await allowedOutlets(request);
  const summary: HomeSummary = { at: now.toISOString() };
  if (pos || online) {
    const outlets = await viewerOutlets(request);
    const windows = dayWindows(outlets, now);
    const channels = { pos, online };
    summary.sales = await salesSummary(db, outlets, windows, channels);
    summary.topProducts = await topProducts(db, windows, channels);
  }
  if (seesLowStock) summary.lowStock = await lowStock(request);
  if (seesTerminals) summary.terminals = await terminals(request, limited, now);
  if (online) summary.ordersWaiting = await ordersWaiting(request, limited);
  const jobs = await jobsRunning(request, now);
  if (jobs) summary.jobsRunning = jobs;
  if (seesChanges) summary.recentChanges = await recentChanges(request);
  return summary;
}
