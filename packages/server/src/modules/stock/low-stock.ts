import {
  DOCUMENT_REFUSALS,
  getEntity,
  type LowStockQuery,
  type LowStockRow,
  type ProposedOrder,
} from '@backroom/schema';
import type { FastifyRequest } from 'fastify';
import type { ExpressionBuilder } from 'kysely';
import { allowedOutlets } from '../../data/access';
import { labelsOf } from '../../data/read';
import type { AnyDb } from '../../data/store';
import { inTransaction } from '../../data/transaction';
import { insertRow } from '../../data/write';
import { typedDb, type Database } from '../../db/types';
import { validationError } from '../../http/envelope';
import { companyToday } from '../document-numbers';
import { quantityText } from './quantities';
import { IN_TRANSIT_STATUSES, codeOrNameLike, onOrderFor } from './virtual-stock';

const location = getEntity('inventorylocation');
const product = getEntity('product');
const order = getEntity('printdeliveryorder');

/** On-hand of the trigger's product at its location, 0 without a balance row (a correlated subquery). */
const triggerOnHand = (eb: ExpressionBuilder<Database, 'item_quantity_trigger'>) =>
  eb.fn.coalesce(
    eb
      .selectFrom('stock_balance as b')
      .select('b.quantity')
      .whereRef('b.product_id', '=', 'item_quantity_trigger.product_id')
      .whereRef('b.location_id', '=', 'item_quantity_trigger.location_id'),
    eb.lit(0),
  );

/**
 * The scheduled low-stock check: a trigger whose location holds less than its minimum is marked
 * `lowSince` (the first time it was found low, kept while it stays low); one back at or above the
 * minimum (or without one) is cleared. `ids` limits it to some triggers (one just saved).
 */
export async function markLowStock(
  trx: AnyDb,
  now: string,
  ids?: readonly number[],
): Promise<{ marked: number; cleared: number; low: number }> {
  const db = typedDb(trx);
  const triggers = ids
    ? db.updateTable('item_quantity_trigger').where('id', 'in', [...ids])
    : db.updateTable('item_quantity_trigger');
  const marked = await triggers
    .set({ low_since: now })
    .where('low_since', 'is', null)
    .where('min_qty', 'is not', null)
    .where((eb) => eb(triggerOnHand(eb), '<', eb.ref('min_qty')))
    .executeTakeFirst();
  const cleared = await triggers
    .set({ low_since: null })
    .where('low_since', 'is not', null)
    .where((eb) => eb.or([eb('min_qty', 'is', null), eb(triggerOnHand(eb), '>=', eb.ref('min_qty'))]))
    .executeTakeFirst();
  const low = await db
    .selectFrom('item_quantity_trigger')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('low_since', 'is not', null)
    .executeTakeFirstOrThrow();
  return { marked: Number(marked.numUpdatedRows), cleared: Number(cleared.numUpdatedRows), low: Number(low.n) };
}

