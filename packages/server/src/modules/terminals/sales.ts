import { formatScaled, fromMinorUnits, getEntity, parseScaled, toStorageRow, type SaleKind } from '@backroom/schema';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { anyDb, type AnyDb, type Row } from '../../data/store';
import { ApiError, validationError } from '../../http/envelope';
import { bodyHash, claimKey, findKey, sameBodyOrRefuse } from '../../http/idempotency';
import { parseBody } from '../../http/validate';
import { preparedInsert, preparedQuery } from '../../db/compiled';
import { columnOf } from '../columns';
import { earn, takeBack } from '../membership/index';
import {
  MAX_LINES,
  Problems,
  priceBasket,
  pricingInputs,
  redeemSale,
  redemptionOf,
  resolveRequest,
  roundingOf,
  ruleSet,
  times,
  type BasketLine,
  type PricedBasket,
  type Redemption,
  type RoundingRule,
  type RuleSet,
} from '../pricing/index';
import { publishEvent } from '../online/index';
import { move } from '../stock/index';
import { saleLocation } from './outlet-location';
import { saleMomentProblem } from './sale-moment';
import type { TerminalContext } from './pairing';
import { claimReservation, entitle, reservationFor } from './reserve';
import { claimReturn, originalOf, originalSaleBody, refundsAsRead, storeRefund, type ReturnedLine, type ReturnOf } from './returns';

/**
 * A terminal's sale, recorded once: idempotent by terminal and receipt no. (the unique index
 * decides between parallel replays; every replay answers what the first stored), priced again by
 * the pricing engine with the terminal's figures kept beside the engine's, stock moved through the
 * ledger, member points earned, voucher codes redeemed. Returns are negative quantities that name
 * the original receipt and are refunded at what that receipt charged.
 */
const sale = getEntity('sale');
const line = getEntity('saleline');
const payment = getEntity('salepayment');
const voucher = getEntity('salevoucher');
const paymentMode = getEntity('paymentmode');
const user = getEntity('user');
const S = (name: string) => columnOf(sale, name);
const L = (name: string) => columnOf(line, name);

// The statements every sale runs, compiled once (db/compiled.ts).
const insertHead = preparedInsert(sale.table, (insert) => insert.onConflict((oc) => oc.columns([S('terminal'), S('receiptNo')]).doNothing()).returning('id'));
const insertLines = preparedInsert(line.table);
const insertPayments = preparedInsert(payment.table);
const recordedAs = preparedQuery(
  () => '',
  (db, [terminal, receiptNo]) => db.selectFrom(sale.table).select('id').where(S('terminal'), '=', terminal).where(S('receiptNo'), '=', receiptNo),
);

const ref = z.union([z.number().int().positive(), z.string().trim().min(1).max(100)]);
const decimal = z.union([z.string().trim().min(1).max(30), z.number()]);
const id = z.number().int().positive();

/**
 * A name the terminal sends as text (a code, a barcode, a user name), or a row's id as a number in
 * the field named for ids (`{name}Id`): never both, and never a number in the name's field — the
 * till's product code "754" is that code, not the product whose id is 754.
 */
const nameOrId =
  (name: string, required: boolean) =>
  (o: Record<string, unknown>, zc: z.RefinementCtx): void => {
    const given = o[name] !== undefined && o[name] !== null;
    if (typeof o[name] === 'number') zc.addIssue({ code: 'custom', path: [name], message: `${name} takes a code as text ("${String(o[name])}"); send an id as ${name}Id` });
    else if (given && o[`${name}Id`] !== undefined) zc.addIssue({ code: 'custom', path: [name], message: `Give ${name} or ${name}Id, not both` });
    else if (required && !given && o[`${name}Id`] === undefined) zc.addIssue({ code: 'custom', path: [name], message: `Give ${name} (its code) or ${name}Id` });
  };
const codeText = z.string().trim().min(1).max(100);

