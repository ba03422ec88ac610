import { formatScaled, fromMinorUnits, getEntity, parseScaled, toStorageRow, type SaleKind } from '@backroom/schema';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { Kysely } from 'kysely';
import { typedDb, type Database, type StoredRow } from '../../db/types';
import { ApiError, validationError } from '../../http/envelope';
import { bodyHash, claimKey, findKey, sameBodyOrRefuse } from '../../http/idempotency';
import { parseBody } from '../../http/validate';
import { preparedInsert, preparedQuery } from '../../db/compiled';
import { emit } from '../events';
import { takeBack } from '../membership/index';
import {
  MAX_LINES,
  Problems,
  localTime,
  mulDivFloor,
  priceBasket,
  basketInputs,
  redeemSale,
  redemptionOf,
  resolveRequest,
  roundingOf,
  ruleSet,
  times,
  type BasketLine,
  type ChannelKind,
  type PricedBasket,
  type Redemption,
  type Resolved,
  type RoundingRule,
  type RuleSet,
} from '../pricing/index';
import { move, unitCostsAt } from '../stock/index';
import { bundleShares, chargedLines, type ChargedLine, type TillDiscount, type TillLine } from './charged';
import { recordDifferences, type Difference } from './differences';
import type { SaleResult } from './contracts';
import { saleLocation } from './outlet-location';
import { checkSale } from './sale-check';
import { saleMomentProblem } from './sale-moment';
import type { TerminalContext } from './pairing';
import { claimReservation, entitle, reservationFor } from './reserve';
import {
  claimReturn,
  originalOf,
  originalSaleBody,
  refundsAsRead,
  storeRefund,
  type ReturnedLine,
  type ReturnOf,
} from './returns';

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
const saleDiscount = getEntity('salediscount');

// The statements every sale runs, compiled once (db/compiled.ts).
const insertHead = preparedInsert<{ id: number }>('sale', (insert) =>
  insert.onConflict((oc) => oc.columns(['terminal_id', 'receipt_no']).doNothing()).returning('id'),
);
const insertLines = preparedInsert('sale_line');
const insertPayments = preparedInsert('sale_payment');
const recordedAs = preparedQuery(
  () => '',
  (db, [terminal, receiptNo]) =>
    typedDb(db)
      .selectFrom('sale')
      .select('id')
      // Stand-ins for the terminal's id and the receipt no. (db/compiled.ts).
      .where('terminal_id', '=', terminal as number)
      .where('receipt_no', '=', receiptNo as string),
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
    if (typeof o[name] === 'number')
      zc.addIssue({
        code: 'custom',
        path: [name],
        message: `${name} takes a code as text ("${String(o[name])}"); send an id as ${name}Id`,
      });
    else if (given && o[`${name}Id`] !== undefined)
      zc.addIssue({ code: 'custom', path: [name], message: `Give ${name} or ${name}Id, not both` });
    else if (required && !given && o[`${name}Id`] === undefined)
      zc.addIssue({ code: 'custom', path: [name], message: `Give ${name} (its code) or ${name}Id` });
  };
const codeText = z.string().trim().min(1).max(100);

/** A line names a product (`product` code or barcode, `productId`) or a bundle (`bundle` code, `bundleId`); only a bundle's line lists its items. */
const productOrBundle = (o: Record<string, unknown>, zc: z.RefinementCtx): void => {
  const bundle = ['bundle', 'bundleId'].some((k) => o[k] !== undefined);
  if (bundle && ['product', 'productId'].some((k) => o[k] !== undefined))
    zc.addIssue({ code: 'custom', path: ['bundle'], message: 'A line is a product or a bundle, not both' });
  else if (bundle) nameOrId('bundle', true)(o, zc);
  else nameOrId('product', true)(o, zc);
  if (!bundle && o.components !== undefined)
    zc.addIssue({ code: 'custom', path: ['components'], message: "Only a bundle's line lists its items" });
};

/** A cashier's discount: `discount` its code or `discountId`, what the till took off for it, and who approved it (`approvedBy` a user name, `approvedById`). */
const givenDiscount = z
  .object({
    discount: z.union([codeText, z.number()]).optional(),
    discountId: id.optional(),
    amount: decimal,
    approvedBy: z.union([codeText, z.number()]).optional(),
    approvedById: id.optional(),
  })
  .strict()
  .superRefine(nameOrId('discount', true))
  .superRefine(nameOrId('approvedBy', false));

