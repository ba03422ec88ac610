import { DOCUMENT_REFUSALS } from '@backroom/schema';
import type { AnyDb } from '../../data/store';
import type { EntityHook } from '../../data/hooks';
import { typedDb } from '../../db/types';
import { ApiError, validationError } from '../../http/envelope';
import { nextDocumentNo } from '../document-numbers';
import { assertStockLines, valueOf } from './order';

export const PO_PREFIX = 'PO';

/**
 * Works out what a draft's lines and totals show from what was typed: each line's supplier SKU and
 * pack size from the product's mapping for the order's supplier, a blank unit cost from that mapping
 * (else the product's cost price), the line total; the order's subtotal, tax (each line at its
 * product's tax code's rate; costs are before tax) and total. 400 on a line with no cost anywhere.
 */
export async function priceOrder(trx: AnyDb, id: number): Promise<void> {
  const db = typedDb(trx);
  const order = await db
    .selectFrom('purchase_order')
    .select('supplier_id')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const lines = await db
    .selectFrom('purchase_order_lines')
    .select(['id', 'line_no', 'product_id', 'quantity', 'unit_cost'])
    .where('parent_id', '=', id)
    .orderBy('line_no')
    .execute();
  const productIds = [...new Set(lines.map((l) => Number(l.product_id)))];
  const products =
    productIds.length === 0
      ? []
      : await db
          .selectFrom('product as p')
          .leftJoin('gst_setup as g', 'g.id', 'p.tax_code_id')
          .select(['p.id', 'p.cost_price', 'g.rate_percent'])
          .where('p.id', 'in', productIds)
          .execute();
  const mappings =
    productIds.length === 0 || order.supplier_id === null
      ? []
      : await db
          .selectFrom('product_supplier_mapping')
          .select(['parent_id', 'supplier_item_code', 'pack_size', 'cost'])
          .where('parent_id', 'in', productIds)
          .where('supplier_id', '=', order.supplier_id)
          .execute();
  const productOf = new Map(products.map((p) => [Number(p.id), p]));
  const mappingOf = new Map(mappings.map((m) => [Number(m.parent_id), m]));
  let subtotal = 0;
  let tax = 0;
  const errors: { field: string; message: string }[] = [];
  for (const line of lines) {
    const product = productOf.get(Number(line.product_id));
    const mapping = mappingOf.get(Number(line.product_id));
    const given = line.unit_cost ?? mapping?.cost ?? product?.cost_price ?? null;
    if (given === null) {
      errors.push({
        field: `lines.${line.line_no}.unitCost`,
        message: DOCUMENT_REFUSALS.giveUnitCost({ line: line.line_no + 1 }),
      });
      continue;
    }
    const unitCost = Number(given);
    const lineTotal = valueOf(Number(line.quantity), unitCost);
    subtotal += lineTotal;
    tax += Math.round((lineTotal * Number(product?.rate_percent ?? 0)) / 100_000);
    await db
      .updateTable('purchase_order_lines')
      .set({
        unit_cost: unitCost,
        line_total: lineTotal,
        supplier_item_code: mapping?.supplier_item_code ?? null,
        pack_size: mapping?.pack_size ?? null,
      })
      .where('id', '=', line.id)
      .execute();
  }
  if (errors.length > 0) throw validationError(errors, errors[0]!.message);
  await db
    .updateTable('purchase_order')
    .set({ subtotal, tax, total: subtotal + tax })
    .where('id', '=', id)
    .execute();
}

/**
 * What every write of a purchase order obeys, whichever address it comes through: it gets its
 * number on insert; only a draft changes or goes; every line is a product that keeps stock; the
 * lines and totals are worked out again after each write. Status changes are the actions of
 * transitions.ts, never a field write.
 */
export const purchaseOrderRules: EntityHook = {
  async beforeWrite({ trx, action, id, row }) {
    if (id !== null) {
      const stored = await typedDb(trx)
        .selectFrom('purchase_order')
        .select(['doc_no', 'status'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (stored && stored.status !== 'draft') {
        const doing = action === 'delete' ? 'deleted' : 'changed';
        const message = `Purchase order ${String(stored.doc_no)} is ${String(stored.status)}: only a draft can be ${doing}`;
        throw new ApiError(409, message, [{ field: 'status', message }]);
      }
    }
    if (action === 'delete') return;
    if (Array.isArray(row.lines)) await assertStockLines(trx, row.lines as { product: number }[]);
    if (action === 'insert') return { doc_no: await nextDocumentNo(trx, PO_PREFIX) };
  },
  async afterWrite({ trx, action, id }) {
    if (action !== 'delete') await priceOrder(trx, id);
  },
};