export const saleBody = z.object({
  receiptNo: z.string().trim().min(1).max(50),
  at: z
    .string()
    .trim()
    .max(40)
    .superRefine((text, zc) => {
      const problem = saleMomentProblem(text);
      if (problem) zc.addIssue({ code: 'custom', message: problem });
    }),
  /** `product`: a product's code or barcode; `productId`: its id. */
  lines: z
    .array(z.object({ product: z.union([codeText, z.number()]).optional(), productId: id.optional(), quantity: decimal, unitPrice: decimal }).superRefine(nameOrId('product', true)))
    .min(1)
    .max(MAX_LINES),
  /** `paymentMode`: a payment mode's code; `paymentModeId`: its id. */
  payments: z
    .array(
      z
        .object({ paymentMode: z.union([codeText, z.number()]).optional(), paymentModeId: id.optional(), amount: decimal, reference: z.string().trim().max(100).optional() })
        .superRefine(nameOrId('paymentMode', true)),
    )
    .max(20)
    .default([]),
  /** A member no.; `memberId`: the member's id. */
  member: z.union([ref, z.literal(''), z.null()]).optional(),
  memberId: id.optional(),
  voucherCodes: z.array(z.string().trim().min(1).max(60)).max(20).optional(),
  /** A user name; `cashierId`: the user's id. */
  cashier: z.union([codeText, z.number(), z.null()]).optional(),
  cashierId: id.optional(),
  /** A return: this terminal's receipt it takes goods back from, or `originalSale` (outlet code, terminal code, receipt no.) for any terminal's. */
  originalReceiptNo: z.string().trim().min(1).max(50).optional(),
  originalSale: originalSaleBody.optional(),
  /** The reservation (`pointofsale/Reserve`) whose held uses this sale confirms. */
  reservationId: id.optional(),
  /** The total the terminal charged; default: the sum of its lines. */
  total: decimal.optional(),
}).superRefine(nameOrId('cashier', false));
export type SaleInput = z.input<typeof saleBody>;

export interface SaleResult {
  id: number;
  receiptNo: string;
  kind: SaleKind;
  at: string;
  subtotal: string;
  discountTotal: string;
  taxTotal: string;
  total: string;
  terminalTotal: string;
  priceDifference: boolean;
  pointsEarned: string | null;
  lines: { product: number; quantity: string; unitPrice: string; terminalUnitPrice: string; discount: string; lineTotal: string }[];
  payments: { paymentMode: number; amount: string; reference: string | null }[];
  vouchers: { code: string; amount: string; status: string }[];
}

/** One product's line as stored: amounts in the currency's minor units, quantity in thousandths. */
interface LineFigures {
  product: number;
  quantity: number;
  unitPrice: number;
  terminalUnitPrice: number;
  discount: number;
  lineTotal: number;
}

interface Priced {
  kind: SaleKind;
  /** The sale's moment (a time without offset is the outlet's wall clock). */
  at: string;
  lines: LineFigures[];
  subtotal: number;
  discountTotal: number;
  taxTotal: number;
  total: number;
  terminalTotal: number;
  points: number;
  member: number | null;
  cashier: number | null;
  payments: { paymentMode: number; amount: number; reference: string | null }[];
  redemption: Redemption | null;
  vouchers: { code: string; amount: number; status: 'redeemed' | 'alreadyUsed' | 'notApplied' }[];
  /** A return: the sale it takes goods back from, and what the terminal sent per product. */
  returnOf: { of: ReturnOf; returned: ReadonlyMap<number, ReturnedLine> } | null;
}


/** The largest amount a sale holds, in minor units: amounts are exact integers on the server (a safe JavaScript integer), inside the columns' 64-bit range. */
const MAX_AMOUNT = Number.MAX_SAFE_INTEGER;

/** A row by its id (a number) or by a text column (code, user name), or undefined; with `columns` besides its id. */
async function byIdOrText(db: AnyDb, table: string, textColumn: string, value: string | number, columns: string[] = []) {
  const query = db.selectFrom(table).select(['id', ...columns]);
  return (await (typeof value === 'number' ? query.where('id', '=', value) : query.where(textColumn, '=', value)).executeTakeFirst()) as ({ id: number } & Row) | undefined;
}

