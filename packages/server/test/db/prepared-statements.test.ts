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
  it('of the compiled queries are prepared by name and then only run; others are not kept; a bulk write plans each run', async () => {
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
      const mode = () => sql<{ plan_cache_mode: string }>`show plan_cache_mode`;
      await db.connection().execute(async (connection) => {
        await connection.transaction().execute(async (trx) => {
          await planEachRun(trx);
          expect((await mode().execute(trx)).rows).toEqual([{ plan_cache_mode: 'force_custom_plan' }]);
        });
        expect((await mode().execute(connection)).rows).toEqual([{ plan_cache_mode: 'auto' }]);
      });
    } finally {
      await db.destroy();
      await fresh.drop();
    }
  });
});
