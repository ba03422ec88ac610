import { MONEY_SCALE, formatScaled, getEntity } from '@backroom/schema';
import type { AnyDb } from '../../data/store';
import { typedDb } from '../../db/types';
import type { FuturePriceInput, OutletPriceInput, ProductInput } from './engine/index';
import { currencyMoney, type RuleSet } from './loader';

/**
 * The prices in force at an instant, read back from what changed since (docs/decisions/pricing.md,
 * "Prices change at each outlet's midnight"):
 *
 * - a product's own price: its current price, unless the price history holds a change after the
 *   instant, in which case the first such change's old price (a product created since: its first
 *   price);
 * - an outlet's override: the current one, unless the audit log holds a change of it after the
 *   instant (its value before that change; an override inserted since did not exist, one deleted
 *   since did);
 * - future prices: those pending then, i.e. pending now or applied or cancelled after the instant.
 *   The engine puts each in force from the outlet's own midnight of its date.
 *
 * For an instant of now nothing changed since: the current rows, as before.
 */
const override = getEntity('outletprice');

export interface PricesAt {
  products: Map<number, ProductInput>;
  outletPrices: OutletPriceInput[];
  futurePrices: FuturePriceInput[];
}

export interface OverrideChange {
  at: string;
  rowId: number;
  action: string;
  before: Record<string, unknown>;
}

const parsed = (changes: unknown): { before?: Record<string, unknown> } =>
  (typeof changes === 'string' ? JSON.parse(changes) : (changes ?? {})) as { before?: Record<string, unknown> };

/**
 * Every change of an outlet override after `since`, in order. The entity is matched with LIKE, not
 * `=`: on SQLite an equality would make the planner read every outlet-price audit row ever written
 * through the entity index, where the `at` index reads only those since the moment (usually a few
 * seconds ago); PostgreSQL picks the `at` index either way. Entity names hold no wildcard.
 */
export async function overrideChangesSince(db: AnyDb, since: string): Promise<OverrideChange[]> {
  const rows = await typedDb(db)
    .selectFrom('audit_log')
    .select(['at', 'row_id', 'action', 'changes'])
    .where('at', '>', since)
    .where('entity', 'like', override.name)
    .orderBy('at')
    .orderBy('id')
    .execute();
  return rows.flatMap((r) =>
    r.row_id === null
      ? []
      : [{ at: String(r.at), rowId: r.row_id, action: String(r.action), before: parsed(r.changes).before ?? {} }],
  );
}

/** What each outlet override was at `at`, from its audit rows since (in order): absent when its first change since is its insert. */
interface OverrideThen {
  existed: boolean;
  /** Its price then, when a change since changed it (else its current price). */
  price?: unknown;
  /** Its product and outlet, from the delete that removed it since (a row that still exists has its own). */
  product?: unknown;
  outlet?: unknown;
}

function overridesThen(all: readonly OverrideChange[], at: string): Map<number, OverrideThen> {
  const byRow = new Map<number, OverrideChange[]>();
  for (const c of all) if (c.at > at) byRow.set(c.rowId, [...(byRow.get(c.rowId) ?? []), c]);
  const out = new Map<number, OverrideThen>();
  for (const [rowId, changes] of byRow) {
    const deleted = changes.findLast((c) => c.action === 'delete');
    out.set(rowId, {
      existed: changes[0]!.action !== 'insert',
      price: changes.find((c) => c.before.price !== undefined)?.before.price,
      product: deleted?.before.product,
      outlet: deleted?.before.outlet,
    });
  }
  return out;
}

/**
 * The prices of `products` (as loaded now) at `outlet` in force at `at` (an ISO instant). A caller
 * pricing many moments (the what-if) reads the override changes once, since the earliest of them,
 * and passes them as `overrideChanges`.
 */
export async function pricesAt(
  anyDb: AnyDb,
  set: RuleSet,
  products: Map<number, ProductInput>,
  outlet: number,
  at: string,
  overrideChanges?: readonly OverrideChange[],
): Promise<PricesAt> {
  const ids = [...products.keys()];
  if (ids.length === 0) return { products, outletPrices: [], futurePrices: [] };
  const money = currencyMoney(set.currency.decimals);
  const fromStored = (v: number) => money(formatScaled(v, MONEY_SCALE));
  const instant = new Date(at).toISOString();
  const db = typedDb(anyDb);
  // Product, outlet, price and date are required by the registry: every write of these rows is validated.

  const [laterPrices, overrides, pending, changedSince] = await Promise.all([
    db
      .selectFrom('price_history')
      .select(['product_id', 'old_price', 'new_price'])
      .where('product_id', 'in', ids)
      .where('changed_at', '>', instant)
      .orderBy('changed_at')
      .orderBy('id')
      .$narrowType<{ product_id: number; new_price: number }>()
      .execute(),
    db
      .selectFrom('outlet_price')
      .select(['id', 'product_id', 'price'])
      .where('product_id', 'in', ids)
      .where('outlet_id', '=', outlet)
      .$narrowType<{ product_id: number; price: number }>()
      .execute(),
    db
      .selectFrom('future_product_price')
      .select(['id', 'product_id', 'outlet_id', 'new_price', 'effective_date'])
      .where('product_id', 'in', ids)
      .where((eb) => eb.or([eb('outlet_id', 'is', null), eb('outlet_id', '=', outlet)]))
      .where((eb) => eb.or([eb('status', '=', 'pending'), eb('updated_at', '>', instant)]))
      .$narrowType<{ product_id: number; new_price: number; effective_date: string }>()
      .execute(),
    overrideChanges ?? overrideChangesSince(db, instant),
  ]);
  const changes = overridesThen(changedSince, instant);

  const then = new Map(products);
  const seen = new Set<number>();
  for (const h of laterPrices) {
    const product = h.product_id;
    if (seen.has(product)) continue;
    seen.add(product);
    then.set(product, { ...products.get(product)!, price: fromStored(h.old_price ?? h.new_price) });
  }

  const outletPrices: OutletPriceInput[] = [];
  const current = new Set<number>();
  for (const o of overrides) {
    current.add(o.id);
    const then = changes.get(o.id);
    if (then && !then.existed) continue;
    outletPrices.push({
      id: o.id,
      product: o.product_id,
      outlet,
      price: then?.price !== undefined ? money(then.price) : fromStored(o.price),
    });
  }
  const wanted = new Set(ids);
  for (const [rowId, then] of changes) {
    if (
      current.has(rowId) ||
      !then.existed ||
      then.price === undefined ||
      Number(then.outlet) !== outlet ||
      !wanted.has(Number(then.product))
    )
      continue;
    outletPrices.push({ id: rowId, product: Number(then.product), outlet, price: money(then.price) });
  }

  return {
    products: then,
    outletPrices,
    futurePrices: pending.map((f) => ({
      id: f.id,
      product: f.product_id,
      outlet: f.outlet_id,
      price: fromStored(f.new_price),
      effectiveDate: f.effective_date,
    })),
  };
}