export const saleBody = z
  .object({
    receiptNo: z.string().trim().min(1).max(50),
    at: z
      .string()
      .trim()
      .max(40)
      .superRefine((text, zc) => {
        const problem = saleMomentProblem(text);
        if (problem) zc.addIssue({ code: 'custom', message: problem });
      }),
    /** `product`: a product's code or barcode; `productId`: its id; or a bundle (`bundle` code, `bundleId`) with its items. */
    lines: z
      .array(
        z
          .object({
            product: z.union([codeText, z.number()]).optional(),
            productId: id.optional(),
            bundle: z.union([codeText, z.number()]).optional(),
            bundleId: id.optional(),
            components: z
              .array(
                z
                  .object({
                    product: z.union([codeText, z.number()]).optional(),
                    productId: id.optional(),
                    quantity: decimal,
                  })
                  .strict()
                  .superRefine(nameOrId('product', true)),
              )
              .min(1)
              .max(50)
              .optional(),
            quantity: decimal,
            /** As charged, before reductions. */
            unitPrice: decimal,
            /** The cashier's item discounts on this line. */
            discounts: z.array(givenDiscount).max(10).optional(),
            /** What the line came to after every reduction; default: quantity × unit price less its discounts and its share of the bill's. */
            lineTotal: decimal.optional(),
            /** The line's tax as charged; default: its tax code's on its total. */
            tax: decimal.optional(),
            taxInclusive: z.boolean().optional(),
          })
          .strict()
          .superRefine(productOrBundle),
      )
      .min(1)
      .max(MAX_LINES),
    /** `paymentMode`: a payment mode's code; `paymentModeId`: its id. */
    payments: z
      .array(
        z
          .object({
            paymentMode: z.union([codeText, z.number()]).optional(),
            paymentModeId: id.optional(),
            amount: decimal,
            reference: z.string().trim().max(100).optional(),
          })
          .strict()
          .superRefine(nameOrId('paymentMode', true)),
      )
      .max(20)
      .default([]),
    /** A member no.; `memberId`: the member's id. */
    member: z.union([ref, z.literal(''), z.null()]).optional(),
    memberId: id.optional(),
    voucherCodes: z.array(z.string().trim().min(1).max(60)).max(20).optional(),
    /** The cashier's bill discounts. */
    discounts: z.array(givenDiscount).max(20).optional(),
    /** `store`, `dineIn`, `takeaway`, `delivery`, or an online sales channel's code. */
    channel: codeText.optional(),
    /** A user name; `cashierId`: the user's id. */
    cashier: z.union([codeText, z.number(), z.null()]).optional(),
    cashierId: id.optional(),
    /** A return: this terminal's receipt it takes goods back from, or `originalSale` (outlet code, terminal code, receipt no.) for any terminal's. */
    originalReceiptNo: z.string().trim().min(1).max(50).optional(),
    originalSale: originalSaleBody.optional(),
    /** The reservation (`pointofsale/Reserve`) whose held uses this sale confirms. */
    reservationId: id.optional(),
    /** The tax the till charged; default: the lines' tax. */
    taxTotal: decimal.optional(),
    /** The total the till charged; default: the lines' totals and the tax added to them. */
    total: decimal.optional(),
  })
  .strict()
  .superRefine(nameOrId('cashier', false));
export type SaleInput = z.input<typeof saleBody>;

/** One stored line: amounts in the currency's minor units, quantity in thousandths; the till's figures, and the engine's (null: it cannot price the item). */
interface LineFigures {
  product: number;
  bundle: number | null;
  quantity: number;
  unitPrice: number;
  discount: number;
  lineTotal: number;
  tax: number;
  taxInclusive: boolean;
  expectedUnitPrice: number | null;
  expectedLineTotal: number | null;
}

interface Priced {
  kind: SaleKind;
  /** The sale's moment (a time without offset is the outlet's wall clock). */
  at: string;
  /** The sale's date at its outlet. */
  day: string;
  channel: { kind: string; online: number | null } | null;
  lines: LineFigures[];
  /** The till's figures. */
  subtotal: number;
  discountTotal: number;
  taxTotal: number;
  total: number;
  /** The engine's. */
  expectedTotal: number;
  points: number;
  member: number | null;
  cashier: number | null;
  payments: { paymentMode: number; amount: number; reference: string | null }[];
  discounts: {
    lineNo: number | null;
    discount: number;
    amount: number;
    needsApproval: boolean;
    approvedBy: number | null;
  }[];
  differences: Difference[];
  redemption: Redemption | null;
  vouchers: { code: string; amount: number; status: 'redeemed' | 'notApplied' }[];
  /** A return: the sale it takes goods back from, and what the terminal sent per product. */
  returnOf: { of: ReturnOf; returned: ReadonlyMap<number, ReturnedLine & { amount: number }> } | null;
}

/** The largest amount a sale holds, in minor units: amounts are exact integers on the server (a safe JavaScript integer), inside the columns' 64-bit range. */
const MAX_AMOUNT = Number.MAX_SAFE_INTEGER;

/** A user by id (a number) or user name, or undefined. */
const userByIdOrName = (db: Kysely<Database>, value: string | number) =>
  db
    .selectFrom('app_user')
    .select('id')
    .where(typeof value === 'number' ? 'id' : 'user_name', '=', value)
    .executeTakeFirst();

/** Payments (with whether each is cash) and the cashier, by id or code / user name. */
async function resolveParties(
  db: Kysely<Database>,
  body: z.infer<typeof saleBody>,
  decimals: number,
  problems: Problems,
) {
  const payments: (Priced['payments'][number] & { cash: boolean })[] = [];
  for (const [i, p] of body.payments.entries()) {
    const named = p.paymentModeId ?? (p.paymentMode as string);
    const mode = await db
      .selectFrom('payment_mode')
      .select(['id', 'kind'])
      .where(typeof named === 'number' ? 'id' : 'code', '=', named)
      .executeTakeFirst();
    if (!mode)
      problems.add(
        `payments.${i}.${p.paymentModeId !== undefined ? 'paymentModeId' : 'paymentMode'}`,
        `Payment mode ${String(named)} does not exist`,
      );
    const amount = parseScaled(p.amount, decimals);
    if (!amount.ok || Math.abs(amount.value) > MAX_AMOUNT)
      problems.add(
        `payments.${i}.amount`,
        `Amount must be a number with at most ${decimals} decimal places, at most ${formatScaled(MAX_AMOUNT, decimals)}`,
      );
    if (mode && amount.ok)
      payments.push({
        paymentMode: mode.id,
        amount: amount.value,
        reference: p.reference || null,
        cash: mode.kind === 'cash',
      });
  }
  let cashier: number | null = null;
  const named = body.cashierId ?? (body.cashier as string | null | undefined);
  if (named !== undefined && named !== null) {
    const found = await userByIdOrName(db, named);
    if (!found)
      problems.add(body.cashierId !== undefined ? 'cashierId' : 'cashier', `User ${String(named)} does not exist`);
    cashier = found ? found.id : null;
  }
  return { payments, cashier };
}

/**
 * The request's figures as numbers: quantities in thousandths (all positive: a sale; all negative:
 * a return), money in minor units (null where the till left it to its default). A return names its
 * products and receipt, and gives no bundles or discounts.
 */
