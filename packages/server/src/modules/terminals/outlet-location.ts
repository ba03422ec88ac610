import type { Kysely } from 'kysely';
import { preparedQuery } from '../../db/compiled';
import { typedDb, type Database } from '../../db/types';

const locationOf = preparedQuery(
  () => '',
  (db, [outletId]) =>
    typedDb(db)
      .selectFrom('outlet as o')
      .select((eb) =>
        eb.fn
          .coalesce(
            'o.default_inventory_location_id',
            eb
              .selectFrom('inventory_location as l')
              .select('l.id')
              .whereRef('l.outlet_id', '=', 'o.id')
              .where('l.is_active', '=', true)
              .where('l.kind', '=', 'store')
              .orderBy('l.id')
              .limit(1),
          )
          .as('location'),
      )
      // A stand-in for the outlet's id (db/compiled.ts).
      .where('o.id', '=', outletId as number),
);

/** Where an outlet's sales take stock from: its default location, else its first active store location at the outlet; null when it has none. One query, compiled once. */
export async function saleLocation(db: Kysely<Database>, outletId: number): Promise<number | null> {
  const [row] = (await locationOf(db, undefined, [outletId])).rows;
  return row?.location ?? null;
}
