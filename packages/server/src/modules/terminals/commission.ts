import { formatScaled, fromMinorUnits, getEntity, type CommissionRow } from '@backroom/schema';
import { anyDb, type AnyDb } from '../../data/store';
import { defineProcedure } from '../../procedures/registry';
import { mulDiv } from '../pricing/index';
import { columnOf, fieldOf } from '../columns';
import { reportOutlets, reportPeriod } from './report-period';

/**
 * `DataRepository/procedure/commission {from, to, outlet?}`: what each cashier earned in the period
 * under the active commission rules, from the sales they rang up (returns count against them).
 * Per rule: `sales` — the rate of the lines' totals (or its amount per sale); `margin` — the rate
 * of line total less cost; `quantity` — the amount per unit. A rule names its users, or its role,
 * or nobody (every cashier); `appliesTo` a category or product limits the lines it counts.
 * Periods are the sale's UTC day or month, as the rule's `period` says.
 */
const sale = getEntity('sale');
const line = getEntity('saleline');
const product = getEntity('product');
const commission = getEntity('commission');
const user = getEntity('user');
const S = (n: string) => `s.${columnOf(sale, n)}`;
const L = (n: string) => `l.${columnOf(line, n)}`;
const K = (n: string) => columnOf(commission, n);

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

async function soldLines(db: AnyDb, from: string, to: string, outlets: number[]): Promise<SoldLine[]> {
  let query = db
    .selectFrom(`${sale.table} as s`)
    .innerJoin(`${line.table} as l`, L('sale'), 's.id')
    .innerJoin(`${product.table} as p`, 'p.id', L('product'))
    .select([
      's.id as sale_id',
      `${S('cashier')} as cashier`,
      `${S('at')} as at`,
      `${L('product')} as product`,
      `p.${columnOf(product, 'category')} as category`,
      `${L('quantity')} as quantity`,
      `${L('lineTotal')} as line_total`,
      `p.${columnOf(product, 'costPrice')} as cost`,
    ])
    .where(S('at'), '>=', `${from}T00:00:00.000Z`)
    .where(S('at'), '<', `${nextDay(to)}T00:00:00.000Z`)
    .where(S('cashier'), 'is not', null);
  if (outlets.length > 0) query = query.where(S('outlet'), 'in', outlets);
  const rows = await query.execute();
  return rows.map((r) => ({
    saleId: Number(r.sale_id),
    cashier: Number(r.cashier),
    at: String(r.at),
    product: Number(r.product),
    category: r.category === null ? null : Number(r.category),
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
  db: AnyDb,
  from: string,
  to: string,
  outlets: number[],
): Promise<CommissionRow[]> {
  const lines = await soldLines(db, from, to, outlets);
  const rules = await db
    .selectFrom(commission.table)
    .selectAll()
    .where('is_active', '=', true)
    .orderBy(K('code'))
    .execute();
  const users = fieldOf(commission, 'users') as unknown as { table: string };
  const links = await db.selectFrom(users.table).select(['parent_id', 'ref_id']).execute();
  const people = await db
    .selectFrom(user.table)
    .select(['id', columnOf(user, 'userName'), columnOf(user, 'role')])
    .execute();
  const nameOf = new Map(people.map((p) => [Number(p.id), String(p[columnOf(user, 'userName')])]));
  const roleOf = new Map(people.map((p) => [Number(p.id), Number(p[columnOf(user, 'role')])]));

  const out = new Map<
    string,
    CommissionRow & { raw: { sales: Set<number>; quantity: number; total: number; earned: number } }
  >();
  for (const rule of rules) {
    const named = links.filter((l) => Number(l.parent_id) === Number(rule.id)).map((l) => Number(l.ref_id));
    const role = rule[K('role')] === null ? null : Number(rule[K('role')]);
    const appliesTo = String(rule[K('appliesTo')]);
    const monthly = rule[K('period')] === 'monthly';
    const rate = Number(rule[K('ratePercent')] ?? 0);
    const amount = Number(rule[K('amount')] ?? 0);
    const basis = String(rule[K('basis')]);
    for (const l of lines) {
      if (named.length > 0 ? !named.includes(l.cashier) : role !== null && roleOf.get(l.cashier) !== role) continue;
      if (appliesTo === 'category' && l.category !== Number(rule[K('category')])) continue;
      if (appliesTo === 'product' && l.product !== Number(rule[K('product')])) continue;
      const period = monthly ? l.at.slice(0, 7) : l.at.slice(0, 10);
      const key = `${l.cashier}|${String(rule[K('code')])}|${period}`;
      const row =
        out.get(key) ??
        out
          .set(key, {
            user: l.cashier,
            userName: nameOf.get(l.cashier) ?? '',
            rule: String(rule[K('code')]),
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
  async run(ctx, body, request) {
    const data = await commissionReport(anyDb(ctx), body.from, body.to, await reportOutlets(body, request));
    return { data, totalCount: data.length };
  },
});
