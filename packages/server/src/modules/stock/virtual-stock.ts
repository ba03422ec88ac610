import {
  CHILD_PARENT_COLUMN,
  MAX_TAKE,
  VIRTUAL_STOCK_FILTERS,
  VIRTUAL_STOCK_SORTS,
  getEntity,
  type FetchRequest,
  type VirtualStockRow,
} from '@backroom/schema';
import type { FastifyRequest } from 'fastify';
import { sql, type Expression, type SqlBool } from 'kysely';
import { allowedOutlets } from '../../data/access';
import { COUNT_LIMIT, DEFAULT_TAKE } from '../../data/fetch';
import { anyDb, type AnyDb } from '../../data/store';
import { validationError } from '../../http/envelope';
import { columnOf, fieldOf } from '../columns';
import { quantityText } from './quantities';

const balance = getEntity('stockbalance');
const location = getEntity('inventorylocation');
const product = getEntity('product');
const outlet = getEntity('outlet');
const order = getEntity('printdeliveryorder');
const orderLines = fieldOf(order, 'lines', 'children');
const onlineOrder = getEntity('onlinesalesorder');
const onlineItems = fieldOf(onlineOrder, 'items', 'children');
const trigger = getEntity('itemquantitytrigger');

const col = {
  bLocation: columnOf(balance, 'location'),
  bProduct: columnOf(balance, 'product'),
  bQuantity: columnOf(balance, 'quantity'),
  lOutlet: columnOf(location, 'outlet'),
  lCode: columnOf(location, 'code'),
  pCode: columnOf(product, 'code'),
  pName: columnOf(product, 'name'),
  pCategory: columnOf(product, 'category'),
  oDefaultLocation: columnOf(outlet, 'defaultInventoryLocation'),
  doStatus: columnOf(order, 'status'),
  doTo: columnOf(order, 'toLocation'),
  lineProduct: columnOf(orderLines, 'product'),
  lineQuantity: columnOf(orderLines, 'quantity'),
  lineInTransit: columnOf(orderLines, 'inTransitQty'),
  soStatus: columnOf(onlineOrder, 'status'),
  soOutlet: columnOf(onlineOrder, 'outlet'),
  itemProduct: columnOf(onlineItems, 'product'),
  itemQuantity: columnOf(onlineItems, 'quantity'),
  tProduct: columnOf(trigger, 'product'),
  tLocation: columnOf(trigger, 'location'),
  tMin: columnOf(trigger, 'minQty'),
  tLowSince: columnOf(trigger, 'lowSince'),
};

/**
 * The columns naming a row as its dropdown does (`code - name`), read in the same query by a join
 * instead of a second round trip; the entities here name their rows by plain fields.
 */
function labelColumns(entity: typeof product, alias: string): string[] {
  return entity.dropdown.label.map((name) => {
    const field = entity.fields.find((f) => f.name === name)!;
    if (field.kind === 'reference' || field.kind === 'listvalue')
      throw new Error(`Virtual stock: ${entity.name} is named by a reference`);
    return `${alias}.${field.column}`;
  });
}
const LABELS = {
  location: labelColumns(location, 'l'),
  product: labelColumns(product, 'p'),
  outlet: labelColumns(outlet, 'o'),
};
const labelSelections = Object.entries(LABELS).flatMap(([key, columns]) =>
  columns.map((column, i) => `${column} as ${key}_label_${i}`),
);
const labelFrom = (row: Record<string, unknown>, key: keyof typeof LABELS) =>
  LABELS[key]
    .map((_, i) => row[`${key}_label_${i}`])
    .filter((v) => v !== null && v !== undefined && v !== '')
    .join(' - ');

/** Online orders that still hold their goods: taken, not yet handed over or cancelled. */
/** Delivery orders with goods on the way (dispatched, not all received or written off). */
export const IN_TRANSIT_STATUSES = ['dispatched', 'partiallyReceived', 'closing'] as const;