/** Payments (with whether each is cash) and the cashier, by id or code / user name. */
async function resolveParties(db: AnyDb, body: z.infer<typeof saleBody>, decimals: number, problems: Problems) {
  const payments: (Priced['payments'][number] & { cash: boolean })[] = [];
  for (const [i, p] of body.payments.entries()) {
    const named = p.paymentModeId ?? (p.paymentMode as string);
    const mode = await byIdOrText(db, paymentMode.table, columnOf(paymentMode, 'code'), named, [`${columnOf(paymentMode, 'kind')} as kind`]);
    if (!mode) problems.add(`payments.${i}.${p.paymentModeId !== undefined ? 'paymentModeId' : 'paymentMode'}`, `Payment mode ${String(named)} does not exist`);
    const amount = parseScaled(p.amount, decimals);
    if (!amount.ok || Math.abs(amount.value) > MAX_AMOUNT) problems.add(`payments.${i}.amount`, `Amount must be a number with at most ${decimals} decimal places, at most ${formatScaled(MAX_AMOUNT, decimals)}`);
    if (mode && amount.ok) payments.push({ paymentMode: Number(mode.id), amount: amount.value, reference: p.reference || null, cash: mode.kind === 'cash' });
  }
  let cashier: number | null = null;
  const named = body.cashierId ?? (body.cashier as string | null | undefined);
  if (named !== undefined && named !== null) {
    const found = await byIdOrText(db, user.table, columnOf(user, 'userName'), named);
    if (!found) problems.add(body.cashierId !== undefined ? 'cashierId' : 'cashier', `User ${String(named)} does not exist`);
    cashier = found ? Number(found.id) : null;
  }
  return { payments, cashier };
}

/** The request's lines as numbers: quantities in thousandths (all positive: a sale; all negative: a return), terminal prices in minor units. */
function parseLines(body: z.infer<typeof saleBody>, decimals: number, problems: Problems) {
  const lines = body.lines.map((l, i) => {
    const quantity = parseScaled(l.quantity, 3);
    const price = parseScaled(l.unitPrice, decimals);
    if (!quantity.ok || quantity.value === 0 || Math.abs(quantity.value) > 1_000_000_000) problems.add(`lines.${i}.quantity`, 'Quantity must be a number other than 0 with at most 3 decimal places');
    if (!price.ok || price.value < 0) problems.add(`lines.${i}.unitPrice`, `Unit price must be a number of 0 or more with at most ${decimals} decimal places`);
    else if (quantity.ok && BigInt(price.value) * BigInt(Math.abs(quantity.value)) > BigInt(MAX_AMOUNT) * 1000n)
      problems.add(`lines.${i}.unitPrice`, `Quantity × unit price must be at most ${formatScaled(MAX_AMOUNT, decimals)}`);
    return { quantity: quantity.ok ? quantity.value : 0, unitPrice: price.ok ? price.value : 0 };
  });
  if (lines.reduce((sum, l) => sum + BigInt(l.unitPrice) * BigInt(Math.abs(l.quantity)), 0n) > BigInt(MAX_AMOUNT) * 1000n)
    problems.add('lines', `The lines must come to at most ${formatScaled(MAX_AMOUNT, decimals)}`);
  const kind: SaleKind = lines.every((l) => l.quantity < 0) ? 'return' : 'sale';
  if (kind === 'sale') lines.forEach((l, i) => l.quantity < 0 && problems.add(`lines.${i}.quantity`, 'A sale and a return are separate receipts: every quantity positive, or every one negative'));
  if (kind === 'return' && !body.originalReceiptNo && !body.originalSale) problems.add('originalReceiptNo', 'A return names the receipt it returns goods from (or originalSale)');
  return { kind, lines };
}

/** The terminal's figures summed per product (the engine prices a product added twice as one line). */
function byProduct(resolved: readonly { product: number }[], parsed: readonly { quantity: number; unitPrice: number }[]) {
  const out = new Map<number, { quantity: number; amount: number; unitPrice: number; line: number }>();
  resolved.forEach((r, i) => {
    const p = parsed[i]!;
    const seen = out.get(r.product) ?? { quantity: 0, amount: 0, unitPrice: p.unitPrice, line: i };
    out.set(r.product, { ...seen, quantity: seen.quantity + p.quantity, amount: seen.amount + Math.sign(p.quantity) * times(p.unitPrice, Math.abs(p.quantity)) });
  });
  return out;
}

const productEntity = getEntity('product');

