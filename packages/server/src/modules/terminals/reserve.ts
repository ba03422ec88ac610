import { getEntity, parseScaled, toStorageRow } from '@backroom/schema';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { validationError } from '../../http/envelope';
import { parseBody } from '../../http/validate';
import {
  findVoucherCodes,
  heldUses,
  hold,
  MAX_LINES,
  priceBasket,
  pricingInputs,
  Problems,
  release,
  resolveRequest,
  ruleSet,
  type Basket,
  type PricingData,
  type WantedUse,
} from '../pricing/index';
import type { ReserveResult, UseStatus } from './contracts';
import { requireTerminal, type TerminalContext } from './pairing';

/**
 * `POST {api}/pointofsale/Reserve`: before payment a till that can reach the back office holds the
 * basket's limited uses — voucher codes, vouchers and promotion rules with a usage limit — for
 * `HOLD_MINUTES`. The sale naming the reservation confirms them (`redeemSale`); holds it did not
 * use, and holds never confirmed, are released (an expired hold stops counting the moment another
 * basket asks for the same use). Holding is `pricing/holds.ts`: conditional writes, so of any
 * number of parallel baskets exactly as many hold a use as its limit has left.
 */
export const HOLD_MINUTES = 15;

const reservation = getEntity('salereservation');

const decimal = z.union([z.string().trim().min(1).max(30), z.number()]);
export const reserveBody = z
  .object({
    receiptNo: z.string().trim().min(1).max(50),
    /** As in a sale: `product` a code or barcode (text), `productId` an id. */
    lines: z
      .array(
        z.object({
          product: z.union([z.string().trim().min(1).max(100), z.number()]).optional(),
          productId: z.number().int().positive().optional(),
          quantity: decimal,
          unitPrice: decimal,
        }),
      )
      .min(1)
      .max(MAX_LINES),
    voucherCodes: z.array(z.string().trim().min(1).max(60)).max(20).optional(),
    member: z.union([z.string().trim().max(100), z.number(), z.null()]).optional(),
    memberId: z.number().int().positive().optional(),
  })
  .strict();

const REASONS: Record<string, UseStatus> = {
  codeRedeemed: 'alreadyUsed',
  usageLimitReached: 'limitReached',
  memberUsageLimitReached: 'memberLimitReached',
  ended: 'expired',
  notStarted: 'notStarted',
  inactive: 'inactive',
};

/** The basket priced as the sale will be: at the terminal's outlet, now. Unknown codes are answered `unknown`, not refused. */
async function priceForHolds(request: FastifyRequest, terminal: TerminalContext, body: z.infer<typeof reserveBody>) {
  const { ctx } = request.server;
  const set = await ruleSet(ctx);
  const problems = new Problems();
  body.lines.forEach((l, i) => {
    const price = parseScaled(l.unitPrice, set.currency.decimals);
    if (!price.ok || price.value < 0)
      problems.add(
        `lines.${i}.unitPrice`,
        `Unit price must be a number of 0 or more with at most ${set.currency.decimals} decimal places`,
      );
    const quantity = parseScaled(l.quantity, 3);
    if (!quantity.ok || quantity.value <= 0 || quantity.value > 1_000_000_000)
      problems.add(
        `lines.${i}.quantity`,
        'Quantity must be a number above 0 with at most 3 decimal places, at most 1,000,000',
      );
  });
  problems.throwIfAny();
  const codes = await findVoucherCodes(ctx.db, body.voucherCodes ?? []);
  const resolved = await resolveRequest(
    request,
    set,
    {
      outlet: terminal.outletId,
      at: new Date().toISOString(),
      member: (body.member || undefined) as string | undefined,
      memberId: body.memberId,
      voucherCodes: codes.filter((c) => c.found).map((c) => c.code),
      // A number in product is refused by name (resolveLine): it reaches it as sent.
      lines: body.lines.map((l) => ({
        product: l.product as string | undefined,
        productId: l.productId,
        quantity: l.quantity,
      })),
    },
    { outlets: async () => [terminal.outletId], members: async () => [] },
  );
  const inputs = await pricingInputs(request, set, resolved);
  const priced = priceBasket(inputs.data, inputs.basket);
  // The engine checks a rule's limit before its conditions: priced again as if the exhausted rules had
  // uses left, those that fire are the ones this basket would use (answered limitReached).
  const exhausted = priced.considered
    .filter(
      (c) => c.kind === 'newpromotion' && (c.reason === 'usageLimitReached' || c.reason === 'memberUsageLimitReached'),
    )
    .map((c) => c.id);
  const ruleUsage = new Map(inputs.data.ruleUsage);
  for (const id of exhausted) ruleUsage.set(id, { total: 0, byMember: 0 });
  const unlimited = exhausted.length === 0 ? priced : priceBasket({ ...inputs.data, ruleUsage }, inputs.basket);
  const wouldFire = new Set(
    unlimited.considered
      .filter((c) => c.kind === 'newpromotion' && c.fired && exhausted.includes(c.id))
      .map((c) => c.id),
  );
  return { set, codes, priced, wouldFire };
}

