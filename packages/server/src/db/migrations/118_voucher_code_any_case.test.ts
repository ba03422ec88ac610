import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { voucherCodeAnyCase } from './118_voucher_code_any_case';

const withVouchers = async (codes: string[]) => {
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: new BetterSqlite3(':memory:') }) });
  await sql`create table voucher (id integer primary key, code text not null unique)`.execute(db);
  for (const code of codes) await sql`insert into voucher (code) values (${code})`.execute(db);
  return db;
};

describe('migration 118: a voucher code is one code in any case', () => {
  it('stops an upgrade whose vouchers differ only in case, naming them, and changes nothing', async () => {
    const db = await withVouchers(['SPRING', 'spring', 'SUMMER']);
    await expect(voucherCodeAnyCase.up(db)).rejects.toThrow('SPRING / spring');
    await sql`insert into voucher (code) values ('Summer')`.execute(db);
    await db.destroy();
  });

  it('then refuses a case variant in the database itself', async () => {
    const db = await withVouchers(['SPRING', 'SUMMER']);
    await voucherCodeAnyCase.up(db);
    await expect(sql`insert into voucher (code) values ('spring')`.execute(db)).rejects.toThrow(/UNIQUE/);
    await db.destroy();
  });
});
