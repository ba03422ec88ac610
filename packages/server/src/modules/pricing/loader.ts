import { MONEY_SCALE, formatScaled, getEntity, humanize, toMinorUnits } from '@backroom/schema';
import type { AppContext } from '../../context';
import { cachePerApp, readGeneration } from '../../db/generations';
import { storedColumns, toApiRows } from '../../data/read';
import { anyDb, type AnyDb, type Row } from '../../data/store';
import { typedDb } from '../../db/types';
import type { RuleSetEntity } from './cache';
import type {
  BenefitInput,
  BundleInput,
  DiscountInput,
  ItemTarget,
  MemberInput,
  PricingData,
  ProductInput,
  PromotionInput,
  RoundingRule,
  RuleInput,
  RuleReward,
  SurchargeInput,
  TaxCodeInput,
  VoucherInput,
  Weekday,
} from './engine/index';

/**
 * Reads what the engine needs. The rules (promotions, rules, discounts, surcharges, tax codes,
 * bundles), categories, outlets, currency and terminal settings are kept by the process while the
 * database's `pricing` generation is unchanged: any write to their tables, through any server,
 * raises it (`src/db/generations.ts`). Everything of one basket — its products and their prices,
 * the member, usage counts, voucher codes — is read for each basket.
 */
export interface OutletInfo {
  id: number;
  code: string;
  name: string;
  timezone: string;
}

/** The cached part: the same objects for every basket, so the engine's indexes of them are built once. */
export interface RuleSet {
  currency: { code: string; decimals: number };
  rounding: RoundingRule;
  maxDiscountWithoutApproval: number | null;
  promotions: PromotionInput[];
  rules: RuleInput[];
  discounts: DiscountInput[];
  surcharges: SurchargeInput[];
  taxCodes: TaxCodeInput[];
  bundles: Map<number, BundleInput>;
  /** Each category's parent. */
  categoryParents: Map<number, number | null>;
  outlets: Map<number, OutletInfo>;
  onlineChannels: Map<number, { id: number; code: string; name: string }>;
}

const ids = (value: unknown): number[] => (Array.isArray(value) ? value.map(Number) : []);
const id = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));
const text = (value: unknown): string | null =>
  value === null || value === undefined || value === '' ? null : String(value);
const percent = (value: unknown) => (value === null || value === undefined ? 0 : toMinorUnits(String(value), 2));
const quantity = (value: unknown) => toMinorUnits(String(value ?? '0'), 3);

/** Money as stored (scale 2) in the currency's minor units. */
export function currencyMoney(decimals: number) {
  return (value: unknown): number => {
    const minor = toMinorUnits(String(value ?? '0'), MONEY_SCALE);
    if (decimals === 2) return minor;
    if (decimals > 2) return minor * 10 ** (decimals - 2);
    const step = 10 ** (2 - decimals);
    return Math.floor((minor + step / 2) / step);
  };
}

/** Every row of an entity of the cached rule set (cache.ts) as API rows (children and links included, no labels). */
async function allRows(ctx: AppContext, db: AnyDb, name: RuleSetEntity): Promise<Row[]> {
  const entity = getEntity(name);
  const stored = await db
    .selectFrom(`${entity.table} as t`)
    .select(['t.id', ...storedColumns(entity.fields, 't')])
    .orderBy('t.id')
    .execute();
  return toApiRows(ctx, db, entity, stored, { labels: false });
}

const targets = (rows: unknown): ItemTarget[] =>
  ((rows as Row[] | null) ?? [])
    .map((r) => ({ product: id(r.product), category: id(r.category), collection: id(r.collection) }))
    .filter((t) => t.product !== null || t.category !== null || t.collection !== null);

const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));

const isKind = <K extends string>(kinds: readonly K[], value: unknown): value is K => kinds.includes(value as K);
const REWARD_KINDS = ['percentOff', 'amountOff', 'fixedPrice', 'buyXGetY', 'tieredSpend'] as const;

