import { createHash } from 'node:crypto';
import { formatScaled, getEntity, parseScaled } from '@backroom/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { sql } from 'kysely';
import { apiRow } from '../../data/read';
import { oneOrMany, rowAction, type ActionCall } from '../../data/hooks';
import type { Row } from '../../data/store';
import { typedDb, type Database } from '../../db/types';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { matchesEtag } from '../../http/conditional';
import { ApiError, validationError } from '../../http/envelope';
import { priceBasket, ruleSet, type OutletInfo, type RuleSet, pricingInputs } from '../pricing/index';
import { stockProducts, onOrderFor, reservedFor } from '../stock/index';
import { outletLocation } from './order';
import { documented } from '../../http/openapi-contract';

const menu = getEntity('orderingmenu');
const setupEntity = getEntity('onlinemenusetup');

interface MenuItem {
  product: number;
  displayName?: string | null;
  productLabel?: string;
  priceOverride?: string | null;
  image?: string | null;
  available?: boolean | null;
}
interface Section {
  name?: string | null;
  sortOrder?: number | null;
  items?: MenuItem[];
}

/** Virtual stock (on hand − reserved + incoming) in thousandths of each product at a location. */
async function virtualAt(db: Kysely<Database>, location: number, products: number[]): Promise<Map<number, number>> {
  if (products.length === 0) return new Map();
  const rows = await db
    .selectFrom('stock_balance as b')
    .select([
      'b.product_id',
      'b.quantity',
      reservedFor(db, 'b.location_id', 'b.product_id').as('reserved'),
      onOrderFor(db, 'b.location_id', 'b.product_id').as('incoming'),
    ])
    .where('b.location_id', '=', location)
    .where('b.product_id', 'in', products)
    .execute();
  // Sums come back as text (PostgreSQL numeric): counted as numbers.
  return new Map(rows.map((r) => [Number(r.product_id), Number(r.quantity) - Number(r.reserved) + Number(r.incoming)]));
}

/**
 * The pricing loaders read through the app context; inside the action's transaction they must
 * read through it too (SQLite's one connection is held by the transaction). The rules are then
 * loaded afresh, not from the shared cache: publishing is rare.
 */
function pricingThrough(call: ActionCall): { ctx: AppContext; request: FastifyRequest } {
  const ctx: AppContext = { ...call.ctx, db: call.trx as AppContext['db'] };
  return { ctx, request: { server: { ctx } } as unknown as FastifyRequest };
}

/** Each product's unit price at an outlet, as the engine prices a one-unit online sale of the channel now (before promotions). */
async function pricesAt(
  request: FastifyRequest,
  set: RuleSet,
  outletId: number,
  channelRow: { id: number; code: string },
  products: number[],
): Promise<Map<number, number>> {
  const outlet = set.outlets.get(outletId);
  if (!outlet || products.length === 0) return new Map();
  const resolved = {
    outlet,
    channel: { kind: 'online' as const, online: channelRow.id, label: channelRow.code },
    at: new Date().toISOString(),
    member: null,
    lines: products.map((product) => ({ product, quantity: 1000 })),
    vouchers: [],
    discounts: [],
  };
  const { data, basket } = await pricingInputs(request, set, resolved);
  return new Map(priceBasket(data, basket).lines.map((l) => [l.product!.id, l.unitPrice]));
}

/**
 * The menu as its channel's customers see it: the setup's look, the menu's hours, and per section
 * each item with, per outlet of the menu, its price (the item's price override, else the engine's
 * unit price there) and whether it can be ordered there (the item is on, its product is active,
 * and a product that keeps stock has virtual stock left at the outlet's default location).
 */
