import { z } from 'zod';

/**
 * Home's summary (`GET {api}/home/Summary`): every figure of the Home screen in one answer. A
 * section the viewer may not view is absent, not empty. Amounts are decimal strings in minor-unit
 * precision ("12.50"), quantities with 3 places; days are local dates of each outlet.
 */

/** The online order statuses that wait for the shop. */
export const ORDER_WAITING_STATUSES = ['new', 'accepted', 'preparing', 'ready'] as const;

/** Sales of one outlet on one local day. */
const homeSalesDay = z.object({
  day: z.string(),
  outlet: z.number().int(),
  /** Net POS sales (returns subtract). */
  pos: z.string(),
  /** Completed online orders. */
  online: z.string(),
});
export type HomeSalesDay = z.infer<typeof homeSalesDay>;

/** Sales of one outlet today and over the last 30 days (today included). */
const homeOutletSales = z.object({
  outlet: z.number().int(),
  outletLabel: z.string(),
  /** The outlet's own date today. */
  today: z.string(),
  todayPos: z.string(),
  todayOnline: z.string(),
  todayReceipts: z.number().int(),
  last30Pos: z.string(),
  last30Online: z.string(),
});
export type HomeOutletSales = z.infer<typeof homeOutletSales>;

const homeSales = z.object({
  byOutlet: z.array(homeOutletSales),
  /** Days with any sale, oldest first. */
  days: z.array(homeSalesDay),
  /** Which channels the figures include: a viewer may see POS sales and not online orders, or the reverse. */
  channels: z.object({ pos: z.boolean(), online: z.boolean() }),
});
export type HomeSales = z.infer<typeof homeSales>;

const homeTopProduct = z.object({
  product: z.number().int(),
  productLabel: z.string(),
  quantity: z.string(),
  amount: z.string(),
});
export type HomeTopProduct = z.infer<typeof homeTopProduct>;

const homeLowStock = z.object({
  count: z.number().int(),
  rows: z.array(
    z.object({
      id: z.number().int(),
      productLabel: z.string(),
      locationLabel: z.string(),
      onHand: z.string(),
      minQty: z.string(),
    }),
  ),
});
export type HomeLowStock = z.infer<typeof homeLowStock>;

const homeTerminals = z.object({
  total: z.number().int(),
  offline: z.number().int(),
  /** Offline terminals, longest silent first. */
  rows: z.array(
    z.object({ id: z.number().int(), label: z.string(), outletLabel: z.string(), lastSeenAt: z.string().nullable() }),
  ),
});
export type HomeTerminals = z.infer<typeof homeTerminals>;

const homeOrdersWaiting = z.object({
  count: z.number().int(),
  byStatus: z.object(
    Object.fromEntries(ORDER_WAITING_STATUSES.map((status) => [status, z.number().int()])) as Record<
      (typeof ORDER_WAITING_STATUSES)[number],
      z.ZodNumber
    >,
  ),
});
export type HomeOrdersWaiting = z.infer<typeof homeOrdersWaiting>;

const homeJobs = z.object({
  count: z.number().int(),
  rows: z.array(z.object({ id: z.number().int(), kind: z.string(), progress: z.number(), since: z.string() })),
});
export type HomeJobs = z.infer<typeof homeJobs>;

const homeChange = z.object({
  id: z.number().int(),
  at: z.string(),
  userName: z.string().nullable(),
  entity: z.string(),
  rowId: z.number().int().nullable(),
  /** The row's name as its drop-down shows it ("BUY2 - Buy 2 get 1"); null when the row is gone or is no registry row. */
  label: z.string().nullable(),
  action: z.string(),
});
export type HomeChange = z.infer<typeof homeChange>;

/**
 * The database's backups, for administrators: the last one taken by Backroom (the schedule or
 * `npm run backup`) and whether it is recent enough (BACKUP_WARN_HOURS).
 */
const homeBackup = z.object({
  engine: z.enum(['sqlite', 'postgres']),
  /** Hours between scheduled backups; 0 when this server takes none (PostgreSQL's default). */
  everyHours: z.number(),
  /** Home warns when the last backup is older than this many hours; 0: never. */
  warnHours: z.number(),
  last: z.object({ at: z.string(), file: z.string(), bytes: z.number().int() }).nullable(),
  /** A backup that failed after the last one that worked. */
  lastError: z.object({ at: z.string(), error: z.string() }).nullable(),
  /** No backup within `warnHours` (always false when `warnHours` is 0). */
  stale: z.boolean(),
});
export type HomeBackup = z.infer<typeof homeBackup>;

export const homeSummary = z.object({
  /** When the summary was made (UTC). */
  at: z.string(),
  sales: homeSales.optional(),
  topProducts: z.array(homeTopProduct).optional(),
  lowStock: homeLowStock.optional(),
  terminals: homeTerminals.optional(),
  ordersWaiting: homeOrdersWaiting.optional(),
  jobsRunning: homeJobs.optional(),
  recentChanges: z.array(homeChange).optional(),
  backup: homeBackup.optional(),
});
export type HomeSummary = z.infer<typeof homeSummary>;
