import { getEntity, type ReorderOrder, type reorderCreate } from '@backroom/schema';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { inTransaction } from '../../data/transaction';
import { insertRow } from '../../data/write';
import { validationError } from '../../http/envelope';
import { thousandths } from '../stock/index';

const purchaseOrder = getEntity('purchaseorder');

/**
 * Draft purchase orders for the selected suggestion lines: one per supplier × location, a line per
 * product at the quantity given, written through the generic insert (numbered, audited, the line's
 * supplier SKU, pack and cost filled from the mapping) in one transaction. A line without a supplier
 * or quantity is refused, naming it; nothing is written then.
 */
export async function createOrders(
  request: FastifyRequest,
  body: z.output<typeof reorderCreate>,
): Promise<ReorderOrder[]> {
  const errors = body.lines.flatMap((line, i) => {
    const problems: { field: string; message: string }[] = [];
    if (line.supplier === null || line.supplier === undefined)
      problems.push({ field: `lines.${i}.supplier`, message: 'This product has no supplier: map one on the product' });
    const quantity = thousandths(line.quantity);
    if (quantity === undefined || quantity <= 0)
      problems.push({ field: `lines.${i}.quantity`, message: 'Give a quantity above zero' });
    return problems;
  });
  const seen = new Set<string>();
  body.lines.forEach((line, i) => {
    const key = `${line.location}:${line.product}`;
    if (seen.has(key))
      errors.push({ field: `lines.${i}.product`, message: 'This product is selected twice for the location' });
    seen.add(key);
  });
  if (errors.length > 0) throw validationError(errors, errors[0]!.message);
  const groups = new Map<string, typeof body.lines>();
  for (const line of body.lines) {
    const key = `${line.supplier}:${line.location}`;
    groups.set(key, [...(groups.get(key) ?? []), line]);
  }
  return inTransaction(request, purchaseOrder, async (w) => {
    const created: ReorderOrder[] = [];
    for (const group of groups.values()) {
      const head = group[0]!;
      const saved = await insertRow(w, purchaseOrder, {
        supplier: head.supplier,
        location: head.location,
        remarks: 'From reorder suggestions',
        lines: group.map((l) => ({ product: l.product, quantity: String(l.quantity) })),
      });
      created.push({
        id: saved.id as number,
        docNo: saved.docNo as string,
        supplier: head.supplier!,
        location: head.location,
        lines: group.length,
      });
    }
    return created;
  });
}
