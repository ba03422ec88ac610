import { MONEY_SCALE, formatScaled, getEntity, type WhatIfDay, type WhatIfFigures, type WhatIfProduct, type WhatIfResult } from '@backroom/schema';
import { z } from 'zod';
import { anyDb, type AnyDb } from '../../data/store';
import type { JobKind, JobRun } from '../../jobs/kinds';
import { columnOf } from '../columns';
import { times } from './engine/arithmetic';
import { localTime } from './engine/calendar';
import { priceBasket, type Basket, type MemberInput, type PricedBasket, type PricingData, type ProductInput, type PromotionInput, type RuleInput } from './engine/index';
import { currencyMoney, loadMember, loadProducts, promotionOf, ruleOf, ruleSet, type RuleSet } from './loader';
import { overrideChangesSince, pricesAt } from './prices-at';

/**
 * "Try on past sales": the outlets' sales of the last days replayed through the engine twice — as
 * the rules stand without the promotion, and with it — each at its own moment and outlet, with the
 * prices in force then. Reads only: the job's own row is all it writes. (docs/decisions/pricing.md, "What
 * if: a promotion tried on past sales".)
 */
export const WHAT_IF_JOB = 'pricing.whatIf';
export const MAX_DAYS = 90;
const TOP_PRODUCTS = 10;
/** Sales read and priced per slice (a progress report after each). */
const SLICE = 200;

export const whatIfPayload = z.object({
  ownerId: z.number().int(),
  entity: z.enum(['promotion', 'newpromotion']),
  id: z.number().int().positive().nullable(),
  draft: z.record(z.string(), z.unknown()).nullable(),
  days: z.number().int().min(1).max(MAX_DAYS),
  outlets: z.array(z.number().int().positive()),
  margins: z.boolean(),
  /** The moment the replay runs up to (when it was asked). */
  until: z.string(),
});
export type WhatIfPayload = z.infer<typeof whatIfPayload>;

const sale = getEntity('sale');
const line = getEntity('saleline');
const product = getEntity('product');
const S = (name: string) => columnOf(sale, name);
const L = (name: string) => columnOf(line, name);

/** A draft does not have to be switched on to be tried: it is tried as if it were. */
const tried = <T extends { isActive: boolean }>(input: T): T => ({ ...input, isActive: true });

/** The rule sets without the promotion (the baseline) and with it (as drafted, else as saved). */
function scenarios(set: RuleSet, p: WhatIfPayload): { without: RuleSet; with: RuleSet } {
  const money = currencyMoney(set.currency.decimals);
  const id = p.id ?? -1;
  if (p.entity === 'promotion') {
    const others = set.promotions.filter((x) => x.id !== p.id);
    const saved = set.promotions.find((x) => x.id === p.id);
    const candidate: PromotionInput | undefined = p.draft ? promotionOf({ code: saved?.code ?? '', name: saved?.name ?? '', ...p.draft, id }, money) : saved;
    return { without: { ...set, promotions: others }, with: { ...set, promotions: candidate ? [...others, tried(candidate)] : others } };
  }
  const others = set.rules.filter((x) => x.id !== p.id);
  const saved = set.rules.find((x) => x.id === p.id);
  const candidate: RuleInput | undefined = p.draft ? ruleOf({ code: saved?.code ?? '', name: saved?.name ?? '', ...p.draft, id }, money) : saved;
  return { without: { ...set, rules: others }, with: { ...set, rules: candidate ? [...others, tried(candidate)] : others } };
}

interface Sale {
  id: number;
  outlet: number;
  at: string;
  member: number | null;
  lines: { product: number; quantity: number }[];
}

