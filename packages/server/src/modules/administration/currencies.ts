import type { CurrencyOption } from '@backroom/schema';
import type { Generated, Kysely } from 'kysely';
import type { Database } from '../../db/types';

/** The registry's `currency` table (created by the registry migration), as these screens use it. */
interface CurrencyTable {
  id: Generated<number>;
  code: string;
  name: string;
  symbol: string | null;
  decimals: number | null;
  is_base: boolean;
  is_active: boolean;
  created_at: string;
  created_by: string | null;
  updated_at: string;
  updated_by: string | null;
}

export type DbWithCurrency = Kysely<Database & { currency: CurrencyTable }>;
export const withCurrency = (db: Kysely<Database>) => db as unknown as DbWithCurrency;

export async function activeCurrencies(db: Kysely<Database>): Promise<CurrencyOption[]> {
  return withCurrency(db).selectFrom('currency').select(['id', 'code', 'name']).where('is_active', '=', true).orderBy('code').execute();
}

export async function currencyExists(db: Kysely<Database>, id: number): Promise<boolean> {
  return (await withCurrency(db).selectFrom('currency').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** The currency with this ISO code, created (as the base currency) when there is none yet. */
export async function ensureBaseCurrency(db: Kysely<Database>, code: string, now: string, by: string): Promise<number> {
  const currencies = withCurrency(db);
  const found = await currencies.selectFrom('currency').select('id').where('code', '=', code).executeTakeFirst();
  if (found) return found.id;
  const { id } = await currencies
    .insertInto('currency')
    .values({ code, name: code, symbol: null, decimals: 2, is_base: true, is_active: true, created_at: now, created_by: by, updated_at: now, updated_by: by })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
