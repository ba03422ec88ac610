import { fromMinorUnits, getEntity } from '@backroom/schema';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { canSee, rowFilters } from '../../data/access';
import { allOf } from '../../data/query';
import type { Database } from '../../db/types';
import { validationError } from '../../http/envelope';
import { parseBody } from '../../http/validate';

const product = getEntity('product');
const outlet = getEntity('outlet');

/** At most this many labels in one request (a few dozen pages). */
export const MAX_LABELS = 1000;

/** What one label shows. */
export interface LabelItem {
  code: string;
  name: string;
  /** The outlet's price: its override, else the product's selling price, as "12.50". */
  price: string;
  /** The product's barcode, else its code (printed as Code 128). */
  barcode: string;
  uom: string | null;
}

export interface LabelRun {
  items: LabelItem[];
  /** The symbol prices are printed with (the outlet's currency, else the base currency). */
  currency: string;
  outletName: string | null;
}

export const labelRequest = <L extends string>(layouts: readonly [L, ...L[]]) =>
  z
    .object({
      products: z
        .array(z.number().int().min(1))
        .min(1, 'Choose at least one product')
        .max(MAX_LABELS, `At most ${MAX_LABELS} labels at once`),
      /** How many labels of each product, in the order of `products` (1 each when absent). */
      quantities: z.array(z.number().int().min(0).max(MAX_LABELS)).optional(),
      outlet: z.number().int().min(1).nullish(),
      layout: z.enum(layouts).optional(),
    })
    .superRefine((body, ctx) => {
      if (body.quantities && body.quantities.length !== body.products.length)
        ctx.addIssue({
          code: 'custom',
          path: ['quantities'],
          message: `Give one quantity for each of the ${body.products.length} products`,
        });
      else if ((body.quantities?.reduce((sum, n) => sum + n, 0) ?? body.products.length) > MAX_LABELS)
        ctx.addIssue({ code: 'custom', path: ['quantities'], message: `At most ${MAX_LABELS} labels at once` });
      else if (body.quantities?.every((n) => n === 0))
        ctx.addIssue({ code: 'custom', path: ['quantities'], message: 'Print at least one label' });
    });

async function currencySymbol(db: Kysely<Database>, outletId: number | null): Promise<string> {
  const own =
    outletId === null
      ? undefined
      : await db
          .selectFrom('outlet as o')
          .innerJoin('currency as c', 'c.id', 'o.currency_id')
          .select('c.symbol')
          .where('o.id', '=', outletId)
          .executeTakeFirst();
  const base = own ?? (await db.selectFrom('currency').select('symbol').where('is_base', '=', true).executeTakeFirst());
  return base?.symbol ?? '';
}

/**
 * The products of a label request, in the order asked (a product twice gives two labels; its
 * quantity gives that many labels side by side: 0 none), priced for the outlet. 400 naming each id with no product; 403 for an outlet outside the caller's.
 */
export async function labelItems(
  request: FastifyRequest,
  body: Record<string, unknown>,
  layouts: readonly [string, ...string[]],
): Promise<LabelRun & { layout?: string }> {
  const { products: ids, quantities, outlet: outletId = null, layout } = parseBody(labelRequest(layouts), body);
  const db = request.server.ctx.db;
  let outletName: string | null = null;
  if (outletId !== null) {
    const row = await db.selectFrom('outlet').select('name').where('id', '=', outletId).executeTakeFirst();
    // An outlet the caller may not see reads as a missing one.
    if (!row || !(await canSee(request, db, outlet, outletId)))
      throw validationError([{ field: 'outlet', message: `Outlet refers to a missing outlet row (${outletId})` }]);
    outletName = String(row.name);
  }
  const wanted = [...new Set(ids)];
  const rows = await db
    .selectFrom('product as t')
    .leftJoin('outlet_price as op', (j) => j.onRef('op.product_id', '=', 't.id').on('op.outlet_id', '=', outletId ?? 0))
    .leftJoin('list_value as u', 'u.id', 't.uom_id')
    .select(['t.id', 't.code', 't.name', 't.barcode', 't.selling_price', 'op.price as override', 'u.code as uom'])
    // The registry requires a product's selling price (checked on write).
    .$narrowType<{ selling_price: number }>()
    .where('t.id', 'in', wanted)
    // The products through the caller's row filter, as a list reads them: a hidden one is a missing one.
    .where(allOf(await rowFilters(request, product)))
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const errors = ids.flatMap((id, i) =>
    byId.has(id) ? [] : [{ field: `products.${i}`, message: `Product refers to a missing product row (${id})` }],
  );
  if (errors.length > 0) throw validationError(errors, errors[0]!.message);
  const items = ids.flatMap((id, i): LabelItem[] => {
    const r = byId.get(id)!;
    const item: LabelItem = {
      code: String(r.code),
      name: String(r.name),
      price: fromMinorUnits(r.override ?? r.selling_price),
      barcode: String(r.barcode ?? r.code),
      uom: r.uom,
    };
    return Array.from({ length: quantities?.[i] ?? 1 }, () => item);
  });
  return { items, currency: await currencySymbol(db, outletId), outletName, layout };
}
