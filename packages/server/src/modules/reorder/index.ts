import { reorderAnswer, reorderCreate, reorderOrder, reorderQuery } from '@backroom/schema';
import { z } from 'zod';
import { assertPrivilege, authenticate } from '../../http/auth-guard';
import { ok } from '../../http/envelope';
import { parseBody } from '../../http/validate';
import type { DomainModule } from '../module';
import { createOrders } from './create';
import { suggest } from './suggest';
import { documented } from '../../http/openapi-contract';

/**
 * Reorder suggestions: per product × stocking location, from its trigger or a days-of-cover target,
 * its sales velocity, on hand, in transit, on open purchase orders, the supplier's lead time and
 * pack size, the quantity to order (`POST {api}/reorder/Suggest`); selected lines become draft
 * purchase orders per supplier × location (`POST {api}/reorder/Create`).
 */
export const reorderModule: DomainModule = {
  name: 'reorder',
  routes: (app, at) => {
    const opts = { preHandler: authenticate };
    app.post(
      `${at.api}/reorder/Suggest`,
      {
        ...documented({
          summary: 'Reorder suggestions from stock, sales and suppliers',
          body: reorderQuery,
          answer: reorderAnswer,
        }),
        ...opts,
      },
      async (request) => {
        await assertPrivilege(request, 'reorder', 'view');
        const answer = await suggest(request, parseBody(reorderQuery, request.body ?? {}));
        return ok(answer, 'OK', answer.totalCount);
      },
    );
    app.post(
      `${at.api}/reorder/Create`,
      {
        ...documented({
          summary: 'Draft purchase orders from chosen suggestions',
          body: reorderCreate,
          answer: z.array(reorderOrder),
        }),
        ...opts,
      },
      async (request) => {
        await assertPrivilege(request, 'reorder', 'view');
        await assertPrivilege(request, 'purchaseorder', 'edit');
        const orders = await createOrders(request, parseBody(reorderCreate, request.body));
        return ok(orders, `Created ${orders.length} draft purchase orders`);
      },
    );
  },
};
