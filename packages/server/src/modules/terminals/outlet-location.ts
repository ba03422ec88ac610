import { getEntity } from '@backroom/schema';
import type { AnyDb } from '../../data/store';
import { preparedQuery } from '../../db/compiled';
import { columnOf } from '../columns';

const outlet = getEntity('outlet');
const location = getEntity('inventorylocation');

const locationOf = preparedQuery(
  () => '',
  (db, [outletId]) =>
    db
      .selectFrom(`${outlet.table} as o`)
      .select((eb) =>
        eb.fn
          .coalesce(
            eb.ref(`o.${columnOf(outlet, 'defaultInventoryLocation')}`),
            eb
              .selectFrom(`${location.table} as l`)
              .select('l.id')
              .whereRef(`l.${columnOf(location, 'outlet')}`, '=', 'o.id')
              .where('l.is_active', '=', true)
              .where(`l.${columnOf(location, 'kind')}`, '=', 'store')
              .orderBy('l.id')
              .limit(1),
          )
          .as('location'),
      )
      .where('o.id', '=', outletId),
);

/** Where an outlet's sales take stock from: its default location, else its first active store location at the outlet; null when it has none. One query, compiled once. */
export async function saleLocation(db: AnyDb, outletId: number): Promise<number | null> {
  const [row] = (await locationOf(db, undefined, [outletId])).rows;
  return row?.location === null || row?.location === undefined ? null : Number(row.location);
}
