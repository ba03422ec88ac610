import { amountText, dateText, formatLocale, wallClockText } from '@backroom/schema';
import type { AnyDb } from '../data/store';
import { typedDb } from '../db/types';
import { localTime, offsetMs } from '../time/calendar';

/** Where a document happens: an inventory location (its outlet's zone) or an outlet. */
export interface DocumentPlace {
  location?: number | null;
  outlet?: number | null;
}

/**
 * How a document writes its times, dates and numbers: the zone its instants read in and the
 * company's convention (the console's: English written as the base currency's country writes it,
 * en-MY → 28/09/2026 2:05 pm, 1,234.50), with the base currency's code for the caption.
 */
export interface DocumentClock {
  zone: string;
  locale: string;
  currency: string | null;
}

/** The language documents are printed in (their words are English). */
const DOCUMENT_LANGUAGE = 'en';

/**
 * The convention a document prints in: the time zone of the first place's outlet that has one (a
 * location's outlet, or the outlet given), else the company's, else UTC — a printed document reads
 * as the people at its outlet read their clocks, whatever the server's zone — and the company's
 * date and number convention (its base currency's country).
 */
export async function documentZone(db: AnyDb, ...places: DocumentPlace[]): Promise<DocumentClock> {
  const tdb = typedDb(db);
  const company = await tdb
    .selectFrom('company')
    .leftJoin('currency', 'currency.id', 'company.base_currency_id')
    .select(['company.timezone', 'currency.code'])
    .orderBy('company.id')
    .limit(1)
    .executeTakeFirst();
  const currency = company?.code ?? null;
  const convention = (zone: string): DocumentClock => ({
    zone,
    locale: formatLocale(DOCUMENT_LANGUAGE, currency),
    currency,
  });
  for (const place of places) {
    let outlet = place.outlet ?? null;
    if (outlet === null && place.location != null) {
      const row = await tdb
        .selectFrom('inventory_location')
        .select('outlet_id')
        .where('id', '=', place.location)
        .executeTakeFirst();
      outlet = row?.outlet_id ?? null;
    }
    if (outlet === null) continue;
    const row = await tdb.selectFrom('outlet').select('timezone').where('id', '=', outlet).executeTakeFirst();
    if (row?.timezone) return convention(row.timezone);
  }
  return convention(company?.timezone || 'UTC');
}

/** An instant as the wall clock in the document's zone shows it, in the company's convention ('' for none). */
export function printedTime(at: string | Date | null | undefined, clock: DocumentClock): string {
  if (at === null || at === undefined || at === '') return '';
  const local = localTime(at, clock.zone);
  return wallClockText(local.date, local.time, clock.locale);
}

/** A calendar date ("yyyy-mm-dd") in the company's convention ('' for none). */
export function printedDate(date: string | null | undefined, clock: DocumentClock): string {
  return date ? dateText(date, clock.locale) : '';
}

/** An amount with separators and two decimals ('' for none); the currency is named once, by `zoneCaption`. */
export function printedAmount(value: string | number | null | undefined, clock: DocumentClock): string {
  return amountText(value, clock.locale);
}

/** A quantity with separators and its three decimals, as lists show it ('' for none). */
export function printedQuantity(value: string | number | null | undefined, clock: DocumentClock): string {
  return amountText(value, clock.locale, 3);
}

/**
 * The zone as a document names it under its times: `Asia/Kuala_Lumpur (UTC+08:00)`; with
 * `amounts`, the currency its amounts are in after it (`…; amounts in MYR`).
 */
export function zoneCaption(clock: DocumentClock, at: string | Date = new Date(), amounts = false): string {
  const { zone } = clock;
  const minutes = Math.round(offsetMs(zone, typeof at === 'string' ? Date.parse(at) : at.getTime()) / 60_000);
  const abs = Math.abs(minutes);
  const offset = `UTC${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  const named = zone === 'UTC' ? 'UTC' : `${zone} (${offset})`;
  return amounts && clock.currency ? `${named}; amounts in ${clock.currency}` : named;
}
