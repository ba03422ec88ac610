import { formatScaled, parseScaled, type FieldError } from '@backroom/schema';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { Database } from '../../db/types';
import { ApiError, ok, validationError } from '../../http/envelope';
import {
  bodyHash,
  claimKey,
  findKey,
  idempotencyKeyOf,
  keepAnswer,
  markReplayed,
  sameBodyOrRefuse,
} from '../../http/idempotency';
import { parseBody } from '../../http/validate';
import { nextDocumentNo } from '../document-numbers';
import { basketInputs, currencyMoney, priceBasket, ruleSet } from '../pricing/index';
import { limitWrongGuesses } from '../auth/index';
import { channelOfRequest, type ChannelCaller } from './channel-key';
import { ORDER_PREFIX, eventOrder, readOrder } from './order';
import { publishEvent } from './webhook-publish';
import { documented } from '../../http/openapi-contract';

const ref = z.union([z.number().int().positive(), z.string().trim().min(1).max(100)]);
export const MAX_ITEMS = 100;
const MAX_QUANTITY = 1_000_000;

const placeBody = z.object({
  outlet: ref,
  customer: z.object({
    name: z.string().trim().min(1, 'Customer name is required').max(100),
    phone: z.string().trim().max(30).optional(),
    address: z.string().trim().max(500).optional(),
  }),
  items: z
    .array(z.object({ product: ref, quantity: z.union([z.string().max(30), z.number()]) }))
    .min(1, 'Order at least one item')
    .max(MAX_ITEMS),
  fulfilment: z.enum(['pickup', 'delivery']),
  notes: z.string().trim().max(500).optional(),
});

/** Items by product id or code, each active, with its quantity in thousandths; problems named by field. */
async function resolveItems(db: Kysely<Database>, items: z.infer<typeof placeBody>['items'], problems: FieldError[]) {
  const out: { product: number; quantity: number }[] = [];
  for (const [i, item] of items.entries()) {
    const quantity = parseScaled(item.quantity, 3);
    if (!quantity.ok || quantity.value <= 0 || quantity.value > MAX_QUANTITY * 1000)
      problems.push({
        field: `items.${i}.quantity`,
        message: 'Quantity must be a number above 0 with at most 3 decimal places',
      });
    const query = db.selectFrom('product').select(['id', 'is_active']);
    const row = await (
      typeof item.product === 'number' ? query.where('id', '=', item.product) : query.where('code', '=', item.product)
    ).executeTakeFirst();
    if (!row) problems.push({ field: `items.${i}.product`, message: `Product ${item.product} does not exist` });
    else if (!row.is_active)
      problems.push({ field: `items.${i}.product`, message: `Product ${item.product} is not sold now` });
    else if (quantity.ok) out.push({ product: row.id, quantity: quantity.value });
  }
  return out;
}

/** How long a channel's `Idempotency-Key` is kept: a retry within a day answers the first order. */
export const ORDER_KEY_KEPT_MS = 24 * 60 * 60 * 1000;

/** What placing an order answers (a retry with the same Idempotency-Key, the first answer). */
const placeAnswer = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  total: z.string(),
  status: z.literal('new'),
});
type PlaceAnswer = z.infer<typeof placeAnswer>;

/**
 * `POST {api}/onlinesalesorder/Place` (the channel's order key in X-Channel-Key, no user): the
 * order priced by the pricing engine as an online sale of that channel at that outlet now, plus
 * the outlet's delivery fee for deliveries; numbered `ON-{year}-{000001}`; `new`, so it reserves
 * its goods at the outlet's default location until completed or cancelled. With an
 * `Idempotency-Key` header (scoped to the channel, kept `ORDER_KEY_KEPT_MS`), a retry with the same
 * body answers the first order and writes nothing; the same key with another body is a 409.
 */
export function registerPlaceRoute(app: FastifyInstance, api: string): void {
  app.post(
    `${api}/onlinesalesorder/Place`,
    documented({
      summary: 'A channel places an order',
      auth: 'channelKey',
      body: placeBody,
      headers: ['Idempotency-Key'],
      answer: placeAnswer,
    }),
    async (request, reply) => {
      const caller = await limitWrongGuesses(request, 'channelkey', () => channelOfRequest(request));
      const key = idempotencyKeyOf(request);
      const body = parseBody(placeBody, request.body);
      const { ctx } = app;
      const db = ctx.db;
      const scope = `channel:${caller.id}`;
      const hash = bodyHash(body);
      const keptSince = new Date(Date.now() - ORDER_KEY_KEPT_MS).toISOString();
      const earlier = async (sent: string) => {
        const used = sameBodyOrRefuse(
          await findKey(db, scope, sent, keptSince),
          hash,
          'Idempotency-Key',
          `Idempotency key ${sent}`,
        );
        if (!used) return undefined;
        markReplayed(reply);
        return ok(used.answer as PlaceAnswer, 'Order placed');
      };
      const first = key === undefined ? undefined : await earlier(key);
      if (first) return first;
      const placed = await placeOrder(ctx, caller, body, {
        ...(key === undefined
          ? {}
          : {
              // Claimed in the order's transaction: of parallel retries exactly one places the order.
              claim: async (trx, at) => {
                await trx
                  .deleteFrom('idempotency_key')
                  .where('scope', '=', scope)
                  .where('created_at', '<=', keptSince)
                  .execute();
                return claimKey(trx, scope, key, hash, at);
              },
              keep: (trx, answer) => keepAnswer(trx, scope, key, answer),
            }),
      });
      if (placed !== undefined) return ok(placed, 'Order placed');
      // A parallel call with the same key won: its answer, or a 409 when its body was another.
      const winner = await earlier(key!);
      if (!winner) throw new ApiError(409, `Idempotency key ${key} is in use by another request; try again`);
      return winner;
    },
  );
}

