import {
  fromMinorUnits,
  formatScaled,
  getEntity,
  QUANTITY_SCALE,
  type HomeOutletSales,
  type HomeSales,
  type HomeSalesDay,
  type HomeTopProduct,
} from '@backroom/schema';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { labelsOf } from '../../data/read';
import type { Database } from '../../db/types';
import type { DayWindow } from './days';
import { windowsRead } from './windows';

/**
 * Sales for Home, summed in the database: POS sales (`sale`, returns count negative) and completed
 * online orders (`onlinesalesorder`, at the time of their last change, which completes them) by
 * outlet and local day, and the products that sold most. POS sales come from the rollups
 * (rollup.ts) plus the sales past their mark. Each outlet's days are UTC ranges worked out
 * beforehand (days.ts), joined as a table of values, so the time zone arithmetic never reaches SQL.
 */

const TOP = 10;

const product = getEntity('product');

export interface Channels {
  pos: boolean;
  online: boolean;
}

/** The row (`alias`) is of the window's outlet and inside its span. */
const inWindow = (alias: 's' | 'o', atColumn: 'at' | 'updated_at') =>
  sql`${sql.ref(`${alias}.outlet_id`)} = d.outlet_id and ${sql.ref(`${alias}.${atColumn}`)} >= d.starts and ${sql.ref(`${alias}.${atColumn}`)} < d.ends`;

/** Sales past the rollup's mark: `markSeen` (read before; the mark only grows) for the planner, the mark itself for consistency. */
const pastMark = (markSeen: unknown) =>
  sql`s.id > ${markSeen} and s.id > (select last_sale_id from home_rollup where id = 1)`;

/**
 * POS sales in the windows, by outlet and day: net total and receipts (sales, not returns), from
 * the day rollup and the sales past its mark, read in one statement (see topProducts).
 */
const posByDay = windowsRead<{
  outlet_id: number;
  day: string;
  total: number | string;
  receipts: number | string;
}>(
  ([markSeen]) => sql`
    select x.outlet_id, x.day, sum(x.total) as total, sum(x.receipts) as receipts
    from (
      select r.outlet_id, r.day, r.total, r.receipts from d cross join home_sales_day r where r.outlet_id = d.outlet_id and r.day = d.day
      union all
      select d.outlet_id, d.day, s.total, case when s.kind = 'sale' then 1 else 0 end
      from sale s cross join d
      where ${pastMark(markSeen)} and ${inWindow('s', 'at')}
    ) x
    group by x.outlet_id, x.day`,
);

/**
 * Completed online orders in the windows, by outlet and day. Each window's sum is a subquery of its
 * own, so both databases read one index range per window (a join lets PostgreSQL hash the windows
 * and test every order against them).
 */
const onlineByDay = windowsRead<{ outlet_id: number; day: string; total: number | string | null }>(
  () => sql`
    select d.outlet_id, d.day, (select sum(o.total) from online_sales_order o where o.status = 'completed' and ${inWindow('o', 'updated_at')}) as total
    from d`,
);

/** Each outlet's whole period: its first day to its last, and the UTC span they cover. */
function periods(windows: readonly DayWindow[]) {
  const byOutlet = new Map<
    number,
    { outlet: number; firstDay: string; lastDay: string; starts: string; ends: string }
  >();
  for (const w of windows) {
    const seen = byOutlet.get(w.outlet) ?? {
      outlet: w.outlet,
      firstDay: w.day,
      lastDay: w.day,
      starts: w.starts,
      ends: w.ends,
    };
    byOutlet.set(w.outlet, {
      outlet: w.outlet,
      firstDay: w.day < seen.firstDay ? w.day : seen.firstDay,
      lastDay: w.day > seen.lastDay ? w.day : seen.lastDay,
      starts: w.starts < seen.starts ? w.starts : seen.starts,
      ends: w.ends > seen.ends ? w.ends : seen.ends,
    });
  }
  return [...byOutlet.values()];
}

/**
 * The products with the most sales over the windows, by amount, POS and online together as the
 * viewer may see them: POS from the rollup up to its mark and from the lines after it, online orders
 * live. One statement reads the mark and both parts, so a rollup committing meanwhile is seen
 * whole or not at all, never counted twice. `markSeen`, the mark read before (it only grows), tells
 * the planner how few sales lie past it. Each outlet's period is one index range (an `or` of them).
 */
