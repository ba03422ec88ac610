import { commissionRow, formatScaled, fromMinorUnits, reportPeriod, type CommissionRow } from '@backroom/schema';
import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { defineProcedure } from '../../procedures/registry';
import { mulDiv } from '../pricing/index';
import { reportOutlets } from './report-period';

/**
 * `DataRepository/procedure/commission {from, to, outlet?}`: what each cashier earned in the period
 * under the active commission rules, from the sales they rang up (returns count against them).
 * Per rule: `sales` — the rate of the lines' totals (or its amount per sale); `margin` — the rate
 * of line total less cost; `quantity` — the amount per unit. A rule names its users, or its role,
 * or nobody (every cashier); `appliesTo` a category or product limits the lines it counts.
 * Periods are the sale's UTC day or month, as the rule's `period` says.
 */
interface SoldLine {
  saleId: number;
  cashier: number;
  at: string;
  product: number;
  category: number | null;
  quantity: number;
  lineTotal: number;
  cost: number;
}

async function soldLines(db: Kysely<Database>, from: string, to: string, outlets: number[]): Promise<SoldLine[]> {
  let query = db
    .selectFrom('sale as s')
    .innerJoin('sale_line as l', 'l.sale_id', 's.id')
    .innerJoin('product as p', 'p.id', 'l.product_id')
    .select([
      's.id as sale_id',
      's.cashier_id as cashier',
      's.at',
      'l.product_id as product',
      'p.category_id as category',
      'l.quantity',
      'l.line_total',
      // The cost when sold; lines recorded before costs were kept fall back to the cost price now.
      (eb) => eb.fn.coalesce('l.unit_cost', 'p.cost_price').as('cost'),
    ])
    .where('s.at', '>=', `${from}T00:00:00.000Z`)
    .where('s.at', '<', `${nextDay(to)}T00:00:00.000Z`)
    .where('s.cashier_id', 'is not', null);
  if (outlets.length > 0) query = query.where('s.outlet_id', 'in', outlets);
  const rows = await query.execute();
  return rows.map((r) => ({
    saleId: r.sale_id,
    cashier: Number(r.cashier),
    at: String(r.at),
    product: Number(r.product),
    category: r.category,
    quantity: Number(r.quantity),
    lineTotal: Number(r.line_total ?? 0),
    cost: Number(r.cost ?? 0),
  }));
}

const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
/** a × b / c rounded half up, keeping the sign of a × b. */
const signedMulDiv = (a: number, b: number, c: number) =>
  Math.sign(a) * Math.sign(b) * mulDiv(Math.abs(a), Math.abs(b), c);

export async function commissionReport(
  db: Kysely<Database>,
  from: string,
  to: string,
  outlets: number[],
): Promise<CommissionRow[]> {
  const lines = await soldLines(db, from, to, outlets);
  const rules = await db.selectFrom('commission').selectAll().where('is_active', '=', true).orderBy('code').execute();
  const links = await db.selectFrom('commission_users').select(['parent_id', 'ref_id']).execute();
  const people = await db.selectFrom('app_user').select(['id', 'user_name', 'role_id']).execute();
  const nameOf = new Map(people.map((p) => [p.id, p.user_name]));
  const roleOf = new Map(people.map((p) => [p.id, p.role_id]));

  const out = new Map<
    string,
    CommissionRow & { raw: { sales: Set<number>; quantity: number; total: number; earned: number } }
  >();
  for (const rule of rules) {
    const named = links.filter((l) => l.parent_id === rule.id).map((l) => l.ref_id);
    const role = rule.role_id;
    const appliesTo = String(rule.applies_to);
    const monthly = rule.period === 'monthly';
    const rate = Number(rule.rate_percent ?? 0);
    const amount = Number(rule.amount ?? 0);
    const basis = String(rule.basis);
    for (const l of lines) {
      if (named.length > 0 ? !named.includes(l.cashier) : role !== null && roleOf.get(l.cashier) !== role) continue;
      if (appliesTo === 'category' && l.category !== Number(rule.category_id)) continue;
      if (appliesTo === 'product' && l.product !== Number(rule.product_id)) continue;
      const period = monthly ? l.at.slice(0, 7) : l.at.slice(0, 10);
      const key = `${l.cashier}|${String(rule.code)}|${period}`;
      const row =
        out.get(key) ??
        out
          .set(key, {
            user: l.cashier,
            userName: String(nameOf.get(l.cashier) ?? ''),
            rule: String(rule.code),
            period,
            sales: 0,
            quantity: '',
            salesTotal: '',
            commission: '',
            raw: { sales: new Set(), quantity: 0, total: 0, earned: 0 },
          })
          .get(key)!;
      const firstOfSale = !row.raw.sales.has(l.saleId);
      row.raw.sales.add(l.saleId);
      row.raw.quantity += l.quantity;
      row.raw.total += l.lineTotal;
      if (basis === 'sales')
        row.raw.earned +=
          rate > 0 ? signedMulDiv(l.lineTotal, rate, 10_000) : firstOfSale ? Math.sign(l.quantity) * amount : 0;
      if (basis === 'margin')
        row.raw.earned += signedMulDiv(l.lineTotal - signedMulDiv(l.cost, l.quantity, 1000), rate, 10_000);
      if (basis === 'quantity') row.raw.earned += signedMulDiv(amount, l.quantity, 1000);
    }
  }
  return [...out.values()]
    .map(({ raw, ...row }) => ({
      ...row,
      sales: raw.sales.size,
      quantity: formatScaled(raw.quantity, 3),
      salesTotal: fromMinorUnits(raw.total),
      commission: fromMinorUnits(raw.earned),
    }))
    .sort(
      (a, b) =>
        a.userName.localeCompare(b.userName) || a.period.localeCompare(b.period) || a.rule.localeCompare(b.rule),
    );
}

export const commissionProcedure = defineProcedure({
  name: 'commission',
  public: false,
  privilege: { screen: 'commission', action: 'view' },
  input: reportPeriod,
  output: z.array(commissionRow),
  async run(ctx, body, request) {
    const data = await commissionReport(ctx.db, body.from, body.to, await reportOutlets(body, request));
    return { data, totalCount: data.length };
  },
});
