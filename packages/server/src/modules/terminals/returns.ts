import { formatScaled, getEntity, toStorageRow, type Dialect } from '@backroom/schema';
import { sql, type Kysely, type Selectable } from 'kysely';
import { z } from 'zod';
import type { SaleLineRow, SaleRow } from '../../db/rows.generated';
import type { Database, StoredRow } from '../../db/types';
import { validationError } from '../../http/envelope';
import { allocate, mulDiv, Problems } from '../pricing/index';
import type { TerminalContext } from './pairing';

/**
 * Returns at the till: a receipt whose quantities are all negative, naming the sale it takes goods
 * back from — the returning terminal's own receipt (`originalReceiptNo`), or any terminal's by an
 * explicit reference (`originalSale`: outlet code, terminal code, receipt no.). Each unit refunds
 * its share of what the customer paid for its line, and the refunds of a line never add up to more.
 */
const sale = getEntity('sale');

const text = z.string().trim().min(1).max(50);
/** Another terminal's sale, named by what is printed on its receipt. */
export const originalSaleBody = z.object({ outlet: text, terminal: text, receiptNo: text }).strict();

/** One line of a return as the terminal sent it, summed per product: quantity negative, in thousandths. */
export interface ReturnedLine {
  quantity: number;
  unitPrice: number;
  /** Its index in the request (for the field a problem names). */
  line: number;
}

/** A line of the original sale: what was sold, what was paid for it, and what returns took back. */
interface SoldLine {
  id: number;
  product: number;
  quantity: number;
  /** What the customer paid for the line, in minor units: its share of the total the till took. */
  paid: number;
  /** The line's share of the sale's tax. */
  tax: number;
  /** How much of it returns had taken back when it was read. */
  returned: number;
}

export interface ReturnOf {
  sale: number;
  receiptNo: string;
  member: number | null;
  /** What the sale earned, in hundredths of a point. */
  pointsEarned: number;
  /** What the customer paid for the whole sale. */
  paid: number;
  sold: SoldLine[];
  requestLine: Map<number, number>;
}

/** The figures of a return's line, in minor units (refunds negative). */
export interface RefundLine {
  product: number;
  quantity: number;
  unitPrice: number;
  terminalUnitPrice: number;
  discount: number;
  /** What the refund gives back of the line's tax (within `lineTotal`). */
  tax: number;
  lineTotal: number;
}

/**
 * What the customer paid for each line: the line as the till charged it (discounts, promotions and
 * its share of bill discounts and vouchers netted) plus its tax when the price was tax-exclusive.
 * The total the till took is shared over the lines in those proportions, so the shares add up to
 * it exactly (surcharges and cash rounding go with them); each line's tax is its own. A sale
 * recorded before lines kept their tax shares the sale's tax the same way.
 */
function paidPerLine(head: Selectable<SaleRow>, rows: readonly Selectable<SaleLineRow>[]): SoldLine[] {
  const weights = rows.map((r) => Math.max(0, Number(r.line_total ?? 0) + (r.tax_inclusive ? 0 : Number(r.tax ?? 0))));
  const paid = allocate(Math.max(0, Number(head.total ?? 0)), weights);
  const lineTax = rows.some((r) => r.tax !== null && r.tax !== undefined);
  const tax = lineTax
    ? rows.map((r) => Math.max(0, Number(r.tax ?? 0)))
    : allocate(Math.max(0, Number(head.tax_total ?? 0)), weights);
  return rows.map((r, i) => ({
    id: r.id,
    product: Number(r.product_id),
    quantity: Number(r.quantity),
    paid: paid[i]!,
    tax: tax[i]!,
    returned: Number(r.returned_quantity ?? 0),
  }));
}

