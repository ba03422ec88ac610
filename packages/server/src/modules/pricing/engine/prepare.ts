import type {
  FuturePriceInput,
  ItemTarget,
  OutletPriceInput,
  PricingData,
  ProductInput,
  PromotionInput,
  RuleInput,
  TaxCodeInput,
} from './types';

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

  /** The items each row's targets take among `items` (rows that name no items take them all); rows that take none are absent. */
  matching<L>(items: readonly L[], productOf: (item: L) => ProductInput): Map<T, L[]> {
    const out = new Map<T, L[]>();
    const add = (rows: T[] | undefined, item: L) => {
      if (!rows) return;
      for (const row of rows) {
        const list = out.get(row);
        if (!list) out.set(row, [item]);
        else if (list[list.length - 1] !== item) list.push(item);
      }
    };
    for (const item of items) {
      const p = productOf(item);
      add(this.everything, item);
      add(this.byProduct.get(p.id), item);
      for (const c of p.categories) add(this.byCategory.get(c), item);
      for (const c of p.collections) add(this.byCollection.get(c), item);
    }
    return out;
  }
}

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

/** Built once per list: the loader keeps its lists until a pricing row is written, so they outlive one basket. */
function once<K extends object, V>(cache: WeakMap<K, V>, key: K, build: (key: K) => V): V {
  let value = cache.get(key);
  if (value === undefined) cache.set(key, (value = build(key)));
  return value;
}

const promotionIndexes = new WeakMap<readonly PromotionInput[], TargetIndex<PromotionInput>>();
const ruleIndexes = new WeakMap<readonly RuleInput[], TargetIndex<RuleInput>>();
const taxIndexes = new WeakMap<readonly TaxCodeInput[], Map<number, TaxCodeInput>>();

/** The data's indexes: the rule indexes are cached with their lists; the price lists are per basket. */
export function prepare(data: PricingData): Prepared {
  return {
    outletPrices: byProduct(data.outletPrices),
    futurePrices: byProduct(data.futurePrices),
    promotions: once(promotionIndexes, data.promotions, (rows) => new TargetIndex(rows, (p) => p.items)),
    rules: once(ruleIndexes, data.rules, (rows) => new TargetIndex(rows, (r) => r.conditions.items)),
    taxCodes: once(taxIndexes, data.taxCodes, (rows) => new Map(rows.map((t) => [t.id, t]))),
  };
}
