import {
  MONEY_SCALE,
  formatScaled,
  type WhatIfDay,
  type WhatIfFigures,
  type WhatIfProduct,
  type WhatIfResult,
} from '@backroom/schema';
import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import type { JobKind, JobRun } from '../../jobs/kinds';
import { times } from './engine/arithmetic';
import { localTime } from './engine/calendar';
import {
  priceBasket,
  type Basket,
  type BasketLine,
  type ChannelKind,
  type MemberInput,
  type PricedBasket,
  type PricingData,
  type ProductInput,
  type PromotionInput,
  type RuleInput,
} from './engine/index';
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

/** A draft does not have to be switched on to be tried: it is tried as if it were. */
const tried = <T extends { isActive: boolean }>(input: T): T => ({ ...input, isActive: true });

/** The rule sets without the promotion (the baseline) and with it (as drafted, else as saved). */
function scenarios(set: RuleSet, p: WhatIfPayload): { without: RuleSet; with: RuleSet } {
  const money = currencyMoney(set.currency.decimals);
  const id = p.id ?? -1;
  if (p.entity === 'promotion') {
    const others = set.promotions.filter((x) => x.id !== p.id);
    const saved = set.promotions.find((x) => x.id === p.id);
    const candidate: PromotionInput | undefined = p.draft
      ? promotionOf({ code: saved?.code ?? '', name: saved?.name ?? '', ...p.draft, id }, money)
      : saved;
    return {
      without: { ...set, promotions: others },
      with: { ...set, promotions: candidate ? [...others, tried(candidate)] : others },
    };
  }
  const others = set.rules.filter((x) => x.id !== p.id);
  const saved = set.rules.find((x) => x.id === p.id);
  const candidate: RuleInput | undefined = p.draft
    ? ruleOf({ code: saved?.code ?? '', name: saved?.name ?? '', ...p.draft, id }, money)
    : saved;
  return {
    without: { ...set, rules: others },
    with: { ...set, rules: candidate ? [...others, tried(candidate)] : others },
  };
}

interface Sale {
  id: number;
  outlet: number;
  at: string;
  member: number | null;
  channel: ChannelKind;
  online: number | null;
  /** What the engine prices: products, and bundles put back together from their component lines. */
  lines: BasketLine[];
  /** Every product that left the shelf (a bundle's components too), for the cost. */
  goods: { product: number; quantity: number }[];
  /** The cashier's discounts, on the product of their line or the bill. */
  discounts: Basket['discounts'];
}

const CHANNELS: readonly ChannelKind[] = ['store', 'dineIn', 'takeaway', 'delivery', 'online'];

type StoredLine = { product: number; quantity: number; bundle: number | null };

/**
 * A sale's stored lines back as the till's lines: a product line is one stored line, a bundle line
 * one per item, in the bundle's order (a new bundle line starts where its first item comes again).
 */
function tillLines(rows: readonly StoredLine[]): StoredLine[][] {
  const out: StoredLine[][] = [];
  for (const r of rows) {
    const open = out.at(-1);
    if (r.bundle !== null && open?.[0]?.bundle === r.bundle && !open.some((x) => x.product === r.product)) open.push(r);
    else out.push([r]);
  }
  return out;
}

/** A till line as the engine's basket line: a bundle by its quantity (its first item's share), or its items when the bundle is gone. */
function basketLines(set: RuleSet, line: readonly StoredLine[]): BasketLine[] {
  const first = line[0]!;
  const bundle = first.bundle === null ? undefined : set.bundles.get(first.bundle);
  const item = bundle?.items.find((i) => i.product === first.product);
  if (!bundle || !item || item.quantity <= 0) return line.map((r) => ({ product: r.product, quantity: r.quantity }));
  return [{ bundle: bundle.id, quantity: Math.round((first.quantity * 1000) / item.quantity) }];
}

