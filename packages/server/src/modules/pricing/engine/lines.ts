import type { PriceSource } from '@backroom/schema';
import { sum, times } from './arithmetic';
import { checkWindow, type LocalTime } from './calendar';
import type { Considered } from './types';
import type { WorkLine } from './portions';
import type { Prepared } from './prepare';
import type { Basket, BundleInput, Minor, PricingData, ProductInput } from './types';

interface UnitPrice {
  price: Minor;
  source: PriceSource;
  sourceId: number | null;
}

/** The prices a unit price is chosen from, by product. */
export type PriceRows = Pick<Prepared, 'outletPrices' | 'futurePrices'>;

/** The latest pending future price in effect on `date` for the product at `outlet` (null: chain-wide). */
function futurePrice(prepared: PriceRows, product: number, outlet: number | null, date: string) {
  let best: { id: number; price: Minor; effectiveDate: string } | undefined;
  for (const f of prepared.futurePrices.get(product) ?? []) {
    if (f.outlet !== outlet || f.effectiveDate > date) continue;
    if (!best || f.effectiveDate > best.effectiveDate || (f.effectiveDate === best.effectiveDate && f.id > best.id))
      best = f;
  }
  return best;
}

/**
 * A product's unit price at an outlet on a date, the way the future-price job would leave it:
 * the outlet's future price in effect, else the outlet's override, else the chain-wide future
 * price in effect, else the product's own price.
 */
export function unitPriceOf(
  prepared: PriceRows,
  product: Pick<ProductInput, 'id' | 'price'>,
  outlet: number,
  date: string,
): UnitPrice {
  const atOutlet = futurePrice(prepared, product.id, outlet, date);
  if (atOutlet) return { price: atOutlet.price, source: 'futurePrice', sourceId: atOutlet.id };
  const override = prepared.outletPrices.get(product.id)?.find((o) => o.outlet === outlet);
  if (override) return { price: override.price, source: 'outletPrice', sourceId: override.id };
  const chain = futurePrice(prepared, product.id, null, date);
  if (chain) return { price: chain.price, source: 'futurePrice', sourceId: chain.id };
  return { price: product.price, source: 'product', sourceId: null };
}

/** Why a bundle is not on sale (null when it is). */
export function bundleReason(bundle: BundleInput, outlet: number, now: LocalTime): Considered['reason'] | null {
  if (!bundle.isActive) return 'inactive';
  const window = checkWindow(now, bundle);
  if (!window.ok) return window.reason;
  if (bundle.outlets.length > 0 && !bundle.outlets.includes(outlet)) return 'outletNotIncluded';
  return null;
}

/**
 * The basket's lines, one per product or bundle (a product added twice is one line with both
 * quantities), numbered in the order they were first added and sorted by product, then bundle,
 * for the computation: so nothing depends on the order of adding.
 */
export function buildLines(
  data: PricingData,
  prepared: Prepared,
  basket: Basket,
  now: LocalTime,
  considered: Considered[],
): WorkLine[] {
  const merged = new Map<string, { product?: number; bundle?: number; quantity: number }>();
  for (const line of basket.lines) {
    if (line.quantity <= 0) continue;
    const key = line.bundle !== undefined ? `b${line.bundle}` : `p${line.product}`;
    const seen = merged.get(key);
    if (seen) seen.quantity += line.quantity;
    else merged.set(key, { ...line });
  }
  const lines: WorkLine[] = [];
  for (const [index, entry] of [...merged.values()].entries()) {
    const product = entry.product !== undefined ? data.products.get(entry.product) : undefined;
    const bundle = entry.bundle !== undefined ? data.bundles.get(entry.bundle) : undefined;
    if (!product && !bundle) throw new Error(`Unknown basket line ${JSON.stringify(entry)}`);
    let unit: UnitPrice;
    if (bundle) {
      const reason = bundleReason(bundle, basket.outlet.id, now);
      considered.push({
        kind: 'bundle',
        id: bundle.id,
        code: bundle.code,
        name: bundle.name,
        fired: reason === null,
        amount: 0,
        ...(reason ? { reason } : {}),
      });
      const components = sum(
        bundle.items.map((i) =>
          times(unitPriceOf(prepared, data.products.get(i.product)!, basket.outlet.id, now.date).price, i.quantity),
        ),
      );
      unit =
        reason === null
          ? { price: bundle.price, source: 'bundle', sourceId: bundle.id }
          : { price: components, source: 'product', sourceId: null };
    } else {
      unit = unitPriceOf(prepared, product!, basket.outlet.id, now.date);
    }
    const gross = times(unit.price, entry.quantity);
    const work: WorkLine = {
      line: index,
      product: product ?? null,
      bundle: bundle ?? null,
      code: (product ?? bundle)!.code,
      name: (product ?? bundle)!.name,
      quantity: entry.quantity,
      unitPrice: unit.price,
      priceSource: unit.source,
      priceSourceId: unit.sourceId,
      gross,
      portions: [],
      adjustments: new Map(),
    };
    work.portions.push({ line: work, qty: entry.quantity, remaining: gross, blockedBy: null, touchedBy: [] });
    lines.push(work);
  }
  return lines.sort(canonicalOrder);
}

/** The computation's order of lines: products, then bundles, each by id — never the order of adding. */
export const canonicalOrder = (a: WorkLine, b: WorkLine) =>
  (a.bundle ? 1 : 0) - (b.bundle ? 1 : 0) || (a.product?.id ?? a.bundle!.id) - (b.product?.id ?? b.bundle!.id);