/**
 * The lines' products, in one query: `productId` by id, `product` by code, else by barcode (a
 * product's own). An unknown or inactive one is a 400 naming its line's field.
 */
async function resolveProducts(db: AnyDb, body: z.infer<typeof saleBody>, parsed: readonly { quantity: number }[]): Promise<BasketLine[]> {
  const ids = body.lines.flatMap((l) => (l.productId !== undefined ? [l.productId] : []));
  const codes = body.lines.flatMap((l) => (l.productId === undefined ? [String(l.product)] : []));
  const CODE = columnOf(productEntity, 'code');
  const BARCODE = columnOf(productEntity, 'barcode');
  const rows = await db
    .selectFrom(productEntity.table)
    .select(['id', CODE, BARCODE, 'is_active'])
    .where((eb) => eb.or([...(ids.length > 0 ? [eb('id', 'in', ids)] : []), ...(codes.length > 0 ? [eb(CODE, 'in', codes), eb(BARCODE, 'in', codes)] : [])]))
    .execute();
  const problems = new Problems();
  const lines = body.lines.map((l, i) => {
    const field = l.productId !== undefined ? 'productId' : 'product';
    const given = l.productId ?? String(l.product);
    const row =
      l.productId !== undefined ? rows.find((r) => Number(r.id) === l.productId) : (rows.find((r) => r[CODE] === given) ?? rows.find((r) => r[BARCODE] === given));
    if (!row) problems.add(`lines.${i}.${field}`, `Product ${given} does not exist`);
    else if (!row.is_active) problems.add(`lines.${i}.${field}`, `Product ${given} is not active`);
    return { product: Number(row?.id), quantity: Math.abs(parsed[i]!.quantity) };
  });
  problems.throwIfAny();
  return lines;
}

/**
 * A sale's tender: only cash may be negative (the change given back), and what was paid covers
 * what the till charged (less a cash rounding down when cash is among the payments). A sale sent
 * without payments records none and is not checked.
 */
function checkTender(payments: readonly { amount: number; cash: boolean }[], charged: number, rounding: RoundingRule, decimals: number) {
  if (payments.length === 0) return;
  const problems = new Problems();
  payments.forEach((p, i) => p.amount < 0 && !p.cash && problems.add(`payments.${i}.amount`, 'Only cash may be negative (the change given back)'));
  const paid = payments.reduce((a, p) => a + p.amount, 0);
  // Cash may round the total down, never has to round it up (a till that does not round is not short).
  const due = Math.min(charged, charged + roundingOf(charged, rounding, decimals));
  if (paid < due) problems.add('payments', `The payments (${formatScaled(paid, decimals)}) do not cover the total charged (${formatScaled(due, decimals)})`);
  problems.throwIfAny();
}

const outletsOf = (terminal: TerminalContext) => async () => [terminal.outletId];