/** The sales of the window (kind `sale`, at the chosen outlets), as a till writes them: every column the replay reads is set. */
const salesIn = (db: Kysely<Database>, p: WhatIfPayload, from: string) =>
  db
    .selectFrom('sale')
    .where('kind', '=', 'sale')
    .where('at', '>=', from)
    .where('at', '<=', p.until)
    .where('outlet_id', 'in', p.outlets);

async function salesOf(
  db: Kysely<Database>,
  set: RuleSet,
  p: WhatIfPayload,
  from: string,
  after: number,
): Promise<Sale[]> {
  const heads = await salesIn(db, p, from)
    .select(['id', 'outlet_id', 'at', 'member_id', 'channel', 'online_channel_id'])
    .where('id', '>', after)
    .orderBy('id')
    .limit(SLICE)
    .$narrowType<{ outlet_id: number; at: string }>()
    .execute();
  if (heads.length === 0) return [];
  const ids = heads.map((h) => h.id);
  const lines = await db
    .selectFrom('sale_line')
    .select(['sale_id', 'product_id', 'quantity', 'bundle_id'])
    .where('sale_id', 'in', ids)
    .orderBy('sale_id')
    .orderBy('line_no')
    .$narrowType<{ sale_id: number; product_id: number; quantity: number }>()
    .execute();
  const given = await db
    .selectFrom('sale_discount')
    .select(['sale_id', 'line_no', 'discount_id'])
    .where('sale_id', 'in', ids)
    .orderBy('id')
    .$narrowType<{ sale_id: number; discount_id: number }>()
    .execute();
  const bySale = new Map<number, StoredLine[]>();
  for (const l of lines)
    if (l.quantity > 0)
      bySale.set(l.sale_id, [
        ...(bySale.get(l.sale_id) ?? []),
        { product: l.product_id, quantity: l.quantity, bundle: l.bundle_id },
      ]);
  return heads.map((h) => {
    const rows = bySale.get(h.id) ?? [];
    const till = tillLines(rows);
    // A discount names the till's line it was given on; an item discount on a bundle line is not replayed.
    const productOf = (lineNo: number) => {
      const line = till[lineNo];
      return line && line[0]!.bundle === null ? line[0]!.product : undefined;
    };
    const channel = CHANNELS.find((c) => c === h.channel) ?? 'store';
    return {
      id: h.id,
      outlet: h.outlet_id,
      at: h.at,
      member: h.member_id,
      channel,
      online: h.online_channel_id,
      lines: till.flatMap((line) => basketLines(set, line)),
      goods: rows.map((r) => ({ product: r.product, quantity: r.quantity })),
      discounts: given.flatMap((d) => {
        if (d.sale_id !== h.id) return [];
        const product = d.line_no === null ? null : productOf(d.line_no);
        return product === undefined ? [] : [{ discount: d.discount_id, product }];
      }),
    };
  });
}