function parseLines(body: z.infer<typeof saleBody>, decimals: number, problems: Problems) {
  const amount = (field: string, value: string | number | undefined, what: string, signed = false): number | null => {
    if (value === undefined) return null;
    const parsed = parseScaled(value, decimals);
    if (!parsed.ok || (!signed && parsed.value < 0) || Math.abs(parsed.value) > MAX_AMOUNT) {
      problems.add(
        field,
        `${what} must be a number${signed ? '' : ' of 0 or more'} with at most ${decimals} decimal places, at most ${formatScaled(MAX_AMOUNT, decimals)}`,
      );
      return null;
    }
    return parsed.value;
  };
  const units = (field: string, value: string | number) => {
    const parsed = parseScaled(value, 3);
    if (!parsed.ok || parsed.value === 0 || Math.abs(parsed.value) > 1_000_000_000)
      problems.add(field, 'Quantity must be a number other than 0 with at most 3 decimal places');
    return parsed.ok ? parsed.value : 0;
  };
  const discountsOf = (field: string, given: z.infer<typeof givenDiscount>[] | undefined) =>
    (given ?? []).map((d, k) => amount(`${field}.${k}.amount`, d.amount, 'Amount') ?? 0);
  const lines = body.lines.map((l, i) => {
    const quantity = units(`lines.${i}.quantity`, l.quantity);
    const price = parseScaled(l.unitPrice, decimals);
    if (!price.ok || price.value < 0)
      problems.add(
        `lines.${i}.unitPrice`,
        `Unit price must be a number of 0 or more with at most ${decimals} decimal places`,
      );
    else if (BigInt(price.value) * BigInt(Math.abs(quantity)) > BigInt(MAX_AMOUNT) * 1000n)
      problems.add(
        `lines.${i}.unitPrice`,
        `Quantity × unit price must be at most ${formatScaled(MAX_AMOUNT, decimals)}`,
      );
    return {
      quantity,
      unitPrice: price.ok ? price.value : 0,
      lineTotal: amount(`lines.${i}.lineTotal`, l.lineTotal, 'Line total', true),
      tax: amount(`lines.${i}.tax`, l.tax, 'Tax', true),
      discounts: discountsOf(`lines.${i}.discounts`, l.discounts),
      components: (l.components ?? []).map((c, k) => units(`lines.${i}.components.${k}.quantity`, c.quantity)),
    };
  });
  if (
    lines.reduce((sum, l) => sum + BigInt(l.unitPrice) * BigInt(Math.abs(l.quantity)), 0n) >
    BigInt(MAX_AMOUNT) * 1000n
  )
    problems.add('lines', `The lines must come to at most ${formatScaled(MAX_AMOUNT, decimals)}`);
  const kind: SaleKind = lines.every((l) => l.quantity < 0) ? 'return' : 'sale';
  if (kind === 'sale')
    lines.forEach(
      (l, i) =>
        l.quantity < 0 &&
        problems.add(
          `lines.${i}.quantity`,
          'A sale and a return are separate receipts: every quantity positive, or every one negative',
        ),
    );
  if (kind === 'return') {
    if (!body.originalReceiptNo && !body.originalSale)
      problems.add('originalReceiptNo', 'A return names the receipt it returns goods from (or originalSale)');
    body.lines.forEach((l, i) => {
      if (l.bundle !== undefined || l.bundleId !== undefined)
        problems.add(
          `lines.${i}.${l.bundleId !== undefined ? 'bundleId' : 'bundle'}`,
          "A return names the products it takes back (a bundle's items)",
        );
      if (l.discounts !== undefined)
        problems.add(`lines.${i}.discounts`, 'A return refunds what the sale charged: it gives no discounts');
    });
    if (body.discounts !== undefined)
      problems.add('discounts', 'A return refunds what the sale charged: it gives no discounts');
  }
  const total = amount('total', body.total, 'Total', true);
  const taxTotal = amount('taxTotal', body.taxTotal, 'Tax total', true);
  return { kind, lines, bill: discountsOf('discounts', body.discounts), total, taxTotal };
}

/** The terminal's figures summed per product (the engine prices a product added twice as one line). */
function byProduct(
  resolved: readonly { product: number | null }[],
  parsed: readonly { quantity: number; unitPrice: number; lineTotal: number | null; tax: number | null }[],
) {
  const out = new Map<number, { quantity: number; amount: number; tax: number; unitPrice: number; line: number }>();
  resolved.forEach((r, i) => {
    const p = parsed[i]!;
    const seen = out.get(r.product!) ?? { quantity: 0, amount: 0, tax: 0, unitPrice: p.unitPrice, line: i };
    const amount = p.lineTotal ?? Math.sign(p.quantity) * times(p.unitPrice, Math.abs(p.quantity));
    out.set(r.product!, {
      ...seen,
      quantity: seen.quantity + p.quantity,
      amount: seen.amount + amount,
      tax: seen.tax + (p.tax ?? 0),
    });
  });
  return out;
}

/**
 * A return as recorded: its money is the refund worked out from what the customer paid
 * (`returns.ts`), which the till pays out; where the till's own figure for a line differs, the
 * difference is kept with what the till had (reason `price`).
 */
function asRecorded(
  refund: {
    lines: readonly { product: number; quantity: number; unitPrice: number; tax: number; lineTotal: number }[];
    total: number;
  },
  returned: ReadonlyMap<number, { amount: number; line: number }>,
) {
  // A refund line gives back what was paid, its tax within it.
  const lines = refund.lines.map((l): LineFigures => ({
    ...l,
    bundle: null,
    discount: 0,
    taxInclusive: true,
    expectedUnitPrice: l.unitPrice,
    expectedLineTotal: l.lineTotal,
  }));
  const differences = refund.lines.flatMap((l): Difference[] => {
    const till = returned.get(l.product)!;
    return till.amount === l.lineTotal
      ? []
      : [{ reason: 'price', lineNo: till.line, product: l.product, expected: l.lineTotal, charged: till.amount }];
  });
  return { lines, differences, expectedTotal: refund.total };
}

/** What a request line sells: a product (`known` when the engine may price it: an active one), or a bundle and its items. */
interface LineItem {
  product: number | null;
  bundle: number | null;
  components: { product: number; quantity: number }[];
  known: boolean;
}

