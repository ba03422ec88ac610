import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { dayWindows, type DayWindow } from './days';
import { windowsTable } from './windows';

/**
 * The rollups: POS sales per outlet and local day (`home_sales_day`: net total, receipts) and per
 * outlet, day and product (`home_product_day`: quantity, amount), so Home reads a row per day (and
 * product) instead of every sale and line of the month. Sales are rolled up in id order behind a mark (`home_rollup`); what is
 * past the mark is summed live by the reader, so the figures are always complete.
 *
 * A sale is rolled up only once it is SETTLE_MS old (by `created_at`), and only the unbroken run of
 * such sales after the mark: on PostgreSQL ids are taken before commit, so a sale with a lower id
 * may still become visible after a higher one; no sale's transaction stays open that long.
 */

export const SETTLE_MS = 60_000;
/** Days ahead of each outlet's today also rolled up: a terminal's clock a little fast still counts. */
const AHEAD = 2;

/** The last sale id rolled up. */
export async function rollupMark(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('home_rollup').select('last_sale_id').where('id', '=', 1).executeTakeFirst();
  return row?.last_sale_id ?? 0;
}

/** The last id of the unbroken run of settled sales after `from` (`from` itself when there is none). */
async function settledUpTo(db: Kysely<Database>, from: number, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - SETTLE_MS).toISOString();
  const fresh = await db
    .selectFrom('sale')
    .select((eb) => eb.fn.min('id').as('id'))
    .where('id', '>', from)
    .where('created_at', '>=', cutoff)
    .executeTakeFirstOrThrow();
  let last = db
    .selectFrom('sale')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('id', '>', from);
  if (fresh.id !== null) last = last.where('id', '<', fresh.id);
  const found = await last.executeTakeFirstOrThrow();
  return found.id ?? from;
}

/**
 * Rolls the settled sales after the mark into the rollup, for the days of `outlets` Home can show
 * (older sales never show); answers the mark after it. Two callers at once: the mark moves by a
 * conditional update in the same transaction, so only one of them adds the sales.
 */
export async function rollUp(
  db: Kysely<Database>,
  outlets: readonly { id: number; timeZone: string }[],
  now: Date,
): Promise<number> {
  const from = await rollupMark(db);
  const to = await settledUpTo(db, from, now);
  if (to <= from || outlets.length === 0) return from;
  const windows: DayWindow[] = dayWindows(outlets, now, AHEAD);
  const oldest = windows.reduce((min, w) => (w.day < min ? w.day : min), windows[0]!.day);
  return db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('home_rollup')
      .set({ last_sale_id: to })
      .where('id', '=', 1)
      .where('last_sale_id', '=', from)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0) return rollupMark(trx);
    await sql`${windowsTable(windows)}
      insert into home_product_day (outlet_id, day, product_id, quantity, amount)
      select d.outlet_id, d.day, l.product_id, sum(l.quantity), coalesce(sum(l.line_total), 0)
      from d cross join sale s cross join sale_line l
      where s.id > ${from} and s.id <= ${to} and s.outlet_id = d.outlet_id and s.at >= d.starts and s.at < d.ends and l.sale_id = s.id
      group by d.outlet_id, d.day, l.product_id
      on conflict (outlet_id, day, product_id) do update set quantity = home_product_day.quantity + excluded.quantity, amount = home_product_day.amount + excluded.amount`.execute(
      trx,
    );
    await sql`${windowsTable(windows)}
      insert into home_sales_day (outlet_id, day, total, receipts)
      select d.outlet_id, d.day, coalesce(sum(s.total), 0), sum(case when s.kind = 'sale' then 1 else 0 end)
      from d cross join sale s
      where s.id > ${from} and s.id <= ${to} and s.outlet_id = d.outlet_id and s.at >= d.starts and s.at < d.ends
      group by d.outlet_id, d.day
      on conflict (outlet_id, day) do update set total = home_sales_day.total + excluded.total, receipts = home_sales_day.receipts + excluded.receipts`.execute(
      trx,
    );
    await trx.deleteFrom('home_product_day').where('day', '<', oldest).execute();
    await trx.deleteFrom('home_sales_day').where('day', '<', oldest).execute();
    return to;
  });
}