/** A rule's rewards: tiered-spend rows together are one reward, its tiers. */
function rewardsOf(rows: Row[], money: (v: unknown) => number): RuleReward[] {
  const limits = (r: Row) => ({
    maxAmount: r.maxAmount === null ? null : money(r.maxAmount),
    maxApplications: r.maxApplications === null ? null : Number(r.maxApplications),
  });
  const out: RuleReward[] = [];
  const tiers = rows.filter((r) => r.kind === 'tieredSpend');
  for (const r of rows) {
    if (!isKind(REWARD_KINDS, r.kind) || r.kind === 'tieredSpend') continue;
    if (r.kind === 'percentOff') out.push({ kind: 'percentOff', percent: percent(r.value), ...limits(r) });
    if (r.kind === 'amountOff') out.push({ kind: 'amountOff', amount: money(r.value), ...limits(r) });
    if (r.kind === 'fixedPrice') out.push({ kind: 'fixedPrice', price: money(r.value), ...limits(r) });
    if (r.kind === 'buyXGetY')
      out.push({
        kind: 'buyXGetY',
        buy: Math.floor(quantity(r.buyQuantity) / 1000),
        get: Math.floor(quantity(r.getQuantity) / 1000),
        getProduct: id(r.getProduct),
        percent: r.value === null ? 10_000 : percent(r.value),
        ...limits(r),
      });
  }
  if (tiers.length > 0) {
    const caps = tiers.map((t) => t.maxAmount).filter((m) => m !== null);
    out.push({
      kind: 'tieredSpend',
      tiers: tiers.map((t) => ({ threshold: money(t.spendThreshold), amount: money(t.value) })),
      maxAmount: caps.length > 0 ? Math.min(...caps.map(money)) : null,
    });
  }
  return out;
}

/** A promotion row (as the API reads or writes it) as the engine reads it. */
export function promotionOf(r: Row, money: (v: unknown) => number): PromotionInput {
  return {
    id: Number(r.id),
    code: String(r.code),
    name: String(r.name),
    isActive: r.isActive !== false,
    kind: r.kind as PromotionInput['kind'],
    value: r.kind === 'percentOff' ? percent(r.value) : money(r.value),
    items: targets(r.items),
    validFrom: text(r.validFrom),
    validTo: text(r.validTo),
    daysOfWeek: ((r.daysOfWeek as Weekday[] | null) ?? []).slice(),
    timeFrom: text(r.timeFrom),
    timeTo: text(r.timeTo),
    outlets: ids(r.outlets),
  };
}

/** A promotion rule row (as the API reads or writes it, with its conditions and rewards) as the engine reads it. */
export function ruleOf(row: Row, money: (v: unknown) => number): RuleInput {
  const conditions = (row.conditions as Row[] | null) ?? [];
  const of = (kind: string) => conditions.filter((c) => c.kind === kind);
  const minimum = (rows: Row[], field: string, read: (v: unknown) => number) => {
    const values = rows
      .map((c) => c[field])
      .filter((v) => v !== null && v !== undefined)
      .map(read);
    return values.length > 0 ? Math.max(...values) : null;
  };
  return {
    id: Number(row.id),
    code: String(row.code),
    name: String(row.name),
    isActive: row.isActive !== false,
    priority: Number(row.priority ?? 0),
    stackable: row.stackable === true,
    usageLimit: row.usageLimit === null ? null : Number(row.usageLimit),
    usageLimitPerMember: row.usageLimitPerMember === null ? null : Number(row.usageLimitPerMember),
    validFrom: text(row.validFrom),
    validTo: text(row.validTo),
    outlets: ids(row.outlets),
    conditions: {
      items: targets(conditions.filter((c) => ['items', 'categories', 'collections'].includes(c.kind as string))),
      minQuantity: minimum(of('minQuantity'), 'minQuantity', quantity),
      minSpend: minimum(of('minSpend'), 'minSpend', money),
      membershipGroups: of('membershipGroups')
        .map((c) => id(c.membershipGroup))
        .filter((v): v is number => v !== null),
      channels: of('channels')
        .map((c) => id(c.channel))
        .filter((v): v is number => v !== null),
    },
    rewards: rewardsOf((row.rewards as Row[] | null) ?? [], money),
  };
}

const ROUNDING: readonly RoundingRule[] = ['none', 'nearest0.05', 'nearest0.10', 'nearest0.50', 'nearest1.00'];

