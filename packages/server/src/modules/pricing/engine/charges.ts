import { allocate, mulDiv, percentOf, sum, times } from './arithmetic';
import { consider, type PricingRun } from './context';
import { notFired } from './context';
import { unitPriceOf } from './lines';
import { remainingOf, type WorkLine } from './portions';
import type { Minor, ProductInput, RoundingRule, SurchargeInput, TaxCodeInput, TaxLine } from './types';

/**
 * Surcharges of the sale's channel (blank channel: every sale) at this outlet: a percent of what
 * the goods come to after every reduction, or a fixed amount.
 */
export function applySurcharges(run: PricingRun): { surcharge: SurchargeInput; amount: Minor }[] {
  const goods = sum(run.lines.map(remainingOf));
  const out: { surcharge: SurchargeInput; amount: Minor }[] = [];
  for (const surcharge of run.data.surcharges) {
    const entry = consider(run, { kind: 'surcharge', id: surcharge.id, code: surcharge.code, name: surcharge.name });
    if (!surcharge.isActive) notFired(entry, 'inactive');
    else if (surcharge.outlets.length > 0 && !surcharge.outlets.includes(run.basket.outlet.id))
      notFired(entry, 'outletNotIncluded');
    else if (surcharge.appliesTo !== null && surcharge.appliesTo !== run.basket.channel.kind)
      notFired(entry, 'channelNotIncluded');
    else if (run.lines.length === 0) notFired(entry, 'noQualifyingItems');
    else {
      const amount = surcharge.kind === 'percent' ? percentOf(goods, surcharge.value) : surcharge.value;
      entry.fired = true;
      entry.amount = amount;
      out.push({ surcharge, amount });
    }
  }
  return out;
}

const inEffect = (code: TaxCodeInput | undefined, date: string) =>
  !!code && code.isActive && (!code.effectiveFrom || code.effectiveFrom <= date);

/** The default tax code in effect on the date. */
function defaultCode(run: PricingRun): TaxCodeInput | null {
  return run.data.taxCodes.find((t) => t.isDefault && inEffect(t, run.now.date)) ?? null;
}

/** A product's tax code on the date: its own when in effect, else the default code (a code not yet in effect is not charged). */
export function taxCodeOf(run: PricingRun, product: ProductInput): TaxCodeInput | null {
  const own = product.taxCode === null ? undefined : run.prepared.taxCodes.get(product.taxCode);
  return inEffect(own, run.now.date) ? own! : defaultCode(run);
}

/** A price includes tax when the product says so or its code includes tax by default. */
export const isInclusive = (product: ProductInput, code: TaxCodeInput | null) =>
  product.taxInclusive || (code?.inclusiveByDefault ?? false);

/** What each line's net amount is made of, by product: a bundle's net shared over its items by their own prices. */
export function taxParts(run: PricingRun, line: WorkLine): { product: ProductInput; net: Minor }[] {
  const net = remainingOf(line);
  if (line.product) return [{ product: line.product, net }];
  const items = line.bundle!.items.map((i) => run.data.products.get(i.product)!);
  const weights = line.bundle!.items.map((i, k) =>
    times(unitPriceOf(run.prepared, items[k]!, run.basket.outlet.id, run.now.date).price, i.quantity),
  );
  const shares = allocate(net, weights.every((w) => w === 0) ? weights.map(() => 1) : weights);
  return items.map((product, k) => ({ product, net: shares[k]! }));
}

/**
 * Tax per code and kind, on the totals of each (so lines do not add rounding): inclusive tax is
 * the part of the amount that is tax, exclusive tax is added. Amounts are never negative, so
 * neither is tax. A taxable surcharge is taxed at the default code, added on top.
 */
export function computeTax(run: PricingRun, surcharges: { surcharge: SurchargeInput; amount: Minor }[]): TaxLine[] {
  const groups = new Map<string, TaxLine>();
  const add = (code: TaxCodeInput | null, inclusive: boolean, amount: Minor) => {
    const key = `${code?.id ?? 'none'}:${inclusive}`;
    const group = groups.get(key);
    if (group) group.base += amount;
    else groups.set(key, { code, inclusive, base: amount, amount: 0 });
  };
  for (const line of run.lines)
    for (const part of taxParts(run, line)) {
      const code = taxCodeOf(run, part.product);
      add(code, isInclusive(part.product, code), part.net);
    }
  const surchargeCode = defaultCode(run);
  for (const { surcharge, amount } of surcharges)
    if (surcharge.taxable && surchargeCode) add(surchargeCode, false, amount);
  const out = [...groups.values()].filter((g) => g.code !== null);
  for (const g of out)
    g.amount = g.inclusive
      ? mulDiv(g.base, g.code!.rate, 100_000 + g.code!.rate)
      : mulDiv(g.base, g.code!.rate, 100_000);
  return out.sort((a, b) => a.code!.code.localeCompare(b.code!.code) || Number(a.inclusive) - Number(b.inclusive));
}

const INCREMENT: Record<RoundingRule, number> = {
  none: 0,
  'nearest0.05': 5,
  'nearest0.10': 10,
  'nearest0.50': 50,
  'nearest1.00': 100,
};

/**
 * The cash rounding of the terminal settings, half up: to 0.05 a total ending in 1–2 goes down
 * and 3–4 up to 5 (and 6–7 down to 5, 8–9 up). Increments below the currency's smallest unit
 * are no rounding.
 */
export function roundingOf(total: Minor, rule: RoundingRule, decimals: number): Minor {
  const cents = INCREMENT[rule];
  if (cents === 0) return 0;
  const scaled = cents * 10 ** decimals;
  if (scaled % 100 !== 0) return 0;
  const step = scaled / 100;
  const rounded = Math.floor((2 * total + step) / (2 * step)) * step;
  return rounded - total;
}
