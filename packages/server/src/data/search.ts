import { entities, type NormalisedEntity, type PaletteHit } from '@backroom/schema';
import type { FastifyRequest } from 'fastify';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { ApiError } from '../http/envelope';
import { isSwitchedOff } from '../http/switched-off-modules';
import { authorize, rowFilters } from './access';
import { readableEntity } from './field-groups';
import { allOf, exactCondition, searchCondition, TRIGRAM } from './query';
import { labelsOf } from './read';
import { anyDb } from './store';
import { runCompiled } from '../db/compiled';

const paletteEntities = entities.filter((e) => e.palette);

/** Whether the caller may list the entity: its module on, view on its screen, its hooks' own rules. */
async function mayView(request: FastifyRequest, entity: NormalisedEntity): Promise<boolean> {
  if (await isSwitchedOff(request, entity)) return false;
  try {
    await authorize(request, entity, 'fetch');
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return false;
    throw error;
  }
}

/**
 * Up to `take` rows of the entity the caller may see: exact matches first, then rows containing
 * the text — each its own query, so each is served by its own index. Text shorter than a trigram
 * finds exact matches only: a part that short would scan the table.
 */
async function matchingIds(
  request: FastifyRequest,
  entity: NormalisedEntity,
  text: string,
  take: number,
): Promise<number[]> {
  const { exact, fields } = entity.palette!;
  const dialect = request.server.ctx.dialect;
  const limits = await rowFilters(request, entity);
  const db = anyDb(request.server.ctx);
  // Compiled once by the condition's own text (db/compiled.ts): on PostgreSQL a prepared statement.
  const idsWhere = async (kind: 'exact' | 'contains', condition: RawBuilder<SqlBool>) => {
    const where = allOf([condition, ...limits]);
    const compiled = where.compile(db);
    return runCompiled<{ id: number }>(
      db,
      `palette ${kind}:${entity.table}:${compiled.sql}`,
      [...compiled.parameters, take],
      () =>
        // With a LIMIT PostgreSQL's planner reads the table in order hoping to meet matches soon: a
        // rare or absent text then scans every row. Matched apart from the limit, the trigram indexes serve it.
        kind === 'contains' && dialect === 'postgres'
          ? {
              compile: () =>
                sql<{
                  id: number;
                }>`with m as materialized (select t.id from ${sql.table(entity.table)} as t where ${where}) select id from m limit ${take}`.compile(
                  db,
                ),
            }
          : db.selectFrom(`${entity.table} as t`).select('t.id').where(where).limit(take),
    );
  };
  const queries = exact.map((path) => () => idsWhere('exact', exactCondition(entity, path, text)));
  if ([...text].length >= TRIGRAM && fields.length > 0) {
    const firstMatches = limits.length === 0 ? take : undefined;
    const contains = searchCondition(entity, text, dialect, fields, { firstMatches });
    queries.push(() => idsWhere('contains', contains));
  }
  const ids = new Set<number>();
  for (const query of queries) {
    if (ids.size >= take) break;
    for (const row of await query()) ids.add(Number(row.id));
  }
  return [...ids].slice(0, take);
}

/**
 * The command palette's records: per palette entity the caller may view, up to `take` rows they
 * may see, titled by the dropdown label, in the entities' order. The entities are searched at
 * once: on PostgreSQL each over a pooled connection of its own, so the answer waits for the
 * slowest entity's queries instead of every entity's in turn.
 */
export async function searchRecords(request: FastifyRequest, text: string, take: number): Promise<PaletteHit[]> {
  const db = anyDb(request.server.ctx);
  const perEntity = await Promise.all(
    paletteEntities.map(async (declared): Promise<PaletteHit[]> => {
      if (!(await mayView(request, declared))) return [];
      const entity = await readableEntity(request, declared);
      const ids = await matchingIds(request, entity, text, take);
      const titles = await labelsOf(db, entity, ids);
      return ids.map((id) => ({ entity: entity.name, id, title: titles.get(id) ?? String(id) }));
    }),
  );
  return perEntity.flat();
}
