import { getEntity, type LowStockQuery, type LowStockRow, type ProposedOrder } from '@backroom/schema';
import type { FastifyRequest } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import { allowedOutlets } from '../../data/access';
import { labelsOf } from '../../data/read';
import { anyDb, type AnyDb } from '../../data/store';
import { inTransaction } from '../../data/transaction';
import { insertRow } from '../../data/write';
import { validationError } from '../../http/envelope';
import { columnOf } from '../columns';
import { companyToday } from '../document-numbers';
import { quantityText } from './quantities';
import { IN_TRANSIT_STATUSES, onOrderFor } from './virtual-stock';

const trigger = getEntity('itemquantitytrigger');
const balance = getEntity('stockbalance');
const mapping = getEntity('warehouseproductmapping');
const location = getEntity('inventorylocation');
const product = getEntity('product');
const order = getEntity('printdeliveryorder');

const T = {
  product: columnOf(trigger, 'product'),
  location: columnOf(trigger, 'location'),
  min: columnOf(trigger, 'minQty'),
  reorder: columnOf(trigger, 'reorderQty'),
  lowSince: columnOf(trigger, 'lowSince'),
};
const B = {
  product: columnOf(balance, 'product'),
  location: columnOf(balance, 'location'),
  quantity: columnOf(balance, 'quantity'),
};
const W = {
  warehouse: columnOf(mapping, 'inventoryLocation'),
  product: columnOf(mapping, 'product'),
  reorder: columnOf(mapping, 'reorderQty'),
  active: columnOf(mapping, 'isActive'),
};

/** On-hand of the trigger's product at its location, 0 without a balance row (a correlated subquery). */
const triggerOnHand = sql<number>`coalesce((select b.${sql.ref(B.quantity)} from ${sql.table(balance.table)} b where b.${sql.ref(B.product)} = ${sql.ref(`${trigger.table}.${T.product}`)} and b.${sql.ref(B.location)} = ${sql.ref(`${trigger.table}.${T.location}`)}), 0)`;

/**
 * The scheduled low-stock check: a trigger whose location holds less than its minimum is marked
 * `lowSince` (the first time it was found low, kept while it stays low); one back at or above the
 * minimum (or without one) is cleared. `ids` limits it to some triggers (one just saved).
 */
export async function markLowStock(
  db: AnyDb,
  now: string,
  ids?: readonly number[],
): Promise<{ marked: number; cleared: number; low: number }> {
  const only = ids ? sql<SqlBool>`id in (${sql.join([...ids])})` : sql<SqlBool>`1 = 1`;
  const marked = await db
    .updateTable(trigger.table)
    .set({ [T.lowSince]: now })
    .where(only)
    .where(T.lowSince, 'is', null)
    .where(T.min, 'is not', null)
    .where(sql<SqlBool>`${triggerOnHand} < ${sql.ref(T.min)}`)
    .executeTakeFirst();
  const cleared = await db
    .updateTable(trigger.table)
    .set({ [T.lowSince]: null })
    .where(only)
    .where(T.lowSince, 'is not', null)
    .where(sql<SqlBool>`(${sql.ref(T.min)} is null or ${triggerOnHand} >= ${sql.ref(T.min)})`)
    .executeTakeFirst();
  const low = await db
    .selectFrom(trigger.table)
    .select(sql<number>`count(*)`.as('n'))
    .where(T.lowSince, 'is not', null)
    .executeTakeFirstOrThrow();
  return { marked: Number(marked.numUpdatedRows), cleared: Number(cleared.numUpdatedRows), low: Number(low.n) };
}

