import { FEATURE_KEYS, entities, findScreen, saveFeaturesRequest, screens, type FeatureKey, type FeatureSwitches } from '@backroom/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { recordRequestEvent } from '../data/audit';
import type { Database } from '../db/types';
import { authenticate, requirePrivilege } from '../http/auth-guard';
import { ApiError, ok } from '../http/envelope';
import { parseBody } from '../http/validate';

async function readFeatures(db: Kysely<Database>): Promise<FeatureSwitches> {
  const rows = await db.selectFrom('feature_switch').select(['key', 'enabled']).execute();
  const stored = new Map(rows.map((r) => [r.key, r.enabled]));
  // A switch without a row is on, as the menu treats it.
  return Object.fromEntries(FEATURE_KEYS.map((key) => [key, stored.get(key) ?? true])) as FeatureSwitches;
}

async function isSwitchedOff(db: Kysely<Database>, feature: FeatureKey): Promise<boolean> {
  const row = await db.selectFrom('feature_switch').select('enabled').where('key', '=', feature).executeTakeFirst();
  return row?.enabled === false;
}

/**
 * The module of every API name that belongs to one, lower-cased: screen and entity names (the
 * DataRepository `{name}`, dropdowns), export procedures and resource families (`/api/{family}/…`). A table that is no screen
 * belongs to the module of the screen that governs its permission.
 */
function moduleOfApiNames(): Map<string, FeatureKey> {
  const modules = new Map<string, FeatureKey>();
  const add = (names: (string | undefined)[], feature: FeatureKey | undefined) => {
    if (feature) for (const name of names) if (name) modules.set(name.toLowerCase(), feature);
  };
  for (const screen of screens) add([screen.name, screen.api], screen.feature);
  for (const entity of entities) add([entity.name, entity.api, entity.exportProcedure], entity.feature ?? findScreen(entity.permission)?.feature);
  return modules;
}

/** AppModule calls about one entity (or export procedure): they belong to its module. */
const OF_AN_ENTITY = new Set(['getdropdown', 'getexportparameters']);

/** `DataRepository/{verb}/{name}`, `AppModule/GetDropDown|GetExportParameters/{name}` → name; `{family}/{action}` → family. */
function apiNameOf(request: FastifyRequest, apiPrefix: string): string | null {
  const path = request.url.split('?')[0]!;
  if (path.slice(0, apiPrefix.length).toLowerCase() !== apiPrefix.toLowerCase()) return null;
  const segments = path.slice(apiPrefix.length).split('/').filter(Boolean).map((s) => decodeURIComponent(s).toLowerCase());
  if (segments[0] === 'datarepository' || (segments[0] === 'appmodule' && OF_AN_ENTITY.has(segments[1] ?? ''))) return segments[2] ?? null;
  return segments[0] ?? null;
}

/**
 * `/api/feature/{Get|Save}` (the `feature` screen), and the guard that makes a switched-off
 * module's API answer 403 as its screens leave the menu.
 */
export function registerFeatureRoutes(app: FastifyInstance, apiPrefix: string): void {
  const { db } = app.ctx;
  const base = `${apiPrefix}/feature`;

  app.get(`${base}/Get`, { preHandler: requirePrivilege('feature', 'view') }, async () => ok(await readFeatures(db)));

  app.post(`${base}/Save`, { preHandler: requirePrivilege('feature', 'edit') }, async (request) => {
    const body = parseBody(saveFeaturesRequest, request.body);
    const current = await readFeatures(db);
    const changed = FEATURE_KEYS.filter((key) => current[key] !== body[key]);
    await db.transaction().execute(async (trx) => {
      if (changed.length > 0) {
        const pick = (switches: FeatureSwitches) => Object.fromEntries(changed.map((key) => [key, switches[key]]));
        await recordRequestEvent(request, { action: 'update', entity: 'feature', rowId: null, changes: { before: pick(current), after: pick(body) } }, trx);
      }
      for (const key of FEATURE_KEYS) {
        await trx
          .insertInto('feature_switch')
          .values({ key, enabled: body[key] })
          .onConflict((oc) => oc.column('key').doUpdateSet({ enabled: body[key] }))
          .execute();
      }
    });
    return ok(await readFeatures(db), 'Features saved');
  });

  const modules = moduleOfApiNames();
  app.addHook('onRequest', async (request, reply) => {
    const name = apiNameOf(request, apiPrefix);
    const feature = name ? modules.get(name) : undefined;
    if (!feature || !(await isSwitchedOff(db, feature))) return;
    // Every module route needs a session: a caller without one hears 401, as anywhere else.
    await authenticate(request, reply);
    throw new ApiError(403, `The ${feature} module is switched off`);
  });
}
