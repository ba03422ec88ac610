import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { COMPILED_SHAPES_LIMIT, preparedQuery, runCompiled } from './compiled';

const db = new Kysely<any>({ dialect: new SqliteDialect({ database: new BetterSqlite3(':memory:') }) });
await db.schema
  .createTable('item')
  .addColumn('id', 'integer', (c) => c.primaryKey())
  .addColumn('name', 'text')
  .execute();
await db
  .insertInto('item')
  .values(Array.from({ length: 40 }, (_, i) => ({ id: i + 1, name: `item ${i + 1}` })))
  .execute();
afterAll(() => db.destroy());

/** Names of the items with these ids, through the cache under a key of the id count. */
function names(ids: number[], builds: { n: number } = { n: 0 }) {
  return runCompiled<{ name: string }>(db, `items:${ids.length}`, ids, () => {
    builds.n++;
    return db.selectFrom('item').select('name').where('id', 'in', ids).orderBy('id');
  });
}

describe('runCompiled', () => {
  it('builds a shape once and runs its SQL again with the new values', async () => {
    const builds = { n: 0 };
    expect(await names([1, 2], builds)).toEqual([{ name: 'item 1' }, { name: 'item 2' }]);
    expect(await names([7, 3], builds)).toEqual([{ name: 'item 3' }, { name: 'item 7' }]);
    expect(builds.n).toBe(1);
    expect(await names([5, 6, 8], builds)).toEqual([{ name: 'item 5' }, { name: 'item 6' }, { name: 'item 8' }]);
    expect(builds.n).toBe(2);
  });

  it('answers each of many parallel calls of one shape with its own rows', async () => {
    const answers = await Promise.all(Array.from({ length: 39 }, (_, i) => names([i + 1, i + 2])));
    answers.forEach((rows, i) => expect(rows).toEqual([{ name: `item ${i + 1}` }, { name: `item ${i + 2}` }]));
  });

  it("uses a shape compiled outside a transaction inside one, with the transaction's own rows", async () => {
    const builds = { n: 0 };
    await names([1], builds);
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('item').values({ id: 99, name: 'uncommitted' }).execute();
        const seen = await runCompiled<{ name: string }>(trx, 'items:1', [99], () => {
          builds.n++;
          return trx.selectFrom('item').select('name').where('id', 'in', [99]).orderBy('id');
        });
        expect(seen).toEqual([{ name: 'uncommitted' }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(builds.n).toBe(1);
    expect(await names([99])).toEqual([]);
  });

  it('keeps a prepared query apart from a run query of the same key', async () => {
    const byId = preparedQuery(
      () => 'items:1',
      (db, [id]) => db.selectFrom('item').select(['id', 'name']).where('id', '=', id),
    );
    expect(await names([4])).toEqual([{ name: 'item 4' }]);
    expect((await byId(db, undefined, [4])).rows).toEqual([{ id: 4, name: 'item 4' }]);
    expect(await names([5])).toEqual([{ name: 'item 5' }]);
  });

  it('starts over past its limit of shapes and still answers right', async () => {
    const builds = { n: 0 };
    const shape = (i: number) =>
      runCompiled<{ name: string }>(db, `shape ${i}`, [1 + (i % 40)], () => {
        builds.n++;
        return db
          .selectFrom('item')
          .select('name')
          .where('id', '=', 1 + (i % 40));
      });
    for (let i = 0; i <= COMPILED_SHAPES_LIMIT; i++) await shape(i);
    expect(builds.n).toBe(COMPILED_SHAPES_LIMIT + 1);
    // The first shape was dropped with the others when the limit was reached: built again.
    expect(await shape(0)).toEqual([{ name: 'item 1' }]);
    expect(builds.n).toBe(COMPILED_SHAPES_LIMIT + 2);
    expect(await shape(COMPILED_SHAPES_LIMIT)).toEqual([{ name: `item ${1 + (COMPILED_SHAPES_LIMIT % 40)}` }]);
    expect(builds.n).toBe(COMPILED_SHAPES_LIMIT + 2);
  });
});
