import { sql, type Kysely, type Migration } from 'kysely';

/**
 * A voucher's own code is one code in any case (issue 22): `WELCOME5` and `welcome5` typed at a till
 * must mean one voucher. The save hook refuses a case variant with a 409 naming `code`; this index
 * is the database's guard for two saves at the same moment, which the hook's read cannot see.
 *
 * A database that already holds vouchers whose codes differ only in case cannot take the index:
 * which voucher a customer's code means is then a question only the shop can answer, so the
 * upgrade stops and names them (rename one of each on the previous release, then start again).
 */
export const voucherCodeAnyCase: Migration = {
  async up(db: Kysely<unknown>) {
    const clashes = await sql<{
      codes: string;
    }>`select min(code) || ' / ' || max(code) as codes from voucher group by lower(code) having count(*) > 1`.execute(
      db,
    );
    if (clashes.rows.length > 0) {
      throw new Error(
        `Vouchers whose codes differ only in case must be renamed before this upgrade (a till could not tell them apart): ${clashes.rows.map((r) => r.codes).join(', ')}`,
      );
    }
    await db.schema
      .createIndex('voucher_code_any_case_uq')
      .on('voucher')
      .unique()
      .expression(sql`lower(code)`)
      .execute();
  },
};
