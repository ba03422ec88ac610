import type { ActionCall } from '../../data/hooks';
import type { AnyDb } from '../../data/store';
import { typedDb } from '../../db/types';

const findTransit = (db: AnyDb, destination: number) =>
  typedDb(db)
    .selectFrom('inventory_location')
    .select('id')
    .where('transit_for_id', '=', destination)
    .orderBy('id')
    .executeTakeFirst();

/**
 * The in-transit location of a destination: where goods dispatched to it sit until received or
 * written off. One per destination (`kind` transit, `transitFor` the destination), made at the
 * first dispatch to it: "In transit to {name}", coded `TRANSIT-{code}` (or `TRANSIT-{id}` when that
 * code is taken). On PostgreSQL the destination's row is locked while it is made, so two first
 * dispatches to one place make one.
 */
export async function transitLocationOf(call: Pick<ActionCall, 'trx' | 'now' | 'auth' | 'ctx'>, destination: number) {
  const found = await findTransit(call.trx, destination);
  if (found) return found.id;
  const db = typedDb(call.trx);
  let to = db.selectFrom('inventory_location').select(['code', 'name']).where('id', '=', destination);
  if (call.ctx.dialect === 'postgres') to = to.forUpdate();
  const place = await to.executeTakeFirstOrThrow();
  const again = await findTransit(call.trx, destination);
  if (again) return again.id;
  const wanted = `TRANSIT-${String(place.code)}`.slice(0, 30);
  const taken = await db
    .selectFrom('inventory_location')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['code']), '=', wanted.toLowerCase()))
    .executeTakeFirst();
  const inserted = await db
    .insertInto('inventory_location')
    .values({
      code: taken ? `TRANSIT-${destination}` : wanted,
      name: `In transit to ${String(place.name)}`.slice(0, 100),
      kind: 'transit',
      transit_for_id: destination,
      allow_negative_stock: false,
      version: 1,
      created_at: call.now,
      created_by: call.auth.userName,
      updated_at: call.now,
      updated_by: call.auth.userName,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}
