import { DOCUMENT_REFUSALS, STOCK_COUNT_ACTIONS, stateRefusal, type StockCountAction } from '@backroom/schema';
import { z } from 'zod';
import { auditedAfter } from '../../data/audit';
import { oneOrMany, rowAction, type ActionCall } from '../../data/hooks';
import { entityRow } from '../../openapi/registry-schemas';
import { SERVER_FIELD_GROUPS } from '../../data/field-groups';
import { STALE_MESSAGE, insertRow, type Writer } from '../../data/write';
import { typedDb } from '../../db/types';
import { ApiError, validationError } from '../../http/envelope';
import { parseBody } from '../../http/validate';
import {
  productsByBarcode,
  reasonRules,
  requestAdjustments,
  stockProducts,
  thousandths,
  type ReasonRules,
} from '../stock/index';
import { count, documentOf, onHandAt, readCount, variances, type StockCountDto } from './count';

/** The stock-out reason count adjustments carry (made when missing): its approval rules apply to every count. */
export const COUNT_REASON = 'COUNT';

const quantity = (field: string) =>
  z.union([z.string(), z.number()]).transform((value, context) => {
    const parsed = thousandths(value);
    if (parsed === undefined || parsed < 0) {
      context.addIssue({ code: 'custom', message: `${field} must be a number ≥ 0 with at most 3 decimals` });
      return z.NEVER;
    }
    return parsed;
  });

const countBody = z.looseObject({
  lines: z
    .array(
      z.object({
        product: z.number().int().positive().optional(),
        barcode: z.string().trim().min(1).max(50).optional(),
        countedQty: quantity('Counted').optional(),
        add: quantity('Add').optional(),
      }),
    )
    .min(1, 'Give at least one line')
    .max(1000),
});
const postBody = z.looseObject({ version: z.number().int().min(1).optional() });

function assertState(c: StockCountDto, action: StockCountAction): void {
  const allowed: readonly string[] = STOCK_COUNT_ACTIONS[action];
  if (!allowed.includes(c.status)) {
    const message = stateRefusal(DOCUMENT_REFUSALS.stockCountState, count, c.docNo, c.status, action, allowed);
    throw new ApiError(409, message, [{ field: 'status', message }]);
  }
}

async function theCount(call: ActionCall, id: number): Promise<StockCountDto> {
  const found = await readCount(call.ctx, call.trx, id);
  if (!found) throw new ApiError(404, `${count.label}: no row ${id}`);
  return found;
}

/**
 * Takes the count from the status read: of two callers (a post and a count, two posts) the second
 * waits for the first's row lock on PostgreSQL and then finds no open row (409). A `count` keeps
 * it open and only raises its version, so a form saved from an older read is stale.
 */
async function claim(call: ActionCall, c: StockCountDto, set: { status?: 'posted'; posted_at?: string } = {}) {
  const result = await typedDb(call.trx)
    .updateTable('stock_count')
    .set((eb) => ({ ...set, version: eb('version', '+', 1), updated_at: call.now, updated_by: call.auth.userName }))
    .where('id', '=', c.id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) {
    const now = await theCount(call, c.id);
    assertState(now, set.status ? 'post' : 'count');
    throw new ApiError(409, STALE_MESSAGE, [{ field: 'version', message: STALE_MESSAGE }]);
  }
}

/**
 * `count {lines: [{product | barcode, countedQty | add}]}`: enters figures on an open count line
 * by line, typed (`countedQty` sets the figure) or scanned (`add` adds to it; a barcode alone adds
 * one, a pack's alternate barcode its units). A product not on the count joins it, its expected
 * quantity frozen now. Only the lines named change, so several counters may enter figures at
 * once without losing each other's.
 */
