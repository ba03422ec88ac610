import type { AnyDb } from '../data/store';
import { typedDb } from '../db/types';
import { dateIn } from '../time/calendar';

/** Today's date in the company's time zone. */
export async function companyToday(db: AnyDb, at = new Date()): Promise<string> {
  const row = await typedDb(db).selectFrom('company').select('timezone').orderBy('id').limit(1).executeTakeFirst();
  return dateIn(row?.timezone, at);
}

/**
 * The next number of a series (1, 2, 3…), taken in the caller's transaction by one statement on
 * the series' counter row: concurrent callers queue on that row (PostgreSQL) or run one at a time
 * (SQLite), so no two get the same number. A number handed out is never given again, even when its
 * document is deleted; only a transaction that rolls back leaves no trace of it.
 */
export async function nextNumber(db: AnyDb, series: string): Promise<number> {
  const row = await typedDb(db)
    .insertInto('document_counter')
    .values({ series, last_no: 1 })
    .onConflict((oc) => oc.column('series').doUpdateSet((eb) => ({ last_no: eb('document_counter.last_no', '+', 1) })))
    .returning('last_no')
    .executeTakeFirstOrThrow();
  return row.last_no;
}

/** `DO-2025-000042`: prefix, the year the document was made (company time) and the year's next number. */
export async function nextDocumentNo(db: AnyDb, prefix: string): Promise<string> {
  const year = (await companyToday(db)).slice(0, 4);
  const n = await nextNumber(db, `${prefix}-${year}`);
  return `${prefix}-${year}-${String(n).padStart(6, '0')}`;
}
