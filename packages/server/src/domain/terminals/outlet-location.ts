import { getEntity } from '@backroom/schema';
import type { AnyDb } from '../../data/store';
import { columnOf } from '../columns';

const outlet = getEntity('outlet');
const location = getEntity('inventorylocation');

/** Where an outlet's sales take stock from: its default location, else its first active store location at the outlet; null when it has none. */
export async function saleLocation(db: AnyDb, outletId: number): Promise<number | null> {
  const own = await db.selectFrom(outlet.table).select(columnOf(outlet, 'defaultInventoryLocation')).where('id', '=', outletId).executeTakeFirst();
  const chosen = own?.[columnOf(outlet, 'defaultInventoryLocation')];
  if (chosen !== null && chosen !== undefined) return Number(chosen);
  const first = await db
    .selectFrom(location.table)
    .select('id')
    .where(columnOf(location, 'outlet'), '=', outletId)
    .where('is_active', '=', true)
    .where(columnOf(location, 'kind'), '=', 'store')
    .orderBy('id')
    .executeTakeFirst();
  return first ? Number(first.id) : null;
}
