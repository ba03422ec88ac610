import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { deliveryGoodsInTransit } from './126_delivery_goods_in_transit';

describe('migration 126: goods of orders dispatched before sit in transit', () => {
  it('moves each dispatched line into its destination’s in-transit location with a movement, once per destination', async () => {
    const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: new BetterSqlite3(':memory:') }) });
    await sql`create table inventory_location (id integer primary key, code text, name text, kind text, outlet_id integer,
      allow_negative_stock boolean, transit_for_id integer, is_active boolean, version integer, created_at text,
      created_by text, updated_at text, updated_by text)`.execute(db);
    await sql`create table product (id integer primary key, cost_price bigint)`.execute(db);
    await sql`create table delivery_order (id integer primary key, doc_no text, status text, to_location_id integer)`.execute(
      db,
    );
    await sql`create table delivery_order_lines (id integer primary key, parent_id integer, line_no integer, product_id integer,
      quantity bigint, received_qty bigint, in_transit_qty bigint, written_off_qty bigint)`.execute(db);
    await sql`create table stock_balance (location_id integer, product_id integer, quantity bigint, last_movement_at text)`.execute(
      db,
    );
    await sql`create table stock_movement (id integer primary key, location_id integer, product_id integer, quantity bigint,
      kind text, reason_id integer, unit_cost bigint, balance_after bigint, document_type text, document_id integer,
      reference text, remarks text, at text, version integer, created_at text, created_by text, updated_at text,
      updated_by text)`.execute(db);
    await sql`insert into inventory_location (id, code, name, kind) values (1, 'WH', 'Warehouse', 'warehouse'), (2, 'ST', 'Store', 'store')`.execute(
      db,
    );
    await sql`insert into product (id, cost_price) values (10, 250), (11, null)`.execute(db);
    await sql`insert into delivery_order (id, doc_no, status, to_location_id) values
      (1, 'DO-1', 'dispatched', 2), (2, 'DO-2', 'dispatched', 2), (3, 'DO-3', 'received', 2), (4, 'DO-4', 'draft', 2)`.execute(
      db,
    );
    await sql`insert into delivery_order_lines (id, parent_id, line_no, product_id, quantity, received_qty) values
      (1, 1, 0, 10, 24000, null), (2, 1, 1, 11, 6000, null), (3, 2, 0, 10, 1000, null), (4, 3, 0, 10, 5000, 4000),
      (5, 4, 0, 10, 7000, null)`.execute(db);

    await deliveryGoodsInTransit.up(db);

    const transit = (
      await sql<{ id: number; code: string; name: string; kind: string; transit_for_id: number }>`
      select id, code, name, kind, transit_for_id from inventory_location where kind = 'transit'`.execute(db)
    ).rows;
    expect(transit).toEqual([
      { id: 3, code: 'TRANSIT-ST', name: 'In transit to Store', kind: 'transit', transit_for_id: 2 },
    ]);
    expect(
      (await sql`select location_id, product_id, quantity from stock_balance order by product_id`.execute(db)).rows,
    ).toEqual([
      { location_id: 3, product_id: 10, quantity: 25000 },
      { location_id: 3, product_id: 11, quantity: 6000 },
    ]);
    expect(
      (
        await sql`select location_id, product_id, quantity, kind, unit_cost, balance_after, reference, document_id from stock_movement order by id`.execute(
          db,
        )
      ).rows,
    ).toEqual([
      {
        location_id: 3,
        product_id: 10,
        quantity: 24000,
        kind: 'dispatch',
        unit_cost: 250,
        balance_after: 24000,
        reference: 'DO-1',
        document_id: 1,
      },
      {
        location_id: 3,
        product_id: 11,
        quantity: 6000,
        kind: 'dispatch',
        unit_cost: null,
        balance_after: 6000,
        reference: 'DO-1',
        document_id: 1,
      },
      {
        location_id: 3,
        product_id: 10,
        quantity: 1000,
        kind: 'dispatch',
        unit_cost: 250,
        balance_after: 25000,
        reference: 'DO-2',
        document_id: 2,
      },
    ]);
    expect(
      (
        await sql`select id, received_qty, in_transit_qty, written_off_qty from delivery_order_lines order by id`.execute(
          db,
        )
      ).rows,
    ).toEqual([
      { id: 1, received_qty: 0, in_transit_qty: 24000, written_off_qty: 0 },
      { id: 2, received_qty: 0, in_transit_qty: 6000, written_off_qty: 0 },
      { id: 3, received_qty: 0, in_transit_qty: 1000, written_off_qty: 0 },
      { id: 4, received_qty: 4000, in_transit_qty: 0, written_off_qty: 0 },
      { id: 5, received_qty: null, in_transit_qty: null, written_off_qty: null },
    ]);
    await db.destroy();
  });
});
