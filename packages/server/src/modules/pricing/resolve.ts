import {
  getEntity,
  parseScaled,
  type FieldError,
  type SimulateLineRequest,
  type SimulateSalesRequest,
  LOOKUP_REFUSALS,
} from '@backroom/schema';
import type { Kysely, RawBuilder, SqlBool } from 'kysely';
import { allowedOutlets, rowFilters } from '../../data/access';
import { allOf } from '../../data/query';
import type { Database } from '../../db/types';
import { validationError } from '../../http/envelope';
import type { FastifyRequest } from 'fastify';
import { instantOf } from './engine/calendar';
import { isCalendarMoment } from '../../time/calendar';
import type { BasketLine, ChannelKind } from './engine/index';
import type { OutletInfo, RuleSet } from './loader';
import { findVoucherCodes, type FoundCode } from './voucher-codes';

/** A request's names (ids, codes, barcodes, member no., voucher codes) resolved to rows; unknown ones are a 400 naming them. */
export interface Resolved {
  outlet: OutletInfo;
  channel: { kind: ChannelKind; online: number | null; label: string };
  at: string;
  member: number | null;
  lines: BasketLine[];
  vouchers: FoundCode[];
  discounts: { discount: number; product: number | null }[];
}

const MAX_QUANTITY = 1_000_000_000;
const WALL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;
const STORE_CHANNELS: readonly ChannelKind[] = ['store', 'dineIn', 'takeaway', 'delivery'];

const asId = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0
    ? value
    : typeof value === 'string' && /^\d+$/.test(value.trim())
      ? Number(value)
      : null;
const same = (a: unknown, b: string) => String(a).toLowerCase() === b.trim().toLowerCase();

/** Field problems gathered before answering them all in one 400. */
export class Problems {
  readonly list: FieldError[] = [];
  add(field: string, message: string) {
    this.list.push({ field, message });
  }
  throwIfAny() {
    if (this.list.length > 0) throw validationError(this.list, this.list[0]!.message);
  }
}

