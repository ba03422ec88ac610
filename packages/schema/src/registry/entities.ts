import { entityDefs, normaliseRegistry, type NormalisedEntity } from './normalise';
import { menuGroups, screens } from './groups';

/** Every entity (menu screen or not), normalised and checked once at load: a broken definition throws here. */
export const entities: readonly NormalisedEntity[] = normaliseRegistry(
  entityDefs(menuGroups),
  screens.map((screen) => screen.name),
);

const byName = new Map(entities.map((entity) => [entity.name, entity]));

export const findEntity = (name: string): NormalisedEntity | undefined => byName.get(name);

/** Like findEntity, for callers that hold a name the registry must know. */
export function getEntity(entity: NormalisedEntity | string): NormalisedEntity {
  if (typeof entity !== 'string') return entity;
  const found = byName.get(entity);
  if (!found) throw new Error(`Unknown entity "${entity}"`);
  return found;
}
