import type { AnyDb } from '../../data/store';
import { typedDb } from '../../db/types';
import { expandRecipes, stockProducts } from './products';

/**
 * What one unit of each product costs at a location now, in minor units: the location's moving
 * average cost (`stockbalance.averageCost`, kept by purchasing's receipts), else the product's cost
 * price; a composite the sum of its components' (by their quantity per unit); null where nothing
 * has a cost. A sale stores it on its line, so its margin is of the cost at the time of sale.
 */
export async function unitCostsAt(
  db: AnyDb,
  location: number | null,
  ids: readonly number[],
): Promise<Map<number, number | null>> {
  const out = new Map<number, number | null>();
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return out;
  const products = await stockProducts(db, wanted);
  const parts = await expandRecipes(
    db,
    wanted.map((product) => ({ product, quantity: 1000 })),
    products,
  );
  const components = [...new Set(parts.map((p) => p.product))];
  const averages =
    location === null
      ? []
      : await typedDb(db)
          .selectFrom('stock_balance')
          .select(['product_id', 'average_cost'])
          .where('location_id', '=', location)
          .where('product_id', 'in', components)
          .where('average_cost', 'is not', null)
          .execute();
  const average = new Map(averages.map((a) => [Number(a.product_id), Number(a.average_cost)]));
  const costOf = (product: number) => average.get(product) ?? products.get(product)?.cost ?? null;
  for (const part of parts) {
    const cost = costOf(part.product);
    const parent = part.source.product;
    if (cost === null) {
      if (!out.has(parent)) out.set(parent, null);
      continue;
    }
    out.set(parent, (out.get(parent) ?? 0) + (cost * part.quantity) / 1000);
  }
  for (const [product, cost] of out) out.set(product, cost === null ? null : Math.round(cost));
  return out;
}