/** A product by id, code or barcode (its own or an alternate, whose quantity per unit multiplies the line), or a bundle by id or code. */
async function resolveLine(
  db: Kysely<Database>,
  set: RuleSet,
  line: SimulateLineRequest,
  at: string,
  problems: Problems,
): Promise<BasketLine | null> {
  const parsed =
    line.quantity === undefined || line.quantity === null || line.quantity === ''
      ? { ok: true as const, value: 1000 }
      : parseScaled(line.quantity as string | number, 3);
  if (!parsed.ok || parsed.value <= 0 || parsed.value > MAX_QUANTITY) {
    problems.add(`${at}.quantity`, 'Quantity must be a number above 0 with at most 3 decimal places');
    return null;
  }
  let quantity = parsed.value;
  const products = db.selectFrom('product').select(['id', 'is_active']);
  const found = (query: typeof products) => query.limit(1).executeTakeFirst();
  let row: Awaited<ReturnType<typeof found>>;
  let field: string;
  /** A product by its barcode or an alternate one, whose quantity per unit multiplies the line. */
  const byBarcode = async (barcode: string) => {
    const own = await found(products.where('barcode', '=', barcode));
    if (own) return { row: own, quantity: (q: number) => q };
    const pack = await db
      .selectFrom('product_alternate_barcodes')
      .select(['parent_id', 'quantity_per_unit'])
      .where('barcode', '=', barcode)
      .executeTakeFirst();
    if (!pack) return { row: undefined, quantity: (q: number) => q };
    return {
      row: await found(products.where('id', '=', pack.parent_id)),
      quantity: (q: number) => Math.round((q * (pack.quantity_per_unit ?? 1000)) / 1000),
    };
  };
  const given = (['product', 'productId', 'code', 'barcode', 'bundle', 'bundleId'] as const).filter(
    (f) => line[f] !== undefined && line[f] !== null,
  );
  if (given.length > 1) {
    problems.add(`${at}.${given[1]}`, `Give one of ${given.join(', ')}`);
    return null;
  }
  // A number names a row only in a field named for ids: product code "754" is that code.
  for (const name of ['product', 'bundle'] as const)
    if (typeof line[name] === 'number') {
      problems.add(`${at}.${name}`, `${name} takes a code as text ("${String(line[name])}"); send an id as ${name}Id`);
      return null;
    }
  if (line.bundleId !== undefined || line.bundle !== undefined) {
    field = line.bundleId !== undefined ? 'bundleId' : 'bundle';
    const bundle =
      line.bundleId !== undefined
        ? set.bundles.get(line.bundleId)
        : [...set.bundles.values()].find((b) => same(b.code, String(line.bundle)));
    if (bundle) return { bundle: bundle.id, quantity };
  } else if (line.productId !== undefined) {
    field = 'productId';
    row = await found(products.where('id', '=', line.productId));
  } else if (line.product !== undefined) {
    // A product's code, else its barcode.
    field = 'product';
    row = await found(products.where('code', '=', String(line.product).trim()));
    if (!row) {
      const scanned = await byBarcode(String(line.product).trim());
      row = scanned.row;
      quantity = scanned.quantity(quantity);
    }
  } else if (line.code !== undefined) {
    // What a cashier types or scans: a product code, a bundle code, or a barcode.
    field = 'code';
    row = await found(products.where('code', '=', String(line.code).trim()));
    const bundle = row ? undefined : [...set.bundles.values()].find((b) => same(b.code, String(line.code)));
    if (bundle) return { bundle: bundle.id, quantity };
    if (!row) {
      const scanned = await byBarcode(String(line.code).trim());
      row = scanned.row;
      quantity = scanned.quantity(quantity);
    }
  } else if (line.barcode !== undefined) {
    field = 'barcode';
    const scanned = await byBarcode(String(line.barcode).trim());
    row = scanned.row;
    quantity = scanned.quantity(quantity);
  } else {
    problems.add(at, LOOKUP_REFUSALS.giveProduct());
    return null;
  }
  const name = String(line[field as keyof SimulateLineRequest]);
  if (!row) {
    problems.add(`${at}.${field}`, LOOKUP_REFUSALS[field.startsWith('bundle') ? 'noBundle' : 'noProduct']({ name }));
    return null;
  }
  if (!row.is_active) {
    problems.add(`${at}.${field}`, LOOKUP_REFUSALS.inactive({ name }));
    return null;
  }
  return { product: row.id, quantity };
}

function resolveChannel(
  set: RuleSet,
  channel: SimulateSalesRequest['channel'],
  problems: Problems,
): Resolved['channel'] {
  if (channel === undefined || channel === null || channel === '')
    return { kind: 'store', online: null, label: 'store' };
  if (typeof channel === 'string' && (STORE_CHANNELS as readonly string[]).includes(channel))
    return { kind: channel as ChannelKind, online: null, label: channel };
  const channelId = asId(channel);
  const online =
    channelId !== null
      ? set.onlineChannels.get(channelId)
      : [...set.onlineChannels.values()].find((c) => same(c.code, String(channel)));
  if (online) return { kind: 'online', online: online.id, label: online.code };
  problems.add(
    'channel',
    `Channel ${String(channel)} is neither store, dineIn, takeaway, delivery nor an online sales channel`,
  );
  return { kind: 'store', online: null, label: 'store' };
}

/** The member by member no. (`member`, text) or by id (`memberId`): "754" is member no. 754, never id 754. */
async function resolveMember(
  db: Kysely<Database>,
  member: unknown,
  memberId: number | undefined,
  limits: RawBuilder<SqlBool>[],
  problems: Problems,
): Promise<number | null> {
  const named = member !== undefined && member !== null && member !== '';
  if (!named && memberId === undefined) return null;
  if (typeof member === 'number') {
    problems.add('member', `member takes a member no. as text ("${member}"); send an id as memberId`);
    return null;
  }
  if (named && memberId !== undefined) {
    problems.add('member', 'Give member or memberId, not both');
    return null;
  }
  // The row filters name the table `t`.
  const members = db.selectFrom('membership as t').select('t.id').where(allOf(limits));
  const row = await (
    memberId !== undefined
      ? members.where('t.id', '=', memberId)
      : members.where('t.member_no', '=', String(member).trim())
  ).executeTakeFirst();
  if (!row)
    problems.add(
      memberId !== undefined ? 'memberId' : 'member',
      LOOKUP_REFUSALS.noMember({ name: String(memberId ?? member) }),
    );
  return row?.id ?? null;
}

