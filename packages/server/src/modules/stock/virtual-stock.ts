import {
  MAX_TAKE,
  VIRTUAL_STOCK_FILTERS,
  VIRTUAL_STOCK_SORTS,
  getEntity,
  type DeliveryOrderStatus,
  type FetchRequest,
  type NormalisedEntity,
  type VirtualStockRow,
} from '@backroom/schema';
import type { FastifyRequest } from 'fastify';
import { sql, type Kysely, type SqlBool } from 'kysely';
import { allowedOutlets } from '../../data/access';
import { COUNT_LIMIT, DEFAULT_TAKE } from '../../data/fetch';
import { runCompiled } from '../../db/compiled';
import type { Database } from '../../db/types';
import { validationError } from '../../http/envelope';
import { quantityText } from './quantities';

/**
 * The rows are named as their dropdowns name them (location and outlet by name, a product by
 * `code - name`), read in the same query by a join instead of a second round trip: checked
 * against the registry here, so a changed dropdown label fails at start rather than showing another.
 */
function namedBy(entity: NormalisedEntity, fields: readonly string[]): void {
  if (entity.dropdown.label.join() !== fields.join())
    throw new Error(
      `Virtual stock: ${entity.name} is named by ${entity.dropdown.label.join(', ')}, not ${fields.join(', ')}`,
    );
}
namedBy(getEntity('inventorylocation'), ['name']);
namedBy(getEntity('product'), ['code', 'name']);
namedBy(getEntity('outlet'), ['name']);
const label = (...parts: (string | null)[]) => parts.filter((v) => v !== null && v !== '').join(' - ');

/** Delivery orders with goods on the way (dispatched, not all received or written off). */
export const IN_TRANSIT_STATUSES = ['dispatched', 'partiallyReceived', 'closing'] as const;

/** Online orders that still hold their goods: taken, not yet handed over or cancelled. */
export const OPEN_ONLINE_STATUSES = ['new', 'accepted', 'preparing', 'ready'] as const;

/** The outer query's location and product columns a correlated subquery reads (`b.location_id`). */
type LocationRef = `${string}.location_id`;
type ProductRef = `${string}.product_id`;

/**
 * Quantity of a product on delivery orders in `statuses` to a location (dispatched ones by default:
 * incoming), as a scalar subquery over the row's own location and product columns: it reads that
 * product's lines only, whatever else is in transit. A sum: text on PostgreSQL (numeric).
 */
export const onOrderFor = (
  db: Kysely<Database>,
  location: LocationRef,
  productRef: ProductRef,
  statuses: readonly DeliveryOrderStatus[] = IN_TRANSIT_STATUSES,
) =>
  sql<number | string>`coalesce((${db
    .selectFrom('delivery_order_lines as dl')
    .innerJoin('delivery_order as d', 'd.id', 'dl.parent_id')
    // What is still in transit once dispatched; the whole quantity before.
    .select((eb) => eb.fn.sum<number | string>(eb.fn.coalesce('dl.in_transit_qty', 'dl.quantity')).as('qty'))
    .where('dl.product_id', '=', sql.ref<number>(productRef))
    .where('d.to_location_id', '=', sql.ref<number>(location))
    .where('d.status', 'in', [...statuses])}), 0)`;

/** Quantity of a product on open online orders of the outlets whose default location is this one. */
export const reservedFor = (db: Kysely<Database>, location: LocationRef, productRef: ProductRef) =>
  sql<number | string>`coalesce((${db
    .selectFrom('online_sales_order_items as si')
    .innerJoin('online_sales_order as so', 'so.id', 'si.parent_id')
    .innerJoin('outlet as so_o', 'so_o.id', 'so.outlet_id')
    .select((eb) => eb.fn.sum<number | string>('si.quantity').as('qty'))
    .where('si.product_id', '=', sql.ref<number>(productRef))
    .where('so_o.default_inventory_location_id', '=', sql.ref<number>(location))
    .where('so.status', 'in', [...OPEN_ONLINE_STATUSES])}), 0)`;

/** A product's code or name contains the search (case-insensitive; `%` and `_` taken literally); the product aliased `p`. */
export function codeOrNameLike(search: string | undefined) {
  const text = search?.trim().toLowerCase();
  if (!text) return undefined;
  const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<SqlBool>`(lower(p.code) like ${like} escape '\\' or lower(p.name) like ${like} escape '\\')`;
}

const FILTER_COLUMN = {
  outlet: 'l.outlet_id',
  location: 'b.location_id',
  product: 'b.product_id',
  category: 'p.category_id',
} as const satisfies Record<(typeof VIRTUAL_STOCK_FILTERS)[number], string>;

