import type { FastifyInstance, FastifyRequest } from 'fastify';
import { assertPrivilege, authenticate } from '../http/auth-guard';
import { ApiError, ok, validationError } from '../http/envelope';
import { documented } from '../http/openapi-contract';
import { parseBody } from '../http/validate';
import type { ProcedureRegistry } from './registry';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every named procedure, declared by the app's modules (modules/compose.ts). */
    procedures: ProcedureRegistry;
  }
}

/** A GET carries the body as query parameters; each value is read as JSON when it parses (`Take=10`, `filters=[…]`). */
function queryAsBody(query: unknown): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (typeof value !== 'string') {
      body[key] = value;
      continue;
    }
    try {
      body[key] = JSON.parse(value);
    } catch {
      body[key] = value;
    }
  }
  return body;
}

type Named = FastifyRequest<{ Params: { name: string } }>;

const notFound = () => new ApiError(404, 'Unknown procedure');
/** `executejson/{name}` answers like the other DataRepository verbs: an unknown name is a 400 naming it. */
const unknownName = (name: string) =>
  validationError([{ field: 'name', message: `Unknown procedure: ${name.slice(0, 100)}` }], 'Unknown procedure');

/** Runs the procedure named in the address (none, or none public for anonymous calls: `missing`), after its privilege. */
async function callProcedure(
  request: Named,
  audience: 'signedIn' | 'public',
  missing: (name: string) => ApiError = notFound,
) {
  const procedure = request.server.procedures.find(request.params.name);
  if (!procedure || (audience === 'public' && !procedure.public)) throw missing(request.params.name);
  if (audience === 'signedIn' && procedure.privilege)
    await assertPrivilege(request, procedure.privilege.screen, procedure.privilege.action);
  const input = parseBody(procedure.input, request.method === 'GET' ? queryAsBody(request.query) : request.body);
  const result = await procedure.run(request.server.ctx, input, request);
  return ok(result.data, 'OK', result.totalCount);
}

/** `DataRepository/procedure/{name}` (any method), its JSON twin `executejson/{name}`, and the public `PublicDataRepository/procedure/{name}`. */
export function registerProcedureRoutes(app: FastifyInstance, apiPrefix: string): void {
  app.route({
    method: ['GET', 'POST'],
    url: `${apiPrefix}/DataRepository/procedure/:name`,
    ...documented({ generic: 'procedure', audience: 'signedIn' }),
    preHandler: authenticate,
    handler: (request: Named) => callProcedure(request, 'signedIn'),
  });
  app.post<{ Params: { name: string } }>(
    `${apiPrefix}/DataRepository/executejson/:name`,
    { ...documented({ generic: 'procedure', audience: 'signedIn' }), preHandler: authenticate },
    (request) => callProcedure(request, 'signedIn', unknownName),
  );
  app.route({
    method: ['GET', 'POST'],
    url: `${apiPrefix}/PublicDataRepository/procedure/:name`,
    ...documented({ generic: 'procedure', audience: 'public' }),
    handler: (request: Named) => callProcedure(request, 'public'),
  });
}
