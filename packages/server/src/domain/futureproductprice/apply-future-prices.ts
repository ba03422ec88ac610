import { getEntity } from '@backroom/schema';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { recordAudit } from '../../data/audit';
import { apiRow } from '../../data/read';
import { anyDb, type AnyDb, type Row } from '../../data/store';
import { insertRow, updateRow } from '../../data/write';
import { actingRequest, actingUser, jobWriter } from '../../jobs/acting-user';
import { columnOf } from '../columns';

const futurePrice = getEntity('futureproductprice');
const product = getEntity('product');
const outletPrice = getEntity('outletprice');
const STATUS = columnOf(futurePrice, 'status');
const EFFECTIVE_DATE = columnOf(futurePrice, 'effectiveDate');

export interface ApplyResult {
  applied: number;
  failed: { id: number; error: string }[];
}

/**
 * "Today" is the server's UTC date. An outlet's day starts at its own midnight (outlet.timezone), so
 * a row for an outlet east of UTC applies up to a day late and one west of UTC up to a day early;
 * per-outlet dates are the fix if outlets need the change exactly at their opening.
 */
export const serverToday = () => new Date().toISOString().slice(0, 10);

/** The new price written through the generic path: the product's selling price, or the outlet's override. */
async function writePrice(ctx: AppContext, trx: AnyDb, request: FastifyRequest, row: Row): Promise<void> {
  if (row.outlet === null) {
    const w = await jobWriter(ctx, trx, request, product);
    const current = await apiRow(ctx, trx, product, row.product as number, { labels: false });
    if (!current) throw new Error(`Product ${String(row.product)} no longer exists`);
    await updateRow(w, w.entity, { id: current.id, version: current.version, sellingPrice: row.newPrice });
    return;
  }
  const w = await jobWriter(ctx, trx, request, outletPrice);
  const existing = await trx
    .selectFrom(outletPrice.table)
    .select(['id', 'version'])
    .where(columnOf(outletPrice, 'product'), '=', row.product)
    .where(columnOf(outletPrice, 'outlet'), '=', row.outlet)
    .executeTakeFirst();
  if (existing) await updateRow(w, w.entity, { id: Number(existing.id), version: existing.version, price: row.newPrice });
  else await insertRow(w, w.entity, { product: row.product, outlet: row.outlet, price: row.newPrice });
}

/** Applies one row, as the user who last saved it; false when it is no longer pending as read. */
async function applyOne(ctx: AppContext, id: number): Promise<boolean> {
  const db = anyDb(ctx);
  const before = await apiRow(ctx, db, futurePrice, id, { labels: false });
  if (!before) return false;
  const request = await actingRequest(ctx, await actingUser(db, before.updatedBy as string | null));
  return db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    // Takes the row as read: a concurrent run waits on its lock and then finds it applied; a
    // cancel or edit since the read leaves it to that change (or the next run).
    const taken = await trx
      .updateTable(futurePrice.table)
      .set((eb) => ({ [STATUS]: 'applied', version: eb('version', '+', 1), updated_at: now }))
      .where('id', '=', id)
      .where(STATUS, '=', 'pending')
      .where('version', '=', before.version)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 0) return false;
    await writePrice(ctx, trx, request, before);
    const after = (await apiRow(ctx, trx, futurePrice, id, { labels: false }))!;
    await recordAudit({ ctx, trx, auth: request.auth!, entity: futurePrice, now, request }, 'update', id, before, after);
    return true;
  });
}

/**
 * The `applyFuturePrices` job: every pending row due by today changes the product's selling price
 * (blank outlet; price history and audit through the generic write path) or the outlet's price
 * override, and becomes applied — one transaction per row, so one bad row does not hold back the rest.
 */
export async function applyFuturePrices(ctx: AppContext, log: FastifyBaseLogger, progress: (percent: number) => Promise<void>): Promise<ApplyResult> {
  const due = await anyDb(ctx)
    .selectFrom(futurePrice.table)
    .select('id')
    .where(STATUS, '=', 'pending')
    .where(EFFECTIVE_DATE, '<=', serverToday())
    .orderBy(EFFECTIVE_DATE)
    .orderBy('id')
    .execute();
  const result: ApplyResult = { applied: 0, failed: [] };
  for (const [i, { id }] of due.entries()) {
    try {
      if (await applyOne(ctx, Number(id))) result.applied++;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log.warn({ err: error, futureProductPrice: id }, 'future price not applied');
      result.failed.push({ id: Number(id), error: message });
    }
    await progress(((i + 1) / due.length) * 100);
  }
  return result;
}