/** The sale a return names: the terminal's own receipt, or the one `originalSale` names. A 400 naming the field when there is none. */
async function findOriginal(
  db: Kysely<Database>,
  terminal: TerminalContext,
  receiptNo: string | undefined,
  reference: z.infer<typeof originalSaleBody> | undefined,
) {
  const head = db.selectFrom('sale').selectAll().where('kind', '=', 'sale');
  if (reference === undefined) {
    const found = await head
      .where('terminal_id', '=', terminal.terminalId)
      .where('receipt_no', '=', receiptNo!)
      .executeTakeFirst();
    if (!found)
      throw validationError([
        {
          field: 'originalReceiptNo',
          message: `Receipt ${receiptNo} is no sale of this terminal (name another terminal's sale by originalSale)`,
        },
      ]);
    return found;
  }
  const found = await head
    .where(
      'terminal_id',
      'in',
      db
        .selectFrom('point_of_sale as p')
        .innerJoin('outlet as o', 'o.id', 'p.outlet_id')
        .select('p.id')
        .where('p.code', '=', reference.terminal)
        .where('o.code', '=', reference.outlet),
    )
    .where('receipt_no', '=', reference.receiptNo)
    .executeTakeFirst();
  if (!found)
    throw validationError([
      {
        field: 'originalSale',
        message: `Outlet ${reference.outlet}, terminal ${reference.terminal} has no sale ${reference.receiptNo}`,
      },
    ]);
  return found;
}

/**
 * Reads the sale a return names and checks its products were on it; the refunds themselves are
 * worked out when the return is written (`claimReturn`), against what earlier returns took.
 */
export async function originalOf(
  db: Kysely<Database>,
  terminal: TerminalContext,
  body: { originalReceiptNo?: string; originalSale?: z.infer<typeof originalSaleBody> },
  returned: ReadonlyMap<number, ReturnedLine>,
): Promise<ReturnOf> {
  if (body.originalReceiptNo !== undefined && body.originalSale !== undefined)
    throw validationError([
      {
        field: 'originalSale',
        message: 'Name the sale by originalReceiptNo (this terminal’s receipt) or by originalSale, not both',
      },
    ]);
  const head = await findOriginal(db, terminal, body.originalReceiptNo, body.originalSale);
  const receiptNo = String(head.receipt_no);
  const rows = await db.selectFrom('sale_line').selectAll().where('sale_id', '=', head.id).orderBy('line_no').execute();
  const sold = paidPerLine(head, rows);
  const problems = new Problems();
  for (const [product, mine] of returned)
    if (!sold.some((s) => s.product === product))
      problems.add(`lines.${mine.line}.${'product'}`, `Product ${product} is not on receipt ${receiptNo}`);
  problems.throwIfAny();
  return {
    sale: head.id,
    receiptNo,
    member: head.member_id,
    pointsEarned: Number(head.points_earned ?? 0),
    paid: sold.reduce((a, s) => a + s.paid, 0),
    sold,
    requestLine: new Map([...returned].map(([product, mine]) => [product, mine.line])),
  };
}

/** The share of `amount` that `part` of `whole` units is worth: cumulative shares of one line never add up past the line. */
const shareOf = (amount: number, part: number, whole: number) => (whole <= 0 ? 0 : mulDiv(amount, part, whole));

/**
 * A return's refunds, given how much of each line returns had taken back before it (`previously`,
 * by sale line). A return of q units, after r of Q were returned, refunds
 * share(paid, r + q, Q) − share(paid, r, Q): the returns of a line add up to exactly what was paid
 * for it, never more (the last takes the remainder); the same for its tax, and for the points the
 * sale earned over the whole sale.
 */