export async function topProducts(
  db: Kysely<Database>,
  windows: readonly DayWindow[],
  channels: Channels,
  markSeen: number,
): Promise<HomeTopProduct[]> {
  const spans = periods(windows);
  if (spans.length === 0 || (!channels.pos && !channels.online)) return [];
  const during = (alias: 's' | 'o', atColumn: 'at' | 'updated_at') =>
    sql`(${sql.join(
      spans.map(
        (p) =>
          sql`(${sql.ref(`${alias}.outlet_id`)} = ${p.outlet} and ${sql.ref(`${alias}.${atColumn}`)} >= ${p.starts} and ${sql.ref(`${alias}.${atColumn}`)} < ${p.ends})`,
      ),
      sql` or `,
    )})`;
  const parts: RawBuilder<unknown>[] = [];
  if (channels.pos)
    parts.push(
      sql`select r.product_id, r.quantity, r.amount from home_product_day r
        where (${sql.join(
          spans.map((p) => sql`(r.outlet_id = ${p.outlet} and r.day >= ${p.firstDay} and r.day <= ${p.lastDay})`),
          sql` or `,
        )})`,
      sql`select l.product_id, l.quantity, l.line_total as amount
        from sale s join sale_line l on l.sale_id = s.id
        where ${pastMark(markSeen)} and ${during('s', 'at')}`,
    );
  if (channels.online)
    parts.push(sql`select i.product_id, i.quantity, i.line_total as amount
      from online_sales_order o join online_sales_order_items i on i.parent_id = o.id
      where o.status = 'completed' and ${during('o', 'updated_at')}`);
  const { rows } = await sql<{ product_id: number; quantity: number | string; amount: number | string }>`
    select x.product_id, sum(x.quantity) as quantity, coalesce(sum(x.amount), 0) as amount
    from (${sql.join(parts, sql` union all `)}) x
    group by x.product_id
    order by 3 desc, 1
    limit ${TOP}`.execute(db);
  const names = await labelsOf(
    db,
    product,
    rows.map((r) => Number(r.product_id)),
  );
  return rows.map((r) => ({
    product: Number(r.product_id),
    productLabel: names.get(Number(r.product_id)) ?? '',
    quantity: formatScaled(r.quantity, QUANTITY_SCALE),
    amount: fromMinorUnits(r.amount),
  }));
}

const minor = (value: number | string | null | undefined) => BigInt(value ?? 0);

/** Sales by outlet (today and the whole period) and by outlet and day, for the channels the viewer may see. */
export async function salesSummary(
  db: Kysely<Database>,
  outlets: readonly { id: number; label: string }[],
  windows: readonly DayWindow[],
  channels: Channels,
  markSeen: number,
): Promise<HomeSales> {
  const pos = channels.pos && windows.length > 0 ? await posByDay(db, windows, [markSeen]) : [];
  const online =
    channels.online && windows.length > 0 ? (await onlineByDay(db, windows)).filter((r) => r.total !== null) : [];
  const key = (outlet: number, day: string) => `${outlet}|${day}`;
  const cells = new Map<string, { outlet: number; day: string; pos: bigint; online: bigint; receipts: number }>();
  const cell = (outlet: number, day: string) => {
    const k = key(outlet, day);
    let c = cells.get(k);
    if (!c) cells.set(k, (c = { outlet, day, pos: 0n, online: 0n, receipts: 0 }));
    return c;
  };
  for (const r of pos)
    Object.assign(cell(Number(r.outlet_id), r.day), { pos: minor(r.total), receipts: Number(r.receipts) });
  for (const r of online) cell(Number(r.outlet_id), r.day).online = minor(r.total);

  const todayOf = new Map<number, string>();
  for (const w of windows) if ((todayOf.get(w.outlet) ?? '') < w.day) todayOf.set(w.outlet, w.day);
  const byOutlet = outlets.map((o): HomeOutletSales => {
    const today = todayOf.get(o.id) ?? '';
    const mine = [...cells.values()].filter((c) => c.outlet === o.id);
    const now = cells.get(key(o.id, today));
    return {
      outlet: o.id,
      outletLabel: o.label,
      today,
      todayPos: fromMinorUnits(now?.pos ?? 0n),
      todayOnline: fromMinorUnits(now?.online ?? 0n),
      todayReceipts: now?.receipts ?? 0,
      last30Pos: fromMinorUnits(mine.reduce((sum, c) => sum + c.pos, 0n)),
      last30Online: fromMinorUnits(mine.reduce((sum, c) => sum + c.online, 0n)),
    };
  });
  const days: HomeSalesDay[] = [...cells.values()]
    .sort((a, b) => a.day.localeCompare(b.day) || a.outlet - b.outlet)
    .map((c) => ({ day: c.day, outlet: c.outlet, pos: fromMinorUnits(c.pos), online: fromMinorUnits(c.online) }));
  return { byOutlet, days, channels };
}
