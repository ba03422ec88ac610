import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { runCompiled, statementName } from '../../src/db/compiled';
import { openPostgres } from '../../src/db/connect';
import { freshPostgres } from '../support/postgres';
import { database } from '../support/server';

/** The test's own table. */
interface Items {
  item: { id: number; name: string };
}

describe.runIf(database === 'postgres')('compiled queries on PostgreSQL', () => {
  it('are prepared once per connection under their name and then only run; other statements are not kept', async () => {
    const fresh = await freshPostgres({ prefix: 'br_prepared' });
    const db = openPostgres(fresh.url, () => undefined).kysely as unknown as Kysely<Items>;
    try {
      await sql`create table item (id integer primary key, name text)`.execute(db);
      await sql`insert into item values (1, 'one'), (2, 'two'), (3, 'three')`.execute(db);
      await db.connection().execute(async (connection) => {
        const nameOf = (id: number) =>
          runCompiled(connection, 'item name by id', [id], () =>
            connection.selectFrom('item').select('name').where('id', '=', id),
          );
        expect(await nameOf(1)).toEqual([{ name: 'one' }]);
        expect(await nameOf(3)).toEqual([{ name: 'three' }]);
        expect(await connection.selectFrom('item').select('id').where('name', '=', 'two').execute()).toEqual([
          { id: 2 },
        ]);
        const prepared = await sql<{ name: string; statement: string; runs: number }>`
          select name, statement, generic_plans + custom_plans as runs from pg_prepared_statements`.execute(connection);
        const text = 'select "name" from "item" where "id" = $1';
        expect(prepared.rows).toEqual([{ name: statementName(text), statement: text, runs: 2 }]);
      });
    } finally {
      await db.destroy();
      await fresh.drop();
    }
  });
});
