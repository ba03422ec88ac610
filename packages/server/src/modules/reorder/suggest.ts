import { deniedFieldGroups } from '../../data/field-groups';
import { MONEY_SCALE, formatScaled, type ReorderAnswer, type ReorderRow, type reorderQuery } from '@backroom/schema';
import type { FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import { visibleLocations } from '../../data/access';
import { typedDb, type Database } from '../../db/types';
import { quantityText } from '../stock/index';

/** Movements that are demand: sales, their returns (positive, so they take back), online orders. */
export const DEMAND_KINDS = ['sale', 'return', 'onlineOrder'] as const;
/** Purchase orders whose unreceived quantities are on order. */
export const OPEN_ORDER_STATUSES = ['sent', 'partiallyReceived'] as const;

export interface SuggestOptions {
  /** Start and end of the sales window (ISO instants). */
  since: string;
  until: string;
  velocityDays: number;
  coverDays: number;
  locations?: readonly number[];
  suppliers?: readonly number[];
  all?: boolean;
  take: number;
}

const UNIT = 1000; // quantities are thousandths

/**
 * The one statement of reorder suggestions, set-wise over every product × stocking location that
 * has a low-quantity trigger or demand in the window (quantities in thousandths, integer arithmetic):
 *   demand   = ⌈sold × (lead + cover) / days⌉ whole units
 *   target   = max(demand, trigger minimum)
 *   position = on hand + in transit to the location + on open purchase orders
 *   needed   = target > position ? max(⌈target − position⌉ whole units, trigger reorder quantity) : 0
 *   suggested = ⌈needed / pack⌉ × pack
 */
export function suggestStatement(db: Kysely<Database>, o: SuggestOptions) {
  const locations = o.locations ? [...o.locations, 0] : undefined;
  // Literals, not parameters: a bound JavaScript number is a real to SQLite, and `/` must divide integers.
  const ceilUnits = (x: ReturnType<typeof sql>) =>
    sql<number>`((${x} + ${sql.lit(UNIT - 1)}) / ${sql.lit(UNIT)}) * ${sql.lit(UNIT)}`;
  return (
    db
      // Demand and triggers in one pass: a row per movement-sum and per trigger, grouped by pair.
      .with('pairs', (q) =>
        q
          .selectFrom((inner) =>
            inner
              .selectFrom('stock_movement')
              .select([
                'location_id',
                'product_id',
                sql<number>`-sum(quantity)`.as('sold'),
                sql<number | null>`null`.as('min_qty'),
                sql<number | null>`null`.as('reorder_qty'),
              ])
              .where('kind', 'in', [...DEMAND_KINDS])
              .where('at', '>=', o.since)
              .where('at', '<', o.until)
              .$if(locations !== undefined, (qb) => qb.where('location_id', 'in', locations!))
              .groupBy(['location_id', 'product_id'])
              .unionAll(
                inner
                  .selectFrom('item_quantity_trigger')
                  .select(['location_id', 'product_id', sql<number>`0`.as('sold'), 'min_qty', 'reorder_qty'])
                  .where((eb) => eb.or([eb('min_qty', '>', 0), eb('reorder_qty', '>', 0)]))
                  .$if(locations !== undefined, (qb) => qb.where('location_id', 'in', locations!)),
              )
              .as('u'),
          )
          .select([
            'location_id',
            'product_id',
            sql<number>`cast(sum(sold) as bigint)`.as('sold'),
            sql<number | null>`max(min_qty)`.as('min_qty'),
            sql<number | null>`max(reorder_qty)`.as('reorder_qty'),
          ])
          .groupBy(['location_id', 'product_id'])
          .having(sql<boolean>`sum(sold) > 0 or max(min_qty) > 0 or max(reorder_qty) > 0`),
      )
      .with('transit', (q) =>
        q
          .selectFrom('stock_balance as tb')
          .innerJoin('inventory_location as tl', 'tl.id', 'tb.location_id')
          .select([
            'tl.transit_for_id as location_id',
            'tb.product_id',
            sql<number>`cast(sum(tb.quantity) as bigint)`.as('quantity'),
          ])
          .where('tl.kind', '=', 'transit')
          .where('tl.transit_for_id', 'is not', null)
          .groupBy(['tl.transit_for_id', 'tb.product_id']),
      )
      .with('ordered', (q) =>
        q
          .selectFrom('purchase_order_lines as ol')
          .innerJoin('purchase_order as po', 'po.id', 'ol.parent_id')
          .select([
            'po.location_id',
            'ol.product_id',
            sql<number>`cast(sum(case when ol.quantity > coalesce(ol.received_qty, 0) then ol.quantity - coalesce(ol.received_qty, 0) else 0 end) as bigint)`.as(
              'quantity',
            ),
          ])
          .where('po.status', 'in', [...OPEN_ORDER_STATUSES])
          .groupBy(['po.location_id', 'ol.product_id']),
      )
      .with('mapping', (q) =>
        q
          .selectFrom((inner) =>
            inner
              .selectFrom('product_supplier_mapping')
              .select([
                'parent_id',
                'supplier_id',
                'supplier_item_code',
                'cost',
                'lead_time_days',
                'pack_size',
                sql<number>`row_number() over (partition by parent_id order by preferred desc, line_no, id)`.as('n'),
              ])
              .where('supplier_id', 'is not', null)
              .as('x'),
          )
          .selectAll()
          .where('n', '=', 1),
      )
      .with('figures', (q) =>
        q
          .selectFrom('pairs')
          .innerJoin('inventory_location as l', 'l.id', 'pairs.location_id')
          .innerJoin('product as p', 'p.id', 'pairs.product_id')
          .leftJoin('stock_balance as b', (j) =>
            j.onRef('b.location_id', '=', 'pairs.location_id').onRef('b.product_id', '=', 'pairs.product_id'),
          )
          .leftJoin('transit', (j) =>
            j
              .onRef('transit.location_id', '=', 'pairs.location_id')
              .onRef('transit.product_id', '=', 'pairs.product_id'),
          )
          .leftJoin('ordered', (j) =>
            j
              .onRef('ordered.location_id', '=', 'pairs.location_id')
              .onRef('ordered.product_id', '=', 'pairs.product_id'),
          )
          .leftJoin('mapping as m', 'm.parent_id', 'pairs.product_id')
          .leftJoin('supplier as s', 's.id', 'm.supplier_id')
          .select([
            'pairs.location_id',
            'pairs.product_id',
            'l.code as location_code',
            'l.name as location_name',
            'p.code as product_code',
            'p.name as product_name',
            'm.supplier_id',
            's.code as supplier_code',
            's.name as supplier_name',
            'm.supplier_item_code',
            'm.cost',
            'm.pack_size',
            'pairs.min_qty',
            'pairs.reorder_qty',
            sql<number>`cast(case when pairs.sold > 0 then pairs.sold else 0 end as bigint)`.as('sold'),
            sql<number>`cast(coalesce(b.quantity, 0) as bigint)`.as('on_hand'),
            sql<number>`cast(coalesce(transit.quantity, 0) as bigint)`.as('in_transit'),
            sql<number>`cast(coalesce(ordered.quantity, 0) as bigint)`.as('on_order'),
            sql<number>`cast(coalesce(m.lead_time_days, s.lead_time_days, 0) as bigint)`.as('lead'),
          ])
          .where('l.kind', '<>', 'transit')
          .where('l.is_active', '=', true)
          .$if(o.suppliers !== undefined, (qb) => qb.where('m.supplier_id', 'in', [...o.suppliers!, 0])),
      )
      .with('demand', (q) =>
        q
          .selectFrom('figures')
          .selectAll()
          .select([
            ceilUnits(
              sql`(sold * (lead + ${sql.lit(o.coverDays)}) + ${sql.lit(o.velocityDays - 1)}) / ${sql.lit(o.velocityDays)}`,
            ).as('demand'),
            sql<number>`on_hand + in_transit + on_order`.as('position'),
          ]),
      )
      .with('target', (q) =>
        q
          .selectFrom('demand')
          .selectAll()
          .select(sql<number>`case when coalesce(min_qty, 0) > demand then min_qty else demand end`.as('target')),
      )
      .with('need', (q) =>
        q
          .selectFrom('target')
          .selectAll()
          .select(
            sql<number>`case when position >= target then 0 when coalesce(reorder_qty, 0) > ${ceilUnits(sql`target - position`)} then reorder_qty else ${ceilUnits(sql`target - position`)} end`.as(
              'needed',
            ),
          ),
      )
      .selectFrom('need')
      .selectAll()
      .select([
        sql<number>`case when needed > 0 and coalesce(pack_size, 0) > 0 then ((needed + pack_size - 1) / pack_size) * pack_size else needed end`.as(
          'suggested',
        ),
        sql<number>`count(*) over ()`.as('total_count'),
      ])
      .$if(!o.all, (qb) => qb.where('needed', '>', 0))
      .orderBy(sql`supplier_code`)
      .orderBy('location_code')
      .orderBy('product_code')
      .limit(o.take)
  );
}

const label = (code: unknown, name: unknown) => `${String(code)} - ${String(name)}`;
const nullable = (v: unknown) => (v === null || v === undefined ? null : quantityText(v as number));

/** The suggestions the caller may see (their outlets' locations), with every figure. */
export async function suggest(
  request: FastifyRequest,
  query: z.output<typeof reorderQuery>,
  now = new Date(),
): Promise<ReorderAnswer> {
  const db = typedDb(request.server.ctx.db);
  const locations = await visibleLocations(request, query.locations);
  const costs = !(await deniedFieldGroups(request)).has('costs');
  const stored = await suggestStatement(db, {
    since: new Date(now.getTime() - query.velocityDays * 86_400_000).toISOString(),
    until: now.toISOString(),
    velocityDays: query.velocityDays,
    coverDays: query.coverDays,
    locations,
    suppliers: query.suppliers,
    all: query.all,
    take: query.Take,
  }).execute();
  const rows = stored.map((r): ReorderRow => ({
    product: Number(r.product_id),
    productLabel: label(r.product_code, r.product_name),
    location: Number(r.location_id),
    locationLabel: label(r.location_code, r.location_name),
    supplier: r.supplier_id === null ? null : Number(r.supplier_id),
    supplierLabel: r.supplier_id === null ? null : label(r.supplier_code, r.supplier_name),
    supplierItemCode: r.supplier_item_code ?? null,
    ...(costs ? { unitCost: r.cost === null || r.cost === undefined ? null : formatScaled(r.cost, MONEY_SCALE) } : {}),
    onHand: quantityText(r.on_hand),
    inTransit: quantityText(r.in_transit),
    onOrder: quantityText(r.on_order),
    sold: quantityText(r.sold),
    velocity: quantityText(Math.round(Number(r.sold) / query.velocityDays)),
    leadTimeDays: Number(r.lead),
    coverDays: query.coverDays,
    minQty: nullable(r.min_qty),
    reorderQty: nullable(r.reorder_qty),
    demand: quantityText(r.demand),
    target: quantityText(r.target),
    position: quantityText(r.position),
    needed: quantityText(r.needed),
    packSize: nullable(r.pack_size),
    suggested: quantityText(r.suggested),
  }));
  return {
    velocityDays: query.velocityDays,
    coverDays: query.coverDays,
    rows,
    totalCount: stored.length > 0 ? Number(stored[0]!.total_count) : 0,
  };
}
