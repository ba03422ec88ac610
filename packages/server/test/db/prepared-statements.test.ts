import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/db/connect';
import { runCompiled } from '../../src/db/compiled';
import { connectionStatementNames, NAMED_TEXTS_LIMIT, nameStatement, planEachRun } from '../../src/db/statement-names';
import { freshPostgres } from '../support/postgres';
import { database } from '../support/server';

/** The test's own table. */
interface Items {
  item: { id: number; name: string };
}

describe.runIf(database === 'postgres')('statements on PostgreSQL', () => {
  it("of the compiled queries are prepared by name and then only run; others are not kept; a bulk write's transaction runs unnamed", async () => {
    const fresh = await freshPostgres({ prefix: 'br_prepared' });
    const db = openPostgres(fresh.url, () => undefined).kysely as unknown as Kysely<Items>;
    try {
      await sql`create table item (id integer primary key, name text)`.execute(db);
      await sql`insert into item values (1, 'one'), (2, 'two'), (3, 'three')`.execute(db);
      // As in a process that has run many shapes already (the list of names is full).
      for (let i = 0; i < NAMED_TEXTS_LIMIT; i++) nameStatement(`select ${i} + $1`);
      await db.connection().execute(async (connection) => {
        const nameOf = (id: number) =>
          runCompiled(connection, 'item name by id', [id], () =>
            connection.selectFrom('item').select('name').where('id', '=', id),
          );
        expect([await nameOf(1), await nameOf(3)]).toEqual([[{ name: 'one' }], [{ name: 'three' }]]);
        const idOf = (name: string) => connection.selectFrom('item').select('id').where('name', '=', name).execute();
        expect([await idOf('two'), await idOf('two'), await idOf('one')]).toEqual([
          [{ id: 2 }],
          [{ id: 2 }],
          [{ id: 1 }],
        ]);
        const prepared = await sql<{ name: string; statement: string; runs: number }>`
          select name, statement, generic_plans + custom_plans as runs from pg_prepared_statements`.execute(connection);
        const text = 'select "name" from "item" where "id" = $1';
        expect(prepared.rows).toEqual([{ name: connectionStatementNames()(text), statement: text, runs: 2 }]);
      });
      // A bulk write's transaction runs its statements unnamed (planned on each run with its values)
      // until it ends; the database's own statements (foreign-key checks) keep their plans.
      await db.connection().execute(async (connection) => {
        const preparedTexts = async (on: Kysely<Items> = connection) =>
          (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(on)).rows.map(
            (r) => r.statement,
          );
        const nameLike = (on: Kysely<Items>, pattern: string) =>
          runCompiled(on, 'item name like', [pattern], () =>
            on.selectFrom('item').select('name').where('name', 'like', pattern),
          );
        const text = 'select "name" from "item" where "name" like $1';
        const before = await preparedTexts();
        for (const end of ['rollback', 'commit'] as const) {
          const ended = connection
            .transaction()
            .execute(async (trx) => {
              await planEachRun(trx);
              expect(await nameLike(trx, 't%')).toEqual([{ name: 'two' }, { name: 'three' }]);
              expect(await nameLike(trx, 'o%')).toEqual([{ name: 'one' }]);
              expect(
                (await sql<{ mode: string }>`select current_setting('plan_cache_mode') as mode`.execute(trx)).rows,
              ).toEqual([{ mode: 'auto' }]);
              expect(await preparedTexts(trx)).toEqual(before);
              if (end === 'rollback') throw new Error('rolled back');
            })
            .catch((error: Error) => error.message);
          expect(await ended).toBe(end === 'rollback' ? 'rolled back' : undefined);
        }
        expect(await nameLike(connection, 'one')).toEqual([{ name: 'one' }]);
        expect(await preparedTexts()).toEqual([...before, text]);
      });
    } finally {
      await db.destroy();
      await fresh.drop();
    }
  });
});
