import type { FastifyInstance, FastifyRequest } from 'fastify';
import { assertPrivilege, authenticate } from '../http/auth-guard';
import { ApiError, ok } from '../http/envelope';
import { parseBody } from '../http/validate';
import { getSaml, multipleAppSetting } from './app-setting-procedures';
import { ProcedureRegistry, type Procedure } from './registry';

export const procedures = new ProcedureRegistry().add(multipleAppSetting, getSaml);

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

async function run(procedure: Procedure, request: FastifyRequest) {
  const input = parseBody(procedure.input, request.method === 'GET' ? queryAsBody(request.query) : request.body);
  const result = await procedure.run(request.server.ctx, input, request);
  return ok(result.data, 'OK', result.totalCount);
}

export function registerProcedureRoutes(app: FastifyInstance, apiPrefix: string): void {
  app.route<{ Params: { name: string } }>({
    method: ['GET', 'POST'],
    url: `${apiPrefix}/DataRepository/procedure/:name`,
    preHandler: authenticate,
    handler: async (request) => {
      const procedure = procedures.find(request.params.name);
      if (!procedure) throw new ApiError(404, 'Unknown procedure');
      if (procedure.privilege) await assertPrivilege(request, procedure.privilege.screen, procedure.privilege.action);
      return run(procedure, request);
    },
  });

  app.route<{ Params: { name: string } }>({
    method: ['GET', 'POST'],
    url: `${apiPrefix}/PublicDataRepository/procedure/:name`,
    handler: async (request) => {
      const procedure = procedures.find(request.params.name);
      if (!procedure?.public) throw new ApiError(404, 'Unknown procedure');
      return run(procedure, request);
    },
  });
}