export type PlaceBody = z.infer<typeof placeBody>;

/**
 * Places one order of `caller`'s channel (the route's work, and the demo storefront's): checks the
 * outlet, items and the outlet's ordering setup (400 naming the field), prices it with the pricing
 * engine as an online sale of that channel at that outlet at `at` (default now), writes it `new`
 * (reserving its goods) and queues `order.created` in one transaction. `claim` runs first in that
 * transaction (false: nothing is written, undefined answered); `keep` last.
 */
export async function placeOrder(
  ctx: AppContext,
  caller: ChannelCaller,
  body: PlaceBody,
  options: {
    at?: string;
    claim?: (trx: Transaction<Database>, at: string) => Promise<boolean>;
    keep?: (trx: Transaction<Database>, answer: PlaceAnswer) => Promise<void>;
  } = {},
): Promise<PlaceAnswer | undefined> {
  const db = ctx.db;
  const at = options.at ?? new Date().toISOString();
  const problems: FieldError[] = [];
  const set = await ruleSet(ctx);
  const outlet =
    typeof body.outlet === 'number'
      ? set.outlets.get(body.outlet)
      : [...set.outlets.values()].find((o) => o.code.toLowerCase() === String(body.outlet).toLowerCase());
  if (!outlet) problems.push({ field: 'outlet', message: `Outlet ${body.outlet} does not exist` });
  const lines = await resolveItems(db, body.items, problems);
  const rules = outlet
    ? await db.selectFrom('ordering_setup').selectAll().where('outlet_id', '=', outlet.id).executeTakeFirst()
    : undefined;
  const money = currencyMoney(set.currency.decimals);
  if (rules && !rules[body.fulfilment === 'pickup' ? 'pickup' : 'delivery'])
    problems.push({ field: 'fulfilment', message: `${outlet!.name} does not offer ${body.fulfilment}` });
  if (body.fulfilment === 'delivery' && !body.customer.address)
    problems.push({ field: 'customer.address', message: 'A delivery needs the customer’s address' });
  if (problems.length > 0) throw validationError(problems, problems[0]!.message);

  const resolved = {
    outlet: outlet!,
    channel: { kind: 'online' as const, online: caller.id, label: caller.code },
    at,
    member: null,
    lines,
    vouchers: [],
    discounts: [],
  };
  const { data, basket } = await basketInputs(ctx, set, resolved);
  const priced = priceBasket(data, basket);
  // The setup's amounts are stored in hundredths (money's scale 2), as the engine's currency counts them only at 2 decimals.
  const setupMoney = (stored: number | null) => money(formatScaled(stored ?? 0, 2));
  const deliveryFee = body.fulfilment === 'delivery' && rules ? setupMoney(rules.delivery_fee) : 0;
  const minimum = rules ? setupMoney(rules.minimum_order) : 0;
  if (priced.total < minimum)
    throw validationError([
      {
        field: 'items',
        message: `The minimum order at ${outlet!.name} is ${formatScaled(minimum, set.currency.decimals)}`,
      },
    ]);
  // The engine counts in the currency's minor units; the database keeps money at scale 2.
  const stored = (minor: number) => Math.round(minor * 10 ** (2 - set.currency.decimals));
  const actor = `channel:${caller.code}`.slice(0, 100);

  const placed = await db.transaction().execute(async (trx): Promise<PlaceAnswer | undefined> => {
    if (options.claim && !(await options.claim(trx, at))) return undefined;
    const orderNo = await nextDocumentNo(trx, ORDER_PREFIX);
    const inserted = await trx
      .insertInto('online_sales_order')
      .values({
        order_no: orderNo,
        channel_id: caller.id,
        outlet_id: outlet!.id,
        customer_name: body.customer.name,
        customer_phone: body.customer.phone ?? null,
        customer_address: body.customer.address ?? null,
        subtotal: stored(priced.subtotal),
        fees: stored(priced.surchargeTotal + deliveryFee),
        total: stored(priced.total + deliveryFee),
        fulfilment: body.fulfilment,
        notes: body.notes ?? null,
        status: 'new',
        payment_status: 'unpaid',
        version: 1,
        created_at: at,
        created_by: actor,
        updated_at: at,
        updated_by: actor,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = inserted.id;
    await trx
      .insertInto('online_sales_order_items')
      .values(
        priced.lines.map((line, i) => ({
          parent_id: id,
          line_no: i + 1,
          product_id: line.product!.id,
          name: line.name.slice(0, 200),
          quantity: line.quantity,
          unit_price: stored(line.unitPrice),
          line_total: stored(line.total),
        })),
      )
      .execute();
    const saved = (await readOrder(ctx, trx, id))!;
    await publishEvent({ trx, now: at }, 'order.created', { order: eventOrder(saved) });
    const answer: PlaceAnswer = {
      id: saved.id,
      orderNo: saved.orderNo,
      total: formatScaled(priced.total + deliveryFee, set.currency.decimals),
      status: 'new',
    };
    await options.keep?.(trx, answer);
    return answer;
  });
  return placed;
}