/**
 * The lines' products and bundles: `productId` by id, `product` by code, else by its own barcode
 * (one query for every line and bundle item); `bundleId` by id, `bundle` by code in any case. A
 * bundle's items are the ones the till lists, else the bundle's own for the line's quantity. An
 * unknown product or bundle is a 400 naming its field; an inactive product is recorded as sold
 * (the customer has it) and left to the check as an item the engine cannot price.
 */
async function resolveItems(
  db: Kysely<Database>,
  set: RuleSet,
  body: z.infer<typeof saleBody>,
  parsed: readonly { quantity: number; components: number[] }[],
): Promise<LineItem[]> {
  const refs = body.lines.flatMap((l, i) => [
    ...(l.bundle === undefined && l.bundleId === undefined
      ? [{ field: `lines.${i}`, product: l.product, productId: l.productId }]
      : []),
    ...(l.components ?? []).map((c, k) => ({
      field: `lines.${i}.components.${k}`,
      product: c.product,
      productId: c.productId,
    })),
  ]);
  const ids = refs.flatMap((r) => (r.productId !== undefined ? [r.productId] : []));
  const codes = refs.flatMap((r) => (r.productId === undefined ? [String(r.product)] : []));
  const rows = await db
    .selectFrom('product')
    .select(['id', 'code', 'barcode', 'is_active'])
    .where((eb) =>
      eb.or([
        ...(ids.length > 0 ? [eb('id', 'in', ids)] : []),
        ...(codes.length > 0 ? [eb('code', 'in', codes), eb('barcode', 'in', codes)] : []),
      ]),
    )
    .execute();
  const problems = new Problems();
  const find = (r: { field: string; product?: unknown; productId?: number }) => {
    const given = r.productId ?? String(r.product);
    const row =
      r.productId !== undefined
        ? rows.find((x) => x.id === r.productId)
        : (rows.find((x) => x.code === given) ?? rows.find((x) => x.barcode === given));
    if (!row)
      problems.add(
        `${r.field}.${r.productId !== undefined ? 'productId' : 'product'}`,
        `Product ${given} does not exist`,
      );
    return row ? { id: row.id, active: row.is_active } : null;
  };
  const items = body.lines.map((l, i): LineItem => {
    const components = (l.components ?? []).map((c, k) => ({
      product: find({ field: `lines.${i}.components.${k}`, ...c })?.id ?? 0,
      quantity: Math.abs(parsed[i]!.components[k]!),
    }));
    if (l.bundle === undefined && l.bundleId === undefined) {
      const found = find({ field: `lines.${i}`, product: l.product, productId: l.productId });
      return { product: found?.id ?? 0, bundle: null, components: [], known: found?.active ?? false };
    }
    const bundle =
      l.bundleId !== undefined
        ? set.bundles.get(l.bundleId)
        : [...set.bundles.values()].find((b) => b.code.toLowerCase() === String(l.bundle).toLowerCase());
    if (!bundle)
      problems.add(
        `lines.${i}.${l.bundleId !== undefined ? 'bundleId' : 'bundle'}`,
        `Bundle ${String(l.bundleId ?? l.bundle)} does not exist`,
      );
    const own = (bundle?.items ?? []).map((item) => ({
      product: item.product,
      quantity: times(item.quantity, Math.abs(parsed[i]!.quantity)),
    }));
    return { product: null, bundle: bundle?.id ?? null, components: l.components ? components : own, known: true };
  });
  problems.throwIfAny();
  return items;
}

/**
 * A sale's tender: only cash may be negative (the change given back), and what was paid covers
 * what the till charged (less a cash rounding down when cash is among the payments). A sale sent
 * without payments records none and is not checked.
 */
function checkTender(
  payments: readonly { amount: number; cash: boolean }[],
  charged: number,
  rounding: RoundingRule,
  decimals: number,
) {
  if (payments.length === 0) return;
  const problems = new Problems();
  payments.forEach(
    (p, i) =>
      p.amount < 0 &&
      !p.cash &&
      problems.add(`payments.${i}.amount`, 'Only cash may be negative (the change given back)'),
  );
  const paid = payments.reduce((a, p) => a + p.amount, 0);
  // Cash may round the total down, never has to round it up (a till that does not round is not short).
  const due = Math.min(charged, charged + roundingOf(charged, rounding, decimals));
  if (paid < due)
    problems.add(
      'payments',
      `The payments (${formatScaled(paid, decimals)}) do not cover the total charged (${formatScaled(due, decimals)})`,
    );
  problems.throwIfAny();
}

const outletsOf = (terminal: TerminalContext) => async () => [terminal.outletId];

const STORE_CHANNELS: readonly ChannelKind[] = ['store', 'dineIn', 'takeaway', 'delivery'];

/** The sale's channel: a store channel by name, or an online sales channel by its code (in any case). */
function resolveChannel(set: RuleSet, channel: string | undefined, problems: Problems): Resolved['channel'] {
  if (channel === undefined) return { kind: 'store', online: null, label: 'store' };
  if ((STORE_CHANNELS as readonly string[]).includes(channel))
    return { kind: channel as ChannelKind, online: null, label: channel };
  const online = [...set.onlineChannels.values()].find((c) => c.code.toLowerCase() === channel.toLowerCase());
  if (online) return { kind: 'online', online: online.id, label: online.code };
  problems.add(
    'channel',
    `Channel ${channel} is neither ${STORE_CHANNELS.join(', ')} nor an online sales channel's code`,
  );
  return { kind: 'store', online: null, label: 'store' };
}

/**
 * The cashier's discounts: each a discount by code (any case) or id, what the till took off for it,
 * and its approver by user name or id. An item discount is given on its line, a bill discount on
 * the sale; an unknown discount or approver is a 400 naming it.
 */