/** A sale: the engine's lines beside the terminal's. */
async function priceSale(ctx: AppContext, set: RuleSet, terminal: TerminalContext, body: z.infer<typeof saleBody>, standIn: FastifyRequest): Promise<Priced> {
  const decimals = set.currency.decimals;
  const problems = new Problems();
  const parsed = parseLines(body, decimals, problems);
  const parties = await resolveParties(anyDb(ctx), body, decimals, problems);
  problems.throwIfAny();
  const resolved = await resolveRequest(
    standIn,
    set,
    {
      outlet: terminal.outletId,
      at: body.at,
      // A number here is refused by name (resolveMember): it reaches it as sent.
      member: (body.member || undefined) as string | undefined,
      memberId: body.memberId,
      voucherCodes: parsed.kind === 'sale' ? body.voucherCodes : undefined,
      lines: [],
    },
    // A terminal prices at its own outlet; a member shops at any outlet.
    { outlets: outletsOf(terminal), members: async () => [] },
  );
  resolved.lines = await resolveProducts(anyDb(ctx), body, parsed.lines);
  const terminalLines = byProduct(resolved.lines as { product: number }[], parsed.lines);
  const terminalTotal = body.total !== undefined ? parseScaled(body.total, decimals) : { ok: true as const, value: [...terminalLines.values()].reduce((a, l) => a + l.amount, 0) };
  if (!terminalTotal.ok || Math.abs(terminalTotal.value) > MAX_AMOUNT)
    throw validationError([{ field: 'total', message: `Total must be a number with at most ${decimals} decimal places, at most ${formatScaled(MAX_AMOUNT, decimals)}` }]);
  const payments = parties.payments.map(({ cash: _, ...p }) => p);
  const common = { at: resolved.at, member: resolved.member, cashier: parties.cashier, payments, terminalTotal: terminalTotal.value };
    if (parsed.kind === 'return') {
    const returnOf = { of: await originalOf(anyDb(ctx), terminal, body, terminalLines), returned: terminalLines };
    return { ...common, ...refundsAsRead(returnOf.of, terminalLines), kind: 'return', member: returnOf.of.member, redemption: null, vouchers: [], returnOf };
  }

  const cash = parties.payments.some((p) => p.cash);
  checkTender(parties.payments, terminalTotal.value, cash ? set.rounding : 'none', decimals);
  const inputs = await pricingInputs(standIn, set, resolved);
  if (body.reservationId !== undefined) await entitle(anyDb(ctx), body.reservationId, inputs);
  // Cash rounding is for cash: a sale paid without cash is charged to the cent.
  const data = cash ? inputs.data : { ...inputs.data, rounding: 'none' as const };
  const basket = inputs.basket;
  const priced: PricedBasket = priceBasket(data, basket);
  if (Math.abs(priced.subtotal) > MAX_AMOUNT || Math.abs(priced.total) > MAX_AMOUNT) throw validationError([{ field: 'lines', message: `The lines must come to at most ${formatScaled(MAX_AMOUNT, decimals)}` }]);
  const lines = priced.lines.map((l): LineFigures => {
    const mine = terminalLines.get(l.product!.id)!;
    return { product: l.product!.id, quantity: l.quantity, unitPrice: l.unitPrice, terminalUnitPrice: mine.unitPrice, discount: l.gross - l.total, lineTotal: l.total };
  });
  const limits = new Map(set.rules.map((r) => [r.id, r.usageLimitPerMember]));
  const used = priced.considered.filter((c) => c.kind === 'voucher' && c.fired && c.amount > 0);
  return {
    ...common,
    kind: 'sale',
    lines,
    subtotal: priced.subtotal,
    discountTotal: priced.discountTotal,
    taxTotal: priced.taxAdded + priced.taxIncluded,
    total: priced.total,
    points: priced.pointsEarned,
    redemption: redemptionOf(basket, priced, body.receiptNo, limits),
    vouchers: resolved.vouchers.map((v) => {
      const amount = used.find((c) => c.voucherCode === v.code)?.amount ?? 0;
      return { code: v.code, amount, status: v.redeemed ? 'alreadyUsed' : amount > 0 ? 'redeemed' : 'notApplied' };
    }),
    returnOf: null,
  };
}

function money(decimals: number) {
  return (minor: number) => formatScaled(minor, decimals);
}

/**
 * Writes the sale and everything it moves, in one transaction; undefined when the receipt was
 * recorded already. The stock moves last: from the balances' row locks to the commit, as little
 * as can be (parallel sales of the same products wait on those locks).
 */
