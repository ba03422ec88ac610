import { FEATURE_KEYS, featureSwitches, saveFeaturesRequest, type FeatureSwitches } from '@backroom/schema';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { recordRequestEvent } from '../../data/audit';
import type { Database } from '../../db/types';
import { requirePrivilege } from '../../http/auth-guard';
import { ok } from '../../http/envelope';
import { parseBody } from '../../http/validate';
import { documented } from '../../http/openapi-contract';

async function readFeatures(db: Kysely<Database>): Promise<FeatureSwitches> {
  const rows = await db.selectFrom('feature_switch').select(['key', 'enabled']).execute();
  const stored = new Map(rows.map((r) => [r.key, r.enabled]));
  // A switch without a row is on, as the menu treats it.
  return Object.fromEntries(FEATURE_KEYS.map((key) => [key, stored.get(key) ?? true])) as FeatureSwitches;
}

/** `/api/feature/{Get|Save}`: the `feature` screen. The switches take effect in `http/switched-off-modules.ts`. */
export function registerFeatureRoutes(app: FastifyInstance, apiPrefix: string): void {
  const { db } = app.ctx;
  const base = `${apiPrefix}/feature`;

  app.get(
    `${base}/Get`,
    {
      ...documented({ summary: 'The features switched on', answer: featureSwitches }),
      preHandler: requirePrivilege('feature', 'view'),
    },
    async () => ok(await readFeatures(db)),
  );

  app.post(
    `${base}/Save`,
    {
      ...documented({ summary: 'Switch features on or off', body: saveFeaturesRequest, answer: featureSwitches }),
      preHandler: requirePrivilege('feature', 'edit'),
    },
    async (request) => {
      const body = parseBody(saveFeaturesRequest, request.body);
      const current = await readFeatures(db);
      const changed = FEATURE_KEYS.filter((key) => current[key] !== body[key]);
      if (changed.length === 0) return ok(current, 'Features saved');
      await db.transaction().execute(async (trx) => {
        const pick = (switches: FeatureSwitches) => Object.fromEntries(changed.map((key) => [key, switches[key]]));
        await recordRequestEvent(
          request,
          { action: 'update', entity: 'feature', rowId: null, changes: { before: pick(current), after: pick(body) } },
          trx,
        );
        for (const key of changed) {
          await trx
            .insertInto('feature_switch')
            .values({ key, enabled: body[key] })
            .onConflict((oc) => oc.column('key').doUpdateSet({ enabled: body[key] }))
            .execute();
        }
      });
      return ok(await readFeatures(db), 'Features saved');
    },
  );
}