async function loadRuleSet(ctx: AppContext, db: AnyDb): Promise<RuleSet> {
  const currencies = await allRows(ctx, db, 'currency');
  const base = currencies.find((c) => c.isBase === true) ?? currencies[0];
  const decimals = base ? Number(base.decimals ?? 2) : 2;
  const money = currencyMoney(decimals);
  const [settings] = await allRows(ctx, db, 'posterminalsettings');
  const [promotions, rules, discounts, surcharges, taxCodes, bundles, outlets, channels] = await Promise.all(
    (
      [
        'promotion',
        'newpromotion',
        'discount',
        'surcharge',
        'gstsetup',
        'bundle',
        'outlet',
        'onlinesaleschannel',
      ] as const
    ).map((name) => allRows(ctx, db, name)),
  );
  const categories = await typedDb(db)
    .selectFrom('category' satisfies RuleSetEntity)
    .select(['id', 'parent_id'])
    .execute();
  const valueOf = (kind: unknown, percentKind: string, value: unknown) =>
    kind === percentKind ? percent(value) : money(value);
  const percentOrAmount = (r: Row) => ({
    id: Number(r.id),
    code: String(r.code),
    name: String(r.name),
    isActive: r.isActive !== false,
    kind: r.kind as 'percent' | 'amount',
    value: valueOf(r.kind, 'percent', r.value),
  });
  return {
    currency: { code: base ? String(base.code) : '', decimals },
    rounding: isKind(ROUNDING, settings?.roundingRule) ? settings.roundingRule : 'none',
    maxDiscountWithoutApproval: settings?.maxDiscountWithoutApproval
      ? percent(settings.maxDiscountWithoutApproval)
      : null,
    promotions: promotions!.map((r) => promotionOf(r, money)),
    rules: rules!.map((r) => ruleOf(r, money)),
    discounts: discounts!.map((r) => ({
      ...percentOrAmount(r),
      appliesTo: r.appliesTo === 'bill' ? 'bill' : 'item',
      maxAmount: r.maxAmount === null ? null : money(r.maxAmount),
      needsManagerApproval: r.needsManagerApproval === true,
      outlets: ids(r.outlets),
    })),
    surcharges: surcharges!.map((r) => ({
      ...percentOrAmount(r),
      appliesTo: (text(r.appliesTo) as SurchargeInput['appliesTo']) ?? null,
      taxable: r.taxable === true,
      outlets: ids(r.outlets),
    })),
    taxCodes: taxCodes!.map((r) => ({
      id: Number(r.id),
      code: String(r.code),
      name: String(r.name),
      isActive: r.isActive !== false,
      rate: toMinorUnits(String(r.ratePercent), 3),
      inclusiveByDefault: r.inclusiveByDefault === true,
      effectiveFrom: text(r.effectiveFrom),
      isDefault: r.isDefault === true,
    })),
    bundles: byId(
      bundles!.map((r) => ({
        id: Number(r.id),
        code: String(r.code),
        name: String(r.name),
        isActive: r.isActive !== false,
        price: money(r.price),
        validFrom: text(r.validFrom),
        validTo: text(r.validTo),
        outlets: ids(r.outlets),
        items: ((r.items as Row[] | null) ?? []).map((i) => ({
          product: Number(i.product),
          quantity: quantity(i.quantity),
        })),
      })),
    ),
    categoryParents: new Map(categories.map((c) => [c.id, c.parent_id])),
    outlets: byId(
      outlets!.map((o) => ({
        id: Number(o.id),
        code: String(o.code),
        name: String(o.name),
        timezone: String(o.timezone ?? 'UTC'),
      })),
    ),
    onlineChannels: byId(channels!.map((c) => ({ id: Number(c.id), code: String(c.code), name: String(c.name) }))),
  };
}

const ruleSets = cachePerApp<'rules', RuleSet>();

/**
 * The rule set, kept by the process for the database's `pricing` generation (one key lookup per
 * basket). Inside a transaction pass it as `db`: on SQLite its connection is the only one.
 */
export async function ruleSet(ctx: AppContext, db: AnyDb = anyDb(ctx)): Promise<RuleSet> {
  return ruleSets(ctx).get('rules', await readGeneration(db, 'pricing'), () => loadRuleSet(ctx, db));
}

/** The category and every category above it (a loop in the data stops the walk). */
function ancestors(parents: Map<number, number | null>, category: number | null): number[] {
  const out: number[] = [];
  for (let c = category; c !== null && !out.includes(c); c = parents.get(c) ?? null) out.push(c);
  return out;
}

/** The products (with their categories' chain and collections) the basket needs, by id. */
export async function loadProducts(
  ctx: AppContext,
  set: RuleSet,
  productIds: readonly number[],
): Promise<Map<number, ProductInput>> {
  const wanted = [...new Set(productIds)];
  if (wanted.length === 0) return new Map();
  const db = ctx.db;
  const money = currencyMoney(set.currency.decimals);
  const rows = await db
    .selectFrom('product')
    .select(['id', 'code', 'name', 'selling_price', 'category_id', 'tax_code_id', 'tax_inclusive', 'allow_discount'])
    .where('id', 'in', wanted)
    // The registry requires a selling price: every write of a product is validated.
    .$narrowType<{ selling_price: number }>()
    .execute();
  const links = await db
    .selectFrom('collection_products')
    .select(['parent_id', 'product_id'])
    .where('product_id', 'in', wanted)
    .$narrowType<{ product_id: number }>()
    .execute();
  const collectionsOf = new Map<number, number[]>();
  for (const l of links) collectionsOf.set(l.product_id, [...(collectionsOf.get(l.product_id) ?? []), l.parent_id]);
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        code: String(r.code),
        name: String(r.name),
        price: money(formatScaled(r.selling_price, MONEY_SCALE)),
        categories: ancestors(set.categoryParents, r.category_id),
        collections: collectionsOf.get(r.id) ?? [],
        taxCode: r.tax_code_id,
        taxInclusive: Boolean(r.tax_inclusive),
        allowDiscount: Boolean(r.allow_discount),
      },
    ]),
  );
}

