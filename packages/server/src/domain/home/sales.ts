import { fromMinorUnits, formatScaled, getEntity, QUANTITY_SCALE, type HomeOutletSales, type HomeSales, type HomeSalesDay, type HomeTopProduct } from '@backroom/schema';
import { sql, type RawBuilder } from 'kysely';
import { labelsOf } from '../../data/read';
import type { AnyDb } from '../../data/store';
import { columnOf, fieldOf } from '../columns';
import type { DayWindow } from './days';
import { windowsTable } from './windows';

/**
 * Sales for Home, summed in the database: POS sales (`sale`, returns count negative) and completed
 * online orders (`onlinesalesorder`, at the time of their last change, which completes them) by
 * outlet and local day, and the products that sold most. Each outlet's days are UTC ranges worked
 * out beforehand (days.ts), joined as a table of values, so the time zone arithmetic never reaches SQL
 * and every range is an index range on (outlet, time).
 */

const TOP = 10;

const sale = getEntity('sale');
const saleLine = getEntity('saleline');
const order = getEntity('onlinesalesorder');
const items = fieldOf(order, 'items', 'children');
const product = getEntity('product');

const S = { outlet: columnOf(sale, 'outlet'), at: columnOf(sale, 'at'), kind: columnOf(sale, 'kind'), total: columnOf(sale, 'total') };
const L = { sale: columnOf(saleLine, 'sale'), product: columnOf(saleLine, 'product'), quantity: columnOf(saleLine, 'quantity'), total: columnOf(saleLine, 'lineTotal') };
const O = { outlet: columnOf(order, 'outlet'), status: columnOf(order, 'status'), total: columnOf(order, 'total'), at: 'updated_at' };
const I = { product: columnOf(items, 'product'), quantity: columnOf(items, 'quantity'), total: columnOf(items, 'lineTotal') };

export interface Channels {
  pos: boolean;
  online: boolean;
}

const ref = (alias: string, column: string) => sql.ref(`${alias}.${column}`);
/** The row (`alias`) is of the window's outlet and inside its span. */
const inWindow = (alias: string, outletColumn: string, atColumn: string) =>
  sql`${ref(alias, outletColumn)} = d.outlet_id and ${ref(alias, atColumn)} >= d.starts and ${ref(alias, atColumn)} < d.ends`;

/** POS sales in the windows, by outlet and day: net total and receipts (sales, not returns). */
async function posByDay(db: AnyDb, windows: readonly DayWindow[]) {
  const { rows } = await sql<{ outlet_id: number; day: string; total: number | string; receipts: number | string }>`${windowsTable(windows)}
    select d.outlet_id, d.day, sum(${ref('s', S.total)}) as total, sum(case when ${ref('s', S.kind)} = 'sale' then 1 else 0 end) as receipts
    from d cross join ${sql.table(sale.table)} s
    where ${inWindow('s', S.outlet, S.at)}
    group by d.outlet_id, d.day`.execute(db);
  return rows;
}

/** Completed online orders in the windows, by outlet and day. */
async function onlineByDay(db: AnyDb, windows: readonly DayWindow[]) {
  const { rows } = await sql<{ outlet_id: number; day: string; total: number | string }>`${windowsTable(windows)}
    select d.outlet_id, d.day, sum(${ref('o', O.total)}) as total
    from d cross join ${sql.table(order.table)} o
    where ${ref('o', O.status)} = 'completed' and ${inWindow('o', O.outlet, O.at)}
    group by d.outlet_id, d.day`.execute(db);
  return rows;
}

/**
 * The products with the most sales over the windows, by amount, POS and online together as the
 * viewer may see them: POS from the rollup up to its mark and from the lines after it, online orders
 * live. One statement reads the mark and both parts, so a rollup committing meanwhile is seen
 * whole or not at all, never counted twice.
 */
export async function topProducts(db: AnyDb, windows: readonly DayWindow[], channels: Channels): Promise<HomeTopProduct[]> {
  if (windows.length === 0 || (!channels.pos && !channels.online)) return [];
  const parts: RawBuilder<unknown>[] = [];
  if (channels.pos)
    parts.push(
      sql`select r.product_id, r.quantity, r.amount from d cross join home_product_day r where r.outlet_id = d.outlet_id and r.day = d.day`,
      sql`select ${ref('l', L.product)} as product_id, ${ref('l', L.quantity)} as quantity, ${ref('l', L.total)} as amount
        from ${sql.table(sale.table)} s cross join d cross join ${sql.table(saleLine.table)} l
        where s.id > (select last_sale_id from home_rollup where id = 1) and ${inWindow('s', S.outlet, S.at)} and ${ref('l', L.sale)} = s.id`,
    );
  if (channels.online)
    parts.push(sql`select ${ref('i', I.product)} as product_id, ${ref('i', I.quantity)} as quantity, ${ref('i', I.total)} as amount
      from d cross join ${sql.table(order.table)} o cross join ${sql.table(items.table)} i
      where ${ref('o', O.status)} = 'completed' and ${inWindow('o', O.outlet, O.at)} and i.parent_id = o.id`);
  const { rows } = await sql<{ product_id: number; quantity: number | string; amount: number | string }>`${windowsTable(windows)}
    select x.product_id, sum(x.quantity) as quantity, coalesce(sum(x.amount), 0) as amount
    from (${sql.join(parts, sql` union all `)}) x
    group by x.product_id
    order by 3 desc, 1
    limit ${TOP}`.execute(db);
  const names = await labelsOf(db, product, rows.map((r) => Number(r.product_id)));
  return rows.map((r) => ({
    product: Number(r.product_id),
    productLabel: names.get(Number(r.product_id)) ?? '',
    quantity: formatScaled(r.quantity, QUANTITY_SCALE),
    amount: fromMinorUnits(r.amount),
  }));
}

const minor = (value: number | string | null | undefined) => BigInt(value ?? 0);

/** Sales by outlet (today and the whole period) and by outlet and day, for the channels the viewer may see. */
export async function salesSummary(db: AnyDb, outlets: readonly { id: number; label: string }[], windows: readonly DayWindow[], channels: Channels): Promise<HomeSales> {
  const pos = channels.pos && windows.length > 0 ? await posByDay(db, windows) : [];
  const online = channels.online && windows.length > 0 ? await onlineByDay(db, windows) : [];
  const key = (outlet: number, day: string) => `${outlet}|${day}`;
  const cells = new Map<string, { outlet: number; day: string; pos: bigint; online: bigint; receipts: number }>();
  const cell = (outlet: number, day: string) => {
    const k = key(outlet, day);
    let c = cells.get(k);
    if (!c) cells.set(k, (c = { outlet, day, pos: 0n, online: 0n, receipts: 0 }));
    return c;
  };
  for (const r of pos) Object.assign(cell(Number(r.outlet_id), r.day), { pos: minor(r.total), receipts: Number(r.receipts) });
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