async function salesOf(db: AnyDb, p: WhatIfPayload, from: string, after: number): Promise<Sale[]> {
  const heads = await db
    .selectFrom(sale.table)
    .select(['id', `${S('outlet')} as outlet`, `${S('at')} as at`, `${S('member')} as member`])
    .where(S('kind'), '=', 'sale')
    .where(S('at'), '>=', from)
    .where(S('at'), '<=', p.until)
    .where(S('outlet'), 'in', p.outlets)
    .where('id', '>', after)
    .orderBy('id')
    .limit(SLICE)
    .execute();
  if (heads.length === 0) return [];
  const lines = await db
    .selectFrom(line.table)
    .select([`${L('sale')} as sale`, `${L('product')} as product`, `${L('quantity')} as quantity`])
    .where(L('sale'), 'in', heads.map((h) => Number(h.id)))
    .orderBy(L('sale'))
    .orderBy(L('lineNo'))
    .execute();
  const bySale = new Map<number, Sale['lines']>();
  for (const l of lines) if (Number(l.quantity) > 0) bySale.set(Number(l.sale), [...(bySale.get(Number(l.sale)) ?? []), { product: Number(l.product), quantity: Number(l.quantity) }]);
  return heads.map((h) => ({ id: Number(h.id), outlet: Number(h.outlet), at: String(h.at), member: h.member === null ? null : Number(h.member), lines: bySale.get(Number(h.id)) ?? [] }));
}

/** Product cost prices in minor units (missing: none). */
async function costsOf(db: AnyDb, set: RuleSet, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const money = currencyMoney(set.currency.decimals);
  const rows = await db.selectFrom(product.table).select(['id', `${columnOf(product, 'costPrice')} as cost`]).where('id', 'in', [...ids]).execute();
  return new Map(rows.filter((r) => r.cost !== null).map((r) => [Number(r.id), money(formatScaled(Number(r.cost), MONEY_SCALE))]));
}

interface Tally {
  baskets: number;
  affected: number;
  discount: number;
  before: number;
  after: number;
}

const emptyTally = (): Tally => ({ baskets: 0, affected: 0, discount: 0, before: 0, after: 0 });
/** What the goods come to without tax: the margin's revenue. */
const net = (p: PricedBasket) => p.subtotal - p.discountTotal - p.taxIncluded;

