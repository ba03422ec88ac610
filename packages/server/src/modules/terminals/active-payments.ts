import { fromStorageRow, getEntity, MAX_INT32, parseRowId, type NormalisedEntity } from '@backroom/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { canSee } from '../../data/access';
import { anyDb } from '../../data/store';
import { requirePrivilege } from '../../http/auth-guard';
import { ApiError, ok, validationError } from '../../http/envelope';
import { columnOf } from '../columns';

/**
 * `ActivePayment`: the payment modes a till of an outlet offers — `{api}/ActivePayment/Outlet/{id}`
 * and `{api}/ActivePayment/Terminal/{id}` (the terminal's outlet), any method. A mode is offered
 * when it is active and, if it goes through a payment gateway, that gateway is active and serves
 * the outlet (a gateway naming no outlets serves them all). Sorted as the till shows them.
 */
const mode = getEntity('paymentmode');
const gateway = getEntity('paymentgateway');
const outlet = getEntity('outlet');
const terminal = getEntity('pointofsale');
const GATEWAY = columnOf(mode, 'paymentGateway');
const SORT = columnOf(mode, 'sortOrder');
const NAME = columnOf(mode, 'name');
const TERMINAL_OUTLET = columnOf(terminal, 'outlet');
const gatewayOutlets = (gateway.fields.find((f) => f.name === 'outlets') as { table: string }).table;

type IdRequest = FastifyRequest<{ Params: { id: string } }>;

/** The row the address names, or the 404 a missing one gets: a row of another outlet than the caller's is missing too. */
async function visibleId(request: IdRequest, entity: NormalisedEntity): Promise<number> {
  const id = parseRowId(request.params.id);
  if (id === undefined)
    throw validationError([{ field: 'id', message: `Id must be a whole number from 1 to ${MAX_INT32}` }]);
  if (!(await canSee(request, anyDb(request.server.ctx), entity, id)))
    throw new ApiError(404, `${entity.label}: no row ${id}`);
  return id;
}

async function activePaymentModes(request: FastifyRequest, outletId: number) {
  const db = anyDb(request.server.ctx);
  const served = db
    .selectFrom(`${gateway.table} as g`)
    .select('g.id')
    .where('g.is_active', '=', true)
    .where((eb) =>
      eb.or([
        eb.not(
          eb.exists(eb.selectFrom(`${gatewayOutlets} as go`).select('go.ref_id').whereRef('go.parent_id', '=', 'g.id')),
        ),
        eb.exists(
          eb
            .selectFrom(`${gatewayOutlets} as go`)
            .select('go.ref_id')
            .whereRef('go.parent_id', '=', 'g.id')
            .where('go.ref_id', '=', outletId),
        ),
      ]),
    );
  const rows = await db
    .selectFrom(`${mode.table} as m`)
    .selectAll('m')
    .where('m.is_active', '=', true)
    .where((eb) => eb.or([eb(`m.${GATEWAY}`, 'is', null), eb(`m.${GATEWAY}`, 'in', served)]))
    .orderBy(`m.${SORT}`)
    .orderBy(`m.${NAME}`)
    .orderBy('m.id')
    .execute();
  return rows.map((row) => fromStorageRow(mode, row as Record<string, unknown>));
}

export function registerActivePaymentRoutes(app: FastifyInstance, api: string) {
  const base = `${api}/ActivePayment`;
  const opts = { preHandler: requirePrivilege(mode.permission, 'view') };
  const method = ['GET', 'POST'];
  app.route<{ Params: { id: string } }>({
    method,
    url: `${base}/Outlet/:id`,
    ...opts,
    handler: async (request) => ok(await activePaymentModes(request, await visibleId(request, outlet))),
  });
  app.route<{ Params: { id: string } }>({
    method,
    url: `${base}/Terminal/:id`,
    ...opts,
    handler: async (request) => {
      const id = await visibleId(request, terminal);
      const row = await anyDb(request.server.ctx)
        .selectFrom(terminal.table)
        .select(TERMINAL_OUTLET)
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return ok(await activePaymentModes(request, Number((row as Record<string, unknown>)[TERMINAL_OUTLET])));
    },
  });
}
