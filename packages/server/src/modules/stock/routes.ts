import {
  fetchRequest,
  getEntity,
  lowStockProposal,
  lowStockQuery,
  lowStockRow,
  proposedOrder,
  stockAdjustDecision,
  stockAdjustRequest,
  stockAdjustResult,
  virtualStockRow,
} from '@backroom/schema';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { assertPrivilege, authenticate } from '../../http/auth-guard';
import { ok } from '../../http/envelope';
import { parseBody } from '../../http/validate';
import { adjust, decide } from './adjustments';
import { lowStockRows, proposeDeliveries } from './low-stock';
import { fetchVirtualStock } from './virtual-stock';
import { documented } from '../../http/openapi-contract';
import { entityRow } from '../../openapi/registry-schemas';

/** What an adjustment's request and decisions answer, its row as the generic API reads it (the shared contract says only "an object"). */
const adjustAnswer = stockAdjustResult.extend({ adjustment: entityRow(getEntity('stockadjustment')) });

/** Virtual stock (`/api/OutletVirtualStockBalance/…`) and the low-stock list (`/api/lowstock/…`). */
export function registerStockRoutes(app: FastifyInstance, api: string): void {
  const opts = { preHandler: authenticate };
  const virtual = `${api}/OutletVirtualStockBalance`;
  app.post(
    `${virtual}/fetch`,
    {
      ...documented({ summary: 'Virtual stock balances', body: fetchRequest, answer: z.array(virtualStockRow) }),
      ...opts,
    },
    async (request) => {
      await assertPrivilege(request, 'virtualstock', 'view');
      const { rows, totalCount } = await fetchVirtualStock(request, parseBody(fetchRequest, request.body));
      return ok(rows, 'OK', totalCount);
    },
  );
  app.post(
    `${virtual}/adjust`,
    {
      ...documented({
        summary: 'Ask for a virtual stock adjustment',
        body: stockAdjustRequest,
        answer: adjustAnswer,
      }),
      ...opts,
    },
    async (request) => {
      const answer = await adjust(request);
      return ok(answer, answer.status === 'pending' ? 'Waiting for approval' : 'Adjusted');
    },
  );
  app.post(
    `${virtual}/approve`,
    {
      ...documented({
        summary: 'Approve a virtual stock adjustment',
        body: stockAdjustDecision,
        answer: adjustAnswer,
      }),
      ...opts,
    },
    async (request) => ok(await decide(request, true), 'Approved'),
  );
  app.post(
    `${virtual}/reject`,
    {
      ...documented({
        summary: 'Reject a virtual stock adjustment',
        body: stockAdjustDecision,
        answer: adjustAnswer,
      }),
      ...opts,
    },
    async (request) => ok(await decide(request, false), 'Rejected'),
  );

  app.post(
    `${api}/lowstock/List`,
    {
      ...documented({ summary: 'Items below their reorder level', body: lowStockQuery, answer: z.array(lowStockRow) }),
      ...opts,
    },
    async (request) => {
      await assertPrivilege(request, 'lowstock', 'view');
      const { rows, totalCount } = await lowStockRows(request, parseBody(lowStockQuery, request.body));
      return ok(rows, 'OK', totalCount);
    },
  );
  app.post(
    `${api}/lowstock/Propose`,
    {
      ...documented({
        summary: 'Propose delivery orders for low items',
        body: lowStockProposal,
        answer: z.array(proposedOrder),
      }),
      ...opts,
    },
    async (request) => {
      await assertPrivilege(request, 'lowstock', 'view');
      await assertPrivilege(request, 'printdeliveryorder', 'edit');
      const orders = await proposeDeliveries(request, parseBody(lowStockProposal, request.body).ids);
      return ok(orders, `Proposed ${orders.length} delivery orders`);
    },
  );
}