async function store(ctx: AppContext, terminal: TerminalContext, body: z.infer<typeof saleBody>, hash: string, p: Priced, decimals: number): Promise<StoredSale | undefined> {
  const m = money(decimals);
  const { at } = p;
  const now = new Date().toISOString();
  const who = { version: 1, created_at: now, created_by: terminal.userName, updated_at: now, updated_by: terminal.userName };
  const priceDifference = p.terminalTotal !== p.total || p.lines.some((l) => l.unitPrice !== l.terminalUnitPrice);
  const location = await saleLocation(anyDb(ctx), terminal.outletId);
  return anyDb(ctx)
    .transaction()
    .execute(async (trx) => {
      const head = toStorageRow(
        sale,
        {
          outlet: terminal.outletId,
          terminal: terminal.terminalId,
          receiptNo: body.receiptNo,
          at,
          cashier: p.cashier,
          member: p.member,
          kind: p.kind,
          originalReceiptNo: p.returnOf?.of.receiptNo ?? null,
          originalSale: p.returnOf?.of.sale ?? null,
          subtotal: m(p.subtotal),
          discountTotal: m(p.discountTotal),
          taxTotal: m(p.taxTotal),
          total: m(p.total),
          terminalTotal: m(p.terminalTotal),
          priceDifference,
          pointsEarned: p.member !== null && p.kind === 'sale' ? formatScaled(p.points, 2) : null,
        },
        ctx.dialect,
      );
      const [inserted] = (await insertHead(trx, [{ ...head, ...who }])).rows;
      if (!inserted) return undefined;
      const id = Number(inserted.id);
      await claimKey(trx, keyScope(terminal), body.receiptNo, hash, now);
      let pointsBack = 0;
      if (p.returnOf) {
        const refund = await claimReturn(trx, p.returnOf.returned, p.returnOf.of);
        await storeRefund(trx, ctx.dialect, id, head, refund, decimals);
        Object.assign(p, refund);
        pointsBack = refund.points;
      }
      const lines = p.lines.map((l, i) =>
        toStorageRow(
          line,
          { sale: id, lineNo: i, product: l.product, quantity: formatScaled(l.quantity, 3), unitPrice: m(l.unitPrice), terminalUnitPrice: m(l.terminalUnitPrice), discount: m(l.discount), lineTotal: m(l.lineTotal) },
          ctx.dialect,
        ),
      );
      await insertLines(trx, lines);
      const payments = p.payments.map((x) => toStorageRow(payment, { sale: id, paymentMode: x.paymentMode, amount: m(x.amount), reference: x.reference }, ctx.dialect));
      if (payments.length > 0) await insertPayments(trx, payments);

      // The uses its reservation holds are confirmed; any other use past a limit is over-redeemed (pricing/redeem.ts).
      const over = p.redemption ? await redeemSale(trx, p.redemption, await claimReservation(trx, body.reservationId, id), now) : [];
      if (over.length > 0) {
        const flagged = toStorageRow(sale, { priceDifference: true }, ctx.dialect);
        await trx.updateTable(sale.table).set(flagged).where('id', '=', id).execute();
        Object.assign(head, flagged);
      }
      const vouchers = p.vouchers.map((v) =>
        toStorageRow(voucher, { sale: id, code: v.code, amount: m(v.amount), status: over.some((o) => o.kind === 'voucher' && o.code === v.code) ? 'overRedeemed' : v.status }, ctx.dialect),
      );
      if (vouchers.length > 0) await trx.insertInto(voucher.table).values(vouchers).execute();

      const member = { at, reference: body.receiptNo, userName: terminal.userName };
      if (p.member !== null && p.kind === 'sale') await earn(trx, ctx.dialect, { ...member, member: p.member, points: p.points, spend: p.total });
      if (p.member !== null && p.kind === 'return') {
        const taken = await takeBack(trx, ctx.dialect, { ...member, member: p.member, points: pointsBack, spend: -p.total });
        const points = toStorageRow(sale, { pointsEarned: formatScaled(-taken, 2) }, ctx.dialect);
        await trx.updateTable(sale.table).set(points).where('id', '=', id).execute();
        Object.assign(head, points);
      }
      await publishEvent({ trx, now: at }, 'sale.created', {
        id,
        receiptNo: body.receiptNo,
        kind: p.kind,
        outlet: terminal.outletId,
        terminal: terminal.terminalId,
        at,
        total: m(p.total),
      });
      if (location !== null)
        await move(
          { trx, now: at, auth: { userName: terminal.userName }, mayGoNegative: true },
          p.lines.map((l) => ({ product: l.product, location, quantity: -l.quantity, kind: p.kind, document: { type: 'sale', id, reference: body.receiptNo } })),
        );
      return { id, head, lines, payments, vouchers };
    });
}

/** A sale's rows as stored (columns by their database names). */
interface StoredSale {
  id: number;
  head: Row;
  lines: Row[];
  payments: Row[];
  vouchers: Row[];
}

