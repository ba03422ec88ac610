import { expect } from 'vitest';
import type { SignedInServer, Row } from '../support/harness';

/** A small shop built through the generic API: what the pricing tests price. */
export interface Shop {
  outlet: Row;
  otherOutlet: Row;
  products: Record<string, Row>;
  sst: Row;
}

export async function insert(t: SignedInServer, name: string, row: Row): Promise<Row> {
  const res = await t.post(`/DataRepository/Insert/${name}`, row);
  expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.data;
}

/** Shops opened on each server: a server's first adds the base currency. */
const shops = new WeakMap<object, number>();

/** Base currency MYR, two outlets in Kuala Lumpur, a 6 % tax code and a few products. */
export async function openShop(t: SignedInServer): Promise<Shop> {
  const n = (shops.get(t.server) ?? 0) + 1;
  shops.set(t.server, n);
  const [uom] = (
    await t.post<Row[]>('/DataRepository/fetch/listvalue', {
      Take: 1,
      filters: [{ ColumnName: 'code', ColumnValue: 'PCS', Operator: 'EQ' }],
    })
  ).body.data;
  if (n === 1) await insert(t, 'currency', { code: 'MYR', name: 'Ringgit', decimals: 2, isBase: true });
  const outlet = await insert(t, 'outlet', {
    code: `KL${n}`,
    name: `Kuala Lumpur ${n}`,
    timezone: 'Asia/Kuala_Lumpur',
  });
  const otherOutlet = await insert(t, 'outlet', { code: `PG${n}`, name: `Penang ${n}`, timezone: 'Asia/Kuala_Lumpur' });
  const sst = await insert(t, 'gstsetup', { code: `SST${n}`, name: 'Sales tax 6%', ratePercent: '6' });
  const drinks = await insert(t, 'category', { code: `DRK${n}`, name: 'Drinks' });
  const food = await insert(t, 'category', { code: `FOD${n}`, name: 'Food' });
  const product = (code: string, price: string, category: Row, more: Row = {}) =>
    insert(t, 'product', {
      code: `${code}${n}`,
      name: code,
      category: category.id,
      uom: uom!.id,
      sellingPrice: price,
      ...more,
    });
  const products = {
    coffee: await product('COF', '10.00', drinks, {
      barcode: `9550000000${n}01`,
      alternateBarcodes: [{ barcode: `9550000006${n}01`, quantityPerUnit: '6' }],
    }),
    tea: await product('TEA', '6.00', drinks),
    cake: await product('CAKE', '12.50', food, { taxCode: sst.id }),
    bread: await product('BREAD', '4.00', food),
  };
  return { outlet, otherOutlet, products, sst };
}

/** `POST {base}/WebAPI/SimulateSales/AddItem`. */
export const addItem = <T = Row>(t: SignedInServer, body: unknown, token = t.tokens.admin) =>
  t.call<T>('POST', `${t.origin}${t.server.app.ctx.config.basePath}/WebAPI/SimulateSales/AddItem`, { token, body });