async function buildMenu(call: ActionCall, setup: Row, version: number) {
  const db = typedDb(call.trx);
  const channelRow = await db
    .selectFrom('online_sales_channel')
    .select(['id', 'code', 'name'])
    .where('id', '=', Number(setup.channel))
    .executeTakeFirstOrThrow();
  const code = String(channelRow.code);
  const ordering = (await apiRow(call.ctx, db, menu, Number(setup.orderingMenu))) as Row | undefined;
  if (!ordering) throw validationError([{ field: 'orderingMenu', message: 'The ordering menu no longer exists' }]);
  if (ordering.isActive === false)
    throw new ApiError(409, `Ordering menu ${String(ordering.code)} is switched off: switch it on to publish it`);
  const sections = ((ordering.sections as Section[] | undefined) ?? [])
    .slice()
    .sort((a, b) => (a.sortOrder ?? 0) - (b.sortOrder ?? 0));
  const productIds = [...new Set(sections.flatMap((s) => (s.items ?? []).map((i) => i.product)))];
  const products = await stockProducts(db, productIds);
  const active = new Set(
    productIds.length === 0
      ? []
      : (
          await db
            .selectFrom('product')
            .select('id')
            .where('id', 'in', productIds)
            .where('is_active', '=', true)
            .execute()
        ).map((r) => r.id),
  );
  const pricing = pricingThrough(call);
  const set = await ruleSet(pricing.ctx);
  const outletIds = ((ordering.outlets as number[] | undefined) ?? []).filter((id) => set.outlets.has(id));
  const outlets: { outlet: OutletInfo; prices: Map<number, number>; virtual: Map<number, number> }[] = [];
  for (const id of outletIds) {
    const location = await outletLocation(db, id);
    outlets.push({
      outlet: set.outlets.get(id)!,
      prices: await pricesAt(
        pricing.request,
        set,
        id,
        { id: channelRow.id, code },
        productIds.filter((p) => active.has(p)),
      ),
      virtual: location === null ? new Map<number, number>() : await virtualAt(db, location, productIds),
    });
  }
  const money = (minor: number) => formatScaled(minor, set.currency.decimals);
  const override = (text: string | null | undefined) => {
    if (text === null || text === undefined || text === '') return null;
    const parsed = parseScaled(text, set.currency.decimals);
    return parsed.ok ? parsed.value : null;
  };
  return {
    channel: { code, name: String(channelRow.name) },
    version,
    publishedAt: call.now,
    currency: set.currency.code,
    look: {
      logo: setup.logo ?? null,
      primaryColour: setup.primaryColour ?? null,
      accentColour: setup.accentColour ?? null,
      welcomeText: setup.welcomeText ?? null,
    },
    menu: { code: ordering.code, name: ordering.name, hours: ordering.availabilitySchedule ?? [] },
    outlets: outlets.map(({ outlet }) => ({ code: outlet.code, name: outlet.name, timezone: outlet.timezone })),
    sections: sections.map((section) => ({
      name: section.name ?? '',
      items: (section.items ?? []).map((item) => {
        const product = products.get(item.product);
        const sellable = item.available !== false && active.has(item.product);
        const fixed = override(item.priceOverride);
        return {
          product: product?.code ?? String(item.product),
          name: item.displayName || product?.name || '',
          image: item.image ?? null,
          prices: Object.fromEntries(
            outlets.map(({ outlet, prices }) => {
              const minor = fixed ?? prices.get(item.product);
              return [outlet.code, minor === undefined ? null : money(minor)];
            }),
          ),
          available: Object.fromEntries(
            outlets.map(({ outlet, virtual }) => [
              outlet.code,
              sellable && (product?.role !== 'stock' || (virtual.get(item.product) ?? 0) > 0),
            ]),
          ),
        };
      }),
    })),
  };
}

/**
 * `Execute/onlinemenusetup {action: "publish", ids}`: each setup's menu written as the channel's
 * next version, served at once at `{core}/public/menu/{channelCode}.json`.
 */
const publishedMenu = z.object({ id: z.number().int(), version: z.number().int(), etag: z.string() });

export const publish = rowAction(oneOrMany(publishedMenu), async (call) => {
  if (call.ids.length === 0)
    throw validationError([{ field: 'ids', message: 'Give the online menu setups to publish' }]);
  const published = [];
  for (const id of call.ids) {
    const setup = (await apiRow(call.ctx, call.trx, setupEntity, id)) as Row | undefined;
    if (!setup) throw new ApiError(404, `${setupEntity.label}: no row ${id}`);
    const db = typedDb(call.trx);
    const last = await db
      .selectFrom('online_menu_version')
      .select(sql<number>`max(version)`.as('v'))
      .where('channel_id', '=', Number(setup.channel))
      .executeTakeFirst();
    const version = Number(last?.v ?? 0) + 1;
    const body = JSON.stringify(await buildMenu(call, setup, version));
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    await db
      .insertInto('online_menu_version')
      .values({
        channel_id: Number(setup.channel),
        version,
        etag,
        body,
        published_at: call.now,
        published_by: call.auth.userName,
      })
      .execute();
    await db.updateTable('online_menu_setup').set({ published_at: call.now }).where('id', '=', id).execute();
    published.push({ id, version, etag });
  }
  return published.length === 1 ? published[0]! : published;
});

/** `GET {core}/public/menu/{channelCode}.json`: the channel's newest published menu, with its ETag (If-None-Match → 304). */
export function registerMenuRoute(app: FastifyInstance, core: string): void {
  app.get<{ Params: { file: string } }>(
    `${core}/public/menu/:file`,
    documented({ summary: 'A published online menu', auth: 'none', produces: 'json' }),
    async (request, reply) => {
      const match = /^([\w.-]{1,50})\.json$/.exec(request.params.file);
      if (!match) throw new ApiError(404, 'Not found');
      const row = await app.ctx.db
        .selectFrom('online_menu_version as m')
        .innerJoin('online_sales_channel as c', 'c.id', 'm.channel_id')
        .select(['m.etag', 'm.body'])
        .where('c.code', '=', match[1]!)
        .where('c.is_active', '=', true)
        .orderBy('m.version', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!row) throw new ApiError(404, `No menu is published for channel ${match[1]}`);
      reply.header('etag', row.etag).header('cache-control', 'public, no-cache');
      if (matchesEtag(request, row.etag)) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(row.body);
    },
  );
}
