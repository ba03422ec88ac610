import type { AnyDb } from '../data/store';
import { typedDb } from '../db/types';
import { localTime, offsetMs } from '../time/calendar';

/** Where a document happens: an inventory location (its outlet's zone) or an outlet. */
export interface DocumentPlace {
  location?: number | null;
  outlet?: number | null;
}

/**
 * The time zone a document prints its times in: the zone of the first place's outlet that has one
 * (a location's outlet, or the outlet given), else the company's, else UTC. A printed document
 * reads as the people at its outlet read their clocks, whatever the server's zone.
 */
export async function documentZone(db: AnyDb, ...places: DocumentPlace[]): Promise<string> {
  const tdb = typedDb(db);
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
    if (row?.timezone) return row.timezone;
  }
  const company = await tdb.selectFrom('company').select('timezone').orderBy('id').limit(1).executeTakeFirst();
  return company?.timezone || 'UTC';
}

/** An instant as the wall clock in `zone` shows it: `yyyy-mm-dd HH:mm` ('' for none). */
export function printedTime(at: string | Date | null | undefined, zone: string): string {
  if (at === null || at === undefined || at === '') return '';
  const local = localTime(at, zone);
  return `${local.date} ${local.time}`;
}

/** The zone as a document names it under its times: `Asia/Kuala_Lumpur (UTC+08:00)`. */
export function zoneCaption(zone: string, at: string | Date = new Date()): string {
  const minutes = Math.round(offsetMs(zone, typeof at === 'string' ? Date.parse(at) : at.getTime()) / 60_000);
  const abs = Math.abs(minutes);
  const offset = `UTC${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return zone === 'UTC' ? 'UTC' : `${zone} (${offset})`;
}
