import { formatScaled, getEntity, MONEY_SCALE, type StockCountDto, type StockCountScope } from '@backroom/schema';
import type { AppContext } from '../../context';
import { apiRow } from '../../data/read';
import type { AnyDb } from '../../data/store';
import { typedDb } from '../../db/types';
import { quantityText, unitCostsAt, valueOf, type StockDocument } from '../stock/index';

export type { StockCountDto };

export const count = getEntity('stockcount');

/** The ledger's name for counts, on the adjustments and movements they post. */
export const DOCUMENT_TYPE = 'stockcount';
export const DOC_PREFIX = 'SC';

export const readCount = async (ctx: AppContext, db: AnyDb, id: number, labels = false) =>
  (await apiRow(ctx, db, count, id, { labels })) as unknown as StockCountDto | undefined;

export const documentOf = (c: { id: number; docNo: string }): StockDocument => ({
  type: DOCUMENT_TYPE,
  id: c.id,
  reference: c.docNo,
});

/** The stocked products a scope covers (a product list covers only its lines). */
export async function scopeProducts(
  db: AnyDb,
  scope: StockCountScope,
  categories: readonly number[],
): Promise<number[]> {
  if (scope === 'products' || (scope === 'categories' && categories.length === 0)) return [];
  let query = typedDb(db)
    .selectFrom('product')
    .select('id')
    .where('type', '=', 'standard')
    .where('track_stock', '=', true)
    .where('is_active', '=', true);
  if (scope === 'categories') query = query.where('category_id', 'in', [...categories]);
  return (await query.orderBy('code').execute()).map((r) => r.id);
}

/** On hand now of products at a location, in thousandths (0 without a balance row). */
export async function onHandAt(db: AnyDb, location: number, products: readonly number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (let start = 0; start < products.length; start += 500) {
    const chunk = products.slice(start, start + 500);
    for (const r of await typedDb(db)
      .selectFrom('stock_balance')
      .select(['product_id', 'quantity'])
      .where('location_id', '=', location)
      .where('product_id', 'in', chunk)
      .execute())
      out.set(Number(r.product_id), Number(r.quantity ?? 0));
  }
  return out;
}

/** Variance (counted − expected) and its value at the location's unit cost, as stored; nulls while uncounted. */
export async function variances(
  db: AnyDb,
  location: number,
  lines: readonly { product: number; counted: number | null; expected: number }[],
): Promise<{ variance: number | null; value: number | null }[]> {
  const costs = await unitCostsAt(
    db,
    location,
    lines.filter((l) => l.counted !== null).map((l) => l.product),
  );
  return lines.map((l) => {
    if (l.counted === null) return { variance: null, value: null };
    const variance = l.counted - l.expected;
    return { variance, value: valueOf(costs.get(l.product) ?? null, variance) };
  });
}

export const moneyText = (minor: number | null) => (minor === null ? null : formatScaled(minor, MONEY_SCALE));
export const quantityOrNull = (v: number | null) => (v === null ? null : quantityText(v));