async function resolveDiscounts(
  db: Kysely<Database>,
  set: RuleSet,
  body: z.infer<typeof saleBody>,
  parsed: ReturnType<typeof parseLines>,
  problems: Problems,
) {
  const one = async (
    d: z.infer<typeof givenDiscount>,
    field: string,
    amount: number,
    line: number | null,
  ): Promise<TillDiscount[]> => {
    const found =
      d.discountId !== undefined
        ? set.discounts.find((x) => x.id === d.discountId)
        : set.discounts.find((x) => x.code.toLowerCase() === String(d.discount).toLowerCase());
    const named = `${field}.${d.discountId !== undefined ? 'discountId' : 'discount'}`;
    if (!found) problems.add(named, `Discount ${String(d.discountId ?? d.discount)} does not exist`);
    else if (line !== null && found.appliesTo === 'bill')
      problems.add(named, `Discount ${found.code} is a bill discount: give it with the sale's discounts`);
    const approver = d.approvedById ?? (d.approvedBy as string | undefined);
    let approvedBy: number | null = null;
    if (approver !== undefined) {
      const row = await userByIdOrName(db, approver);
      if (!row)
        problems.add(
          `${field}.${d.approvedById !== undefined ? 'approvedById' : 'approvedBy'}`,
          `User ${String(approver)} does not exist`,
        );
      approvedBy = row ? row.id : null;
    }
    return found ? [{ discount: found.id, code: found.code, amount, approvedBy, line }] : [];
  };
  const lines: TillDiscount[][] = [];
  for (const [i, l] of body.lines.entries()) {
    const given: TillDiscount[] = [];
    for (const [k, d] of (l.discounts ?? []).entries())
      given.push(...(await one(d, `lines.${i}.discounts.${k}`, parsed.lines[i]!.discounts[k]!, i)));
    lines.push(given);
  }
  const bill: TillDiscount[] = [];
  for (const [k, d] of (body.discounts ?? []).entries())
    bill.push(...(await one(d, `discounts.${k}`, parsed.bill[k]!, null)));
  return { lines, bill, all: [...lines.flat(), ...bill] };
}

/**
 * A sale recorded as the till rang it, and checked: the engine prices the same basket at the
 * sale's own time (`basketInputs`: the prices in force then) — without the discounts given above the approval limit with no
 * approver, which it does not expect — and every difference is kept with its reason
 * (`sale-check.ts`). The till's figures are the sale's; the engine's are its expected ones.
 */
