import { fromStorageRow, getEntity, MAX_INT32, parseRowId, type NormalisedEntity } from '@backroom/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { canSee } from '../../data/access';
import { requirePrivilege } from '../../http/auth-guard';
import { ApiError, ok, validationError } from '../../http/envelope';
import { documented } from '../../http/openapi-contract';
import { entityRow } from '../../openapi/registry-schemas';
import { z } from 'zod';

/**
 * `ActivePayment`: the payment modes a till of an outlet offers — `{api}/ActivePayment/Outlet/{id}`
 * and `{api}/ActivePayment/Terminal/{id}` (the terminal's outlet), any method. A mode is offered
 * when it is active and, if it goes through a payment gateway, that gateway is active and serves
 * the outlet (a gateway naming no outlets serves them all). Sorted as the till shows them.
 */
const mode = getEntity('paymentmode');
const outlet = getEntity('outlet');
const terminal = getEntity('pointofsale');
const modes = z.array(entityRow(mode));

type IdRequest = FastifyRequest<{ Params: { id: string } }>;

/** The row the address names, or the 404 a missing one gets: a row of another outlet than the caller's is missing too. */
async function visibleId(request: IdRequest, entity: NormalisedEntity): Promise<number> {
  const id = parseRowId(request.params.id);
  if (id === undefined)
    throw validationError([{ field: 'id', message: `Id must be a whole number from 1 to ${MAX_INT32}` }]);
  if (!(await canSee(request, request.server.ctx.db, entity, id)))
    throw new ApiError(404, `${entity.label}: no row ${id}`);
  return id;
}

async function activePaymentModes(request: FastifyRequest, outletId: number) {
  const db = request.server.ctx.db;
  const served = db
    .selectFrom('payment_gateway as g')
    .select('g.id')
    .where('g.is_active', '=', true)
    .where((eb) =>
      eb.or([
        eb.not(
          eb.exists(
            eb.selectFrom('payment_gateway_outlets as go').select('go.ref_id').whereRef('go.parent_id', '=', 'g.id'),
          ),
        ),
        eb.exists(
          eb
            .selectFrom('payment_gateway_outlets as go')
            .select('go.ref_id')
            .whereRef('go.parent_id', '=', 'g.id')
            .where('go.ref_id', '=', outletId),
        ),
      ]),
    );
  const rows = await db
    .selectFrom('payment_mode as m')
    .selectAll('m')
    .where('m.is_active', '=', true)
    .where((eb) => eb.or([eb('m.payment_gateway_id', 'is', null), eb('m.payment_gateway_id', 'in', served)]))
    .orderBy('m.sort_order')
    .orderBy('m.name')
    .orderBy('m.id')
    .execute();
  return rows.map((row) => fromStorageRow(mode, row));
}

export function registerActivePaymentRoutes(app: FastifyInstance, api: string) {
  const base = `${api}/ActivePayment`;
  const opts = { preHandler: requirePrivilege(mode.permission, 'view') };
  const method = ['GET', 'POST'];
  app.route<{ Params: { id: string } }>({
    method,
    url: `${base}/Outlet/:id`,
    ...documented({ summary: 'The payment modes active at an outlet', answer: modes }),
    ...opts,
    handler: async (request) => ok(await activePaymentModes(request, await visibleId(request, outlet))),
  });
  app.route<{ Params: { id: string } }>({
    method,
    url: `${base}/Terminal/:id`,
    ...documented({ summary: 'The payment modes active at a terminal', answer: modes }),
    ...opts,
    handler: async (request) => {
      const id = await visibleId(request, terminal);
      const row = await request.server.ctx.db
        .selectFrom('point_of_sale')
        .select('outlet_id')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return ok(await activePaymentModes(request, Number(row.outlet_id)));
    },
  });
}
