import {
  ACCESS_REFUSALS,
  MAX_INT32,
  getEntity,
  outletPricingGrid,
  outletPricingSaved,
  rowId,
  rowIdNumber,
} from '@backroom/schema';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { allowedOutlets } from '../../data/access';
import { anyDb, withCustom } from '../../data/store';
import { requireAuth, requirePrivilege } from '../../http/auth-guard';
import { ApiError, ok } from '../../http/envelope';
import { parseBody } from '../../http/validate';
import { outletColumns, readGrid, saveChanges } from './outlet-pricing';
import { documented } from '../../http/openapi-contract';

const SCREEN = 'outletpricing';
/** A page of the grid is a page of inputs: kept small. */
export const MAX_GRID_ROWS = 100;
export const MAX_CHANGES = 1000;

const gridRequest = z.object({
  Skip: z.coerce.number().int().min(0).max(MAX_INT32).default(0),
  Take: z.coerce.number().int().min(1).max(MAX_GRID_ROWS).default(10),
  search: z.string().max(200).optional(),
  category: rowId.nullish(),
});

const saveRequest = z.object({
  changes: z
    .array(
      z.object({
        product: rowIdNumber,
        outlet: rowIdNumber,
        price: z.union([z.string().max(30), z.number(), z.null()]),
      }),
    )
    .min(1)
    .max(MAX_CHANGES),
});

/** `/api/outletpricing/{Grid|Save}`: the outlet pricing screen (product × outlet override prices). */
export function registerOutletPricingRoutes(app: FastifyInstance, apiPrefix: string): void {
  const base = `${apiPrefix}/outletpricing`;
  const db = anyDb(app.ctx);

  app.post(
    `${base}/Grid`,
    {
      ...documented({
        summary: 'Outlet prices of products, outlets as columns',
        body: gridRequest,
        answer: outletPricingGrid,
      }),
      preHandler: requirePrivilege(SCREEN, 'view'),
    },
    async (request) => {
      const query = parseBody(gridRequest, request.body);
      const outlets = await outletColumns(db, await allowedOutlets(request));
      const { rows, totalCount } = await readGrid(db, outlets, query);
      return ok({ outlets, rows }, 'OK', totalCount);
    },
  );

  app.post(
    `${base}/Save`,
    {
      ...documented({ summary: 'Change outlet prices', body: saveRequest, answer: outletPricingSaved }),
      preHandler: requirePrivilege(SCREEN, 'edit'),
    },
    async (request) => {
      const { changes } = parseBody(saveRequest, request.body);
      const auth = requireAuth(request);
      // Looked up before the transaction: SQLite has one connection, which the transaction holds.
      const allowed = await allowedOutlets(request);
      const outside = changes.findIndex((c) => allowed.length > 0 && !allowed.includes(c.outlet));
      if (outside >= 0)
        throw new ApiError(403, ACCESS_REFUSALS.outletPrices({ outlet: changes[outside]!.outlet }), [
          { field: `changes.${outside}.outlet`, message: 'Not one of your outlets' },
        ]);
      const counts = await db.transaction().execute(async (trx) =>
        saveChanges(
          {
            ctx: app.ctx,
            trx,
            auth,
            request,
            entity: await withCustom(trx, getEntity('outletprice')),
            now: new Date().toISOString(),
          },
          changes,
        ),
      );
      return ok(counts, `Saved ${counts.inserted + counts.updated + counts.deleted} prices`);
    },
  );
}