export async function runWhatIf(job: Pick<JobRun, 'ctx' | 'progress' | 'signal'>, p: WhatIfPayload): Promise<WhatIfResult> {
  const started = Date.now();
  const { ctx } = job;
  const db = anyDb(ctx);
  const set = await ruleSet(ctx);
  const { without, with: withIt } = scenarios(set, p);
  const from = new Date(Date.parse(p.until) - p.days * 86_400_000).toISOString();
  const { n } = await db
    .selectFrom(sale.table)
    .select((eb) => eb.fn.countAll().as('n'))
    .where(S('kind'), '=', 'sale')
    .where(S('at'), '>=', from)
    .where(S('at'), '<=', p.until)
    .where(S('outlet'), 'in', p.outlets)
    .executeTakeFirstOrThrow();
  const total = Number(n);
  // Every outlet override's changes since the window began, read once for every sale's moment.
  const overrideChanges = await overrideChangesSince(db, from);

  const extra = (s: RuleSet) => s.rules.flatMap((r) => r.rewards.flatMap((w) => (w.kind === 'buyXGetY' && w.getProduct !== null ? [w.getProduct] : [])));
  const products = new Map<number, ProductInput>();
  const costs = new Map<number, number>();
  const members = new Map<string, MemberInput>();
  const days = new Map<string, Tally>();
  const all = emptyTally();
  const byProduct = new Map<number, { quantity: number; discount: number }>();
  let done = 0;

  for (let after = 0; ; ) {
    job.signal.throwIfAborted();
    const slice = await salesOf(db, p, from, after);
    if (slice.length === 0) break;
    after = slice.at(-1)!.id;
    const wanted = [...new Set([...slice.flatMap((s) => s.lines.map((l) => l.product)), ...extra(withIt)])].filter((id) => !products.has(id));
    for (const [id, row] of await loadProducts(ctx, set, wanted)) products.set(id, row);
    if (p.margins) for (const [id, cost] of await costsOf(db, set, wanted)) costs.set(id, cost);

    for (const s of slice) {
      done++;
      const outlet = set.outlets.get(s.outlet);
      const lines = s.lines.filter((l) => products.has(l.product));
      if (!outlet || lines.length === 0) continue;
      const date = localTime(s.at, outlet.timezone).date;
      let member: MemberInput | null = null;
      if (s.member !== null) {
        const key = `${s.member}:${date.slice(0, 4)}`;
        member = members.get(key) ?? (await loadMember(ctx, set, s.member, date.slice(0, 4)).catch(() => null));
        if (member) members.set(key, member);
      }
      const needed = new Map([...new Set([...lines.map((l) => l.product), ...extra(withIt), ...(member?.group?.benefits.flatMap((b) => (b.product !== null ? [b.product] : [])) ?? [])])].flatMap((id) => (products.has(id) ? [[id, products.get(id)!] as const] : [])));
      const prices = await pricesAt(db, set, needed, s.outlet, s.at, overrideChanges);
      const basket: Basket = { outlet: { id: s.outlet, timezone: outlet.timezone }, channel: { kind: 'store', online: null }, at: s.at, member, vouchers: [], discounts: [], lines };
      // Usage limits are not replayed: each past sale is priced as if the rule still had uses left.
      const data = (rules: RuleSet): PricingData => ({ ...rules, products: prices.products, outletPrices: prices.outletPrices, futurePrices: prices.futurePrices, ruleUsage: new Map() });
      const base = priceBasket(data(without), basket);
      const next = priceBasket(data(withIt), basket);

      const day = days.get(date) ?? emptyTally();
      days.set(date, day);
      const cost = p.margins ? lines.reduce((a, l) => a + times(costs.get(l.product) ?? 0, l.quantity), 0) : 0;
      const changed = next.lines.some((l, i) => l.total !== base.lines[i]?.total) || next.total !== base.total;
      for (const t of [day, all]) {
        t.baskets++;
        t.before += net(base) - cost;
        t.after += net(next) - cost;
        if (!changed) continue;
        t.affected++;
        t.discount += next.discountTotal - base.discountTotal;
      }
      if (!changed) continue;
      for (const l of next.lines) {
        const was = base.lines.find((b) => b.product?.id === l.product?.id);
        const given = (was?.total ?? l.total) - l.total;
        if (given === 0 || !l.product) continue;
        const seen = byProduct.get(l.product.id) ?? { quantity: 0, discount: 0 };
        byProduct.set(l.product.id, { quantity: seen.quantity + l.quantity, discount: seen.discount + given });
      }
    }
    await job.progress(Math.min(99, Math.floor((done / Math.max(total, 1)) * 100)));
  }

  const money = (minor: number) => formatScaled(minor, set.currency.decimals);
  const figures = (t: Tally): WhatIfFigures => ({
    baskets: t.baskets,
    basketsAffected: t.affected,
    discountGiven: money(t.discount),
    ...(p.margins ? { marginGivenUp: money(t.before - t.after), marginBefore: money(t.before), marginAfter: money(t.after) } : {}),
  });
  const topProducts: WhatIfProduct[] = [...byProduct.entries()]
    .sort(([a, x], [b, y]) => y.discount - x.discount || a - b)
    .slice(0, TOP_PRODUCTS)
    .map(([id, t]) => ({ id, code: products.get(id)!.code, name: products.get(id)!.name, quantity: formatScaled(t.quantity, 3), discountGiven: money(t.discount) }));
  return {
    from,
    to: p.until,
    outlets: p.outlets.flatMap((id) => {
      const o = set.outlets.get(id);
      return o ? [{ id, code: o.code, name: o.name }] : [];
    }),
    currency: set.currency.code,
    days: [...days.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([date, t]): WhatIfDay => ({ date, ...figures(t) })),
    total: figures(all),
    topProducts,
    margins: p.margins,
    tookMs: Date.now() - started,
  };
}

export const whatIfJob: JobKind = {
  privilege: { screen: 'promotion', action: 'edit' },
  run: async (job) => runWhatIf(job, whatIfPayload.parse(job.payload)),
};
