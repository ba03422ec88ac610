import { DOCUMENT_REFUSALS, getEntity, MAX_INT32, type PurchaseOrder } from '@backroom/schema';
import type { AppContext } from '../../context';
import { apiRow } from '../../data/read';
import type { AnyDb } from '../../data/store';
import { typedDb } from '../../db/types';
import { ApiError, validationError } from '../../http/envelope';
import { stockProducts } from '../stock/index';

export const purchaseOrder = getEntity('purchaseorder');
export const goodsReceipt = getEntity('goodsreceipt');

/** The order as the API shows it (lines included); undefined when there is none. */
export const readOrder = async (ctx: AppContext, db: AnyDb, id: number, labels = false) =>
  (await apiRow(ctx, db, purchaseOrder, id, { labels })) as unknown as PurchaseOrder | undefined;

/** 400 naming each line whose product holds no stock of its own (services, composites, non-stock items). */
export async function assertStockLines(db: AnyDb, lines: readonly { product: number }[], at = 'lines'): Promise<void> {
  const products = await stockProducts(
    db,
    lines.map((l) => l.product),
  );
  const errors = lines.flatMap((line, i) => {
    const product = products.get(line.product);
    if (!product)
      return [{ field: `${at}.${i}.product`, message: DOCUMENT_REFUSALS.noProduct({ product: line.product }) }];
    if (product.role === 'stock') return [];
    const named = { product: `${product.code} ${product.name}` };
    const message =
      product.role === 'recipe' ? DOCUMENT_REFUSALS.compositeOrdered(named) : DOCUMENT_REFUSALS.noStock(named);
    return [{ field: `${at}.${i}.product`, message }];
  });
  if (errors.length > 0) throw validationError(errors, errors[0]!.message);
}

/** `quantity` thousandths at `unitCost` minor units each, in minor units (half up). */
export const valueOf = (quantity: number, unitCost: number): number => Math.round((quantity * unitCost) / 1000);

/** The stock-out reason a call names, by id or code; 400 on `field` when it names none. */
export async function reasonOf(db: AnyDb, given: unknown, field = 'reason'): Promise<number> {
  const missing = () =>
    validationError(
      [{ field, message: 'Give the reason (the code or id of a stock-out reason)' }],
      'Give the reason (the code or id of a stock-out reason)',
    );
  if (given === undefined || given === null || given === '') throw missing();
  if (typeof given !== 'string' && typeof given !== 'number') throw missing();
  const query = typedDb(db).selectFrom('stock_out_reason').select('id');
  const asId = typeof given === 'number' || /^\d+$/.test(given) ? Number(given) : null;
  const row =
    asId !== null && Number.isSafeInteger(asId) && asId <= MAX_INT32
      ? await query.where('id', '=', asId).executeTakeFirst()
      : await query.where('code', '=', String(given)).executeTakeFirst();
  if (!row) {
    const message = `${String(given)} is not a stock-out reason`;
    throw validationError([{ field, message }], message);
  }
  return row.id;
}

/** 404 for an order that is not there. */
export const noOrder = (id: number) => new ApiError(404, `${purchaseOrder.label}: no row ${id}`);
