import { DELIVERY_ORDER_STATUSES, rowId, type FetchFilter } from '@backroom/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { runAction, verbs } from '../../data/verbs';
import { authenticate } from '../../http/auth-guard';
import { validationError } from '../../http/envelope';
import { parseBody } from '../../http/validate';
import { order } from './order';
import { entityRow } from '../../openapi/registry-schemas';
import { documented } from '../../http/openapi-contract';

const listQuery = z.object({
  Skip: z.coerce.number().int().min(0).optional(),
  Take: z.coerce.number().int().min(1).optional(),
  status: z.enum(DELIVERY_ORDER_STATUSES).optional(),
  search: z.string().max(200).optional(),
});
const idParam = z.object({ id: rowId });
const actionBody = z.looseObject({
  action: z
    .string({ error: 'Name the action: confirm, dispatch, receive, closeShort, cancel or prefill' })
    .trim()
    .min(1)
    .max(50),
});

const row = entityRow(order);
const deleted = z.object({ deleted: z.number().int().min(0) });

type WithId = FastifyRequest<{ Params: { id: string } }>;
const idOf = (request: WithId) => parseBody(idParam, request.params).id;
const bodyOf = (request: FastifyRequest) =>
  typeof request.body === 'object' && request.body !== null && !Array.isArray(request.body)
    ? (request.body as Record<string, unknown>)
    : {};

/**
 * The older console's `/deliveryorder` and `/deliveryorder/{id}` on the legacy base: the same verbs, rules
 * and privileges (the `printdeliveryorder` menu item's) as the generic API, at the addresses the
 * older console calls.
 */
export function registerDeliveryOrderRoutes(app: FastifyInstance, legacy: string): void {
  const base = `${legacy}/deliveryorder`;
  const opts = { preHandler: authenticate };

  app.get(
    base,
    { ...documented({ summary: 'Delivery orders (legacy address)', query: listQuery, answer: z.array(row) }), ...opts },
    async (request) => {
      const query = parseBody(listQuery, request.query);
      const filters: FetchFilter[] = query.status
        ? [{ ColumnName: 'status', ColumnValue: query.status, Operator: 'EQ' }]
        : [];
      return verbs.fetch({
        request,
        entity: order,
        id: null,
        body: { Skip: query.Skip, Take: query.Take, search: query.search, filters },
      });
    },
  );
  app.get<{ Params: { id: string } }>(
    `${base}/:id`,
    { ...documented({ summary: 'A delivery order (legacy address)', answer: row }), ...opts },
    async (request) => verbs.get({ request, entity: order, id: idOf(request), body: null }),
  );
  app.post(
    base,
    { ...documented({ summary: 'Add a delivery order (legacy address)', answer: row }), ...opts },
    async (request) => verbs.insert({ request, entity: order, id: null, body: request.body }),
  );
  app.put<{ Params: { id: string } }>(
    `${base}/:id`,
    { ...documented({ summary: 'Change a delivery order (legacy address)', answer: row }), ...opts },
    async (request) =>
      verbs.update({ request, entity: order, id: null, body: { ...bodyOf(request), id: idOf(request) } }),
  );
  app.delete<{ Params: { id: string } }>(
    `${base}/:id`,
    { ...documented({ summary: 'Delete a delivery order (legacy address)', answer: deleted }), ...opts },
    async (request) => verbs.delete({ request, entity: order, id: idOf(request), body: null }),
  );
  app.post<{ Params: { id: string } }>(
    `${base}/:id`,
    {
      ...documented({
        summary: 'Move a delivery order along: send, receive, cancel… (legacy address)',
        body: actionBody,
        // Every action of a delivery order (transitions.ts) answers the order.
        answer: row,
      }),
      ...opts,
    },
    async (request) => {
      const id = idOf(request);
      const { action, ...rest } = parseBody(actionBody, request.body);
      const unknown = validationError(
        [{ field: 'action', message: `Unknown action: ${action}` }],
        `Unknown action: ${action}`,
      );
      // Deleting is the DELETE verb's; a POST only moves the order along.
      if (action.toLowerCase() === 'delete') throw unknown;
      const answer = await runAction(request, order, action, [id], rest);
      if (!answer) throw unknown;
      return answer;
    },
  );
}
