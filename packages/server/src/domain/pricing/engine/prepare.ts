import type { FuturePriceInput, ItemTarget, OutletPriceInput, PricingData, ProductInput, PromotionInput, RuleInput, TaxCodeInput } from './types';

/** Rules by what their items name, so a basket meets only the rules that can touch it. */
export class TargetIndex<T> {
  private readonly byProduct = new Map<number, T[]>();
  private readonly byCategory = new Map<number, T[]>();
  private readonly byCollection = new Map<number, T[]>();
  private readonly everything: T[] = [];

  constructor(rows: readonly T[], targets: (row: T) => readonly ItemTarget[]) {
    const add = (map: Map<number, T[]>, key: number, row: T) => {
      const list = map.get(key);
      if (list) list.push(row);
      else map.set(key, [row]);
    };
    for (const row of rows) {
      const items = targets(row);
      if (items.length === 0) this.everything.push(row);
      for (const t of items) {
        if (t.product !== null) add(this.byProduct, t.product, row);
        if (t.category !== null) add(this.byCategory, t.category, row);
        if (t.collection !== null) add(this.byCollection, t.collection, row);
      }
    }
  }

  /** The rows whose items include any of the products (or that name no items). */
  touching(products: readonly ProductInput[]): Set<T> {
    const out = new Set(this.everything);
    const addAll = (rows: T[] | undefined) => rows?.forEach((r) => out.add(r));
    for (const p of products) {
      addAll(this.byProduct.get(p.id));
      p.categories.forEach((c) => addAll(this.byCategory.get(c)));
      p.collections.forEach((c) => addAll(this.byCollection.get(c)));
    }
    return out;
  }
}

export const matchesTarget = (product: ProductInput, items: readonly ItemTarget[]) =>
  items.length === 0 ||
  items.some(
    (t) =>
      (t.product !== null && t.product === product.id) ||
      (t.category !== null && product.categories.includes(t.category)) ||
      (t.collection !== null && product.collections.includes(t.collection)),
  );

export interface Prepared {
  outletPrices: Map<number, OutletPriceInput[]>;
  futurePrices: Map<number, FuturePriceInput[]>;
  promotions: TargetIndex<PromotionInput>;
  rules: TargetIndex<RuleInput>;
  taxCodes: Map<number, TaxCodeInput>;
}

const byProduct = <T extends { product: number }>(rows: readonly T[]) => {
  const map = new Map<number, T[]>();
  for (const row of rows) map.set(row.product, [...(map.get(row.product) ?? []), row]);
  return map;
};

const cache = new WeakMap<PricingData, Prepared>();

/** Indexes of the data, built once per loaded data set (the loader keeps the set until a write). */
export function prepare(data: PricingData): Prepared {
  let prepared = cache.get(data);
  if (!prepared) {
    prepared = {
      outletPrices: byProduct(data.outletPrices),
      futurePrices: byProduct(data.futurePrices),
      promotions: new TargetIndex(data.promotions, (p) => p.items),
      rules: new TargetIndex(data.rules, (r) => r.conditions.items),
      taxCodes: new Map(data.taxCodes.map((t) => [t.id, t])),
    };
    cache.set(data, prepared);
  }
  return prepared;
}
