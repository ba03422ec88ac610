import {
  CHILD_ORDER_COLUMN,
  CHILD_PARENT_COLUMN,
  getEntity,
  toStorageRow,
  type DeliveryOrderStatus,
  type NormalisedEntity,
} from '@backroom/schema';
import { typedDb } from '../../db/types';
import { nextDocumentNo } from '../document-numbers';
import { move, type StockWriter } from './ledger';
import { markLowStock } from './low-stock';
import { stockProducts } from './products';
import { idOf, insertValid, type Ids, type Seeder } from '../../db/seed/catalogue/insert';
import { dayFrom, seededRandom } from '../../db/seed/catalogue/numbers';
import type { ModuleSeed } from '../../db/seed/index';

const order = getEntity('printdeliveryorder');
const lineFields = {
  fields: (order.fields.find((f) => f.name === 'lines') as { fields: NormalisedEntity['fields'] }).fields,
} as NormalisedEntity;
const LINE_TABLE = (order.fields.find((f) => f.name === 'lines') as { table: string }).table;

const BAKERY = ['BRD-001', 'BRD-002', 'BRD-003', 'BRD-010', 'PST-001', 'PST-002', 'PST-003', 'PST-008', 'PST-010'];
const DAIRY = ['DRY-001', 'DRY-002', 'DRY-007', 'DRY-013', 'DRY-014'];
const STORES = ['ST-BGR', 'ST-MVM', 'ST-SS2', 'ST-GRN'];

interface DemoOrder {
  from: string;
  to: string;
  days: number;
  status: DeliveryOrderStatus;
  codes: string[];
  quantity: number;
  /** Received quantities that differ from the dispatched one, by product code. */
  short?: Record<string, number>;
  remarks?: string;
}

/** A few orders in every status, oldest first so their numbers follow their dates. */
const ORDERS: DemoOrder[] = [
  { from: 'WH-SHA', to: 'ST-BGR', days: -6, status: 'received', codes: BAKERY, quantity: 12 },
  {
    from: 'WH-SHA',
    to: 'ST-MVM',
    days: -5,
    status: 'partiallyReceived',
    codes: DAIRY,
    quantity: 24,
    short: { 'DRY-002': 20 },
    remarks: 'Four cartons to follow on the next van',
  },
  {
    from: 'WH-SHA',
    to: 'ST-GRN',
    days: -4,
    status: 'cancelled',
    codes: DAIRY.slice(0, 3),
    quantity: 12,
    remarks: 'Replaced by a direct supplier delivery',
  },
  { from: 'WH-SHA', to: 'ST-SS2', days: -1, status: 'dispatched', codes: BAKERY.slice(0, 5), quantity: 12 },
  { from: 'WH-SHA', to: 'ST-GRN', days: -1, status: 'dispatched', codes: DAIRY, quantity: 12 },
  { from: 'WH-SHA', to: 'ST-BGR', days: 0, status: 'confirmed', codes: DAIRY, quantity: 12 },
  { from: 'WH-SHA', to: 'ST-MVM', days: 0, status: 'confirmed', codes: BAKERY.slice(4), quantity: 24 },
  { from: 'WH-SHA', to: 'ST-SS2', days: 1, status: 'draft', codes: DAIRY.slice(2), quantity: 6 },
  {
    from: 'ST-BGR',
    to: 'ST-MVM',
    days: 1,
    status: 'draft',
    codes: ['PST-001', 'PST-002'],
    quantity: 4,
    remarks: 'Transfer for the weekend rush',
  },
];

/** Stock-out reasons; theft needs a second person's approval. */
async function seedReasons(s: Seeder): Promise<Ids> {
  return insertValid(s, 'stockoutreason', [
    { code: 'DAMAGED', name: 'Damaged', affectsCost: true },
    { code: 'EXPIRED', name: 'Expired', affectsCost: true },
    { code: 'SAMPLE', name: 'Tasting and samples', affectsCost: true },
    { code: 'COUNT', name: 'Stock count correction' },
    { code: 'THEFT', name: 'Theft or loss', affectsCost: true, needsApproval: true },
  ]);
}

