import type { PurchaseOrderAction } from '@backroom/schema';
import type { FastifyRequest } from 'fastify';
import { SERVER_FIELD_GROUPS } from '../../data/field-groups';
import type { AppContext } from '../../context';
import type { ActionCall } from '../../data/hooks';
import { insertValid } from '../../db/seed/catalogue/insert';
import type { CommittedDemo, ModuleSeed } from '../../db/seed/index';
import { typedDb } from '../../db/types';
import { actingUser } from '../../jobs/acting-user';
import { nextDocumentNo } from '../document-numbers';
import { purchaseOrder, readOrder } from './order';
import { PO_PREFIX, priceOrder } from './rules';
import { cancel, closeShort, receive, send } from './transitions';

interface DemoStep {
  action: Exclude<PurchaseOrderAction, 'returnToSupplier'>;
  /** Days after the order was raised. */
  after: number;
  /** For a receipt: the share of each line received (1: all of it). */
  share?: number;
  reference?: string;
}

interface DemoPurchase {
  supplier: string;
  location: string;
  /** Days before the seed the order was raised. */
  daysAgo: number;
  lines: number;
  quantity: number;
  steps: DemoStep[];
  remarks?: string;
}

/** Orders in every status, oldest first so their numbers follow their dates. */
const PURCHASES: DemoPurchase[] = [
  {
    supplier: 'TDS',
    location: 'WH-SHA',
    daysAgo: 18,
    lines: 4,
    quantity: 48,
    steps: [
      { action: 'send', after: 0 },
      { action: 'receive', after: 3, share: 0.5, reference: 'DO 88120' },
      { action: 'closeShort', after: 6 },
    ],
    remarks: 'The rest came damaged in transit and was not ordered again',
  },
  {
    supplier: 'CK',
    location: 'WH-SHA',
    daysAgo: 12,
    lines: 6,
    quantity: 60,
    steps: [
      { action: 'send', after: 0 },
      { action: 'receive', after: 2, share: 1, reference: 'INV-CK-20411' },
    ],
  },
  {
    supplier: 'HAS',
    location: 'WH-SHA',
    daysAgo: 9,
    lines: 3,
    quantity: 24,
    steps: [
      { action: 'send', after: 0 },
      { action: 'cancel', after: 1 },
    ],
    remarks: 'Ordered twice by mistake',
  },
  {
    supplier: 'PPD',
    location: 'WH-SHA',
    daysAgo: 7,
    lines: 5,
    quantity: 36,
    steps: [
      { action: 'send', after: 0 },
      { action: 'receive', after: 3, share: 0.75, reference: 'DO PPD-7781' },
    ],
    remarks: 'Balance promised for next week',
  },
  {
    supplier: 'MWS',
    location: 'WH-SHA',
    daysAgo: 2,
    lines: 5,
    quantity: 24,
    steps: [{ action: 'send', after: 0 }],
  },
  { supplier: 'LSF', location: 'ST-BGR', daysAgo: 0, lines: 4, quantity: 12, steps: [], remarks: 'Weekend top-up' },
];

/** Time of day the buyer works at: 10:00 in Kuala Lumpur. */
const OFFICE_UTC = 'T02:00:00.000Z';

/**
 * The demo's purchase orders: each raised as the generic write would (numbered, lines priced by
 * `priceOrder` from the supplier's costs) and moved along by the purchasing actions themselves —
 * sent, received (goods receipts, `purchase` movements, average costs), closed short, cancelled —
 * each step in a transaction of its own on its own day, as the store manager would.
 */
export async function seedDemoPurchases({ db, dialect, now }: CommittedDemo): Promise<void> {
  const ctx = { db, dialect } as AppContext;
  const auth = await actingUser(db, 'manager');
  const request = { server: { ctx }, auth } as unknown as FastifyRequest;
  const ids = async (table: string) =>
    new Map(
      (
        await db
          .selectFrom(table as 'supplier')
          .select(['id', 'code'])
          .execute()
      ).map((r) => [String(r.code), r.id]),
    );
  const suppliers = await ids('supplier');
  const locations = await ids('inventory_location');
  const today = Date.parse(`${now.slice(0, 10)}${OFFICE_UTC}`);
  const day = (days: number) => new Date(Math.min(today + days * 86_400_000, Date.parse(now))).toISOString();
  for (const demo of PURCHASES) {
    const supplier = suppliers.get(demo.supplier);
    const location = locations.get(demo.location);
    if (supplier === undefined || location === undefined) continue;
    // The supplier's preferred products that keep stock.
    const products = await typedDb(db)
      .selectFrom('product_supplier_mapping as m')
      .innerJoin('product as p', 'p.id', 'm.parent_id')
      .select('p.id')
      .where('m.supplier_id', '=', supplier)
      .where('m.preferred', '=', true)
      .where('p.type', '=', 'standard')
      .where('p.is_active', '=', true)
      .orderBy('p.id')
      .limit(demo.lines)
      .execute();
    if (products.length === 0) continue;
    const raised = day(-demo.daysAgo);
    const id = await db.transaction().execute(async (trx) => {
      const s = { db: trx as never, now: raised };
      await insertValid(s, 'purchaseorder', [
        {
          supplier,
          location,
          lines: products.map((p) => ({ product: p.id, quantity: String(demo.quantity) })),
          ...(demo.remarks ? { remarks: demo.remarks } : {}),
        },
      ]);
      const made = await trx
        .selectFrom('purchase_order')
        .select('id')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('purchase_order')
        .set({ doc_no: await nextDocumentNo(trx, PO_PREFIX), status: 'draft', created_by: auth.userName })
        .where('id', '=', made.id)
        .execute();
      await priceOrder(trx, made.id);
      return made.id;
    });
    for (const step of demo.steps) {
      const at = day(-demo.daysAgo + step.after);
      await db.transaction().execute(async (trx) => {
        const call: ActionCall = {
          ctx,
          trx,
          auth,
          entity: purchaseOrder,
          now: at,
          request,
          ids: [id],
          body: {},
          fieldGroups: SERVER_FIELD_GROUPS,
        };
        if (step.action === 'send') await send.run({ ...call, body: { belowMinimum: true } });
        else if (step.action === 'cancel') await cancel.run(call);
        else if (step.action === 'closeShort') await closeShort.run({ ...call, body: { reason: 'DAMAGED' } });
        else if (step.action === 'receive') {
          const o = (await readOrder(ctx, trx, id))!;
          const lines = o.lines.map((l) => ({
            product: l.product,
            quantity: String(Math.max(1, Math.round(Number(l.quantity) * (step.share ?? 1)))),
          }));
          await receive.run({ ...call, body: { lines, ...(step.reference ? { reference: step.reference } : {}) } });
        }
      });
    }
  }
}

/** Purchasing's demo: its orders and receipts once the demo seed (suppliers, stock) has committed. */
export const purchasingDemoSeed: ModuleSeed = {
  demoCommitted: async (demo) => {
    if (demo.catalogue) await seedDemoPurchases(demo);
  },
};
