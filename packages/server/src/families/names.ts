import { entities, familyOf, type NormalisedEntity } from '@backroom/schema';

/** Every entity by its family names, lower-cased: its entity name, and its screen's `api` name. */
const byFamily = new Map<string, NormalisedEntity>(entities.map((e) => [e.name, e]));
for (const entity of entities) if (!byFamily.has(familyOf(entity).toLowerCase())) byFamily.set(familyOf(entity).toLowerCase(), entity);

export const familyEntity = (family: string): NormalisedEntity | undefined => byFamily.get(family.toLowerCase());
