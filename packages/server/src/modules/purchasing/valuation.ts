import {
  rowIdNumber,
  MONEY_SCALE,
  QUANTITY_SCALE,
  formatScaled,
  type Valuation,
  type ValuationRow,
  valuationAnswer,
} from '@backroom/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { visibleLocations } from '../../data/access';
import { deniedFieldGroups } from '../../data/field-groups';
import { typedDb, type Database } from '../../db/types';
import { assertPrivilege, authenticate } from '../../http/auth-guard';
import { ApiError, ok } from '../../http/envelope';
import { parseBody } from '../../http/validate';
import { addDays, startOfDay } from '../../time/calendar';
import { companyToday } from '../document-numbers';
import { documented } from '../../http/openapi-contract';

export const valuationQuery = z.object({
  date: z.iso.date({ error: 'Date must be a date such as 2026-09-28' }).optional(),
  locations: z.array(rowIdNumber).max(1000).optional(),
  categories: z.array(rowIdNumber).max(1000).optional(),
  by: z.enum(['category', 'product']).optional(),
});
export type ValuationQuery = z.infer<typeof valuationQuery>;

/** A list of ids in a query string: `1,2,3`. */
const idList = z
  .string()
  .regex(/^\d+(,\d+)*$/, { error: 'Give ids separated by commas' })
  .transform((v) => v.split(',').map(Number))
  .pipe(z.array(rowIdNumber).max(1000))
  .optional();
/** The Export's query string: the Fetch filters, its lists written `1,2,3`. */
const valuationExportQuery = valuationQuery.extend({ locations: idList, categories: idList });

/**
 * The statement a valuation runs: per location and category (or product), the quantity the ledger
 * holds at `before` (the sum of movements before that instant) × the average cost then (the last
 * `average_cost` row before it, else the product's cost price, else 0). Pairs at zero are left out.
 */
export function valuationStatement(
  db: Kysely<Database>,
  before: string,
  options: { locations?: readonly number[]; categories?: readonly number[]; by?: 'category' | 'product' } = {},
) {
  const byProduct = options.by === 'product';
  return db
    .with('q', (q) => {
      let query = q
        .selectFrom('stock_movement')
        .select(['location_id', 'product_id', (eb) => eb.fn.sum<number>('quantity').as('quantity')])
        .where('at', '<', before)
        .groupBy(['location_id', 'product_id']);
      if (options.locations) query = query.where('location_id', 'in', [...options.locations, 0]);
      return query;
    })
    .with('c', (c) =>
      c
        .selectFrom((inner) =>
          inner
            .selectFrom('average_cost')
            .select([
              'location_id',
              'product_id',
              'average_cost',
              sql<number>`row_number() over (partition by location_id, product_id order by at desc, id desc)`.as('n'),
            ])
            .where('at', '<', before)
            .as('x'),
        )
        .select(['location_id', 'product_id', 'average_cost'])
        .where('n', '=', 1),
    )
    .selectFrom('q')
    .innerJoin('product as p', 'p.id', 'q.product_id')
    .innerJoin('inventory_location as l', 'l.id', 'q.location_id')
    .leftJoin('category as g', 'g.id', 'p.category_id')
    .leftJoin('c', (join) =>
      join.onRef('c.location_id', '=', 'q.location_id').onRef('c.product_id', '=', 'q.product_id'),
    )
    .select([
      'q.location_id',
      'l.code as location_code',
      'l.name as location_name',
      'p.category_id',
      'g.code as category_code',
      'g.name as category_name',
      (eb) => eb.fn.countAll<number>().as('products'),
      (eb) => eb.fn.sum<number>('q.quantity').as('quantity'),
      sql<number>`sum(q.quantity * coalesce(c.average_cost, p.cost_price, 0))`.as('value'),
      ...(byProduct ? (['q.product_id', 'p.code as product_code', 'p.name as product_name'] as const) : []),
    ])
    .where('q.quantity', '<>', 0)
    .$if(options.categories !== undefined, (qb) => qb.where('p.category_id', 'in', [...options.categories!, 0]))
    .groupBy([
      'q.location_id',
      'l.code',
      'l.name',
      'p.category_id',
      'g.code',
      'g.name',
      ...(byProduct ? (['q.product_id', 'p.code', 'p.name'] as const) : []),
    ])
    .orderBy('l.code')
    .orderBy('g.code')
    .$if(byProduct, (qb) => qb.orderBy('p.code' as never));
}