export function refundsOf(
  of: ReturnOf,
  returned: ReadonlyMap<number, ReturnedLine>,
  previously: ReadonlyMap<number, number>,
) {
  const lines: RefundLine[] = [];
  let tax = 0;
  for (const [product, mine] of returned) {
    const sold = of.sold.find((s) => s.product === product)!;
    const was = previously.get(sold.id) ?? 0;
    const now = was - mine.quantity;
    const lineTax = shareOf(sold.tax, now, sold.quantity) - shareOf(sold.tax, was, sold.quantity);
    tax += lineTax;
    const refund = shareOf(sold.paid, now, sold.quantity) - shareOf(sold.paid, was, sold.quantity);
    lines.push({
      product,
      quantity: mine.quantity,
      unitPrice: shareOf(sold.paid, 1000, sold.quantity),
      terminalUnitPrice: mine.unitPrice,
      discount: 0,
      tax: -lineTax,
      lineTotal: -refund,
    });
  }
  const refunded = (withThis: boolean) =>
    of.sold.reduce((sum, s) => {
      const mine = [...returned.entries()].find(([product]) => product === s.product)?.[1];
      const was = previously.get(s.id) ?? 0;
      return sum + shareOf(s.paid, withThis && mine ? was - mine.quantity : was, s.quantity);
    }, 0);
  const points =
    of.paid <= 0 || of.pointsEarned <= 0
      ? 0
      : shareOf(of.pointsEarned, refunded(true), of.paid) - shareOf(of.pointsEarned, refunded(false), of.paid);
  const total = lines.reduce((a, l) => a + l.lineTotal, 0);
  return { lines, subtotal: total, discountTotal: 0, taxTotal: -tax, total, points };
}

/** A return's refunds as the sale stood when it was read (`claimReturn` works them out again against what it claims). */
export const refundsAsRead = (of: ReturnOf, returned: ReadonlyMap<number, ReturnedLine>) =>
  refundsOf(of, returned, new Map(of.sold.map((s) => [s.id, s.returned])));

/**
 * Counts a return against the original sale's lines and works out its refunds, in the caller's
 * transaction. One conditional statement per line adds to the line's returned quantity only while
 * that stays within what was sold, and answers the new returned quantity — so parallel returns of
 * one receipt cannot take back more than it sold (PostgreSQL: the second waits for the line's lock
 * and re-checks; SQLite writes one at a time), and each return refunds against exactly what the
 * returns before it took. Anything past what was sold is a 400 naming the line (the transaction
 * rolls back).
 */
export async function claimReturn(trx: Kysely<Database>, returned: ReadonlyMap<number, ReturnedLine>, of: ReturnOf) {
  const problems = new Problems();
  for (const [product, mine] of returned) {
    const quantity = -mine.quantity;
    const sold = of.sold.find((s) => s.product === product)!;
    const claimed = await trx
      .updateTable('sale_line')
      .set((eb) => ({ returned_quantity: eb(eb.fn.coalesce('returned_quantity', eb.lit(0)), '+', quantity) }))
      .where('id', '=', sold.id)
      .where(sql<number>`quantity - coalesce(returned_quantity, 0)`, '>=', quantity)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0)
      problems.add(
        `lines.${mine.line}.quantity`,
        `Product ${product}: receipt ${of.receiptNo} has less than ${formatScaled(quantity, 3)} left to return`,
      );
  }
  problems.throwIfAny();
  // Read under the lines' locks (PostgreSQL) or the one writer (SQLite): what returns before this one took.
  const rows = await trx
    .selectFrom('sale_line')
    .select(['id', 'returned_quantity'])
    .where('sale_id', '=', of.sale)
    .execute();
  const previously = new Map(
    rows.map((r) => {
      const sold = of.sold.find((s) => s.id === r.id);
      const mine = sold ? returned.get(sold.product) : undefined;
      return [r.id, Number(r.returned_quantity ?? 0) + (mine ? mine.quantity : 0)];
    }),
  );
  return refundsOf(of, returned, previously);
}

/** A return's money on its stored head, once its refunds are known (the head is written first: the receipt's unique index decides between replays). */
export async function storeRefund(
  trx: Kysely<Database>,
  dialect: Dialect,
  id: number,
  head: StoredRow<'sale'>,
  figures: { subtotal: number; taxTotal: number; total: number },
  decimals: number,
) {
  const m = (minor: number) => formatScaled(minor, decimals);
  const money = toStorageRow(
    sale,
    {
      subtotal: m(figures.subtotal),
      taxTotal: m(figures.taxTotal),
      total: m(figures.total),
      expectedTotal: m(figures.total),
    },
    dialect,
  );
  await trx.updateTable('sale').set(money).where('id', '=', id).execute();
  Object.assign(head, money);
}
