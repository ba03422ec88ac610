import {
  fromStorageValue,
  getEntity,
  getField,
  parseFieldValue,
  type FieldError,
  type NormalisedEntity,
  type NormalisedField,
  type OutletColumn,
  type OutletPricingQuery,
  type OutletPricingRow,
  type PriceChange,
  LOOKUP_REFUSALS,
} from '@backroom/schema';
import { sql, type SqlBool } from 'kysely';
import { ApiError, validationError } from '../../http/envelope';
import type { AnyDb, Row } from '../../data/store';
import { deleteRows, insertRow, updateRow, type Writer } from '../../data/write';
import { localTime } from './engine/calendar';
import type { FuturePriceInput, OutletPriceInput } from './engine/index';
import { unitPriceOf } from './engine/lines';

const product = getEntity('product');
const outletPrice = getEntity('outletprice');
const column = (entity: NormalisedEntity, name: string): string => getField(entity, name)!.column;
const priceField = getField(outletPrice, 'price')!;
const sellingPriceField = getField(product, 'sellingPrice')!;

const money = (field: NormalisedField, value: unknown) => fromStorageValue(field, value) as string | null;

/** The category and every category nested under it. */
async function withDescendants(db: AnyDb, categoryId: number): Promise<number[]> {
  const category = getEntity('category');
  const rows = await db
    .selectFrom(category.table)
    .select(['id', `${column(category, 'parent')} as parent`])
    .execute();
  const children = new Map<number, number[]>();
  for (const row of rows) {
    const parent = row.parent === null ? 0 : Number(row.parent);
    children.set(parent, [...(children.get(parent) ?? []), Number(row.id)]);
  }
  const out = [categoryId];
  for (let i = 0; i < out.length; i++) out.push(...(children.get(out[i]!) ?? []));
  return out;
}

/** Active outlets, limited to `allowed` when the caller has outlet limits. */
export async function outletColumns(db: AnyDb, allowed: readonly number[]): Promise<OutletColumn[]> {
  let query = db.selectFrom('outlet').select(['id', 'code', 'name']).where('is_active', '=', true);
  if (allowed.length > 0) query = query.where('id', 'in', [...allowed]);
  const rows = await query.orderBy('code').execute();
  return rows.map((r) => ({ id: Number(r.id), code: String(r.code), name: String(r.name) }));
}

/**
 * One page of sellable products (active, no variant parents), by code, each with its override
 * price per outlet and the price each outlet sells it at now (`inForce`: a pending future price
 * is in force there from the outlet's own midnight; docs/decisions/pricing.md).
 */
export async function readGrid(
  db: AnyDb,
  outlets: readonly OutletColumn[],
  q: OutletPricingQuery,
): Promise<{ rows: OutletPricingRow[]; totalCount: number }> {
  const conditions = [
    sql<SqlBool>`t.is_active = ${true}`,
    sql<SqlBool>`t.${sql.ref(column(product, 'type'))} <> 'variantParent'`,
  ];
  if (q.category)
    conditions.push(
      sql<SqlBool>`t.${sql.ref(column(product, 'category'))} in (${sql.join(await withDescendants(db, q.category))})`,
    );
  const search = q.search?.trim();
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const any = product.searchFields.map(
      (name) => sql<SqlBool>`lower(t.${sql.ref(column(product, name))}) like lower(${pattern}) escape '\\'`,
    );
    conditions.push(sql<SqlBool>`(${sql.join(any, sql` or `)})`);
  }
  const where = sql<SqlBool>`${sql.join(conditions, sql` and `)}`;
  const { n } = await db
    .selectFrom(`${product.table} as t`)
    .where(where)
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  const page = await db
    .selectFrom(`${product.table} as t`)
    .where(where)
    .select(['t.id', 't.code', 't.name', `t.${sellingPriceField.column} as selling_price`])
    .orderBy('t.code')
    .limit(q.Take)
    .offset(q.Skip)
    .execute();
  const ids = page.map((p) => Number(p.id));
  const overrides =
    ids.length === 0 || outlets.length === 0
      ? []
      : await db
          .selectFrom(outletPrice.table)
          .select([
            'id',
            `${column(outletPrice, 'product')} as product`,
            `${column(outletPrice, 'outlet')} as outlet`,
            `${priceField.column} as price`,
          ])
          .where(column(outletPrice, 'product'), 'in', ids)
          .where(
            column(outletPrice, 'outlet'),
            'in',
            outlets.map((o) => o.id),
          )
          .execute();
  const inForce = await pricesInForce(db, outlets, ids, overrides);
  const rows = page.map((p) => {
    const prices: Record<number, string | null> = Object.fromEntries(outlets.map((o) => [o.id, null]));
    for (const o of overrides)
      if (Number(o.product) === Number(p.id)) prices[Number(o.outlet)] = money(priceField, o.price);
    const now = Object.fromEntries(
      outlets.map((o) => [o.id, money(priceField, inForce(o.id, Number(p.id), Number(p.selling_price)))!]),
    );
    return {
      id: Number(p.id),
      code: String(p.code),
      name: String(p.name),
      sellingPrice: money(sellingPriceField, p.selling_price)!,
      prices,
      inForce: now,
    };
  });
  return { rows, totalCount: Number(n) };
}

