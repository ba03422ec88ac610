import { z } from 'zod';
import { fromMinorUnits, priceDifferenceTotal, reportPeriod, type PriceDifferenceTotal } from '@backroom/schema';
import { defineProcedure } from '../../procedures/registry';
import { reportOutlets } from './report-period';

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
  output: z.array(priceDifferenceTotal),
  async run(ctx, body, request) {
    const outlets = await reportOutlets(body, request);
    let query = ctx.db
      .selectFrom('sale_difference as d')
      .innerJoin('outlet as o', 'o.id', 'd.outlet_id')
      .innerJoin('point_of_sale as p', 'p.id', 'd.terminal_id')
      .leftJoin('app_user as u', 'u.id', 'd.cashier_id')
      .select((eb) => [
        'd.outlet_id as outlet',
        'o.name as outlet_name',
        'd.terminal_id as terminal',
        'p.code as terminal_code',
        'd.cashier_id as cashier',
        'u.user_name as cashier_name',
        'd.day',
        eb.fn.countAll().as('count'),
        eb.fn.coalesce(eb.fn.sum('d.expected'), eb.lit(0)).as('expected'),
        eb.fn.coalesce(eb.fn.sum('d.charged'), eb.lit(0)).as('charged'),
        eb.fn.coalesce(eb.fn.sum('d.difference'), eb.lit(0)).as('difference'),
      ])
      .where('d.day', '>=', body.from)
      .where('d.day', '<=', body.to)
      .groupBy(['d.outlet_id', 'o.name', 'd.terminal_id', 'p.code', 'd.cashier_id', 'u.user_name', 'd.day'])
      .orderBy('d.day', 'desc')
      .orderBy('o.name')
      .orderBy('p.code');
    if (outlets.length > 0) query = query.where('d.outlet_id', 'in', outlets);
    const rows = await query.execute();
    const data: PriceDifferenceTotal[] = rows.map((r) => ({
      outlet: Number(r.outlet),
      outletName: String(r.outlet_name),
      terminal: Number(r.terminal),
      terminalCode: String(r.terminal_code),
      cashier: r.cashier,
      cashierName: r.cashier_name,
      day: String(r.day),
      count: Number(r.count),
      expected: fromMinorUnits(Number(r.expected)),
      charged: fromMinorUnits(Number(r.charged)),
      difference: fromMinorUnits(Number(r.difference)),
    }));
    return { data, totalCount: data.length };
  },
});