const ids = (value: unknown, field: string): number[] => {
  const list = String(value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
  const out = list.map(Number);
  if (out.length === 0 || out.some((n) => !Number.isSafeInteger(n) || n < 1))
    throw validationError([{ field, message: 'Give one or more ids, comma-separated' }]);
  return out;
};

/** The fetch body's filters as columns and ids: EQ or IN on outlet, location, product, category; 400 naming anything else. */
function conditions(body: FetchRequest) {
  return (body.filters ?? []).map((filter, i) => {
    const name = VIRTUAL_STOCK_FILTERS.find((f) => f === filter.ColumnName);
    if (!name)
      throw validationError([
        {
          field: `filters.${i}.ColumnName`,
          message: `Filter on ${VIRTUAL_STOCK_FILTERS.join(', ')}; not ${filter.ColumnName}`,
        },
      ]);
    const operator = filter.Operator.toUpperCase();
    if (operator !== 'EQ' && operator !== 'IN')
      throw validationError([{ field: `filters.${i}.Operator`, message: `Use EQ or IN on ${name}` }]);
    return { column: FILTER_COLUMN[name], ids: ids(filter.ColumnValue, `filters.${i}.ColumnValue`) };
  });
}

/** The answer's columns a sort names (virtual is worked out: sorted by its parts). */
const SORT_COLUMN = {
  location: 'location_code',
  product: 'product_code',
  onHand: 'on_hand',
  reserved: 'reserved',
  incoming: 'incoming',
} as const satisfies Record<Exclude<(typeof VIRTUAL_STOCK_SORTS)[number], 'virtual'>, string>;

/**
 * `OutletVirtualStockBalance/fetch`: a page of product × location rows with on hand (the balance
 * the ledger keeps), reserved (open online orders at the outlet's default location), incoming
 * (dispatched, not yet received deliveries) and virtual = on hand − reserved + incoming. A user
 * limited to some outlets sees their locations and those of no outlet (warehouses).
 */
export async function fetchVirtualStock(
  request: FastifyRequest,
  body: FetchRequest,
): Promise<{ rows: VirtualStockRow[]; totalCount: number }> {
  const db = request.server.ctx.db;
  let base = db
    .selectFrom('stock_balance as b')
    .innerJoin('inventory_location as l', 'l.id', 'b.location_id')
    .innerJoin('product as p', 'p.id', 'b.product_id');
  for (const { column, ids } of conditions(body)) base = base.where(column, 'in', ids);
  const outlets = await allowedOutlets(request);
  if (outlets.length > 0)
    base = base.where((eb) => eb.or([eb('l.outlet_id', 'is', null), eb('l.outlet_id', 'in', outlets)]));
  const search = codeOrNameLike(body.search);
  if (search) base = base.where(search);

  const incoming = onOrderFor(db, 'b.location_id', 'b.product_id');
  const reserved = reservedFor(db, 'b.location_id', 'b.product_id');
  let query = base
    .leftJoin('outlet as o', 'o.id', 'l.outlet_id')
    .leftJoin('item_quantity_trigger as t', (j) =>
      j.onRef('t.location_id', '=', 'b.location_id').onRef('t.product_id', '=', 'b.product_id'),
    )
    .select([
      'b.location_id',
      'b.product_id',
      'l.outlet_id',
      'l.code as location_code',
      'p.code as product_code',
      'b.quantity as on_hand',
      incoming.as('incoming'),
      reserved.as('reserved'),
      't.min_qty',
      't.low_since',
      'l.name as location_name',
      'p.name as product_name',
      'o.name as outlet_name',
    ])
    // The registry requires a balance's location and product (checked on write).
    .$narrowType<{ location_id: number; product_id: number }>();
  const take = Math.min(body.Take ?? DEFAULT_TAKE, MAX_TAKE);
  const skip = body.Skip ?? 0;
  const sorts = body.sorts?.length ? body.sorts : [{ ColumnName: 'location', Direction: 'ASC' as const }];
  for (const [i, s] of sorts.entries()) {
    const name = VIRTUAL_STOCK_SORTS.find((n) => n === s.ColumnName);
    if (!name)
      throw validationError([
        { field: `sorts.${i}.ColumnName`, message: `Sort by ${VIRTUAL_STOCK_SORTS.join(', ')}; not ${s.ColumnName}` },
      ]);
    const direction = s.Direction.toLowerCase() === 'desc' ? 'desc' : 'asc';
    // Virtual is worked out in the answer; sorting by it repeats its parts in the ORDER BY.
    query =
      name === 'virtual'
        ? query.orderBy((eb) => sql`${eb.ref('b.quantity')} - ${reserved} + ${incoming}`, direction)
        : query.orderBy(SORT_COLUMN[name], direction);
  }
  const page = query.orderBy('location_code').orderBy('product_code').limit(take).offset(skip);
  // On PostgreSQL a named statement (db/compiled.ts): planning this query took longer than running
  // it (1.1 of 1.5 ms for one product at one location). Not with a search, whose pattern a plan
  // made without it could not use.
  const named = () => {
    const { sql: text, parameters } = page.compile();
    return runCompiled(db, `virtual stock:${text}`, parameters, () => page);
  };
  const stored = search ? await page.execute() : await named();
  // A first page that is not full holds every match: no need to count them.
  const totalCount =
    skip === 0 && stored.length < take
      ? stored.length
      : Number(
          // Counted up to the same cap as the generic fetch: past it the total is a lower bound.
          (
            await db
              .selectFrom(
                base
                  .select(sql`1`.as('one'))
                  .limit(COUNT_LIMIT)
                  .as('matches'),
              )
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
  const rows = stored.map((r): VirtualStockRow => ({
    outlet: r.outlet_id,
    outletLabel: r.outlet_id === null ? null : label(r.outlet_name),
    location: r.location_id,
    locationLabel: label(r.location_name),
    product: r.product_id,
    productLabel: label(r.product_code, r.product_name),
    onHand: quantityText(r.on_hand),
    reserved: quantityText(r.reserved),
    incoming: quantityText(r.incoming),
    virtual: quantityText(Number(r.on_hand) - Number(r.reserved) + Number(r.incoming)),
    minQty: r.min_qty === null ? null : quantityText(r.min_qty),
    lowSince: r.low_since,
  }));
  return { rows, totalCount };
}