/** Each outlet's price of a product now, by the engine's rule (stored amounts in, stored amounts out). */
async function pricesInForce(
  db: AnyDb,
  outlets: readonly OutletColumn[],
  ids: readonly number[],
  overrides: readonly Row[],
) {
  const future = getEntity('futureproductprice');
  const F = (name: string) => column(future, name);
  const pending =
    ids.length === 0
      ? []
      : await db
          .selectFrom(future.table)
          .select([
            'id',
            `${F('product')} as product`,
            `${F('outlet')} as outlet`,
            `${F('newPrice')} as price`,
            `${F('effectiveDate')} as date`,
          ])
          .where(F('product'), 'in', [...ids])
          .where(F('status'), '=', 'pending')
          .execute();
  const outlet = getEntity('outlet');
  const zones = new Map(
    (
      await db
        .selectFrom(outlet.table)
        .select(['id', `${column(outlet, 'timezone')} as zone`])
        .execute()
    ).map((o) => [Number(o.id), String(o.zone ?? 'UTC')]),
  );
  const byProduct = <T extends { product: number }>(rows: T[]) => {
    const out = new Map<number, T[]>();
    for (const r of rows) out.set(r.product, [...(out.get(r.product) ?? []), r]);
    return out;
  };
  const rows = {
    outletPrices: byProduct(
      overrides.map((o): OutletPriceInput => ({
        id: Number(o.id),
        product: Number(o.product),
        outlet: Number(o.outlet),
        price: Number(o.price),
      })),
    ),
    futurePrices: byProduct(
      pending.map((f): FuturePriceInput => ({
        id: Number(f.id),
        product: Number(f.product),
        outlet: f.outlet === null ? null : Number(f.outlet),
        price: Number(f.price),
        effectiveDate: String(f.date),
      })),
    ),
  };
  const now = new Date().toISOString();
  const dates = new Map(outlets.map((o) => [o.id, localTime(now, zones.get(o.id) ?? 'UTC').date]));
  return (outlet: number, product: number, price: number) =>
    unitPriceOf(rows, { id: product, price }, outlet, dates.get(outlet)!).price;
}

const blank = (price: PriceChange['price']) => price === null || (typeof price === 'string' && price.trim() === '');

/** 400 naming `changes.{i}.{field}` for bad prices, unknown products or outlets and repeated cells. */
async function checkChanges(db: AnyDb, changes: readonly PriceChange[]): Promise<(string | null)[]> {
  const errors: FieldError[] = [];
  const prices = changes.map((change, i) => {
    if (blank(change.price)) return null;
    const parsed = parseFieldValue(priceField, change.price);
    if (parsed.ok) return parsed.value as string;
    errors.push({ field: `changes.${i}.price`, message: parsed.message });
    return null;
  });
  const existing = async (table: string, ids: number[]) =>
    new Set(
      (
        await db
          .selectFrom(table)
          .select('id')
          .where('id', 'in', [...new Set(ids)])
          .execute()
      ).map((r) => Number(r.id)),
    );
  const products = await existing(
    product.table,
    changes.map((c) => c.product),
  );
  const outlets = await existing(
    'outlet',
    changes.map((c) => c.outlet),
  );
  const seen = new Set<string>();
  changes.forEach((change, i) => {
    if (!products.has(change.product))
      errors.push({ field: `changes.${i}.product`, message: LOOKUP_REFUSALS.noProduct({ name: change.product }) });
    if (!outlets.has(change.outlet))
      errors.push({ field: `changes.${i}.outlet`, message: LOOKUP_REFUSALS.noOutlet({ name: change.outlet }) });
    const cell = `${change.product}:${change.outlet}`;
    if (seen.has(cell)) errors.push({ field: `changes.${i}`, message: 'This product and outlet appear twice' });
    seen.add(cell);
  });
  if (errors.length > 0) throw validationError(errors, errors[0]!.message);
  return prices;
}

/** A write-path error of one change, named by its place in the request. */
function ofChange(error: unknown, i: number): unknown {
  if (!(error instanceof ApiError)) return error;
  const errors = (error.errors ?? [{ field: '', message: error.message }]).map((e) => ({
    field: e.field ? `changes.${i}.${e.field}` : `changes.${i}`,
    message: e.message,
  }));
  return new ApiError(error.status, error.message, errors);
}

/**
 * Sets or removes (blank price) each override through the generic write path, so every change is
 * validated, limited to the caller's outlets and audited. Runs inside the caller's transaction.
 */
export async function saveChanges(
  w: Writer,
  changes: readonly PriceChange[],
): Promise<{ inserted: number; updated: number; deleted: number }> {
  const prices = await checkChanges(w.trx, changes);
  const counts = { inserted: 0, updated: 0, deleted: 0 };
  for (const [i, change] of changes.entries()) {
    const price = prices[i];
    try {
      const current: Row | undefined = await w.trx
        .selectFrom(outletPrice.table)
        .select(['id', 'version', priceField.column])
        .where(column(outletPrice, 'product'), '=', change.product)
        .where(column(outletPrice, 'outlet'), '=', change.outlet)
        .executeTakeFirst();
      if (price === null) {
        if (current) counts.deleted += await deleteRows(w, w.entity, [Number(current.id)]);
      } else if (!current) {
        await insertRow(w, w.entity, { product: change.product, outlet: change.outlet, price });
        counts.inserted++;
      } else if (money(priceField, current[priceField.column]) !== price) {
        await updateRow(w, w.entity, { id: Number(current.id), version: Number(current.version), price });
        counts.updated++;
      }
    } catch (error) {
      throw ofChange(error, i);
    }
  }
  return counts;
}
