import { createHash, randomBytes } from 'node:crypto';
import { getEntity } from '@backroom/schema';
import type { AppContext } from '../../context';
import { anyDb, type AnyDb } from '../../data/store';
import { columnOf } from '../columns';
import { recordSale, type SaleInput } from './sales';
import type { TerminalContext } from './pairing';
import { seededRandom } from '../../db/seed/catalogue/numbers';
import type { ModuleSeed } from '../../db/seed/index';

/**
 * Thirty days of demo sales on two paired demo terminals (the first counter of the first two
 * outlets), each posted through `recordSale` — the terminal API's own path — so stock, member
 * points and the sales lists are what real trading would leave. Deterministic: a seeded PRNG, and
 * times relative to the seed's day. Runs after the demo catalogue has committed.
 */
const DAYS = 30;
const terminal = getEntity('pointofsale');
const product = getEntity('product');
const outletPrice = getEntity('outletprice');
const membership = getEntity('membership');
const paymentMode = getEntity('paymentmode');
const P = (name: string) => columnOf(product, name);
const T = (name: string) => columnOf(terminal, name);

/** Outlet time is UTC+8 (the demo outlets are in Kuala Lumpur): trading from 09:00 to 21:00 local. */
const OPEN_UTC_HOUR = 1;
const TRADING_HOURS = 12;

async function pairDemoTerminals(db: AnyDb, now: string): Promise<TerminalContext[]> {
  const tills = await db
    .selectFrom(terminal.table)
    .select(['id', 'code', T('outlet'), T('deviceId')])
    .where('code', 'like', '%-POS1')
    .orderBy('id')
    .limit(2)
    .execute();
  const out: TerminalContext[] = [];
  for (const [i, till] of tills.entries()) {
    // The token itself is thrown away: a demo terminal is paired, but no real device holds its secret.
    await db
      .insertInto('terminal_token')
      .values({
        terminal_id: till.id,
        outlet_id: till[T('outlet')],
        token_hash: createHash('sha256').update(randomBytes(32)).digest('hex'),
        device_id: String(till[T('deviceId')]),
        created_at: now,
        revoked_at: null,
      })
      .execute();
    // The first reports in now (online), the second went quiet two hours ago (offline).
    const seen = new Date(Date.parse(now) - i * 2 * 3_600_000).toISOString();
    await db
      .updateTable(terminal.table)
      .set({
        [T('lastSeenAt')]: seen,
        [T('lastSyncAt')]: seen,
        [T('appVersion')]: i === 0 ? '3.2.0' : '3.1.4',
        [T('unsentTransactions')]: i === 0 ? 0 : 4,
      })
      .where('id', '=', till.id)
      .execute();
    out.push({
      terminalId: Number(till.id),
      outletId: Number(till[T('outlet')]),
      code: String(till.code),
      userName: `terminal:${String(till.code)}`,
    });
  }
  return out;
}

interface Shelf {
  id: number;
  price: string;
}

/** Products a till sells: active standard and composite items (not variant parents), at the outlet's price where it has one. */
async function shelfOf(db: AnyDb, outletId: number): Promise<Shelf[]> {
  const rows = await db
    .selectFrom(product.table)
    .select(['id', P('sellingPrice')])
    .where('is_active', '=', true)
    .where(P('type'), 'in', ['standard', 'composite'])
    .orderBy('id')
    .execute();
  const overrides = await db
    .selectFrom(outletPrice.table)
    .select([columnOf(outletPrice, 'product'), columnOf(outletPrice, 'price')])
    .where(columnOf(outletPrice, 'outlet'), '=', outletId)
    .execute();
  const byProduct = new Map(
    overrides.map((o) => [Number(o[columnOf(outletPrice, 'product')]), Number(o[columnOf(outletPrice, 'price')])]),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    price: ((byProduct.get(Number(r.id)) ?? Number(r[P('sellingPrice')])) / 100).toFixed(2),
  }));
}

