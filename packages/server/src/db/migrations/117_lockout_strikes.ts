import type { Kysely, Migration } from 'kysely';

/** How many locks in a row a name has earned from an address (auth/lockout.ts): each lasts twice the one before. */
export const lockoutStrikes: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('login_failure')
      .addColumn('strikes', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