/** One delivery order in its status, with the movements that status has made. */
async function seedOrder(s: Seeder, w: StockWriter, products: Ids, locations: Ids, demo: DemoOrder): Promise<void> {
  const at = (days: number) => `${dayFrom(s.now, days)}T09:30:00.000Z`;
  const moved = ['dispatched', 'partiallyReceived', 'received'].includes(demo.status);
  const received = demo.status === 'received' || demo.status === 'partiallyReceived';
  const docNo = await nextDocumentNo(s.db, 'DO');
  const from = idOf(locations, demo.from);
  const to = idOf(locations, demo.to);
  const { id } = await s.db
    .insertInto(order.table)
    .values({
      ...toStored(order, {
        docNo,
        fromLocation: from,
        toLocation: to,
        date: dayFrom(s.now, demo.days),
        status: demo.status,
        remarks: demo.remarks ?? null,
        dispatchedAt: moved ? at(demo.days) : null,
        receivedAt: received ? at(demo.days + 1) : null,
      }),
      version: 1,
      created_at: s.now,
      created_by: 'system',
      updated_at: s.now,
      updated_by: 'system',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const lines = demo.codes.map((code) => ({
    product: idOf(products, code),
    quantity: demo.quantity * 1000,
    received: (demo.short?.[code] ?? demo.quantity) * 1000,
  }));
  const stock = await stockProducts(
    s.db,
    lines.map((l) => l.product),
  );
  await s.db
    .insertInto(LINE_TABLE)
    .values(
      lines.map((l, i) => ({
        ...toStored(lineFields, {
          product: l.product,
          quantity: String(demo.quantity),
          uom: stock.get(l.product)!.uom,
        }),
        [CHILD_PARENT_COLUMN]: Number(id),
        [CHILD_ORDER_COLUMN]: i,
        received_qty: moved ? (received ? l.received : 0) : null,
        in_transit_qty: moved ? l.quantity - (received ? l.received : 0) : null,
        written_off_qty: moved ? 0 : null,
        discrepancy: received ? l.received - l.quantity : null,
      })),
    )
    .execute();
  const document = { type: 'deliveryorder', id: Number(id), reference: docNo };
  const transit = moved ? await transitOf(s, to) : 0;
  if (moved)
    await move({ ...w, now: at(demo.days) }, [
      ...lines.map((l) => ({
        product: l.product,
        location: from,
        quantity: -l.quantity,
        kind: 'dispatch' as const,
        document,
      })),
      ...lines.map((l) => ({
        product: l.product,
        location: transit,
        quantity: l.quantity,
        kind: 'dispatch' as const,
        document,
      })),
    ]);
  if (received)
    await move({ ...w, now: at(demo.days + 1) }, [
      ...lines.map((l) => ({
        product: l.product,
        location: transit,
        quantity: -l.received,
        kind: 'receipt' as const,
        document,
      })),
      ...lines.map((l) => ({
        product: l.product,
        location: to,
        quantity: l.received,
        kind: 'receipt' as const,
        document,
      })),
    ]);
}

/** The destination's in-transit location (as the delivery orders make it at dispatch), made when it has none. */
async function transitOf(s: Seeder, destination: number): Promise<number> {
  const db = typedDb(s.db);
  const found = await db
    .selectFrom('inventory_location')
    .select('id')
    .where('transit_for_id', '=', destination)
    .executeTakeFirst();
  if (found) return found.id;
  const place = await db
    .selectFrom('inventory_location')
    .select(['code', 'name'])
    .where('id', '=', destination)
    .executeTakeFirstOrThrow();
  const code = `TRANSIT-${String(place.code)}`;
  const made = await insertValid(s, 'inventorylocation', [
    { code, name: `In transit to ${String(place.name)}`, kind: 'transit' },
  ]);
  await db
    .updateTable('inventory_location')
    .set({ transit_for_id: destination })
    .where('id', '=', idOf(made, code))
    .execute();
  return idOf(made, code);
}

// Booleans stay booleans: the SQLite driver wrapper binds them as 0/1.
const toStored = (entity: NormalisedEntity, row: Record<string, unknown>) => toStorageRow(entity, row, 'postgres');

/**
 * Opening balances for every stocked product (the central warehouse holds the most), written as
 * opening movements through the stock service; warehouse mappings and low-quantity triggers; a
 * few delivery orders in each status; one theft write-off waiting for approval.
 */
export async function seedStock(s: Seeder, products: Ids, locations: Ids): Promise<void> {
  const reasons = await seedReasons(s);
  const w: StockWriter = { trx: s.db, now: s.now, auth: { userName: 'system' } };
  const random = seededRandom(20250301);
  const stocked = [...(await stockProducts(s.db, products.values())).values()].filter((p) => p.role === 'stock');
  const opening = (location: string, low: number, high: number) =>
    stocked.map((p) => ({
      product: p.id,
      location: idOf(locations, location),
      quantity: (low + Math.floor(random() * (high - low))) * 1000,
      kind: 'opening' as const,
    }));
  await move({ ...w, now: `${dayFrom(s.now, -30)}T00:00:00.000Z` }, [
    ...opening('WH-SHA', 120, 480),
    ...STORES.flatMap((store) => opening(store, 4, 40)),
  ]);

  const warehouse = idOf(locations, 'WH-SHA');
  await insertValid(
    s,
    'warehouseproductmapping',
    stocked.map((p, i) => ({
      inventoryLocation: warehouse,
      product: p.id,
      bin: `A${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + Math.floor(i / 12)).padStart(2, '0')}`,
      minQty: '60',
      reorderQty: '24',
    })),
  );
  await insertValid(
    s,
    'itemquantitytrigger',
    STORES.flatMap((store) =>
      [...BAKERY, ...DAIRY].map((code) => ({
        product: idOf(products, code),
        location: idOf(locations, store),
        minQty: '20',
        reorderQty: null,
      })),
    ),
  );

  for (const demo of ORDERS) await seedOrder(s, w, products, locations, demo);
  await markLowStock(s.db, s.now);

  await insertValid(s, 'stockadjustment', [
    {
      location: idOf(locations, 'ST-MVM'),
      product: idOf(products, 'PST-001'),
      quantity: '-2',
      onHandBefore: null,
      stockOutReason: idOf(reasons, 'THEFT'),
      remarks: 'Two croissants missing from the display after closing',
      status: 'pending',
    },
  ]);
}

/** Stock's demo rows: opening stock, mappings, triggers and delivery orders on the demo catalogue. */
export const stockDemoSeed: ModuleSeed = {
  demo: async ({ catalogue }) => {
    if (catalogue) await seedStock(catalogue.seeder, catalogue.ids.products, catalogue.ids.locations);
  },
};