/** Product cost prices in minor units (missing: none). */
async function costsOf(db: Kysely<Database>, set: RuleSet, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const money = currencyMoney(set.currency.decimals);
  const rows = await db
    .selectFrom('product')
    .select(['id', 'cost_price'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(
    rows.flatMap((r) => (r.cost_price === null ? [] : [[r.id, money(formatScaled(r.cost_price, MONEY_SCALE))]])),
  );
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

export async function runWhatIf(
  job: Pick<JobRun, 'ctx' | 'progress' | 'signal'>,
  p: WhatIfPayload,
): Promise<WhatIfResult> {
  const started = Date.now();
  const { ctx } = job;
  const db = ctx.db;
  const set = await ruleSet(ctx);
  const { without, with: withIt } = scenarios(set, p);
  const from = new Date(Date.parse(p.until) - p.days * 86_400_000).toISOString();
  const { n } = await salesIn(db, p, from)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  const total = Number(n);
  // Every outlet override's changes since the window began, read once for every sale's moment.
  const overrideChanges = await overrideChangesSince(db, from);

  const extra = (s: RuleSet) =>
    s.rules.flatMap((r) =>
      r.rewards.flatMap((w) => (w.kind === 'buyXGetY' && w.getProduct !== null ? [w.getProduct] : [])),
    );
  const products = new Map<number, ProductInput>();
  const costs = new Map<number, number>();
  const members = new Map<string, MemberInput>();
  const days = new Map<string, Tally>();
  const all = emptyTally();
  const byProduct = new Map<number, { quantity: number; discount: number }>();
  let done = 0;

  for (let after = 0; ;) {
    job.signal.throwIfAborted();
    const slice = await salesOf(db, set, p, from, after);
    if (slice.length === 0) break;
    after = slice.at(-1)!.id;
    const wanted = [...new Set([...slice.flatMap((s) => s.goods.map((l) => l.product)), ...extra(withIt)])].filter(
      (id) => !products.has(id),
    );
    for (const [id, row] of await loadProducts(ctx, set, wanted)) products.set(id, row);
    if (p.margins) for (const [id, cost] of await costsOf(db, set, wanted)) costs.set(id, cost);

    for (const s of slice) {
      done++;
      const outlet = set.outlets.get(s.outlet);
      const lines = s.lines.filter((l) =>
        l.bundle !== undefined
          ? set.bundles.get(l.bundle)!.items.every((i) => products.has(i.product))
          : products.has(l.product!),
      );
      if (!outlet || lines.length === 0) continue;
      const date = localTime(s.at, outlet.timezone).date;
      let member: MemberInput | null = null;
      if (s.member !== null) {
        const key = `${s.member}:${date.slice(0, 4)}`;
        member = members.get(key) ?? (await loadMember(ctx, set, s.member, date.slice(0, 4)).catch(() => null));
        if (member) members.set(key, member);
      }
      const needed = new Map(
        [
          ...new Set([
            ...lines.flatMap((l) =>
              l.bundle !== undefined ? set.bundles.get(l.bundle)!.items.map((i) => i.product) : [l.product!],
            ),
            ...extra(withIt),
            ...(member?.group?.benefits.flatMap((b) => (b.product !== null ? [b.product] : [])) ?? []),
          ]),
        ].flatMap((id) => (products.has(id) ? [[id, products.get(id)!] as const] : [])),
      );
      const prices = await pricesAt(db, set, needed, s.outlet, s.at, overrideChanges);
      const basket: Basket = {
        outlet: { id: s.outlet, timezone: outlet.timezone },
        channel: { kind: s.channel, online: s.online },
        at: s.at,
        member,
        vouchers: [],
        discounts: s.discounts.filter((d) => set.discounts.some((x) => x.id === d.discount)),
        lines,
      };
      // Usage limits are not replayed: each past sale is priced as if the rule still had uses left.
      const data = (rules: RuleSet): PricingData => ({
        ...rules,
        products: prices.products,
        outletPrices: prices.outletPrices,
        futurePrices: prices.futurePrices,
        ruleUsage: new Map(),
      });
      const base = priceBasket(data(without), basket);
      const next = priceBasket(data(withIt), basket);

      const day = days.get(date) ?? emptyTally();
      days.set(date, day);
      const cost = p.margins ? s.goods.reduce((a, l) => a + times(costs.get(l.product) ?? 0, l.quantity), 0) : 0;
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
    ...(p.margins
      ? { marginGivenUp: money(t.before - t.after), marginBefore: money(t.before), marginAfter: money(t.after) }
      : {}),
  });
  const topProducts: WhatIfProduct[] = [...byProduct.entries()]
    .sort(([a, x], [b, y]) => y.discount - x.discount || a - b)
    .slice(0, TOP_PRODUCTS)
    .map(([id, t]) => ({
      id,
      code: products.get(id)!.code,
      name: products.get(id)!.name,
      quantity: formatScaled(t.quantity, 3),
      discountGiven: money(t.discount),
    }));
  return {
    from,
    to: p.until,
    outlets: p.outlets.flatMap((id) => {
      const o = set.outlets.get(id);
      return o ? [{ id, code: o.code, name: o.name }] : [];
    }),
    currency: set.currency.code,
    days: [...days.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([date, t]): WhatIfDay => ({ date, ...figures(t) })),
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