export async function seedDemoSales(ctx: AppContext, now: string): Promise<number> {
  const db = anyDb(ctx);
  const tills = await pairDemoTerminals(db, now);
  const members = (
    await db.selectFrom(membership.table).select(columnOf(membership, 'memberNo')).orderBy('id').execute()
  ).map((m) => String(m[columnOf(membership, 'memberNo')]));
  const modes = (
    await db
      .selectFrom(paymentMode.table)
      .select(['id', columnOf(paymentMode, 'kind')])
      .where('is_active', '=', true)
      .orderBy('id')
      .execute()
  ).map((m) => ({
    id: Number(m.id),
    kind: String(m[columnOf(paymentMode, 'kind')]),
  }));
  const tender = modes.filter((m) => m.kind === 'cash' || m.kind === 'card' || m.kind === 'eWallet');
  const cashiers = ['cashier', 'cashier', 'manager'];
  const random = seededRandom(20_240_601);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const today = Date.parse(`${now.slice(0, 10)}T00:00:00.000Z`);
  let count = 0;

  for (const till of tills) {
    const shelf = await shelfOf(db, till.outletId);
    if (shelf.length === 0 || tender.length === 0) continue;
    const sold: { receiptNo: string; product: number; price: string }[] = [];
    for (let day = DAYS - 1; day >= 0; day--) {
      const date = new Date(today - day * 86_400_000);
      const weekend = date.getUTCDay() === 0 || date.getUTCDay() === 6;
      const sales = (weekend ? 5 : 3) + Math.floor(random() * 2);
      for (let n = 0; n < sales; n++) {
        const at = new Date(date.getTime() + (OPEN_UTC_HOUR + ((n + random()) / sales) * TRADING_HOURS) * 3_600_000);
        if (at.toISOString() > now) break;
        const receiptNo = `${till.code}-${at.toISOString().slice(0, 10).replace(/-/g, '')}-${String(n + 1).padStart(3, '0')}`;
        const items = Array.from({ length: 1 + Math.floor(random() * 4) }, () => ({
          item: pick(shelf),
          quantity: 1 + Math.floor(random() * 3),
        }));
        const lines = items.map(({ item, quantity }) => ({ productId: item.id, quantity, unitPrice: item.price }));
        const amount = items.reduce((a, { item, quantity }) => a + Number(item.price) * quantity, 0).toFixed(2);
        const sale: SaleInput = {
          receiptNo,
          at: at.toISOString(),
          cashier: pick(cashiers),
          member: random() < 0.3 && members.length > 0 ? pick(members) : null,
          lines,
          payments: [{ paymentModeId: pick(tender).id, amount }],
        };
        await recordSale(ctx, till, sale);
        sold.push({ receiptNo, product: items[0]!.item.id, price: items[0]!.item.price });
        count++;
        // Now and then a customer brings one item of an earlier receipt back.
        if (random() < 0.03 && sold.length > 5) {
          // Taken off the list: a receipt cannot have more returned than it sold.
          const [original] = sold.splice(Math.floor(random() * (sold.length - 1)), 1) as [(typeof sold)[number]];
          const back: SaleInput = {
            receiptNo: `${receiptNo}-R`,
            at: new Date(at.getTime() + 60_000).toISOString(),
            cashier: 'manager',
            originalReceiptNo: original.receiptNo,
            lines: [{ productId: original.product, quantity: -1, unitPrice: original.price }],
            payments: [{ paymentModeId: tender[0]!.id, amount: `-${original.price}` }],
          };
          await recordSale(ctx, till, back);
          count++;
        }
      }
    }
  }
  return count;
}

/** Terminals' demo: 30 days of sales on the demo catalogue, each through the terminal API's path in its own transaction. */
export const terminalsDemoSeed: ModuleSeed = {
  demoCommitted: async ({ db, dialect, now, catalogue }) => {
    if (catalogue) await seedDemoSales({ db, dialect } as AppContext, now);
  },
};