export const countLines = rowAction(entityRow(count), async (call) => {
  if (call.ids.length !== 1) throw validationError([{ field: 'ids', message: 'Give the id of one stock count' }]);
  const body = parseBody(countBody, call.body);
  const c = await theCount(call, call.ids[0]!);
  assertState(c, 'count');
  const scanned = await productsByBarcode(
    call.trx,
    body.lines.flatMap((l) => (l.barcode ? [l.barcode] : [])),
  );
  const wanted = body.lines.map((l, i) => {
    const given = [l.product, l.barcode].filter((v) => v !== undefined);
    if (given.length !== 1)
      throw validationError([{ field: `lines.${i}.product`, message: 'Give the product or its barcode' }]);
    if (l.countedQty !== undefined && l.add !== undefined)
      throw validationError([{ field: `lines.${i}.add`, message: 'Give either countedQty or add' }]);
    const pack = l.barcode === undefined ? undefined : scanned.get(l.barcode);
    if (l.barcode !== undefined && !pack)
      throw validationError([{ field: `lines.${i}.barcode`, message: `No product has the barcode ${l.barcode}` }]);
    const per = pack?.perUnit ?? 1000;
    const times = (q: number) => Math.round((q * per) / 1000);
    const product = l.product ?? pack!.product;
    if (l.countedQty !== undefined) return { i, product, set: times(l.countedQty), add: null };
    return { i, product, set: null, add: times(l.add ?? (l.barcode !== undefined ? 1000 : 0)) };
  });
  const products = await stockProducts(
    call.trx,
    wanted.map((w) => w.product),
  );
  for (const w of wanted)
    if (products.get(w.product)?.role !== 'stock')
      throw validationError([
        {
          field: `lines.${w.i}.${body.lines[w.i]!.barcode ? 'barcode' : 'product'}`,
          message: products.has(w.product)
            ? DOCUMENT_REFUSALS.keepsNoStock({ product: products.get(w.product)!.code })
            : `Product refers to a missing product row (${w.product})`,
        },
      ]);
  await claim(call, c);
  const db = typedDb(call.trx);
  const onHand = await onHandAt(
    call.trx,
    c.location,
    wanted.map((w) => w.product),
  );
  for (const w of wanted) {
    const next = await db
      .selectFrom('stock_count_lines')
      .select((eb) => eb.fn.max('line_no').as('last'))
      .where('parent_id', '=', c.id)
      .executeTakeFirst();
    await db
      .insertInto('stock_count_lines')
      .values({
        parent_id: c.id,
        line_no: Number(next?.last ?? -1) + 1,
        product_id: w.product,
        counted_qty: null,
        expected_qty: onHand.get(w.product) ?? 0,
      })
      .onConflict((oc) => oc.columns(['parent_id', 'product_id']).doNothing())
      .execute();
    const line = await db
      .updateTable('stock_count_lines')
      .set((eb) => ({
        counted_qty: w.set !== null ? w.set : eb(eb.fn.coalesce('counted_qty', eb.lit(0)), '+', w.add!),
      }))
      .where('parent_id', '=', c.id)
      .where('product_id', '=', w.product)
      .returning(['id', 'counted_qty', 'expected_qty'])
      .executeTakeFirstOrThrow();
    const [worked] = await variances(call.trx, c.location, [
      { product: w.product, counted: Number(line.counted_qty), expected: Number(line.expected_qty ?? 0) },
    ]);
    await db
      .updateTable('stock_count_lines')
      .set({ variance: worked!.variance, variance_value: worked!.value })
      .where('id', '=', line.id)
      .execute();
  }
  return (await readCount(call.ctx, call.trx, c.id, true))!;
});

