import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { MODULES } from '../../src/module-list';
import { useTestServer } from '../support/harness';

const t = useTestServer();

type Coverage = Map<string, Map<string, Set<string>>>;

/** For each generation, the tables whose writes raise it and by which statements (insert, update, delete), as the database's triggers say. */
async function triggerCoverage(): Promise<Coverage> {
  const { db, dialect } = t.server.app.ctx;
  const triggers =
    dialect === 'postgres'
      ? (
          await sql<{
            table: string;
            definition: string;
          }>`select c.relname as "table", pg_get_triggerdef(g.oid) as definition
          from pg_trigger g join pg_class c on c.oid = g.tgrelid join pg_namespace n on n.oid = c.relnamespace
          where not g.tgisinternal and n.nspname = current_schema()`.execute(db)
        ).rows
      : (
          await sql<{
            table: string;
            definition: string;
          }>`select tbl_name as "table", sql as definition from sqlite_master where type = 'trigger'`.execute(db)
        ).rows;
  const coverage: Coverage = new Map();
  for (const { table, definition } of triggers) {
    const generation =
      /bump_cache_generation\('(\w+)'\)|update cache_generation set generation = generation \+ 1 where name = '(\w+)'/i.exec(
        definition,
      );
    if (!generation) continue;
    const name = generation[1] ?? generation[2]!;
    const events = (coverage.get(name) ?? coverage.set(name, new Map()).get(name)!).get(table) ?? new Set<string>();
    for (const event of ['insert', 'update', 'delete'])
      if (new RegExp(`\\b(after|or) ${event}\\b`, 'i').test(definition)) events.add(event);
    coverage.get(name)!.set(table, events);
  }
  return coverage;
}

describe('the tables a module’s cache reads', () => {
  it('are the tables whose every insert, update and delete the database counts for that cache', async () => {
    const coverage = await triggerCoverage();
    const declared = MODULES.flatMap((module) =>
      Object.entries(module.caches ?? {}).map(([generation, tables]) => ({
        module: module.name,
        generation,
        tables: tables!,
      })),
    );
    expect(declared.map((d) => `${d.module}: ${d.generation}`)).toContain('pricing: pricing');
    for (const { generation, tables } of declared) {
      const covered = coverage.get(generation) ?? new Map<string, Set<string>>();
      expect([...covered.keys()].sort(), `tables whose triggers raise the ${generation} generation`).toEqual(
        [...new Set(tables)].sort(),
      );
      const partly = [...covered]
        .filter(([, events]) => events.size < 3)
        .map(([table, events]) => `${table}: ${[...events].join(', ')}`);
      expect(partly, `tables of the ${generation} generation without a trigger for every kind of write`).toEqual([]);
    }
  });
});
