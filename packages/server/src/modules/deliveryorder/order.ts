import { DOCUMENT_REFUSALS, fieldOf, getEntity, type DeliveryOrderDto } from '@backroom/schema';
import type { AppContext } from '../../context';
import { apiRow } from '../../data/read';
import type { AnyDb } from '../../data/store';
import { validationError } from '../../http/envelope';
import { type StockDocument, stockProducts } from '../stock/index';

export const order = getEntity('printdeliveryorder');
export const orderLines = fieldOf(order, 'lines', 'children');
/** The ledger's name for delivery orders, on every movement they write. */
export const DOCUMENT_TYPE = 'deliveryorder';

/** The order as the API shows it (lines included); undefined when there is none. */
export const readOrder = async (ctx: AppContext, db: AnyDb, id: number, labels = false) =>
  (await apiRow(ctx, db, order, id, { labels })) as unknown as DeliveryOrderDto | undefined;

export const documentOf = (o: Pick<DeliveryOrderDto, 'id' | 'docNo'>): StockDocument => ({
  type: DOCUMENT_TYPE,
  id: o.id,
  reference: o.docNo,
});

/** 400 naming each line whose product holds no stock of its own (services, composites, non-stock items). */
export async function assertStockLines(db: AnyDb, lines: readonly { product: number }[]): Promise<void> {
  const products = await stockProducts(
    db,
    lines.map((l) => l.product),
  );
  const errors = lines.flatMap((line, i) => {
    const product = products.get(line.product);
    if (!product || product.role === 'stock') return [];
    const named = { product: `${product.code} ${product.name}` };
    const message = product.role === 'recipe' ? DOCUMENT_REFUSALS.composite(named) : DOCUMENT_REFUSALS.noStock(named);
    return [{ field: `lines.${i}.product`, message }];
  });
  if (errors.length > 0) throw validationError(errors, errors[0]!.message);
}

/** 400 on `toLocation` when the order would deliver to where it comes from. */
export function assertTwoLocations(from: unknown, to: unknown): void {
  if (from !== null && from !== undefined && from === to)
    throw validationError(
      [{ field: 'toLocation', message: 'From and To must be different locations' }],
      'From and To must be different locations',
    );
}