export const OPEN_ONLINE_STATUSES = ['new', 'accepted', 'preparing', 'ready'] as const;

/**
 * Quantity of a product on delivery orders in `statuses` to a location (dispatched ones by default:
 * incoming), as a scalar subquery over the row's own location and product columns: it reads that
 * product's lines only, whatever else is in transit.
 */
export const onOrderFor = (
  db: AnyDb,
  location: string,
  productRef: string,
  statuses: readonly string[] = IN_TRANSIT_STATUSES,
) =>
  sql<number>`coalesce((${db
    .selectFrom(`${orderLines.table} as dl`)
    .innerJoin(`${order.table} as d`, 'd.id', `dl.${CHILD_PARENT_COLUMN}`)
    // What is still in transit once dispatched; the whole quantity before.
    .select(sql`sum(coalesce(${sql.ref(`dl.${col.lineInTransit}`)}, ${sql.ref(`dl.${col.lineQuantity}`)}))`.as('qty'))
    .whereRef(`dl.${col.lineProduct}`, '=', productRef)
    .whereRef(`d.${col.doTo}`, '=', location)
    .where(`d.${col.doStatus}`, 'in', [...statuses])}), 0)`;

/** Quantity of a product on open online orders of the outlets whose default location is this one. */
export const reservedFor = (db: AnyDb, location: string, productRef: string) =>
  sql<number>`coalesce((${db
    .selectFrom(`${onlineItems.table} as si`)
    .innerJoin(`${onlineOrder.table} as so`, 'so.id', `si.${CHILD_PARENT_COLUMN}`)
    .innerJoin(`${outlet.table} as so_o`, 'so_o.id', `so.${col.soOutlet}`)
    .select(sql`sum(${sql.ref(`si.${col.itemQuantity}`)})`.as('qty'))
    .whereRef(`si.${col.itemProduct}`, '=', productRef)
    .whereRef(`so_o.${col.oDefaultLocation}`, '=', location)
    .where(`so.${col.soStatus}`, 'in', [...OPEN_ONLINE_STATUSES])}), 0)`;

const FILTER_COLUMN: Record<(typeof VIRTUAL_STOCK_FILTERS)[number], string> = {
  outlet: `l.${col.lOutlet}`,
  location: `b.${col.bLocation}`,
  product: `b.${col.bProduct}`,
  category: `p.${col.pCategory}`,
};

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

/** The fetch body's filters as conditions: EQ or IN on outlet, location, product, category; 400 naming anything else. */
function conditions(body: FetchRequest, alias: (c: string) => Expression<unknown>): Expression<SqlBool>[] {
  return (body.filters ?? []).map((filter, i) => {
    const name = filter.ColumnName as (typeof VIRTUAL_STOCK_FILTERS)[number];
    if (!VIRTUAL_STOCK_FILTERS.includes(name))
      throw validationError([
        {
          field: `filters.${i}.ColumnName`,
          message: `Filter on ${VIRTUAL_STOCK_FILTERS.join(', ')}; not ${filter.ColumnName}`,
        },
      ]);
    const operator = filter.Operator.toUpperCase();
    if (operator !== 'EQ' && operator !== 'IN')
      throw validationError([{ field: `filters.${i}.Operator`, message: `Use EQ or IN on ${name}` }]);
    return sql<SqlBool>`${alias(FILTER_COLUMN[name])} in (${sql.join(ids(filter.ColumnValue, `filters.${i}.ColumnValue`))})`;
  });
}