/** A stored sale as the terminal reads it back: the same answer for the first call (from the rows it wrote) and every replay (read back). */
function answerOf({ id, head, lines, payments, vouchers }: StoredSale): SaleResult {
  const minor = (value: unknown) => fromMinorUnits(Number(value ?? 0));
  return {
    id,
    receiptNo: String(head[S('receiptNo')]),
    kind: head[S('kind')] as SaleKind,
    at: String(head[S('at')]),
    subtotal: minor(head[S('subtotal')]),
    discountTotal: minor(head[S('discountTotal')]),
    taxTotal: minor(head[S('taxTotal')]),
    total: minor(head[S('total')]),
    terminalTotal: minor(head[S('terminalTotal')]),
    priceDifference: Boolean(head[S('priceDifference')]),
    pointsEarned: head[S('pointsEarned')] === null || head[S('pointsEarned')] === undefined ? null : formatScaled(Number(head[S('pointsEarned')]), 2),
    lines: lines.map((l) => ({
      product: Number(l[L('product')]),
      quantity: formatScaled(Number(l[L('quantity')]), 3),
      unitPrice: minor(l[L('unitPrice')]),
      terminalUnitPrice: minor(l[L('terminalUnitPrice')]),
      discount: minor(l[L('discount')]),
      lineTotal: minor(l[L('lineTotal')]),
    })),
    payments: payments.map((x) => ({ paymentMode: Number(x[columnOf(payment, 'paymentMode')]), amount: minor(x[columnOf(payment, 'amount')]), reference: (x[columnOf(payment, 'reference')] as string | null) ?? null })),
    vouchers: vouchers.map((v) => ({ code: String(v[columnOf(voucher, 'code')]), amount: minor(v[columnOf(voucher, 'amount')]), status: String(v[columnOf(voucher, 'status')]) })),
  };
}

/** A recorded sale's answer, read back. */
export async function saleResult(db: AnyDb, id: number): Promise<SaleResult> {
  const head = (await db.selectFrom(sale.table).selectAll().where('id', '=', id).executeTakeFirstOrThrow()) as Row;
  const lines = await db.selectFrom(line.table).selectAll().where(L('sale'), '=', id).orderBy(L('lineNo')).execute();
  const payments = await db.selectFrom(payment.table).selectAll().where(columnOf(payment, 'sale'), '=', id).orderBy('id').execute();
  const vouchers = await db.selectFrom(voucher.table).selectAll().where(columnOf(voucher, 'sale'), '=', id).orderBy('id').execute();
  return answerOf({ id, head, lines, payments, vouchers });
}

async function existing(db: AnyDb, terminal: TerminalContext, receiptNo: string): Promise<number | undefined> {
  const [row] = (await recordedAs(db, undefined, [terminal.terminalId, receiptNo])).rows;
  return row ? Number(row.id) : undefined;
}

/** A terminal's receipt numbers are its idempotency keys (http/idempotency.ts), kept as long as its sales. */
const keyScope = (terminal: TerminalContext) => `terminal:${terminal.terminalId}`;

/**
 * Records one terminal sale: the one place a sale is written (the terminal API and the demo seed
 * both come here). Answers the sale as the terminal reads it, and whether this call wrote it
 * (false: the receipt had been recorded already with the same body, and nothing was written
 * again). A receipt number recorded with another body is a 409 naming it.
 */
export async function recordSale(ctx: AppContext, terminal: TerminalContext, input: unknown): Promise<{ result: SaleResult; created: boolean }> {
  const body = parseBody(saleBody, input);
  const hash = bodyHash(body);
  const db = anyDb(ctx);
  const replay = async (id: number) => {
    sameBodyOrRefuse(await findKey(db, keyScope(terminal), body.receiptNo), hash, 'receiptNo', `Receipt ${body.receiptNo}`);
    return { result: await saleResult(db, id), created: false };
  };
  const recorded = await existing(db, terminal, body.receiptNo);
  if (recorded !== undefined) return replay(recorded);
  if (body.reservationId !== undefined) await reservationFor(db, terminal, body.reservationId);
  const standIn = { server: { ctx } } as unknown as FastifyRequest;
  const set = await ruleSet(ctx);
  const priced = await priceSale(ctx, set, terminal, body, standIn);
  const stored = await store(ctx, terminal, body, hash, priced, set.currency.decimals);
  if (stored !== undefined) return { result: answerOf(stored), created: true };
  const first = await existing(db, terminal, body.receiptNo);
  if (first === undefined) throw new ApiError(409, `Receipt ${body.receiptNo} could not be recorded`);
  return replay(first);
}
