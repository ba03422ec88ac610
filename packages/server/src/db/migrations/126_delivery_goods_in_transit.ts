import { sql, type Kysely, type Migration } from 'kysely';

/** Who wrote the movements this migration makes, as the ledger shows it. */
const AUTHOR = 'migration 126';

/**
 * Dispatched goods sit in transit until received (issue 23; 125 added the columns). Orders
 * dispatched before took their goods out of the source and put them nowhere: each gets, per line,
 * a `dispatch` movement into its destination's in-transit location (made as the server makes it:
 * "In transit to {name}", `TRANSIT-{code}`), so they can be received or written off. Lines of
 * orders already received hold nothing in transit and nothing written off (their shortfall left
 * the ledger before this; it stays recorded as the line's discrepancy). Movements are only added:
 * the ledger's triggers refuse changes.
 */
export const deliveryGoodsInTransit: Migration = {
  async up(unknownDb: Kysely<unknown>) {
    const db = unknownDb as Kysely<any>;
    const now = new Date().toISOString();
    const received = db.selectFrom('delivery_order').select('id').where('status', '=', 'received');
    await db
      .updateTable('delivery_order_lines')
      .set({ in_transit_qty: 0, written_off_qty: 0 })
      .where('parent_id', 'in', received)
      .execute();
    const orders = await db
      .selectFrom('delivery_order')
      .select(['id', 'doc_no', 'to_location_id'])
      .where('status', '=', 'dispatched')
      .orderBy('id')
      .execute();
    const transitOf = new Map<number, number>();
    for (const order of orders) {
      const to = Number(order.to_location_id);
      if (!transitOf.has(to)) transitOf.set(to, await transitLocation(db, to, now));
      const transit = transitOf.get(to)!;
      const lines = await db
        .selectFrom('delivery_order_lines as l')
        .leftJoin('product as p', 'p.id', 'l.product_id')
        .select(['l.id', 'l.product_id', 'l.quantity', 'p.cost_price'])
        .where('l.parent_id', '=', order.id)
        .orderBy('l.line_no')
        .execute();
      for (const line of lines) {
        const quantity = Number(line.quantity);
        const balance = await db
          .selectFrom('stock_balance')
          .select('quantity')
          .where('location_id', '=', transit)
          .where('product_id', '=', line.product_id)
          .executeTakeFirst();
        const after = Number(balance?.quantity ?? 0) + quantity;
        if (balance)
          await db
            .updateTable('stock_balance')
            .set({ quantity: after, last_movement_at: now })
            .where('location_id', '=', transit)
            .where('product_id', '=', line.product_id)
            .execute();
        else
          await db
            .insertInto('stock_balance')
            .values({ location_id: transit, product_id: line.product_id, quantity: after, last_movement_at: now })
            .execute();
        await db
          .insertInto('stock_movement')
          .values({
            location_id: transit,
            product_id: line.product_id,
            quantity,
            kind: 'dispatch',
            unit_cost: line.cost_price ?? null,
            balance_after: after,
            document_type: 'deliveryorder',
            document_id: order.id,
            reference: order.doc_no,
            remarks: 'Dispatched before goods in transit were kept',
            at: now,
            version: 1,
            created_at: now,
            created_by: AUTHOR,
            updated_at: now,
            updated_by: AUTHOR,
          })
          .execute();
        await db
          .updateTable('delivery_order_lines')
          .set({ received_qty: 0, in_transit_qty: quantity, written_off_qty: 0 })
          .where('id', '=', line.id)
          .execute();
      }
    }
  },
};

/**
 * The destination's in-transit location, made when it has none. A copy of
 * `modules/deliveryorder/transit.ts` as it was when this ran, kept here on purpose: a migration is
 * frozen, and sharing the module's function would let a later change to it alter what this
 * migration does to a database that has not run it yet.
 */
async function transitLocation(db: Kysely<any>, destination: number, now: string): Promise<number> {
  const found = await db
    .selectFrom('inventory_location')
    .select('id')
    .where('transit_for_id', '=', destination)
    .executeTakeFirst();
  if (found) return Number(found.id);
  const place = await db
    .selectFrom('inventory_location')
    .select(['code', 'name'])
    .where('id', '=', destination)
    .executeTakeFirstOrThrow();
  const wanted = `TRANSIT-${String(place.code)}`.slice(0, 30);
  const taken = await db
    .selectFrom('inventory_location')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['code']), '=', wanted.toLowerCase()))
    .executeTakeFirst();
  const made = await db
    .insertInto('inventory_location')
    .values({
      code: taken ? `TRANSIT-${destination}` : wanted,
      name: `In transit to ${String(place.name)}`.slice(0, 100),
      kind: 'transit',
      transit_for_id: destination,
      // Literals both databases read as booleans (the SQLite driver binds no JavaScript boolean).
      allow_negative_stock: sql`false`,
      is_active: sql`true`,
      version: 1,
      created_at: now,
      created_by: AUTHOR,
      updated_at: now,
      updated_by: AUTHOR,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(made.id);
}