/** Triggers marked low, with on hand, what is on order, and the delivery the list proposes. */
async function lowRows(
  request: FastifyRequest,
  query: LowStockQuery & { ids?: readonly number[] },
): Promise<{ rows: LowStockRow[]; totalCount: number }> {
  const db = anyDb(request.server.ctx);
  // The first active mapping of the product names its warehouse.
  const firstMapping = db
    .selectFrom(mapping.table)
    .where(W.active, '=', true)
    .groupBy(W.product)
    .select([`${W.product} as product_id`, sql<number>`min(id)`.as('mapping_id')]);
  let base = db
    .selectFrom(`${trigger.table} as t`)
    .innerJoin(`${location.table} as l`, 'l.id', `t.${T.location}`)
    .innerJoin(`${product.table} as p`, 'p.id', `t.${T.product}`)
    .where(`t.${T.lowSince}`, 'is not', null);
  if (query.location) base = base.where(`t.${T.location}`, '=', query.location);
  if (query.ids) base = base.where('t.id', 'in', [...query.ids]);
  const outlets = await allowedOutlets(request);
  const outletColumn = `l.${columnOf(location, 'outlet')}`;
  if (outlets.length > 0)
    base = base.where((eb) => eb.or([eb(outletColumn, 'is', null), eb(outletColumn, 'in', outlets)]));
  const search = query.search?.trim().toLowerCase();
  if (search) {
    const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where(
      sql<SqlBool>`(lower(${sql.ref(`p.${columnOf(product, 'code')}`)}) like ${like} escape '\\' or lower(${sql.ref(`p.${columnOf(product, 'name')}`)}) like ${like} escape '\\')`,
    );
  }
  const counted = await base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  const stored = await base
    .leftJoin(`${balance.table} as b`, (j) =>
      j.onRef(`b.${B.location}`, '=', `t.${T.location}`).onRef(`b.${B.product}`, '=', `t.${T.product}`),
    )
    .leftJoin(firstMapping.as('fm'), 'fm.product_id', `t.${T.product}`)
    .leftJoin(`${mapping.table} as m`, 'm.id', 'fm.mapping_id')
    .leftJoin(`${balance.table} as wb`, (j) =>
      j.onRef(`wb.${B.location}`, '=', `m.${W.warehouse}`).onRef(`wb.${B.product}`, '=', `t.${T.product}`),
    )
    .select([
      't.id',
      `t.${T.product} as product_id`,
      `t.${T.location} as location_id`,
      `t.${T.min} as min_qty`,
      `t.${T.reorder} as trigger_reorder`,
      `t.${T.lowSince} as low_since`,
      sql<number>`coalesce(${sql.ref(`b.${B.quantity}`)}, 0)`.as('on_hand'),
      onOrderFor(db, `t.${T.location}`, `t.${T.product}`, ['draft', 'confirmed', ...IN_TRANSIT_STATUSES]).as(
        'on_order',
      ),
      `m.${W.warehouse} as warehouse_id`,
      `m.${W.reorder} as mapping_reorder`,
      `wb.${B.quantity} as warehouse_on_hand`,
    ])
    .orderBy(`l.${columnOf(location, 'code')}`)
    .orderBy(`p.${columnOf(product, 'code')}`)
    .limit(query.ids ? query.ids.length : (query.Take ?? 50))
    .offset(query.ids ? 0 : (query.Skip ?? 0))
    .execute();
  const places = await labelsOf(
    db,
    location,
    stored.flatMap((r) => [Number(r.location_id), ...(r.warehouse_id === null ? [] : [Number(r.warehouse_id)])]),
  );
  const names = await labelsOf(
    db,
    product,
    stored.map((r) => Number(r.product_id)),
  );
  const rows = stored.map((r): LowStockRow => {
    const min = Number(r.min_qty);
    const shortfall = Math.max(min - Number(r.on_hand) - Number(r.on_order), 0);
    const reorder = [r.mapping_reorder, r.trigger_reorder].find((v) => v !== null && Number(v) > 0);
    // A warehouse never restocks itself.
    const warehouse =
      r.warehouse_id === null || Number(r.warehouse_id) === Number(r.location_id) ? null : Number(r.warehouse_id);
    return {
      id: Number(r.id),
      product: Number(r.product_id),
      productLabel: names.get(Number(r.product_id)) ?? '',
      location: Number(r.location_id),
      locationLabel: places.get(Number(r.location_id)) ?? '',
      onHand: quantityText(r.on_hand),
      minQty: quantityText(min),
      onOrder: quantityText(r.on_order),
      lowSince: String(r.low_since),
      warehouse,
      warehouseLabel: warehouse === null ? null : (places.get(warehouse) ?? null),
      warehouseOnHand: warehouse === null ? null : quantityText(r.warehouse_on_hand ?? 0),
      proposedQty: quantityText(reorder !== undefined ? Number(reorder) : shortfall),
    };
  });
  return { rows, totalCount: Number(counted.n) };
}

export const lowStockRows = (request: FastifyRequest, query: LowStockQuery) => lowRows(request, query);

/**
 * Draft delivery orders for the chosen low rows: one per (mapped warehouse → location), a line per
 * product at its proposed quantity, written through the generic insert (numbered, audited) in one
 * transaction. Rows without a warehouse or with nothing to propose are refused, naming them.
 */
export async function proposeDeliveries(request: FastifyRequest, ids: readonly number[]): Promise<ProposedOrder[]> {
  const { rows } = await lowRows(request, { ids: [...new Set(ids)] });
  const found = new Map(rows.map((r) => [r.id, r]));
  const errors = ids.flatMap((id, i) => {
    const row = found.get(id);
    if (!row) return [{ field: `ids.${i}`, message: `No low-stock row ${id}` }];
    if (row.warehouse === null)
      return [{ field: `ids.${i}`, message: `No warehouse is mapped to ${row.productLabel}` }];
    if (Number(row.proposedQty) <= 0)
      return [{ field: `ids.${i}`, message: `${row.productLabel} is already on order at ${row.locationLabel}` }];
    return [];
  });
  if (errors.length > 0) throw validationError(errors, errors[0]!.message);
  const groups = new Map<string, LowStockRow[]>();
  for (const row of found.values())
    groups.set(`${row.warehouse}:${row.location}`, [...(groups.get(`${row.warehouse}:${row.location}`) ?? []), row]);
  const uoms = new Map(
    (
      await anyDb(request.server.ctx)
        .selectFrom(product.table)
        .select(['id', columnOf(product, 'uom')])
        .where(
          'id',
          'in',
          rows.map((r) => r.product),
        )
        .execute()
    ).map((r) => [Number(r.id), r[columnOf(product, 'uom')] as number | null]),
  );
  const date = await companyToday(anyDb(request.server.ctx));
  return inTransaction(request, order, async (w) => {
    const created: ProposedOrder[] = [];
    for (const group of groups.values()) {
      const saved = await insertRow(w, order, {
        fromLocation: group[0]!.warehouse,
        toLocation: group[0]!.location,
        date,
        remarks: 'Proposed from the low stock list',
        lines: group.map((r) => ({ product: r.product, quantity: r.proposedQty, uom: uoms.get(r.product) ?? null })),
      });
      created.push({
        id: saved.id as number,
        docNo: saved.docNo as string,
        fromLocation: group[0]!.warehouse!,
        toLocation: group[0]!.location,
        lines: group.length,
      });
    }
    return created;
  });
}
