import { getEntity } from '@backroom/schema';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { rowFilters } from '../../data/access';
import { runCompiled } from '../../db/compiled';
import type { EntityHook } from '../../data/hooks';
import { allOf } from '../../data/query';
import type { Row } from '../../data/store';
import { quantityText } from './quantities';

const balances = getEntity('stockbalance');

/** Whether a product row keeps stock of its own (a standard item tracking stock): others have no on-hand. */
const keepsStock = (row: Row) => row.type === 'standard' && row.trackStock === true;

/**
 * A product's `onHand` (registry `computed`): its stock balances summed over the locations the
 * caller may see — their outlets' and those of no outlet, as the stock balance list reads them —
 * for a whole page in one grouped query. Goods in transit are on their way, not on a shelf: a
 * transit location does not count. Null for a product that keeps no stock of its own.
 */
async function withOnHand(request: FastifyRequest, rows: Row[]): Promise<Row[]> {
  const ids = rows.filter(keepsStock).map((r) => Number(r.id));
  const sums = new Map<number, unknown>();
  if (ids.length > 0) {
    const { db } = request.server.ctx;
    const limits = allOf(await rowFilters(request, balances));
    const limitsSql = limits.compile(db);
    // Compiled once by shape: its text depends on how many ids and on the caller's row filters.
    const found = await runCompiled(
      db,
      `on hand:${ids.length}:${limitsSql.sql}`,
      [...ids, 'transit', ...limitsSql.parameters],
      () =>
        db
          .selectFrom('stock_balance as t')
          .select(['t.product_id', sql<string | number>`sum(t.quantity)`.as('quantity')])
          .where('t.product_id', 'in', ids)
          .where('t.location_id', 'not in', (eb) =>
            eb.selectFrom('inventory_location').select('id').where('kind', '=', 'transit'),
          )
          .where(limits)
          .groupBy('t.product_id'),
    );
    for (const r of found) sums.set(Number(r.product_id), r.quantity);
  }
  return rows.map((r) => ({ ...r, onHand: keepsStock(r) ? quantityText(sums.get(Number(r.id)) as string) : null }));
}

export const productOnHand: EntityHook = { presentRows: withOnHand };
