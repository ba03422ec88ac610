import { getEntity, isMaskedSecret } from '@backroom/schema';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { recordRequestEvent } from '../../data/audit';
import { revealer } from '../../data/store';
import { requirePrivilege } from '../../http/auth-guard';
import { ok, validationError } from '../../http/envelope';
import { parseBody } from '../../http/validate';
import { checkTarget, connectionResult, probe } from './outbound';
import { documented } from '../../http/openapi-contract';

const settings = getEntity('membershipintegrationsettings');

const body = z.object({ endpoint: z.string().trim().max(500).optional(), apiKey: z.string().max(1000).optional() });

/**
 * `POST {api}/membershipintegration/TestConnection {endpoint?, apiKey?}`: reaches the provider with
 * the endpoint and key typed on the form, outside any transaction, and answers `{ok, status,
 * latencyMs, message}`. A blank or masked key means the saved one, but only for the saved endpoint:
 * a stored secret goes nowhere but the address it was saved with, so another address gets only
 * what was typed. Needs edit on the screen, since it makes the server call out; audited (the
 * address and the answer, never the key).
 */
export function registerIntegrationRoutes(app: FastifyInstance, api: string): void {
  app.post(
    `${api}/membershipintegration/TestConnection`,
    {
      ...documented({ summary: 'Try the membership provider’s address and key', body, answer: connectionResult }),
      preHandler: requirePrivilege(settings.name, 'edit'),
    },
    async (request) => {
      const sent = parseBody(body, request.body);
      const saved = await app.ctx.db
        .selectFrom('membership_integration_settings')
        .select(['id', 'endpoint', 'api_key'])
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      const savedEndpoint = saved?.endpoint ?? '';
      const endpoint = sent.endpoint || savedEndpoint;
      if (!endpoint)
        throw validationError([{ field: 'endpoint', message: 'Endpoint is required to test the connection' }]);
      const typedKey = sent.apiKey && !isMaskedSecret(sent.apiKey) ? sent.apiKey : null;
      const storedKey = saved?.api_key && endpoint === savedEndpoint ? revealer(app.ctx)(saved.api_key) || null : null;
      const target = await checkTarget(endpoint, app.ctx.config.allowPrivateTargets);
      const probed = await probe(target, typedKey ?? storedKey);
      const withheld = !typedKey && !storedKey && !!saved?.api_key;
      const result = withheld
        ? {
            ...probed,
            message: `${probed.message}; no API key was sent: the saved one goes only to the saved endpoint, type it to test this one`,
          }
        : probed;
      const key = typedKey ? 'typed' : storedKey ? 'saved' : 'none';
      await recordRequestEvent(request, {
        action: 'connectionTest',
        entity: settings.name,
        rowId: saved ? saved.id : null,
        changes: { before: {}, after: { endpoint, key, ok: result.ok, status: result.status } },
      });
      return ok(result);
    },
  );
}
