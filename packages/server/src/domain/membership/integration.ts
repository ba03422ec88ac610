import { getEntity, isMaskedSecret } from '@backroom/schema';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { storedColumns } from '../../data/read';
import { anyDb, revealer } from '../../data/store';
import { requirePrivilege } from '../../http/auth-guard';
import { ok, validationError } from '../../http/envelope';
import { parseBody } from '../../http/validate';
import { checkTarget, probe } from './outbound';

const settings = getEntity('membershipintegrationsettings');

const body = z.object({ endpoint: z.string().trim().max(500).optional(), apiKey: z.string().max(1000).optional() });

/**
 * `POST {api}/membershipintegration/TestConnection {endpoint?, apiKey?}`: reaches the provider with
 * the endpoint and key typed on the form (a blank or masked key: the saved one), outside any
 * transaction, and answers `{ok, status, latencyMs, message}`. Needs edit on the screen, since it
 * makes the server call out.
 */
export function registerIntegrationRoutes(app: FastifyInstance, api: string): void {
  app.post(`${api}/membershipintegration/TestConnection`, { preHandler: requirePrivilege(settings.name, 'edit') }, async (request) => {
    const sent = parseBody(body, request.body);
    const db = anyDb(app.ctx);
    const saved = await db.selectFrom(settings.table).select(['id', ...storedColumns(settings.fields)]).orderBy('id').limit(1).executeTakeFirst();
    const endpoint = sent.endpoint || (saved?.endpoint as string | null) || '';
    if (!endpoint) throw validationError([{ field: 'endpoint', message: 'Endpoint is required to test the connection' }]);
    const typedKey = sent.apiKey && !isMaskedSecret(sent.apiKey) ? sent.apiKey : null;
    const storedKey = saved?.api_key ? revealer(app.ctx)(String(saved.api_key)) || null : null;
    const target = await checkTarget(endpoint, app.ctx.config.allowPrivateTargets);
    return ok(await probe(target, typedKey ?? storedKey));
  });
}
