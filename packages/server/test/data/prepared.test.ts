import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { anyDb, type AnyDb } from '../../src/data/store';
import { preparedInsert, preparedQuery } from '../../src/db/compiled';
import { useTestServer } from '../support/harness';

const t = useTestServer();
let db: AnyDb;
beforeAll(async () => {
  db = anyDb(t.server.app.ctx);
  await sql`create table prepared_probe (a text, b integer, c boolean)`.execute(db);
});

describe('queries compiled once', () => {
  const insert = preparedInsert('prepared_probe', (q) => q.returning(['a', 'b']));
  const select = preparedQuery(
    (ids: number) => String(ids),
    (db, values) =>
      db
        .selectFrom('prepared_probe')
        .select(['a', 'b'])
        .where('b', 'in', values)
        .where('a', '!=', 'never')
        .orderBy('b'),
  );

  it('binds each call its own values, for every row count', async () => {
    expect((await insert(db, [{ a: 'one', b: 1, c: true }])).rows).toEqual([{ a: 'one', b: 1 }]);
    expect((await insert(db, [{ a: 'two', b: 2, c: false }])).rows).toEqual([{ a: 'two', b: 2 }]);
    const three = await insert(db, [
      { a: 'three', b: 3, c: true },
      { a: 'four', b: 4, c: false },
    ]);
    expect(three.rows).toEqual([
      { a: 'three', b: 3 },
      { a: 'four', b: 4 },
    ]);
    expect((await select(db, 2, [2, 3])).rows).toEqual([
      { a: 'two', b: 2 },
      { a: 'three', b: 3 },
    ]);
    expect((await select(db, 1, [4])).rows).toEqual([{ a: 'four', b: 4 }]);
    expect((await select(db, 3, [1, 4, 9])).rows.map((r) => r.a)).toEqual(['one', 'four']);
  });

  it('refuses rows whose columns differ rather than leave a value out', () => {
    expect(() =>
      insert(db, [
        { a: 'x', b: 1 },
        { a: 'y', c: true },
      ]),
    ).toThrow('rows of one insert must have the same columns');
  });

  it('runs in the caller transaction, and rolls back with it', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await insert(trx, [{ a: 'gone', b: 99, c: true }]);
        expect((await select(trx, 1, [99])).rows).toEqual([{ a: 'gone', b: 99 }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await select(db, 1, [99])).rows).toEqual([]);
  });
});
