import { LINK_COLUMNS, entities, type NormalisedEntity, type NormalisedField } from '@backroom/schema';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { targetOf } from './references';

const OUTLET = 'outlet';

type Link = Extract<NormalisedField, { kind: 'reference' | 'multireference' }>;

/** One way from a row to outlet ids: the fields followed, the last one pointing at an outlet. Empty for an outlet row itself. */
export type OutletPath = readonly Link[];

const links = (entity: NormalisedEntity): Link[] =>
  entity.fields.filter((f): f is Link => (f.kind === 'reference' || f.kind === 'multireference') && !f.custom);

/** The entity's own fields naming outlets: a reference or a list pointing at `outlet`. */
const ownOutletFields = (entity: NormalisedEntity): Link[] => links(entity).filter((f) => targetOf(f)!.name === OUTLET);

/**
 * The single references that make a row part of one outlet (a location's outlet, a mapping's
 * location): its own outlet reference when it has one, else the first reference to a row that is
 * itself part of one. Lists of outlets (a user's allowed outlets, a promotion's outlets) say where
 * a row applies, not whom it belongs to, so nothing is tied to an outlet through them at second hand.
 */
function ownerChain(entity: NormalisedEntity, seen: ReadonlySet<string>): OutletPath | undefined {
  if (entity.name === OUTLET) return [];
  const own = ownOutletFields(entity).find((f) => f.kind === 'reference');
  if (own) return [own];
  for (const field of links(entity)) {
    const target = targetOf(field)!;
    if (field.kind !== 'reference' || seen.has(target.name)) continue;
    const rest = ownerChain(target, new Set([...seen, entity.name]));
    if (rest) return [field, ...rest];
  }
  return undefined;
}

/**
 * The ways a row of the entity reaches the outlets it belongs to. A row belongs to its OWN outlet:
 * when the entity names outlets itself (a sale's outlet, a promotion's outlets) only those count —
 * a sale's member or terminal, a terminal's layout, never make it another outlet's row. An entity
 * naming no outlet belongs where the rows it is part of or kept at belong: each of its references
 * that reaches an outlet through single references (a movement's location, a line's sale, a delivery
 * order's two locations).
 */
function pathsOf(entity: NormalisedEntity): OutletPath[] {
  if (entity.name === OUTLET) return [[]];
  const own = ownOutletFields(entity);
  if (own.length > 0) return own.map((field) => [field]);
  const out: OutletPath[] = [];
  for (const field of links(entity)) {
    const target = targetOf(field)!;
    if (target.name === entity.name) continue;
    const rest = ownerChain(target, new Set([entity.name]));
    if (rest) out.push([field, ...rest]);
  }
  return out;
}

const byEntity = new Map(entities.map((e) => [e.name, pathsOf(e)]));

/** The outlet paths of an entity, computed once from the registry; empty when its rows belong to no outlet. */
export const outletPaths = (entity: NormalisedEntity): readonly OutletPath[] => byEntity.get(entity.name) ?? [];

type OutletTest = (outletId: RawBuilder<unknown>) => RawBuilder<SqlBool>;

/** True when some outlet id the path reaches from the row `alias` passes the test. */
function reaches(path: OutletPath, alias: string, test: OutletTest, depth = 0): RawBuilder<SqlBool> {
  const [step, ...rest] = path;
  if (!step) return test(sql.ref(`${alias}.id`));
  const target = targetOf(step)!;
  const next = `o${depth}`;
  const onward = (id: RawBuilder<unknown>) =>
    rest.length === 0
      ? test(id)
      : sql<SqlBool>`exists (select 1 from ${sql.table(target.table)} as ${sql.raw(next)} where ${sql.ref(`${next}.id`)} = ${id} and ${reaches(rest, next, test, depth + 1)})`;
  if (step.kind === 'reference') return onward(sql.ref(`${alias}.${step.column}`));
  const link = `l${depth}`;
  return sql<SqlBool>`exists (select 1 from ${sql.table(step.table!)} as ${sql.raw(link)} where ${sql.ref(`${link}.${LINK_COLUMNS.parent}`)} = ${sql.ref(`${alias}.id`)} and ${onward(sql.ref(`${link}.${LINK_COLUMNS.ref}`))})`;
}

const anyOf = (conditions: RawBuilder<SqlBool>[]) => sql<SqlBool>`(${sql.join(conditions, sql` or `)})`;

const named: OutletTest = (id) => sql<SqlBool>`${id} is not null`;
const among =
  (outlets: readonly number[]): OutletTest =>
  (id) =>
    sql<SqlBool>`${id} in (${sql.join(outlets)})`;
const outside =
  (outlets: readonly number[]): OutletTest =>
  (id) =>
    sql<SqlBool>`(${id} is not null and ${id} not in (${sql.join(outlets)}))`;

/**
 * A row is visible to a user limited to `outlets` when it names no outlet at all (it is for every
 * outlet) or one of its outlets is among theirs.
 */
export function visibleCondition(
  paths: readonly OutletPath[],
  alias: string,
  outlets: readonly number[],
): RawBuilder<SqlBool> {
  const blank = sql<SqlBool>`not ${anyOf(paths.map((p) => reaches(p, alias, named)))}`;
  return sql<SqlBool>`(${blank} or ${anyOf(paths.map((p) => reaches(p, alias, among(outlets))))})`;
}

/** Per path: whether the row reaches an outlet outside `outlets` that way. */
export const outsideOutlets = (paths: readonly OutletPath[], alias: string, outlets: readonly number[]) =>
  paths.map((path) => ({ path, condition: reaches(path, alias, outside(outlets)) }));

/** Whether the row reaches any outlet at all. */
export const namesAnOutlet = (paths: readonly OutletPath[], alias: string) =>
  anyOf(paths.map((p) => reaches(p, alias, named)));