/** The member with their group and its benefits; whether this year's birthday voucher was used. */
export async function loadMember(ctx: AppContext, set: RuleSet, memberId: number, year: string): Promise<MemberInput> {
  const db = ctx.db;
  const money = currencyMoney(set.currency.decimals);
  const [row] = await toApiRows(
    ctx,
    anyDb(ctx),
    getEntity('membership'),
    await db.selectFrom('membership').selectAll().where('id', '=', memberId).execute(),
    { labels: false },
  );
  if (!row) throw new Error(`No member ${memberId}`);
  const groupEntity = getEntity('membershipgroup');
  const benefitEntity = getEntity('membershipbenefit');
  const groupId = id(row.membershipGroup);
  const [group] =
    groupId === null
      ? []
      : await toApiRows(
          ctx,
          anyDb(ctx),
          groupEntity,
          await db.selectFrom('membership_group').selectAll().where('id', '=', groupId).execute(),
          { labels: false },
        );
  const benefits =
    groupId === null
      ? []
      : await toApiRows(
          ctx,
          anyDb(ctx),
          benefitEntity,
          await db
            .selectFrom('membership_benefit')
            .selectAll()
            .where('membership_group_id', '=', groupId)
            .orderBy('id')
            .execute(),
          { labels: false },
        );
  const used = await db
    .selectFrom('pricing_redemption')
    .select('id')
    .where('member_id', '=', memberId)
    .where('kind', '=', 'membershipbenefit')
    .where('at', '>=', `${year}-01-01`)
    .where('at', '<', `${Number(year) + 1}-01-01`)
    .where(
      'ref_id',
      'in',
      benefits
        .filter((b) => b.kind === 'birthdayVoucher')
        .map((b) => Number(b.id))
        .concat([0]),
    )
    .executeTakeFirst();
  return {
    id: Number(row.id),
    memberNo: String(row.memberNo),
    name: String(row.name),
    status: row.status as MemberInput['status'],
    expiryDate: text(row.expiryDate),
    birthDate: text(row.birthDate),
    birthdayVoucherUsed: used !== undefined,
    group: group
      ? {
          id: Number(group.id),
          code: String(group.code),
          name: String(group.name),
          isActive: group.isActive !== false,
          discountPercent: percent(group.discountPercent),
          pointsPerUnit: percent(group.pointsPerUnitSpent),
          benefits: benefits.map((b): BenefitInput => ({
            id: Number(b.id),
            name: `${String(group.name)}: ${humanize(String(b.kind)).toLowerCase()}`,
            isActive: b.isActive !== false,
            kind: b.kind as BenefitInput['kind'],
            value: b.value === null ? null : b.kind === 'birthdayVoucher' ? money(b.value) : percent(b.value),
            product: id(b.product),
          })),
        }
      : null,
  };
}

/** Sales that used each limited rule, and the member's own. */
export async function loadRuleUsage(
  ctx: AppContext,
  set: RuleSet,
  memberId: number | null,
): Promise<PricingData['ruleUsage']> {
  const limited = set.rules.filter((r) => r.usageLimit !== null || r.usageLimitPerMember !== null).map((r) => r.id);
  if (limited.length === 0) return new Map();
  const db = ctx.db;
  const totals = await db
    .selectFrom('promotion_rule')
    .select(['id', 'times_used'])
    .where('id', 'in', limited)
    .execute();
  const mine =
    memberId === null
      ? []
      : await db
          .selectFrom('promotion_member_usage')
          .select(['rule_id', 'times_used'])
          .where('member_id', '=', memberId)
          .where('rule_id', 'in', limited)
          .execute();
  const byMember = new Map(mine.map((m) => [m.rule_id, m.times_used]));
  return new Map(totals.map((t) => [t.id, { total: t.times_used ?? 0, byMember: byMember.get(t.id) ?? 0 }]));
}

/** A voucher row as the engine reads it. */
export function voucherOf(row: Row, decimals: number): VoucherInput {
  const money = currencyMoney(decimals);
  return {
    id: Number(row.id),
    code: String(row.code),
    name: String(row.name),
    isActive: row.isActive !== false,
    kind: row.kind as VoucherInput['kind'],
    value: row.kind === 'percent' ? percent(row.value) : money(row.value),
    minSpend: row.minSpend === null || row.minSpend === undefined ? null : money(row.minSpend),
    validFrom: text(row.validFrom),
    validTo: text(row.validTo),
    usageLimit: row.usageLimit === null || row.usageLimit === undefined ? null : Number(row.usageLimit),
    timesUsed: Number(row.timesUsed ?? 0),
  };
}

export { allRows };
