import { dropdownItem, getEntity, parseRowId, type DropdownItemDto } from '@backroom/schema';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { authorize } from '../../data/access';
import { apiRow, labelsOf } from '../../data/read';
import { authenticate } from '../../http/auth-guard';
import { ApiError, ok } from '../../http/envelope';
import { documented } from '../../http/openapi-contract';

const product = getEntity('product');
const supplier = getEntity('supplier');

/**
 * `GET /api/Product/FetchSupplierMapDropown/{id}` (the older console's spelling): the suppliers mapped to the
 * product as `[{text, value}]`, the preferred one first, then in the mapping's order.
 */
export function registerSupplierMapDropdown(app: FastifyInstance, apiPrefix: string): void {
  app.get<{ Params: { id: string } }>(
    `${apiPrefix}/${product.api ?? product.name}/FetchSupplierMapDropown/:id`,
    {
      ...documented({
        summary: 'The suppliers mapped to a product, as dropdown options',
        answer: z.array(dropdownItem),
      }),
      preHandler: authenticate,
    },
    async (request) => {
      await authorize(request, product, 'fetch');
      const id = parseRowId(request.params.id);
      const row = id === undefined ? undefined : await apiRow(app.ctx, app.ctx.db, product, id, { labels: false });
      if (!row) throw new ApiError(404, `${product.label}: no row ${request.params.id}`);
      const mapping = (row.supplierMapping as { supplier: number; preferred: boolean }[]).toSorted(
        (a, b) => Number(b.preferred) - Number(a.preferred),
      );
      const labels = await labelsOf(
        app.ctx.db,
        supplier,
        mapping.map((m) => m.supplier),
      );
      return ok<DropdownItemDto[]>(
        mapping.map((m) => ({ text: labels.get(m.supplier) ?? String(m.supplier), value: m.supplier })),
      );
    },
  );
}
