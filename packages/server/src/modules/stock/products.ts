import type { AnyDb } from '../../data/store';
import { preparedQuery } from '../../db/compiled';
import type { ProductRow } from '../../db/rows.generated';
import { typedDb } from '../../db/types';
import { timesQuantity, type Thousandths } from './quantities';

/**
 * What a product does to stock: `stock` items have an on-hand of their own; a `recipe` (composite)
 * has none and moves its components instead; services, non-stock items, variant parents and items
 * with stock tracking off (`none`) write no movement at all.
 */
export type StockRole = 'stock' | 'recipe' | 'none';

export interface StockProduct {
  id: number;
  code: string;
  name: string;
  role: StockRole;
  /** Cost price in minor units, the unit cost a movement records when its caller gives none. */
  cost: number | null;
  /** Its unit of measure (a UOM list value). */
  uom: number | null;
}

function roleOf(type: ProductRow['type'], trackStock: boolean | 0 | 1): StockRole {
  if (type === 'composite') return 'recipe';
  return type === 'standard' && Boolean(trackStock) ? 'stock' : 'none';
}

/** A query per number of ids, compiled once (a sale asks at every call). */
const productRows = preparedQuery(
  (ids: number) => String(ids),
  (db, ids) =>
    typedDb(db)
      .selectFrom('product')
      .select(['id', 'code', 'name', 'type', 'track_stock', 'cost_price', 'uom_id'])
      // The registry requires a product's code, name and type (checked on write).
      .$narrowType<{ code: string; name: string; type: NonNullable<ProductRow['type']> }>()
      // Stand-ins for the ids (db/compiled.ts).
      .where('id', 'in', ids as number[]),
);

/** The products by id; ids with no row are missing from the map. */
export async function stockProducts(db: AnyDb, ids: Iterable<number>): Promise<Map<number, StockProduct>> {
  const wanted = [...new Set(ids)];
  const out = new Map<number, StockProduct>();
  if (wanted.length === 0) return out;
  const { rows } = await productRows(db, wanted.length, wanted);
  for (const r of rows)
    out.set(r.id, {
      id: r.id,
      code: r.code,
      name: r.name,
      role: roleOf(r.type, r.track_stock),
      cost: r.cost_price,
      uom: r.uom_id,
    });
  return out;
}

/** A composite's recipe: each component and how much of it one unit uses. */
async function recipesOf(db: AnyDb, ids: number[]): Promise<Map<number, { product: number; quantity: Thousandths }[]>> {
  const rows = await typedDb(db)
    .selectFrom('product_recipe_components')
    .select(['parent_id', 'product_id', 'quantity'])
    // The registry requires a component's product and quantity (checked on write).
    .$narrowType<{ product_id: number; quantity: number }>()
    .where('parent_id', 'in', ids)
    .orderBy('parent_id')
    .orderBy('line_no')
    .execute();
  const out = new Map<number, { product: number; quantity: Thousandths }[]>();
  for (const r of rows)
    out.set(r.parent_id, [...(out.get(r.parent_id) ?? []), { product: r.product_id, quantity: r.quantity }]);
  return out;
}

/**
 * Lines of composites replaced by their components (quantity × the component's quantity per unit,
 * composites within composites followed down), each remembering the line it came from. The
 * product hook keeps recipes free of circles; `depth` guards against one written around it.
 */
export async function expandRecipes<L extends { product: number; quantity: Thousandths }>(
  db: AnyDb,
  lines: readonly L[],
  products: Map<number, StockProduct>,
  depth = 0,
): Promise<(L & { source: L })[]> {
  const composites = [
    ...new Set(lines.filter((l) => products.get(l.product)?.role === 'recipe').map((l) => l.product)),
  ];
  if (composites.length === 0) return lines.map((l) => ({ ...l, source: l }));
  if (depth > 10) throw new Error('Recipes nest deeper than 10 levels');
  const recipes = await recipesOf(db, composites);
  const components = [...recipes.values()]
    .flat()
    .map((c) => c.product)
    .filter((id) => !products.has(id));
  for (const [id, found] of await stockProducts(db, components)) products.set(id, found);
  const out: (L & { source: L })[] = [];
  for (const line of lines) {
    if (products.get(line.product)?.role !== 'recipe') {
      out.push({ ...line, source: line });
      continue;
    }
    const parts = (recipes.get(line.product) ?? []).map((c) => ({
      ...line,
      product: c.product,
      quantity: timesQuantity(c.quantity, line.quantity),
    }));
    for (const part of await expandRecipes(db, parts, products, depth + 1)) out.push({ ...part, source: line });
  }
  return out;
}

/**
 * Products by barcode: their own, else an alternate one (a pack: `perUnit` units of the product
 * per scan, in thousandths). Barcodes found nowhere are missing from the map.
 */
export async function productsByBarcode(
  db: AnyDb,
  barcodes: Iterable<string>,
): Promise<Map<string, { product: number; perUnit: Thousandths }>> {
  const wanted = [...new Set([...barcodes].map((b) => b.trim()).filter((b) => b !== ''))];
  const out = new Map<string, { product: number; perUnit: Thousandths }>();
  if (wanted.length === 0) return out;
  const trx = typedDb(db);
  for (const r of await trx.selectFrom('product').select(['id', 'barcode']).where('barcode', 'in', wanted).execute())
    out.set(String(r.barcode), { product: r.id, perUnit: 1000 });
  const rest = wanted.filter((b) => !out.has(b));
  if (rest.length > 0)
    for (const r of await trx
      .selectFrom('product_alternate_barcodes')
      .select(['parent_id', 'barcode', 'quantity_per_unit'])
      .where('barcode', 'in', rest)
      .execute())
      out.set(String(r.barcode), { product: r.parent_id, perUnit: Number(r.quantity_per_unit ?? 1000) || 1000 });
  return out;
}