/** The valuation at the end of `date` (company time; default today), as the caller may see it. */
export async function valuation(request: FastifyRequest, query: ValuationQuery): Promise<Valuation> {
  await assertPrivilege(request, 'stockvaluation', 'view');
  if ((await deniedFieldGroups(request)).has('costs'))
    throw new ApiError(403, 'Stock valuation shows costs: it needs the privilege to view costs');
  const db = request.server.ctx.db;
  const zone = (await typedDb(db).selectFrom('company').select('timezone').orderBy('id').limit(1).executeTakeFirst())
    ?.timezone;
  const date = query.date ?? (await companyToday(db));
  const before = startOfDay(addDays(date, 1), zone).toISOString();
  const locations = await visibleLocations(request, query.locations);
  const rows = await valuationStatement(db, before, {
    locations,
    categories: query.categories,
    by: query.by,
  }).execute();
  let total = 0n;
  const out = rows.map((r) => {
    // Σ quantity (thousandths) × cost (minor units), rounded half up once per row shown.
    const milli = BigInt(String(r.value ?? 0).split('.')[0]!);
    const value = (milli >= 0n ? milli + 500n : milli - 500n) / 1000n;
    total += value;
    const row: ValuationRow = {
      location: Number(r.location_id),
      locationLabel: `${String(r.location_code)} - ${String(r.location_name)}`,
      category: r.category_id === null ? null : Number(r.category_id),
      categoryLabel: r.category_id === null ? null : `${String(r.category_code)} - ${String(r.category_name)}`,
      products: Number(r.products),
      quantity: formatScaled(String(r.quantity), QUANTITY_SCALE),
      value: formatScaled(value, MONEY_SCALE),
    };
    if ('product_id' in r) {
      const p = r as unknown as { product_id: number; product_code: string; product_name: string };
      row.product = Number(p.product_id);
      row.productLabel = `${p.product_code} - ${p.product_name}`;
    }
    return row;
  });
  return { date, rows: out, total: formatScaled(total, MONEY_SCALE) };
}

const csvCell = (value: unknown) => {
  const text = value === null || value === undefined ? '' : String(value);
  // A cell a spreadsheet would read as a formula is written as text.
  const safe = /^[=+\-@\t\r]/.test(text) && !/^-?\d/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** `POST {api}/stockvaluation/Fetch` and `GET {api}/stockvaluation/Export?date=…&by=…` (CSV). */
export function registerValuationRoutes(app: FastifyInstance, api: string): void {
  const opts = { preHandler: authenticate };
  app.post(
    `${api}/stockvaluation/Fetch`,
    {
      ...documented({ summary: 'Stock valued at average cost', body: valuationQuery, answer: valuationAnswer }),
      ...opts,
    },
    async (request) => {
      const answer = await valuation(request, parseBody(valuationQuery, request.body ?? {}));
      return ok(answer);
    },
  );
  app.get(
    `${api}/stockvaluation/Export`,
    {
      ...documented({ summary: 'Stock valuation as a spreadsheet', query: valuationExportQuery, produces: 'file' }),
      ...opts,
    },
    async (request, reply) => {
      const query = parseBody(valuationExportQuery, request.query ?? {});
      const { date, rows, total } = await valuation(request, query);
      const byProduct = query.by === 'product';
      const lines = [
        ['date', 'location', 'category', ...(byProduct ? ['product'] : []), 'products', 'quantity', 'value'].join(','),
        ...rows.map((r) =>
          [
            date,
            r.locationLabel,
            r.categoryLabel,
            ...(byProduct ? [r.productLabel] : []),
            r.products,
            r.quantity,
            r.value,
          ]
            .map(csvCell)
            .join(','),
        ),
        [date, 'Total', '', ...(byProduct ? [''] : []), '', '', total].map(csvCell).join(','),
      ];
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="Stock_valuation_${date}.csv"`)
        .send(`${lines.join('\r\n')}\r\n`);
    },
  );
}
