import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { Database } from '../../db/types';
import { recordSale, type SaleInput } from './sales';
import type { TerminalContext } from './pairing';
import { seededRandom } from '../../db/seed/catalogue/numbers';

/**
 * Thirty days of demo sales on two paired demo terminals (the first counter of the first two
 * outlets), each posted through `recordSale` — the terminal API's own path — so stock, member
 * points and the sales lists are what real trading would leave. Deterministic: a seeded PRNG, and
 * times relative to the seed's day. Runs after the demo catalogue has committed.
 */
const DAYS = 30;

/** Outlet time is UTC+8 (the demo outlets are in Kuala Lumpur): trading from 09:00 to 21:00 local. */
const OPEN_UTC_HOUR = 1;
const TRADING_HOURS = 12;
/**
 * Each weekday's second sale is rung up at 16:00 local and starts with a coffee: the pricing demo's
 * happy hour (weekdays 15:00–17:00, coffee) then always has baskets to replay. Left to the random
 * draws, some seed days had none — every run on 2026-11-29 replayed it on 0 baskets.
 */
const AFTERNOON_COFFEE_UTC_HOUR = 8;

async function pairDemoTerminals(db: Kysely<Database>, now: string): Promise<TerminalContext[]> {
  const tills = await db
    .selectFrom('point_of_sale')
    .select(['id', 'code', 'outlet_id', 'device_id'])
    .where('code', 'like', '%-POS1')
    .orderBy('id')
    .limit(2)
    // A terminal's outlet is required by the registry.
    .$narrowType<{ outlet_id: number }>()
    .execute();
  const out: TerminalContext[] = [];
  for (const [i, till] of tills.entries()) {
    // The token itself is thrown away: a demo terminal is paired, but no real device holds its secret.
    await db
      .insertInto('terminal_token')
      .values({
        terminal_id: till.id,
        outlet_id: till.outlet_id,
        token_hash: createHash('sha256').update(randomBytes(32)).digest('hex'),
        device_id: String(till.device_id),
        created_at: now,
        revoked_at: null,
      })
      .execute();
    // The first reports in now (online), the second went quiet two hours ago (offline).
    const seen = new Date(Date.parse(now) - i * 2 * 3_600_000).toISOString();
    await db
      .updateTable('point_of_sale')
      .set({
        last_seen_at: seen,
        last_sync_at: seen,
        app_version: i === 0 ? '3.2.0' : '3.1.4',
        unsent_transactions: i === 0 ? 0 : 4,
      })
      .where('id', '=', till.id)
      .execute();
    out.push({
      terminalId: till.id,
      outletId: till.outlet_id,
      code: String(till.code),
      userName: `terminal:${String(till.code)}`,
    });
  }
  return out;
}

interface Shelf {
  id: number;
  price: string;
  coffee: boolean;
}

/** Products a till sells: active standard and composite items (not variant parents), at the outlet's price where it has one. */
async function shelfOf(db: Kysely<Database>, outletId: number): Promise<Shelf[]> {
  const coffee = await db.selectFrom('category').select('id').where('code', '=', 'COFFEE').executeTakeFirst();
  const rows = await db
    .selectFrom('product')
    .select(['id', 'selling_price', 'category_id'])
    .where('is_active', '=', true)
    .where('type', 'in', ['standard', 'composite'])
    .orderBy('id')
    .execute();
  const overrides = await db
    .selectFrom('outlet_price')
    .select(['product_id', 'price'])
    .where('outlet_id', '=', outletId)
    .execute();
  const byProduct = new Map(overrides.map((o) => [Number(o.product_id), Number(o.price)]));
  return rows.map((r) => ({
    id: r.id,
    price: ((byProduct.get(r.id) ?? Number(r.selling_price)) / 100).toFixed(2),
    coffee: coffee !== undefined && r.category_id === coffee.id,
  }));
}

export async function seedDemoSales(ctx: AppContext, now: string): Promise<number> {
  const db = ctx.db;
  const tills = await pairDemoTerminals(db, now);
  const members = (await db.selectFrom('membership').select('member_no').orderBy('id').execute()).map((m) =>
    String(m.member_no),
  );
  const modes = await db
    .selectFrom('payment_mode')
    .select(['id', 'kind'])
    .where('is_active', '=', true)
    .orderBy('id')
    .execute();
  const tender = modes.filter((m) => m.kind === 'cash' || m.kind === 'card' || m.kind === 'eWallet');
  const cashiers = ['cashier', 'cashier', 'manager'];
  const random = seededRandom(20_240_601);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const today = Date.parse(`${now.slice(0, 10)}T00:00:00.000Z`);
  let count = 0;

  for (const till of tills) {
    const shelf = await shelfOf(db, till.outletId);
    if (shelf.length === 0 || tender.length === 0) continue;
    const coffees = shelf.filter((item) => item.coffee);
    const sold: { receiptNo: string; product: number; price: string }[] = [];
    for (let day = DAYS - 1; day >= 0; day--) {
      const date = new Date(today - day * 86_400_000);
      const weekend = date.getUTCDay() === 0 || date.getUTCDay() === 6;
      const sales = (weekend ? 5 : 3) + Math.floor(random() * 2);
      for (let n = 0; n < sales; n++) {
        let at = new Date(date.getTime() + (OPEN_UTC_HOUR + ((n + random()) / sales) * TRADING_HOURS) * 3_600_000);
        const afternoonCoffee = !weekend && n === 1 && coffees.length > 0;
        if (afternoonCoffee) at = new Date(date.getTime() + AFTERNOON_COFFEE_UTC_HOUR * 3_600_000);
        if (at.toISOString() > now) break;
        const receiptNo = `${till.code}-${at.toISOString().slice(0, 10).replace(/-/g, '')}-${String(n + 1).padStart(3, '0')}`;
        const items = Array.from({ length: 1 + Math.floor(random() * 4) }, () => ({
          item: pick(shelf),
          quantity: 1 + Math.floor(random() * 3),
        }));
        if (afternoonCoffee) items[0]!.item = coffees[day % coffees.length]!;
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
