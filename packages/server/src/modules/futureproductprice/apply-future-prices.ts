import { getEntity } from '@backroom/schema';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import { recordAudit } from '../../data/audit';
import { apiRow } from '../../data/read';
import { anyDb, type AnyDb, type Row } from '../../data/store';
import { insertRow, updateRow } from '../../data/write';
import { typedDb, type Database } from '../../db/types';
import { actingRequest, actingUser, jobWriter } from '../../jobs/acting-user';
import { dateIn } from '../../time/calendar';

const futurePrice = getEntity('futureproductprice');
const product = getEntity('product');
const outletPrice = getEntity('outletprice');

export interface ApplyResult {
  applied: number;
  failed: { id: number; error: string }[];
}

/** The latest date anywhere on earth now (UTC+14): no pending row dated after it can be due. */
const latestDateOnEarth = (at: Date) => new Date(at.getTime() + 14 * 60 * 60 * 1000).toISOString().slice(0, 10);

/**
 * "Today" for a row: at its outlet, the outlet's own date (outlet.timezone); for a chain-wide row
 * (blank outlet), the date every active outlet and the company (company.timezone) have reached —
 * the westernmost one's — so the product's own price never runs ahead of an outlet still on the
 * day before. Until then the row stays pending and each outlet already ahead sells at it: the
 * engine puts a pending price in force from the outlet's own midnight.
 */
async function todayByOutlet(db: Kysely<Database>, at: Date): Promise<(outletId: number | null) => string> {
  const zones = new Map<number, string | null>();
  const active: string[] = [];
  for (const row of await db.selectFrom('outlet').select(['id', 'is_active', 'timezone']).execute()) {
    zones.set(row.id, row.timezone);
    if (row.is_active) active.push(dateIn(row.timezone, at));
  }
  const chain = await db.selectFrom('company').select('timezone').orderBy('id').limit(1).executeTakeFirst();
  const chainToday = [dateIn(chain?.timezone, at), ...active].sort()[0]!;
  return (outletId) => (outletId === null ? chainToday : dateIn(zones.get(outletId), at));
}

/** The new price written through the generic path: the product's selling price, or the outlet's override. */
async function writePrice(ctx: AppContext, trx: AnyDb, request: FastifyRequest, row: Row): Promise<void> {
  if (row.outlet === null) {
    const w = await jobWriter(ctx, trx, request, product);
    const current = await apiRow(ctx, trx, product, Number(row.product), { labels: false });
    if (!current) throw new Error(`Product ${String(row.product)} no longer exists`);
    await updateRow(w, w.entity, { id: current.id, version: current.version, sellingPrice: row.newPrice });
    return;
  }
  const w = await jobWriter(ctx, trx, request, outletPrice);
  const existing = await typedDb(trx)
    .selectFrom('outlet_price')
    .select(['id', 'version'])
    .where('product_id', '=', Number(row.product))
    .where('outlet_id', '=', Number(row.outlet))
    .executeTakeFirst();
  if (existing) await updateRow(w, w.entity, { id: existing.id, version: existing.version, price: row.newPrice });
  else await insertRow(w, w.entity, { product: row.product, outlet: row.outlet, price: row.newPrice });
}

/** Applies one row, as the user who last saved it; false when it is no longer pending as read. */
async function applyOne(server: FastifyInstance, id: number): Promise<boolean> {
  const { ctx } = server;
  const db = anyDb(ctx);
  const before = await apiRow(ctx, db, futurePrice, id, { labels: false });
  if (!before) return false;
  const request = await actingRequest(server, await actingUser(db, before.updatedBy as string | null));
  return db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    // Takes the row as read: a concurrent run waits on its lock and then finds it applied; a
    // cancel or edit since the read leaves it to that change (or the next run).
    const taken = await typedDb(trx)
      .updateTable('future_product_price')
      .set((eb) => ({ status: 'applied', version: eb('version', '+', 1), updated_at: now }))
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('version', '=', Number(before.version))
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 0) return false;
    await writePrice(ctx, trx, request, before);
    const after = (await apiRow(ctx, trx, futurePrice, id, { labels: false }))!;
    await recordAudit(
      { ctx, trx, auth: request.auth!, entity: futurePrice, now, request },
      'update',
      id,
      before,
      after,
    );
    return true;
  });
}

/**
 * The `applyFuturePrices` job: every pending row due by today at its outlet changes the product's
 * selling price (blank outlet; price history and audit through the generic write path) or the
 * outlet's price override, and becomes applied — one transaction per row, so one bad row does not
 * hold back the rest.
 */
export async function applyFuturePrices(
  server: FastifyInstance,
  log: FastifyBaseLogger,
  progress: (percent: number) => Promise<void>,
  at = new Date(),
): Promise<ApplyResult> {
  const db = server.ctx.db;
  const todayAt = await todayByOutlet(db, at);
  const candidates = await db
    .selectFrom('future_product_price')
    .select(['id', 'effective_date', 'outlet_id'])
    .where('status', '=', 'pending')
    .where('effective_date', '<=', latestDateOnEarth(at))
    .orderBy('effective_date')
    .orderBy('id')
    .execute();
  // A pending row without a date is refused by validation; one would never be due.
  const due = candidates.filter((row) => row.effective_date !== null && row.effective_date <= todayAt(row.outlet_id));
  const result: ApplyResult = { applied: 0, failed: [] };
  for (const [i, { id }] of due.entries()) {
    try {
      if (await applyOne(server, id)) result.applied++;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log.warn({ err: error, futureProductPrice: id }, 'future price not applied');
      result.failed.push({ id, error: message });
    }
    await progress(((i + 1) / due.length) * 100);
  }
  return result;
}