const SORT_COLUMN: Record<(typeof VIRTUAL_STOCK_SORTS)[number], string> = {
  location: 'location_code',
  product: 'product_code',
  onHand: 'on_hand',
  reserved: 'reserved',
  incoming: 'incoming',
  virtual: 'virtual',
};

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
  const db = anyDb(request.server.ctx);
  const ref = (c: string) => sql.ref(c);
  const where = conditions(body, ref);
  const outlets = await allowedOutlets(request);
  if (outlets.length > 0)
    where.push(
      sql<SqlBool>`(${ref(`l.${col.lOutlet}`)} is null or ${ref(`l.${col.lOutlet}`)} in (${sql.join(outlets)}))`,
    );
  const search = body.search?.trim().toLowerCase();
  if (search) {
    const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      sql<SqlBool>`(lower(${ref(`p.${col.pCode}`)}) like ${like} escape '\\' or lower(${ref(`p.${col.pName}`)}) like ${like} escape '\\')`,
    );
  }
  const all = sql<SqlBool>`${where.length === 0 ? sql`1 = 1` : sql.join(where, sql` and `)}`;

  const base = db
    .selectFrom(`${balance.table} as b`)
    .innerJoin(`${location.table} as l`, 'l.id', `b.${col.bLocation}`)
    .innerJoin(`${product.table} as p`, 'p.id', `b.${col.bProduct}`)
    .where(all);

  const onHandRef = ref(`b.${col.bQuantity}`);
  const incoming = onOrderFor(db, `b.${col.bLocation}`, `b.${col.bProduct}`);
  const reserved = reservedFor(db, `b.${col.bLocation}`, `b.${col.bProduct}`);
  let query = base
    .leftJoin(`${outlet.table} as o`, 'o.id', `l.${col.lOutlet}`)
    .leftJoin(`${trigger.table} as t`, (j) =>
      j.onRef(`t.${col.tLocation}`, '=', `b.${col.bLocation}`).onRef(`t.${col.tProduct}`, '=', `b.${col.bProduct}`),
    )
    .select([
      `b.${col.bLocation} as location_id`,
      `b.${col.bProduct} as product_id`,
      `l.${col.lOutlet} as outlet_id`,
      `l.${col.lCode} as location_code`,
      `p.${col.pCode} as product_code`,
      sql<number>`${onHandRef}`.as('on_hand'),
      incoming.as('incoming'),
      reserved.as('reserved'),
      `t.${col.tMin} as min_qty`,
      `t.${col.tLowSince} as low_since`,
      ...labelSelections,
    ]);
  const take = Math.min(body.Take ?? DEFAULT_TAKE, MAX_TAKE);
  const skip = body.Skip ?? 0;
  const sorts = body.sorts?.length ? body.sorts : [{ ColumnName: 'location', Direction: 'ASC' as const }];
  for (const [i, s] of sorts.entries()) {
    const column = SORT_COLUMN[s.ColumnName as (typeof VIRTUAL_STOCK_SORTS)[number]];
    if (!column)
      throw validationError([
        { field: `sorts.${i}.ColumnName`, message: `Sort by ${VIRTUAL_STOCK_SORTS.join(', ')}; not ${s.ColumnName}` },
      ]);
    // Virtual is worked out in the answer; sorting by it repeats its parts in the ORDER BY.
    query = query.orderBy(
      column === 'virtual' ? sql`${onHandRef} - ${reserved} + ${incoming}` : column,
      s.Direction.toLowerCase() as 'asc' | 'desc',
    );
  }
  const stored = await query.orderBy('location_code').orderBy('product_code').limit(take).offset(skip).execute();
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
              .select(sql<number>`count(*)`.as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
  const rows = stored.map((r): VirtualStockRow => ({
    outlet: r.outlet_id === null ? null : Number(r.outlet_id),
    outletLabel: r.outlet_id === null ? null : labelFrom(r, 'outlet'),
    location: Number(r.location_id),
    locationLabel: labelFrom(r, 'location'),
    product: Number(r.product_id),
    productLabel: labelFrom(r, 'product'),
    onHand: quantityText(r.on_hand),
    reserved: quantityText(r.reserved),
    incoming: quantityText(r.incoming),
    virtual: quantityText(Number(r.on_hand) - Number(r.reserved) + Number(r.incoming)),
    minQty: r.min_qty === null ? null : quantityText(r.min_qty),
    lowSince: (r.low_since as string | null) ?? null,
  }));
  return { rows, totalCount };
}