async function priceSale(
  ctx: AppContext,
  set: RuleSet,
  terminal: TerminalContext,
  body: z.infer<typeof saleBody>,
  standIn: FastifyRequest,
): Promise<Priced> {
  const decimals = set.currency.decimals;
  const db = ctx.db;
  const problems = new Problems();
  const parsed = parseLines(body, decimals, problems);
  const parties = await resolveParties(db, body, decimals, problems);
  const given = await resolveDiscounts(db, set, body, parsed, problems);
  const channel = resolveChannel(set, body.channel, problems);
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
  const items = await resolveItems(db, set, body, parsed.lines);
  const payments = parties.payments.map(({ cash: _, ...p }) => p);
  const common = {
    at: resolved.at,
    day: localTime(resolved.at, resolved.outlet.timezone).date,
    member: resolved.member,
    cashier: parties.cashier,
    payments,
    channel: { kind: channel.kind, online: channel.online },
  };
  if (parsed.kind === 'return') {
    const returned = byProduct(items, parsed.lines);
    const returnOf = { of: await originalOf(db, terminal, body, returned), returned };
    const refund = refundsAsRead(returnOf.of, returned);
    return {
      ...common,
      ...refund,
      ...asRecorded(refund, returned),
      kind: 'return',
      member: returnOf.of.member,
      discounts: [],
      redemption: null,
      vouchers: [],
      returnOf,
    };
  }

  resolved.channel = channel;
  resolved.lines = items.flatMap((it, i): BasketLine[] =>
    !it.known
      ? []
      : it.bundle !== null
        ? [{ bundle: it.bundle, quantity: parsed.lines[i]!.quantity }]
        : [{ product: it.product!, quantity: parsed.lines[i]!.quantity }],
  );
  // The engine takes an item discount on a product's line; one on a bundle or an unknown item is the till's alone.
  resolved.discounts = given.all.flatMap((d) =>
    d.line === null
      ? [{ discount: d.discount, product: null }]
      : items[d.line]!.known && items[d.line]!.product !== null
        ? [{ discount: d.discount, product: items[d.line]!.product }]
        : [],
  );
  const cash = parties.payments.some((p) => p.cash);
  // Cash rounding is for cash: a sale paid without cash is charged to the cent.
  // The prices in force at the sale's moment (basketInputs), the uses its reservation holds.
  const inputs = await basketInputs(ctx, set, resolved);
  if (body.reservationId !== undefined) await entitle(db, body.reservationId, inputs);
  // The till gave the codes it names and the customer has left with them: the engine applies each as
  // if its use were free, and a use past its limit (a code used already) is over-redeemed when stored.
  inputs.basket = {
    ...inputs.basket,
    vouchers: inputs.basket.vouchers.map((v) => ({ ...v, redeemed: false, voucher: { ...v.voucher, timesUsed: 0 } })),
  };
  const data = cash ? inputs.data : { ...inputs.data, rounding: 'none' as const };
  const asked = priceBasket(data, inputs.basket);
  const needsApproval = new Set(
    asked.adjustments.filter((a) => a.kind === 'discount' && a.needsApproval).map((a) => a.id),
  );
  const unapproved = given.all.filter((d) => d.approvedBy === null && needsApproval.has(d.discount));
  const unapprovedIds = new Set(unapproved.map((d) => d.discount));
  const basket =
    unapproved.length === 0
      ? inputs.basket
      : { ...inputs.basket, discounts: inputs.basket.discounts.filter((d) => !unapprovedIds.has(d.discount)) };
  const asPriced: PricedBasket = unapproved.length === 0 ? asked : priceBasket(data, basket);
  if (Math.abs(asPriced.subtotal) > MAX_AMOUNT || Math.abs(asPriced.total) > MAX_AMOUNT)
    throw validationError([
      { field: 'lines', message: `The lines must come to at most ${formatScaled(MAX_AMOUNT, decimals)}` },
    ]);
  // The till names no rules: one the engine refuses only for its usage limit may have been given
  // offline. The basket priced with those rules free is the sale's check when the till's figures
  // match it better (below); their uses are then counted past the limit (redeemSale).
  const spent = asPriced.considered.filter(
    (c) => c.kind === 'newpromotion' && (c.reason === 'usageLimitReached' || c.reason === 'memberUsageLimitReached'),
  );
  const ruleUsage = new Map([...data.ruleUsage, ...spent.map((c) => [c.id, { total: 0, byMember: 0 }] as const)]);
  const rulesFree = spent.length === 0 ? null : priceBasket({ ...data, ruleUsage }, basket);

  const taxCodes = new Map(
    asPriced.lines.flatMap((l) =>
      l.parts.map(
        (p) => [p.product.id, p.taxCode ? { rate: p.taxCode.rate, inclusive: p.taxInclusive } : null] as const,
      ),
    ),
  );
  const till: TillLine[] = items.map((it, i) => {
    const l = parsed.lines[i]!;
    return {
      index: i,
      ...it,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      discounts: given.lines[i]!,
      lineTotal: l.lineTotal,
      tax: l.tax,
      taxInclusive: body.lines[i]!.taxInclusive ?? null,
    };
  });
  const shareOf = (l: TillLine) => bundleShares(l.components, data.products);
  const taxOf = (product: number) => taxCodes.get(product) ?? null;
  const comesTo = (lines: ChargedLine[]) =>
    lines.reduce((a, l) => a + l.total, 0) +
    lines.flatMap((l) => l.parts).reduce((a, p) => a + (p.inclusive ? 0 : p.tax), 0);
  let charged = chargedLines(till, given.bill, unapprovedIds, shareOf, taxOf, decimals);
  // A total below what the lines come to, by more than its cash rounding, is what the till took off the bill (a voucher).
  const offBill = parsed.total === null ? 0 : comesTo(charged) - parsed.total;
  const rounding = cash ? -roundingOf(comesTo(charged), set.rounding, decimals) : 0;
  const roomLeft = charged.reduce((a, l) => a + (l.lineTotal === null ? l.total : 0), 0);
  if (offBill > 0 && offBill !== rounding && offBill <= roomLeft)
    charged = chargedLines(till, given.bill, unapprovedIds, shareOf, taxOf, decimals, offBill);
  const linesTotal = charged.reduce((a, l) => a + l.total, 0);
  const total = parsed.total ?? comesTo(charged);
  if (Math.abs(total) > MAX_AMOUNT)
    throw validationError([
      { field: 'lines', message: `The lines must come to at most ${formatScaled(MAX_AMOUNT, decimals)}` },
    ]);
  checkTender(parties.payments, total, cash ? set.rounding : 'none', decimals);
  const codes = [...new Set(unapproved.map((d) => d.code))].join(', ');
  const [priced, check] = closerCheck(charged, total, codes, asPriced, rulesFree);

  const lines = charged.flatMap((l, i): LineFigures[] => {
    const expected = check.expected[i]!;
    if (l.bundle === null) {
      const [part] = l.parts;
      return [
        {
          product: l.product!,
          bundle: null,
          quantity: l.quantity,
          unitPrice: l.unitPrice,
          discount: l.gross - l.total,
          lineTotal: l.total,
          tax: part!.tax,
          taxInclusive: part!.inclusive,
          expectedUnitPrice: expected.unitPrice,
          expectedLineTotal: expected.total,
        },
      ];
    }
    const share = shareOf(l);
    const expectedGross = expected.unitPrice === null ? null : share(times(expected.unitPrice, l.quantity));
    const expectedTotals = expected.total === null ? null : share(expected.total);
    const perUnit = (amount: number, quantity: number) => (quantity === 0 ? 0 : Math.round((amount * 1000) / quantity));
    return l.parts.map((p, k) => ({
      product: p.product,
      bundle: l.bundle,
      quantity: p.quantity,
      unitPrice: perUnit(p.gross, p.quantity),
      discount: p.gross - p.total,
      lineTotal: p.total,
      tax: p.tax,
      taxInclusive: p.inclusive,
      expectedUnitPrice: expectedGross ? perUnit(expectedGross[k]!, p.quantity) : null,
      expectedLineTotal: expectedTotals?.[k] ?? null,
    }));
  });
  const goods = priced.subtotal - priced.discountTotal;
  const limits = new Map(set.rules.map((r) => [r.id, r.usageLimitPerMember]));
  const used = priced.considered.filter((c) => c.kind === 'voucher' && c.fired && c.amount > 0);
  return {
    ...common,
    kind: 'sale',
    lines,
    subtotal: charged.reduce((a, l) => a + l.gross, 0),
    discountTotal: charged.reduce((a, l) => a + l.gross - l.total, 0),
    taxTotal: parsed.taxTotal ?? charged.reduce((a, l) => a + l.taxAmount, 0),
    total,
    expectedTotal: priced.total,
    // Points on what the till charged for the goods, at the rate the engine earns them.
    points: goods > 0 && linesTotal > 0 ? mulDivFloor(priced.pointsEarned, linesTotal, goods) : 0,
    discounts: given.all.map((d) => ({
      lineNo: d.line,
      discount: d.discount,
      amount: d.amount,
      needsApproval: needsApproval.has(d.discount),
      approvedBy: d.approvedBy,
    })),
    differences: check.differences,
    redemption: redemptionOf(basket, priced, body.receiptNo, limits),
    vouchers: resolved.vouchers.map((v) => {
      const amount = used.find((c) => c.voucherCode === v.code)?.amount ?? 0;
      return { code: v.code, amount, status: amount > 0 ? 'redeemed' : 'notApplied' };
    }),
    returnOf: null,
  };
}

