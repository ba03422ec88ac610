import { CompiledQuery, type Compilable, type Kysely } from 'kysely';

/** Distinct shapes kept per connection before the cache starts over (a shape's key holds an id count). */
export const COMPILED_SHAPES_LIMIT = 2_000;
const texts = new WeakMap<Kysely<any>, Map<string, string>>();

/**
 * Runs a query whose SQL text depends only on `key` (its tables, columns and how many values it
 * binds), building and compiling it with the query builder the first time only: building and
 * compiling cost as much as running a short query, and the read path runs several per request.
 * `parameters` must be the values `build()` binds, in its order; the first run takes them from
 * the compiled query itself.
 */
export async function runCompiled<R>(db: Kysely<any>, key: string, parameters: readonly unknown[], build: () => Compilable<R>): Promise<R[]> {
  let byKey = texts.get(db);
  if (!byKey) texts.set(db, (byKey = new Map()));
  const text = byKey.get(key);
  if (text === undefined) {
    const compiled = build().compile();
    if (byKey.size >= COMPILED_SHAPES_LIMIT) byKey.clear();
    byKey.set(key, compiled.sql);
    return (await db.executeQuery<R>(compiled)).rows;
  }
  return (await db.executeQuery<R>(CompiledQuery.raw(text, [...parameters]))).rows;
}
