/**
 * Home's summary (`GET {api}/home/Summary`): every figure of the Home screen in one answer. A
 * section the viewer may not view is absent, not empty. Amounts are decimal strings in minor-unit
 * precision ("12.50"), quantities with 3 places; days are local dates of each outlet.
 */

/** Sales of one outlet on one local day. */
export interface HomeSalesDay {
  day: string;
  outlet: number;
  /** Net POS sales (returns subtract). */
  pos: string;
  /** Completed online orders. */
  online: string;
}

/** Sales of one outlet today and over the last 30 days (today included). */
export interface HomeOutletSales {
  outlet: number;
  outletLabel: string;
  /** The outlet's own date today. */
  today: string;
  todayPos: string;
  todayOnline: string;
  todayReceipts: number;
  last30Pos: string;
  last30Online: string;
}

export interface HomeSales {
  byOutlet: HomeOutletSales[];
  /** Days with any sale, oldest first. */
  days: HomeSalesDay[];
  /** Which channels the figures include: a viewer may see POS sales and not online orders, or the reverse. */
  channels: { pos: boolean; online: boolean };
}

export interface HomeTopProduct {
  product: number;
  productLabel: string;
  quantity: string;
  amount: string;
}

export interface HomeLowStock {
  count: number;
  rows: { id: number; productLabel: string; locationLabel: string; onHand: string; minQty: string }[];
}

export interface HomeTerminals {
  total: number;
  offline: number;
  /** Offline terminals, longest silent first. */
  rows: { id: number; label: string; outletLabel: string; lastSeenAt: string | null }[];
}

export interface HomeOrdersWaiting {
  count: number;
  byStatus: Record<'new' | 'accepted' | 'preparing' | 'ready', number>;
}

export interface HomeJobs {
  count: number;
  rows: { id: number; kind: string; progress: number; since: string }[];
}

export interface HomeChange {
  id: number;
  at: string;
  userName: string | null;
  entity: string;
  rowId: number | null;
  /** The row's name as its drop-down shows it ("BUY2 - Buy 2 get 1"); null when the row is gone or is no registry row. */
  label: string | null;
  action: string;
}

/**
 * The database's backups, for administrators: the last one taken by Backroom (the schedule or
 * `npm run backup`) and whether it is recent enough (BACKUP_WARN_HOURS).
 */
export interface HomeBackup {
  engine: 'sqlite' | 'postgres';
  /** Hours between scheduled backups; 0 when this server takes none (PostgreSQL's default). */
  everyHours: number;
  /** Home warns when the last backup is older than this many hours; 0: never. */
  warnHours: number;
  last: { at: string; file: string; bytes: number } | null;
  /** A backup that failed after the last one that worked. */
  lastError: { at: string; error: string } | null;
  /** No backup within `warnHours` (always false when `warnHours` is 0). */
  stale: boolean;
}

export interface HomeSummary {
  /** When the summary was made (UTC). */
  at: string;
  sales?: HomeSales;
  topProducts?: HomeTopProduct[];
  lowStock?: HomeLowStock;
  terminals?: HomeTerminals;
  ordersWaiting?: HomeOrdersWaiting;
  jobsRunning?: HomeJobs;
  recentChanges?: HomeChange[];
  backup?: HomeBackup;
}

/** The online order statuses that wait for the shop. */
export const ORDER_WAITING_STATUSES = ['new', 'accepted', 'preparing', 'ready'] as const;
