import { DOCUMENT_REFUSALS, LOOKUP_REFUSALS } from '@backroom/schema';
import type { EntityHook } from '../../data/hooks';
import type { Row } from '../../data/store';
import { typedDb } from '../../db/types';
import { ApiError, validationError } from '../../http/envelope';
import { nextDocumentNo } from '../document-numbers';
import { stockProducts, thousandths } from '../stock/index';
import { DOC_PREFIX, moneyText, onHandAt, quantityOrNull, scopeProducts, variances } from './count';

/**
 * What every write of a stock count obeys: its number on insert; only an open count changes or
 * goes; its location never changes once started. The lines are the scope's products (all
 * stocked products, those of the categories chosen) plus any added; each line's expected
 * quantity is frozen at on-hand the moment it joins the count and kept through later saves (the
 * generic write replaces the lines, so the stored figures are carried over here), with its
 * variance and value once counted.
 */
export const stockCountRules: EntityHook = {
  async beforeWrite({ trx, action, id, row }) {
    const db = typedDb(trx);
    const stored =
      id === null
        ? undefined
        : await db
            .selectFrom('stock_count')
            .select(['doc_no', 'status', 'location_id', 'scope'])
            .where('id', '=', id)
            .executeTakeFirst();
    if (stored && stored.status !== 'open') {
      const doing = action === 'delete' ? 'deleted' : 'changed';
      throw new ApiError(
        409,
        `Stock count ${String(stored.doc_no)} is ${String(stored.status)}: only an open one can be ${doing}`,
      );
    }
    if (action === 'delete') return;
    if (stored && 'location' in row && row.location !== stored.location_id)
      throw validationError(
        [{ field: 'location', message: 'The location of a count cannot change once it has started' }],
        'The location of a count cannot change once it has started',
      );
    const location = Number('location' in row ? row.location : stored?.location_id);
    const scope = (row.scope ?? stored?.scope ?? 'all') as 'all' | 'categories' | 'products';
    const categories = Array.isArray(row.categories)
      ? (row.categories as number[])
      : id === null
        ? []
        : (await db.selectFrom('stock_count_categories').select('ref_id').where('parent_id', '=', id).execute()).map(
            (r) => r.ref_id,
          );
    const touched = action === 'insert' || Array.isArray(row.lines) || 'scope' in row || 'categories' in row;
    if (touched) await fillLines(trx, id, location, scope, categories, row);
    if (action === 'insert') return { doc_no: await nextDocumentNo(trx, DOC_PREFIX) };
  },
};

/** The lines as they will be stored: those sent (or kept), the scope's missing products, expected frozen, variances worked out. */
async function fillLines(
  trx: Parameters<NonNullable<EntityHook['beforeWrite']>>[0]['trx'],
  id: number | null,
  location: number,
  scope: 'all' | 'categories' | 'products',
  categories: readonly number[],
  row: Row,
): Promise<void> {
  const db = typedDb(trx);
  const before =
    id === null
      ? []
      : await db
          .selectFrom('stock_count_lines')
          .select(['id', 'product_id', 'counted_qty', 'expected_qty'])
          .where('parent_id', '=', id)
          .orderBy('line_no')
          .execute();
  const frozen = new Map(before.map((l) => [Number(l.product_id), l.expected_qty]));
  const lines: Row[] = Array.isArray(row.lines)
    ? (row.lines as Row[])
    : before.map((l) => ({
        id: l.id,
        product: Number(l.product_id),
        countedQty: quantityOrNull(l.counted_qty === null ? null : Number(l.counted_qty)),
      }));
  const products = await stockProducts(
    trx,
    lines.map((l) => l.product as number),
  );
  const errors = lines.flatMap((l, i) => {
    const product = products.get(l.product as number);
    if (product?.role === 'stock') return [];
    const message = product
      ? DOCUMENT_REFUSALS.keepsNoStock({ product: product.code })
      : LOOKUP_REFUSALS.noProduct({ name: String(l.product) });
    return [{ field: `lines.${i}.product`, message }];
  });
  if (errors.length > 0) throw validationError(errors, errors[0]!.message);
  const have = new Set(lines.map((l) => l.product as number));
  for (const product of await scopeProducts(trx, scope, categories))
    if (!have.has(product)) lines.push({ product, countedQty: null });
  const now = await onHandAt(
    trx,
    location,
    lines.filter((l) => frozen.get(l.product as number) == null).map((l) => l.product as number),
  );
  const figures = lines.map((l) => {
    const product = l.product as number;
    const kept = frozen.get(product);
    const counted = l.countedQty === null || l.countedQty === undefined ? null : thousandths(l.countedQty)!;
    return { product, counted, expected: kept !== null && kept !== undefined ? Number(kept) : (now.get(product) ?? 0) };
  });
  const worked = await variances(trx, location, figures);
  lines.forEach((l, i) => {
    l.expectedQty = quantityOrNull(figures[i]!.expected);
    l.variance = quantityOrNull(worked[i]!.variance);
    l.varianceValue = moneyText(worked[i]!.value);
  });
  row.lines = lines;
}