/** What the basket would use that has a limit, and the status of what it cannot use. */
async function wantedUses(
  db: Kysely<Database>,
  { priced, set, codes, wouldFire }: Awaited<ReturnType<typeof priceForHolds>>,
) {
  const rules: { id: number; code: string; status: UseStatus | null; want?: WantedUse }[] = [];
  for (const c of priced.considered.filter((x) => x.kind === 'newpromotion')) {
    const rule = set.rules.find((r) => r.id === c.id);
    if (!rule || (rule.usageLimit === null && c.reason !== 'memberUsageLimitReached')) continue;
    if (c.fired && c.amount > 0)
      rules.push({
        id: c.id,
        code: c.code,
        status: null,
        want: { kind: 'rule', id: c.id, code: c.code, counted: true, codeId: null },
      });
    else if (wouldFire.has(c.id)) rules.push({ id: c.id, code: c.code, status: REASONS[c.reason!]! });
  }
  const vouchers: { code: string; status: UseStatus | null; want?: WantedUse }[] = [];
  for (const typed of codes) {
    const c = priced.considered.find((x) => x.kind === 'voucher' && x.voucherCode === typed.code);
    if (!typed.found || !c) {
      vouchers.push({ code: typed.code, status: 'unknown' });
      continue;
    }
    if (!(c.fired && c.amount > 0)) {
      vouchers.push({ code: typed.code, status: (c.reason && REASONS[c.reason]) || 'notApplicable' });
      continue;
    }
    const row = typed.singleUse
      ? await db.selectFrom('voucher_code').select('id').where('code', '=', typed.code).executeTakeFirst()
      : undefined;
    const limited = typed.voucher?.usageLimit !== null && typed.voucher?.usageLimit !== undefined;
    vouchers.push({
      code: typed.code,
      status: null,
      want: { kind: 'voucher', id: c.id, code: typed.code, counted: limited, codeId: row ? row.id : null },
    });
  }
  return { rules, vouchers };
}

/** Gives back everything the terminal's open reservations of this receipt hold: a basket asked again replaces its hold. */
async function releaseOpen(trx: Kysely<Database>, terminal: TerminalContext, receiptNo: string): Promise<void> {
  const open = await trx
    .selectFrom('sale_reservation')
    .select('id')
    .where('terminal_id', '=', terminal.terminalId)
    .where('receipt_no', '=', receiptNo)
    .where('sale_id', 'is', null)
    .execute();
  for (const r of open) for (const use of await heldUses(trx, r.id)) await release(trx, use, r.id);
}

export async function reserve(request: FastifyRequest): Promise<ReserveResult> {
  const terminal = requireTerminal(request);
  const body = parseBody(reserveBody, request.body ?? {});
  const { ctx } = request.server;
  const db = ctx.db;
  const { rules, vouchers } = await wantedUses(db, await priceForHolds(request, terminal, body));
  const now = new Date();
  const expiresAt = new Date(now.getTime() + HOLD_MINUTES * 60_000).toISOString();
  const at = now.toISOString();
  const who = {
    version: 1,
    created_at: at,
    created_by: terminal.userName,
    updated_at: at,
    updated_by: terminal.userName,
  };
  const id = await db.transaction().execute(async (trx) => {
    await releaseOpen(trx, terminal, body.receiptNo);
    const row = toStorageRow(
      reservation,
      { terminal: terminal.terminalId, receiptNo: body.receiptNo, expiresAt },
      ctx.dialect,
    );
    const inserted = await trx
      .insertInto('sale_reservation')
      .values({ ...row, ...who })
      .returning('id')
      .executeTakeFirstOrThrow();
    const held = { id: inserted.id, expiresAt };
    // Rules before vouchers, each by id: parallel baskets lock the same rows in the same order.
    for (const part of [...rules, ...vouchers]
      .filter((p) => p.want)
      .sort((a, b) => (a.want!.kind === b.want!.kind ? a.want!.id - b.want!.id : a.want!.kind === 'rule' ? -1 : 1)))
      part.status = await hold(trx, ctx.dialect, held, part.want!, at);
    return held.id;
  });
  return {
    reservationId: id,
    expiresAt,
    vouchers: vouchers.map((v) => ({ code: v.code, status: v.status! })),
    rules: rules.map((r) => ({ id: r.id, code: r.code, status: r.status! })),
  };
}

/** The reservation a sale names: the terminal's own and not confirmed by another sale, else a 400 naming `reservationId`. */
export async function reservationFor(db: Kysely<Database>, terminal: TerminalContext, id: number): Promise<number> {
  const row = await db
    .selectFrom('sale_reservation')
    .select(['terminal_id', 'sale_id'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row || row.terminal_id !== terminal.terminalId)
    throw validationError([{ field: 'reservationId', message: `Reservation ${id} is not this terminal's` }]);
  if (row.sale_id !== null)
    throw validationError([{ field: 'reservationId', message: `Reservation ${id} was confirmed by another sale` }]);
  return id;
}

/**
 * What the reservation holds is the sale's to use whatever happened since — an offline sale may
 * have taken the rule's last use meanwhile (and is over-redeemed for it): the engine prices the
 * sale as if the rule uses it holds were still free (the codes a sale names are priced free anyway).
 */
export async function entitle(
  db: Kysely<Database>,
  reservation: number,
  inputs: { data: PricingData; basket: Basket },
): Promise<void> {
  const held = await heldUses(db, reservation);
  const ruleUsage = new Map(inputs.data.ruleUsage);
  for (const use of held.filter((h) => h.kind === 'rule'))
    ruleUsage.set(use.ref, { total: 0, byMember: ruleUsage.get(use.ref)?.byMember ?? 0 });
  inputs.data = { ...inputs.data, ruleUsage };
}

/** The reservation becomes the sale's, once (a parallel sale naming it finds it taken and redeems without it): its id, or null. */
export async function claimReservation(
  trx: Kysely<Database>,
  id: number | undefined,
  sale: number,
): Promise<number | null> {
  if (id === undefined) return null;
  const claimed = await trx
    .updateTable('sale_reservation')
    .set({ sale_id: sale })
    .where('id', '=', id)
    .where('sale_id', 'is', null)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1 ? id : null;
}
