import { sql, type Kysely } from 'kysely';
import type { Database } from './types';

/**
 * What a server process may keep in memory between requests, and how it knows a copy is stale:
 * the database raises `cache_generation.generation` by trigger whenever a covered table is written
 * (migration `033_cache_generations`). A copy is used only while the generation it was read at is
 * the current one, so a change made through any process or server is seen at its next read of the
 * generation — for the caller's data, the one session query every request makes anyway.
 */
export type GenerationName = 'access' | 'schema' | 'pricing';

/** The generation as the database holds it now. */
export async function readGeneration(db: Kysely<any>, name: GenerationName): Promise<number> {
  const row = await (db as Kysely<Database>)
    .selectFrom('cache_generation')
    .select('generation')
    .where('name', '=', name)
    .executeTakeFirst();
  return Number(row?.generation ?? 0);
}

/**
 * Values by key, each kept with the generation it was loaded at and loaded again when asked at
 * another. A load that fails is not kept. Past `limit` keys the cache starts over.
 */
export class GenerationCache<K, V> {
  private readonly entries = new Map<K, { generation: number; value: Promise<V> }>();

  constructor(private readonly limit = 10_000) {}

  get(key: K, generation: number, load: () => Promise<V>): Promise<V> {
    const kept = this.entries.get(key);
    if (kept && kept.generation === generation) return kept.value;
    const value = load();
    if (!kept && this.entries.size >= this.limit) this.entries.clear();
    this.entries.set(key, { generation, value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }
}

/** One cache per app (per server in a process, as the tests start several) and name. */
export function cachePerApp<K, V>(): (app: object) => GenerationCache<K, V> {
  const caches = new WeakMap<object, GenerationCache<K, V>>();
  return (app) => {
    let cache = caches.get(app);
    if (!cache) caches.set(app, (cache = new GenerationCache<K, V>()));
    return cache;
  };
}

/** The `access` and `schema` generations as two columns of another query (`access_generation`, `schema_generation`). */
export const generationColumns = () => [
  sql<number | string>`(select generation from cache_generation where name = 'access')`.as('access_generation'),
  sql<number | string>`(select generation from cache_generation where name = 'schema')`.as('schema_generation'),
];

/** Those two columns of a row as numbers. */
export const generationsOf = (row: { access_generation: number | string; schema_generation: number | string }) => ({
  access: Number(row.access_generation),
  schema: Number(row.schema_generation),
});
