import { fromMinorUnits, getEntity, type PriceDifferenceTotal } from '@backroom/schema';
import { sql } from 'kysely';
import { anyDb } from '../../data/store';
import { defineProcedure } from '../../procedures/registry';
import { reportOutlets, reportPeriod } from './report-period';
import { columnOf } from '../columns';

const difference = getEntity('saledifference');
const outlet = getEntity('outlet');
const terminal = getEntity('pointofsale');
const user = getEntity('user');
const D = (name: string) => `d.${columnOf(difference, name)}`;

/**
 * `DataRepository/procedure/pricedifferences {from, to, outlet?}`: the Price differences screen's
 * totals — per outlet, terminal, cashier and day (the sale's date at its outlet), how many
 * differences, what the engine expected, what the tills charged and the difference — over the
 * caller's outlets. The rows themselves are the registry's `saledifference` list.
 */
export const priceDifferencesProcedure = defineProcedure({
  name: 'pricedifferences',
  public: false,
  privilege: { screen: 'saledifference', action: 'view' },
  input: reportPeriod,
  async run(ctx, body, request) {
    const outlets = await reportOutlets(body, request);
    let query = anyDb(ctx)
      .selectFrom(`${difference.table} as d`)
      .innerJoin(`${outlet.table} as o`, 'o.id', D('outlet'))
      .innerJoin(`${terminal.table} as p`, 'p.id', D('terminal'))
      .leftJoin(`${user.table} as u`, 'u.id', D('cashier'))
      .select([
        `${D('outlet')} as outlet`,
        `o.${columnOf(outlet, 'name')} as outlet_name`,
        `${D('terminal')} as terminal`,
        `p.${columnOf(terminal, 'code')} as terminal_code`,
        `${D('cashier')} as cashier`,
        `u.${columnOf(user, 'userName')} as cashier_name`,
        `${D('day')} as day`,
        sql<number>`count(*)`.as('count'),
        sql<number>`coalesce(sum(${sql.ref(D('expected'))}), 0)`.as('expected'),
        sql<number>`coalesce(sum(${sql.ref(D('charged'))}), 0)`.as('charged'),
        sql<number>`coalesce(sum(${sql.ref(D('difference'))}), 0)`.as('difference'),
      ])
      .where(D('day'), '>=', body.from)
      .where(D('day'), '<=', body.to)
      .groupBy([
        D('outlet'),
        `o.${columnOf(outlet, 'name')}`,
        D('terminal'),
        `p.${columnOf(terminal, 'code')}`,
        D('cashier'),
        `u.${columnOf(user, 'userName')}`,
        D('day'),
      ])
      .orderBy(D('day'), 'desc')
      .orderBy(`o.${columnOf(outlet, 'name')}`)
      .orderBy(`p.${columnOf(terminal, 'code')}`);
    if (outlets.length > 0) query = query.where(D('outlet'), 'in', outlets);
    const rows = await query.execute();
    const data: PriceDifferenceTotal[] = rows.map((r) => ({
      outlet: Number(r.outlet),
      outletName: String(r.outlet_name),
      terminal: Number(r.terminal),
      terminalCode: String(r.terminal_code),
      cashier: r.cashier === null ? null : Number(r.cashier),
      cashierName: (r.cashier_name as string | null) ?? null,
      day: String(r.day),
      count: Number(r.count),
      expected: fromMinorUnits(Number(r.expected)),
      charged: fromMinorUnits(Number(r.charged)),
      difference: fromMinorUnits(Number(r.difference)),
    }));
    return { data, totalCount: data.length };
  },
});