/** Triggers marked low, with on hand, what is on order, and the delivery the list proposes. */
async function lowRows(
  request: FastifyRequest,
  query: LowStockQuery & { ids?: readonly number[] },
): Promise<{ rows: LowStockRow[]; totalCount: number }> {
  const db = request.server.ctx.db;
  // The first active mapping of the product names its warehouse.
  const firstMapping = db
    .selectFrom('warehouse_product_mapping')
    .where('is_active', '=', true)
    .groupBy('product_id')
    .select((eb) => ['product_id', eb.fn.min('id').as('mapping_id')]);
  let base = db
    .selectFrom('item_quantity_trigger as t')
    .innerJoin('inventory_location as l', 'l.id', 't.location_id')
    .innerJoin('product as p', 'p.id', 't.product_id')
    .where('t.low_since', 'is not', null);
  if (query.location) base = base.where('t.location_id', '=', query.location);
  if (query.ids) base = base.where('t.id', 'in', [...query.ids]);
  const outlets = await allowedOutlets(request);
  if (outlets.length > 0)
    base = base.where((eb) => eb.or([eb('l.outlet_id', 'is', null), eb('l.outlet_id', 'in', outlets)]));
  const search = codeOrNameLike(query.search);
  if (search) base = base.where(search);
  const counted = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  const stored = await base
    .leftJoin('stock_balance as b', (j) =>
      j.onRef('b.location_id', '=', 't.location_id').onRef('b.product_id', '=', 't.product_id'),
    )
    .leftJoin(firstMapping.as('fm'), 'fm.product_id', 't.product_id')
    .leftJoin('warehouse_product_mapping as m', 'm.id', 'fm.mapping_id')
    .leftJoin('stock_balance as wb', (j) =>
      j.onRef('wb.location_id', '=', 'm.inventory_location_id').onRef('wb.product_id', '=', 't.product_id'),
    )
    .select((eb) => [
      't.id',
      't.product_id',
      't.location_id',
      't.min_qty',
      't.reorder_qty as trigger_reorder',
      't.low_since',
      eb.fn.coalesce('b.quantity', eb.lit(0)).as('on_hand'),
      onOrderFor(db, 't.location_id', 't.product_id', ['draft', 'confirmed', ...IN_TRANSIT_STATUSES]).as('on_order'),
      'm.inventory_location_id as warehouse_id',
      'm.reorder_qty as mapping_reorder',
      'wb.quantity as warehouse_on_hand',
    ])
    // The registry requires a trigger's product and location; these are marked low (checked above).
    .$narrowType<{ product_id: number; location_id: number; low_since: string }>()
    .orderBy('l.code')
    .orderBy('p.code')
    .limit(query.ids ? query.ids.length : (query.Take ?? 50))
    .offset(query.ids ? 0 : (query.Skip ?? 0))
    .execute();
  const places = await labelsOf(
    db,
    location,
    stored.flatMap((r) => [r.location_id, ...(r.warehouse_id === null ? [] : [r.warehouse_id])]),
  );
  const names = await labelsOf(
    db,
    product,
    stored.map((r) => r.product_id),
  );
  const rows = stored.map((r): LowStockRow => {
    const min = r.min_qty ?? 0;
    const shortfall = Math.max(min - r.on_hand - Number(r.on_order), 0);
    const reorder = [r.mapping_reorder, r.trigger_reorder].find((v) => v !== null && v > 0);
    // A warehouse never restocks itself.
    const warehouse = r.warehouse_id === null || r.warehouse_id === r.location_id ? null : r.warehouse_id;
    return {
      id: r.id,
      product: r.product_id,
      productLabel: names.get(r.product_id) ?? '',
      location: r.location_id,
      locationLabel: places.get(r.location_id) ?? '',
      onHand: quantityText(r.on_hand),
      minQty: quantityText(min),
      onOrder: quantityText(r.on_order),
      lowSince: r.low_since,
      warehouse,
      warehouseLabel: warehouse === null ? null : (places.get(warehouse) ?? null),
      warehouseOnHand: warehouse === null ? null : quantityText(r.warehouse_on_hand ?? 0),
      proposedQty: quantityText(reorder ?? shortfall),
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
      return [{ field: `ids.${i}`, message: DOCUMENT_REFUSALS.noWarehouse({ product: row.productLabel }) }];
    if (Number(row.proposedQty) <= 0)
      return [
        {
          field: `ids.${i}`,
          message: DOCUMENT_REFUSALS.onOrder({ product: row.productLabel, location: row.locationLabel }),
        },
      ];
    return [];
  });
  if (errors.length > 0) throw validationError(errors, errors[0]!.message);
  const groups = new Map<string, LowStockRow[]>();
  for (const row of found.values())
    groups.set(`${row.warehouse}:${row.location}`, [...(groups.get(`${row.warehouse}:${row.location}`) ?? []), row]);
  const db = request.server.ctx.db;
  const uoms = new Map(
    (
      await db
        .selectFrom('product')
        .select(['id', 'uom_id'])
        .where(
          'id',
          'in',
          rows.map((r) => r.product),
        )
        .execute()
    ).map((r) => [r.id, r.uom_id]),
  );
  const date = await companyToday(db);
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
        id: Number(saved.id),
        docNo: String(saved.docNo),
        fromLocation: group[0]!.warehouse!,
        toLocation: group[0]!.location,
        lines: group.length,
      });
    }
    return created;
  });
}