/** Who the request prices for: the outlets it may price at (empty: every one), and the members it may name (row filters on `t`). */
export interface PricingLimits {
  outlets(): Promise<number[]>;
  members(): Promise<RawBuilder<SqlBool>[]>;
}

/** A signed-in user's limits: their outlets, and the members their row filter shows. */
const userLimits = (request: FastifyRequest): PricingLimits => ({
  outlets: () => allowedOutlets(request),
  members: () => rowFilters(request, getEntity('membership')),
});

/**
 * Resolves every name of the request; all problems are reported together. `limits` give the
 * outlets the caller may price for and the members they may name; by default the signed-in user's.
 * An outlet or member outside them reads as one that does not exist.
 */
export async function resolveRequest(
  request: FastifyRequest,
  set: RuleSet,
  body: SimulateSalesRequest,
  limits: PricingLimits = userLimits(request),
): Promise<Resolved> {
  const db = request.server.ctx.db;
  const problems = new Problems();
  const outletId = asId(body.outlet);
  const outlets = await limits.outlets();
  const found =
    outletId !== null
      ? set.outlets.get(outletId)
      : [...set.outlets.values()].find((o) => same(o.code, String(body.outlet)));
  const outlet = found && (outlets.length === 0 || outlets.includes(found.id)) ? found : undefined;
  if (!outlet) problems.add('outlet', LOOKUP_REFUSALS.noOutlet({ name: String(body.outlet) }));
  const channel = resolveChannel(set, body.channel, problems);
  const real = body.at === undefined || (isCalendarMoment(body.at) && !Number.isNaN(Date.parse(body.at)));
  // The Simulate sales screen's words (its label, a person's example); the format is the OpenAPI document's.
  if (!real) problems.add('at', 'Date and time must be a real date and time, such as 1 March 2026 14:30');
  // A moment without an offset is the outlet's wall-clock time.
  const wall = body.at !== undefined && WALL_TIME.test(body.at);
  const at =
    body.at === undefined || !real
      ? new Date().toISOString()
      : wall && outlet
        ? instantOf(body.at, outlet.timezone)
        : body.at;
  const member = await resolveMember(db, body.member, body.memberId, await limits.members(), problems);
  const lines: BasketLine[] = [];
  for (const [i, line] of (body.lines ?? []).entries()) {
    const resolved = await resolveLine(db, set, line, `lines.${i}`, problems);
    if (resolved) lines.push(resolved);
  }
  if (body.item) {
    const resolved = await resolveLine(db, set, body.item, 'item', problems);
    if (resolved) lines.push(resolved);
  }
  const vouchers = await findVoucherCodes(db, body.voucherCodes ?? []);
  vouchers.forEach((v) => {
    if (!v.found) problems.add(`voucherCodes.${v.index}`, LOOKUP_REFUSALS.noVoucher({ name: v.code }));
  });
  const discounts: Resolved['discounts'] = [];
  for (const [i, d] of (body.discounts ?? []).entries()) {
    const discountId = asId(d.discount);
    const discount = set.discounts.find((x) =>
      discountId !== null ? x.id === discountId : same(x.code, String(d.discount)),
    );
    if (!discount) problems.add(`discounts.${i}.discount`, LOOKUP_REFUSALS.noDiscount({ name: String(d.discount) }));
    let productId: number | null = null;
    if ((d.product !== undefined && d.product !== null && d.product !== '') || d.productId !== undefined) {
      const row = await resolveLine(
        db,
        set,
        { product: d.product ?? undefined, productId: d.productId },
        `discounts.${i}`,
        problems,
      );
      productId = row?.product ?? null;
    }
    if (discount) discounts.push({ discount: discount.id, product: productId });
  }
  problems.throwIfAny();
  return {
    outlet: outlet!,
    channel,
    at: new Date(at).toISOString(),
    member,
    lines,
    vouchers: vouchers.filter((v) => v.found),
    discounts,
  };
}
