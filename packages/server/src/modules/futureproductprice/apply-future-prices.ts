import { getEntity } from '@backroom/schema';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { recordAudit } from '../../data/audit';
import { apiRow } from '../../data/read';
import { anyDb, type AnyDb, type Row } from '../../data/store';
import { insertRow, updateRow } from '../../data/write';
import { actingRequest, actingUser, jobWriter } from '../../jobs/acting-user';
import { columnOf } from '../columns';
import { dateIn } from '../../time/calendar';

const futurePrice = getEntity('futureproductprice');
const product = getEntity('product');
const outletPrice = getEntity('outletprice');
const STATUS = columnOf(futurePrice, 'status');
const EFFECTIVE_DATE = columnOf(futurePrice, 'effectiveDate');

export interface ApplyResult {
  applied: number;
  failed: { id: number; error: string }[];
}

const outlet = getEntity('outlet');
const company = getEntity('company');

/** The latest date anywhere on earth now (UTC+14): no pending row dated after it can be due. */
const latestDateOnEarth = (at: Date) => new Date(at.getTime() + 14 * 60 * 60 * 1000).toISOString().slice(0, 10);

/**
 * "Today" for a row: at its outlet, the outlet's own date (outlet.timezone); for a chain-wide row
 * (blank outlet), the date every active outlet and the company (company.timezone) have reached —
 * the westernmost one's — so the product's own price never runs ahead of an outlet still on the
 * day before. Until then the row stays pending and each outlet already ahead sells at it: the
 * engine puts a pending price in force from the outlet's own midnight.
 */
async function todayByOutlet(db: AnyDb, at: Date): Promise<(outletId: unknown) => string> {
  const zones = new Map<number, string>();
  const active: string[] = [];
  for (const row of await db.selectFrom(outlet.table).select(['id', 'is_active', columnOf(outlet, 'timezone')]).execute()) {
    zones.set(Number(row.id), row[columnOf(outlet, 'timezone')] as string);
    if (row.is_active !== false && row.is_active !== 0) active.push(dateIn(row[columnOf(outlet, 'timezone')] as string, at));
  }
  const chain = await db.selectFrom(company.table).select(columnOf(company, 'timezone')).orderBy('id').limit(1).executeTakeFirst();
  const chainToday = [dateIn(chain?.[columnOf(company, 'timezone')] as string | undefined, at), ...active].sort()[0]!;
  return (outletId) => (outletId === null || outletId === undefined ? chainToday : dateIn(zones.get(Number(outletId)), at));
}

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
 * The `applyFuturePrices` job: every pending row due by today at its outlet changes the product's
 * selling price (blank outlet; price history and audit through the generic write path) or the
 * outlet's price override, and becomes applied — one transaction per row, so one bad row does not
 * hold back the rest.
 */
export async function applyFuturePrices(server: FastifyInstance, log: FastifyBaseLogger, progress: (percent: number) => Promise<void>, at = new Date()): Promise<ApplyResult> {
  const db = anyDb(server.ctx);
  const todayAt = await todayByOutlet(db, at);
  const OUTLET = columnOf(futurePrice, 'outlet');
  const candidates = await db
    .selectFrom(futurePrice.table)
    .select(['id', EFFECTIVE_DATE, OUTLET])
    .where(STATUS, '=', 'pending')
    .where(EFFECTIVE_DATE, '<=', latestDateOnEarth(at))
    .orderBy(EFFECTIVE_DATE)
    .orderBy('id')
    .execute();
  const due = candidates.filter((row) => (row[EFFECTIVE_DATE] as string) <= todayAt(row[OUTLET]));
  const result: ApplyResult = { applied: 0, failed: [] };
  for (const [i, { id }] of due.entries()) {
    try {
      if (await applyOne(server, Number(id))) result.applied++;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log.warn({ err: error, futureProductPrice: id }, 'future price not applied');
      result.failed.push({ id: Number(id), error: message });
    }
    await progress(((i + 1) / due.length) * 100);
  }
  return result;
}