/** The engine's basket the till's figures differ from the least (`rulesFree` only when strictly closer), and the sale's check against it. */
function closerCheck(
  charged: ChargedLine[],
  total: number,
  codes: string,
  asPriced: PricedBasket,
  rulesFree: PricedBasket | null,
): [PricedBasket, ReturnType<typeof checkSale>] {
  const asIs = checkSale(charged, asPriced, total, codes);
  if (rulesFree === null) return [asPriced, asIs];
  const free = checkSale(charged, rulesFree, total, codes);
  const off = (c: ReturnType<typeof checkSale>) =>
    c.differences.reduce((a, d) => a + Math.abs(d.charged - d.expected), 0);
  return off(free) < off(asIs) ? [rulesFree, free] : [asPriced, asIs];
}

function money(decimals: number) {
  return (minor: number) => formatScaled(minor, decimals);
}

/**
 * Writes the sale and everything it moves, in one transaction; undefined when the receipt was
 * recorded already. The stock moves last: from the balances' row locks to the commit, as little
 * as can be (parallel sales of the same products wait on those locks).
 */
async function store(
  ctx: AppContext,
  terminal: TerminalContext,
  body: z.infer<typeof saleBody>,
  hash: string,
  p: Priced,
  decimals: number,
): Promise<StoredSale | undefined> {
  const m = money(decimals);
  const { at } = p;
  const now = new Date().toISOString();
  const who = {
    version: 1,
    created_at: now,
    created_by: terminal.userName,
    updated_at: now,
    updated_by: terminal.userName,
  };
  const location = await saleLocation(ctx.db, terminal.outletId);
  return ctx.db.transaction().execute(async (trx) => {
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
        channel: p.channel?.kind ?? null,
        onlineChannel: p.channel?.online ?? null,
        subtotal: m(p.subtotal),
        discountTotal: m(p.discountTotal),
        taxTotal: m(p.taxTotal),
        total: m(p.total),
        expectedTotal: m(p.expectedTotal),
        priceDifference: false,
        pointsEarned: p.member !== null && p.kind === 'sale' ? formatScaled(p.points, 2) : null,
      },
      ctx.dialect,
    );
    const [inserted] = (await insertHead(trx, [{ ...head, ...who }])).rows;
    if (!inserted) return undefined;
    const { id } = inserted;
    await claimKey(trx, keyScope(terminal), body.receiptNo, hash, now);
    let pointsBack = 0;
    if (p.returnOf) {
      const refund = await claimReturn(trx, p.returnOf.returned, p.returnOf.of);
      await storeRefund(trx, ctx.dialect, id, head, refund, decimals);
      Object.assign(p, refund, asRecorded(refund, p.returnOf.returned));
      pointsBack = refund.points;
    }
    const optional = (minor: number | null) => (minor === null ? null : m(minor));
    // The cost at the time of sale, so the line's margin stays what it was when costs move on.
    const costs = await unitCostsAt(
      trx,
      location,
      p.lines.map((l) => l.product),
    );
    const lines = p.lines.map((l, i) =>
      toStorageRow(
        line,
        {
          sale: id,
          lineNo: i,
          product: l.product,
          bundle: l.bundle,
          quantity: formatScaled(l.quantity, 3),
          unitPrice: m(l.unitPrice),
          discount: m(l.discount),
          lineTotal: m(l.lineTotal),
          tax: m(l.tax),
          taxInclusive: l.taxInclusive,
          expectedUnitPrice: optional(l.expectedUnitPrice),
          expectedLineTotal: optional(l.expectedLineTotal),
          unitCost: optional(costs.get(l.product) ?? null),
        },
        ctx.dialect,
      ),
    );
    await insertLines(trx, lines);
    const discounts = p.discounts.map((d) =>
      toStorageRow(saleDiscount, { sale: id, ...d, amount: m(d.amount) }, ctx.dialect),
    );
    if (discounts.length > 0) await trx.insertInto('sale_discount').values(discounts).execute();
    const of = { id, outlet: terminal.outletId, terminal: terminal.terminalId, cashier: p.cashier, day: p.day };
    const differences = await recordDifferences(trx, ctx.dialect, of, p.differences, decimals);
    if (p.differences.length > 0) Object.assign(head, toStorageRow(sale, { priceDifference: true }, ctx.dialect));
    const payments = p.payments.map((x) =>
      toStorageRow(
        payment,
        { sale: id, paymentMode: x.paymentMode, amount: m(x.amount), reference: x.reference },
        ctx.dialect,
      ),
    );
    if (payments.length > 0) await insertPayments(trx, payments);

    // The uses its reservation holds are confirmed; any other use past a limit is over-redeemed (pricing/redeem.ts).
    const over = p.redemption
      ? await redeemSale(trx, p.redemption, await claimReservation(trx, body.reservationId, id), now)
      : [];
    if (over.length > 0) {
      // The customer has left with it: what went past its limit is a difference the engine did not expect.
      const overage = over.map((o): Difference => ({
        reason: 'overRedeemed',
        lineNo: null,
        product: null,
        reference: `${o.kind} ${o.code}`,
        expected: 0,
        charged: -o.amount,
      }));
      differences.push(...(await recordDifferences(trx, ctx.dialect, of, overage, decimals)));
      // The engine expects what a use past its limit took off to be paid: the differences add up to charged less expected.
      const expected = toStorageRow(
        sale,
        { expectedTotal: m(p.expectedTotal + over.reduce((a, o) => a + o.amount, 0)) },
        ctx.dialect,
      );
      await trx.updateTable('sale').set(expected).where('id', '=', id).execute();
      Object.assign(head, expected, toStorageRow(sale, { priceDifference: true }, ctx.dialect));
    }
    const vouchers = p.vouchers.map((v) =>
      toStorageRow(
        voucher,
        {
          sale: id,
          code: v.code,
          amount: m(v.amount),
          status: over.some((o) => o.kind === 'voucher' && o.code === v.code) ? 'overRedeemed' : v.status,
        },
        ctx.dialect,
      ),
    );
    if (vouchers.length > 0) await trx.insertInto('sale_voucher').values(vouchers).execute();

    const member = { at, reference: body.receiptNo, userName: terminal.userName };
    if (p.member !== null && p.kind === 'return') {
      const taken = await takeBack(trx, ctx.dialect, {
        ...member,
        member: p.member,
        points: pointsBack,
        spend: -p.total,
      });
      const points = toStorageRow(sale, { pointsEarned: formatScaled(-taken, 2) }, ctx.dialect);
      await trx.updateTable('sale').set(points).where('id', '=', id).execute();
      Object.assign(head, points);
    }
    await emit({ trx, now: at }, 'sale.recorded', {
      id,
      receiptNo: body.receiptNo,
      kind: p.kind,
      outlet: terminal.outletId,
      terminal: terminal.terminalId,
      at,
      total: m(p.total),
      spend: p.total,
      member: p.member,
      points: p.kind === 'sale' ? p.points : 0,
      userName: terminal.userName,
    });
    if (location !== null)
      await move(
        { trx, now: at, auth: { userName: terminal.userName }, mayGoNegative: true },
        p.lines.map((l) => ({
          product: l.product,
          location,
          quantity: -l.quantity,
          kind: p.kind,
          document: { type: 'sale', id, reference: body.receiptNo },
        })),
      );
    return { id, head, lines, payments, vouchers, discounts, differences };
  });
}

