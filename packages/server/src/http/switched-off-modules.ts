import {
  ACCESS_REFUSALS,
  FEATURE_LABELS,
  entities,
  findScreen,
  screens,
  type FeatureKey,
  type NormalisedEntity,
} from '@backroom/schema';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cachePerApp } from '../db/generations';
import { authenticateDuringPasswordChange } from './auth-guard';
import { ApiError } from './envelope';

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
  for (const entity of entities)
    add([entity.name, entity.api, entity.exportProcedure], entity.feature ?? findScreen(entity.permission)?.feature);
  return modules;
}

/** AppModule calls about one entity (or export procedure): they belong to its module. */
const OF_AN_ENTITY = new Set(['getdropdown', 'getexportparameters']);

/** `DataRepository/{verb}/{name}`, `AppModule/GetDropDown|GetExportParameters/{name}` → name; `{family}/{action}` → family. */
function apiNameOf(request: FastifyRequest, apiPrefix: string): string | null {
  const path = request.url.split('?')[0]!;
  if (path.slice(0, apiPrefix.length).toLowerCase() !== apiPrefix.toLowerCase()) return null;
  const segments = path
    .slice(apiPrefix.length)
    .split('/')
    .filter(Boolean)
    .map((s) => decodeURIComponent(s).toLowerCase());
  if (segments[0] === 'datarepository' || (segments[0] === 'appmodule' && OF_AN_ENTITY.has(segments[1] ?? '')))
    return segments[2] ?? null;
  return segments[0] ?? null;
}

const switchedOff = cachePerApp<'off', ReadonlySet<string>>();

/**
 * The modules switched off now. For a signed-in caller from what the process keeps at the `access`
 * generation their session query read (no query of its own); for anyone else read afresh.
 */
async function modulesOff(request: FastifyRequest, reply: FastifyReply): Promise<ReadonlySet<string>> {
  if (!/^Bearer\s/i.test(request.headers.authorization ?? '')) return loadModulesOff(request);
  await authenticateDuringPasswordChange(request, reply);
  return modulesOffForCaller(request);
}

const loadModulesOff = async (request: FastifyRequest) =>
  new Set(
    (await request.server.ctx.db.selectFrom('feature_switch').select('key').where('enabled', '=', false).execute()).map(
      (row) => row.key,
    ),
  );

const modulesOffForCaller = (request: FastifyRequest) =>
  switchedOff(request.server.ctx).get('off', request.auth!.generations.access, () => loadModulesOff(request));

/** Whether the module of a signed-in caller's entity is switched off (a call that reaches several entities at once). */
export async function isSwitchedOff(request: FastifyRequest, entity: NormalisedEntity): Promise<boolean> {
  const feature = entity.feature ?? findScreen(entity.permission)?.feature;
  return feature !== undefined && (await modulesOffForCaller(request)).has(feature);
}

/** A switched-off module's API answers 403, as its screens leave the menu; a caller without a session hears 401 first. */
export function registerSwitchedOffModules(app: FastifyInstance, apiPrefix: string): void {
  const modules = moduleOfApiNames();
  app.addHook('onRequest', async (request, reply) => {
    const name = apiNameOf(request, apiPrefix);
    const feature = name ? modules.get(name) : undefined;
    if (!feature || !(await modulesOff(request, reply)).has(feature)) return;
    await authenticateDuringPasswordChange(request, reply);
    throw new ApiError(403, ACCESS_REFUSALS.moduleOff({ module: FEATURE_LABELS[feature] }));
  });
}