/** Posts an open count read in this transaction: lines settled, variances asked for as adjustments. */
async function postCount(call: ActionCall, c: StockCountDto, reason: ReasonRules): Promise<void> {
  await claim(call, c, { status: 'posted', posted_at: call.now });
  const db = typedDb(call.trx);
  const lines = await db
    .selectFrom('stock_count_lines')
    .select(['id', 'product_id', 'counted_qty', 'expected_qty'])
    .where('parent_id', '=', c.id)
    .orderBy('line_no')
    .execute();
  const figures = lines
    .filter((l) => l.counted_qty !== null || c.zeroUncounted)
    .map((l) => ({
      id: l.id,
      product: Number(l.product_id),
      counted: Number(l.counted_qty ?? 0),
      expected: Number(l.expected_qty ?? 0),
      uncounted: l.counted_qty === null,
    }));
  const worked = await variances(call.trx, c.location, figures);
  for (const [i, f] of figures.entries())
    await db
      .updateTable('stock_count_lines')
      .set({
        ...(f.uncounted ? { counted_qty: 0 } : {}),
        variance: worked[i]!.variance,
        variance_value: worked[i]!.value,
      })
      .where('id', '=', f.id)
      .execute();
  await requestAdjustments(
    call,
    figures
      .filter((f) => f.counted !== f.expected)
      .map((f) => ({
        location: c.location,
        product: f.product,
        quantity: f.counted - f.expected,
        counted: f.counted,
        onHandBefore: f.expected,
        reason,
        remarks: f.uncounted ? `Not counted on ${c.docNo}: zeroed` : `Counted on ${c.docNo}`,
        document: documentOf(c),
      })),
  );
}

/**
 * A count filled from elsewhere (the stock-count spreadsheet) and posted at once: one document per
 * location, scope the products given, each line's figure as given; the same rules as a count
 * entered on screen (expected frozen now, reason `COUNT`, its approval value, the count's number
 * as reference). Answers the counts made.
 */
export async function fillCount(
  w: Writer,
  location: number,
  lines: readonly { product: number; countedQty: string }[],
  remarks: string,
): Promise<StockCountDto> {
  const call: ActionCall = { ...w, entity: count, ids: [], body: {}, fieldGroups: SERVER_FIELD_GROUPS };
  const made = await insertRow(call, count, { location, scope: 'products', remarks, lines: [...lines] });
  await postCount(call, (await theCount(call, made.id as number))!, await countReason(call));
  return (await readCount(call.ctx, call.trx, made.id as number))!;
}

/** The `COUNT` stock-out reason, made (no approval flag, no approval value) when there is none. */
async function countReason(call: ActionCall): Promise<ReasonRules> {
  const found = await reasonRules(call, COUNT_REASON);
  if (found) return found;
  await typedDb(call.trx)
    .insertInto('stock_out_reason')
    .values({
      code: COUNT_REASON,
      name: 'Stock count',
      affects_cost: false,
      needs_approval: false,
      version: 1,
      created_at: call.now,
      created_by: call.auth.userName,
      updated_at: call.now,
      updated_by: call.auth.userName,
    })
    .execute();
  return (await reasonRules(call, COUNT_REASON))!;
}

/**
 * `post {ids}`: open → posted. Each counted line's variance against its frozen expected quantity
 * (a line left uncounted counts as zero when the count says so, else it is not touched) becomes a
 * stock adjustment at the count's location with the reason `COUNT`, the count's number as
 * reference, under the approval rules of manual adjustments: one over the reason's approval value
 * waits for another user's approval.
 */
export const post = rowAction(oneOrMany(entityRow(count)), async (call) => {
  const { version } = parseBody(postBody, call.body);
  if (call.ids.length === 0) throw validationError([{ field: 'ids', message: 'Give the ids of the counts to post' }]);
  if (version !== undefined && call.ids.length !== 1)
    throw validationError([{ field: 'version', message: 'Give a version with one count only' }]);
  const reason = await countReason(call);
  const answers: StockCountDto[] = [];
  for (const id of call.ids) {
    const c = await theCount(call, id);
    assertState(c, 'post');
    if (version !== undefined && c.version !== version)
      throw new ApiError(409, STALE_MESSAGE, [{ field: 'version', message: STALE_MESSAGE }]);
    await postCount(call, c, reason);
    answers.push((await auditedAfter(call, count, id, c)).answer);
  }
  return call.ids.length === 1 ? answers[0]! : answers;
});