/** A sale's rows as stored (columns by their database names). */
interface StoredSale {
  id: number;
  head: StoredRow<'sale'>;
  lines: StoredRow<'sale_line'>[];
  payments: StoredRow<'sale_payment'>[];
  vouchers: StoredRow<'sale_voucher'>[];
  discounts: StoredRow<'sale_discount'>[];
  differences: StoredRow<'sale_difference'>[];
}

/** A stored sale as the terminal reads it back: the same answer for the first call (from the rows it wrote) and every replay (read back). */
function answerOf({ id, head, lines, payments, vouchers, discounts, differences }: StoredSale): SaleResult {
  const minor = (value: unknown) => fromMinorUnits(Number(value ?? 0));
  const maybe = (value: unknown) => (value === null || value === undefined ? null : minor(value));
  const idOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  return {
    id,
    receiptNo: String(head.receipt_no),
    kind: head.kind as SaleKind,
    at: String(head.at),
    channel: head.channel === null || head.channel === undefined ? null : String(head.channel),
    subtotal: minor(head.subtotal),
    discountTotal: minor(head.discount_total),
    taxTotal: minor(head.tax_total),
    total: minor(head.total),
    expectedTotal: maybe(head.expected_total),
    priceDifference: Boolean(head.price_difference),
    pointsEarned:
      head.points_earned === null || head.points_earned === undefined
        ? null
        : formatScaled(Number(head.points_earned), 2),
    lines: lines.map((l) => ({
      product: Number(l.product_id),
      bundle: idOrNull(l.bundle_id),
      quantity: formatScaled(Number(l.quantity), 3),
      unitPrice: minor(l.unit_price),
      discount: minor(l.discount),
      lineTotal: minor(l.line_total),
      tax: minor(l.tax),
      expectedUnitPrice: maybe(l.expected_unit_price),
      expectedLineTotal: maybe(l.expected_line_total),
    })),
    payments: payments.map((x) => ({
      paymentMode: Number(x.payment_mode_id),
      amount: minor(x.amount),
      reference: x.reference === null || x.reference === undefined ? null : String(x.reference),
    })),
    vouchers: vouchers.map((v) => ({
      code: String(v.code),
      amount: minor(v.amount),
      status: String(v.status),
    })),
    discounts: discounts.map((d) => ({
      lineNo: idOrNull(d.line_no),
      discount: Number(d.discount_id),
      amount: minor(d.amount),
      needsApproval: Boolean(d.needs_approval),
      approvedBy: idOrNull(d.approved_by_id),
    })),
    differences: differences.map((d) => ({
      lineNo: idOrNull(d.line_no),
      product: idOrNull(d.product_id),
      reason: String(d.reason),
      reference: d.reference === null || d.reference === undefined ? null : String(d.reference),
      expected: minor(d.expected),
      charged: minor(d.charged),
      difference: minor(d.difference),
    })),
  };
}

/** A recorded sale's answer, read back. */
export async function saleResult(db: Kysely<Database>, id: number): Promise<SaleResult> {
  return answerOf({
    id,
    head: await db.selectFrom('sale').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    lines: await db.selectFrom('sale_line').selectAll().where('sale_id', '=', id).orderBy('line_no').execute(),
    payments: await db.selectFrom('sale_payment').selectAll().where('sale_id', '=', id).orderBy('id').execute(),
    vouchers: await db.selectFrom('sale_voucher').selectAll().where('sale_id', '=', id).orderBy('id').execute(),
    discounts: await db.selectFrom('sale_discount').selectAll().where('sale_id', '=', id).orderBy('id').execute(),
    differences: await db.selectFrom('sale_difference').selectAll().where('sale_id', '=', id).orderBy('id').execute(),
  });
}

async function existing(
  db: Kysely<Database>,
  terminal: TerminalContext,
  receiptNo: string,
): Promise<number | undefined> {
  const [row] = (await recordedAs(db, undefined, [terminal.terminalId, receiptNo])).rows;
  return row?.id;
}

/** A terminal's receipt numbers are its idempotency keys (http/idempotency.ts), kept as long as its sales. */
const keyScope = (terminal: TerminalContext) => `terminal:${terminal.terminalId}`;

/**
 * Records one terminal sale: the one place a sale is written (the terminal API and the demo seed
 * both come here). Answers the sale as the terminal reads it, and whether this call wrote it
 * (false: the receipt had been recorded already with the same body, and nothing was written
 * again). A receipt number recorded with another body is a 409 naming it.
 */
export async function recordSale(
  ctx: AppContext,
  terminal: TerminalContext,
  input: unknown,
): Promise<{ result: SaleResult; created: boolean }> {
  const body = parseBody(saleBody, input);
  const hash = bodyHash(body);
  const db = ctx.db;
  const replay = async (id: number) => {
    sameBodyOrRefuse(
      await findKey(db, keyScope(terminal), body.receiptNo),
      hash,
      'receiptNo',
      `Receipt ${body.receiptNo}`,
    );
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
