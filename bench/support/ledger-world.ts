import { findEntity, toStorageRow } from '@backroom/schema';
import type { Kysely } from 'kysely';
import { adminHeaders, type BenchDatabase } from './app';

type BenchApp = Parameters<typeof adminHeaders>[0];
export type AnyDb = Kysely<Record<string, Record<string, unknown>>>;

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
export const ms = (n: number) => `${n.toFixed(1)} ms`;
export const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();

/** Writes `rows` in chunks of `size`, one after the other. */
export async function chunked<T>(rows: T[], size: number, write: (chunk: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += size) await write(rows.slice(start, start + size));
}

/** The times (ms) of `samples` runs of `run`, after `warmUps` runs left out. */
export async function timesOf(run: () => Promise<unknown>, samples: number, warmUps: number): Promise<number[]> {
  const times: number[] = [];
  for (let n = 0; n < samples + warmUps; n++) {
    const t0 = performance.now();
    await run();
    if (n >= warmUps) times.push(performance.now() - t0);
  }
  return times;
}

/** The version and who-and-when columns of a row a bench writes straight to the database. */
export const benchStamp = (now: string) => ({
  version: 1,
  created_at: now,
  created_by: 'bench',
  updated_at: now,
  updated_by: 'bench',
});

/** A stock product's fields as the benches write them: 9.90, costing 4.00, stock tracked. */
export const benchProduct = (code: string, name: string, category: number, uom: number) => ({
  code,
  name,
  category,
  uom,
  type: 'standard',
  sellingPrice: '9.90',
  costPrice: '4.00',
  trackStock: true,
  allowDiscount: true,
  isActive: true,
});

/**
 * What the purchasing and reorder benches start from: a category, a supplier and `locations` stores
 * through the API, then `products` products written through the server's connection in chunks
 * (codes `{prefix}B00000`…, named after `label`). Answers them with the connection and `call`.
 */
export async function seedLedgerWorld(
  app: BenchApp,
  database: BenchDatabase,
  options: { prefix: string; label: string; supplier?: Record<string, unknown>; locations: number; products: number },
) {
  const { prefix, label } = options;
  const db = app.ctx.db as unknown as AnyDb;
  const headers = await adminHeaders(app);
  // `POST /backoffice/core/api{url}` as the administrator, in-process: the answer, or throws on any
  // answer but 200. A bench times `send` and reads the answer's JSON afterwards, as the other benches
  // stop their clock when the answer has arrived: parsing it is the caller's work, not the server's.
  const send = async (url: string, payload: unknown) => {
    const response = await app.inject({
      method: 'POST',
      url: `/backoffice/core/api${url}`,
      headers,
      payload: payload as never,
    });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 300)}`);
    return response;
  };
  /** `send`'s answer's `data`. */
  const call = async (url: string, payload: unknown) => (await send(url, payload)).json().data;
  const category = await call('/DataRepository/Insert/category', { code: `${prefix}BENCH`, name: `${label} bench` });
  const supplier = await call('/DataRepository/Insert/supplier', {
    code: `${prefix}SUP`,
    name: `${label} supplier`,
    ...options.supplier,
  });
  const uom = await db.selectFrom('list_value').select('id').limit(1).executeTakeFirstOrThrow();
  const locations: number[] = [];
  for (let l = 0; l < options.locations; l++)
    locations.push(
      (
        await call('/DataRepository/Insert/inventorylocation', {
          code: `${prefix}L${l}`,
          name: `${label} location ${l}`,
          kind: 'store',
        })
      ).id,
    );
  const productEntity = findEntity('product')!;
  const productRows = Array.from({ length: options.products }, (_, i) => ({
    ...toStorageRow(
      productEntity,
      benchProduct(
        `${prefix}B${String(i).padStart(5, '0')}`,
        `${label} bench product ${i}`,
        category.id,
        Number(uom.id),
      ),
      database,
    ),
    version: 1,
  }));
  await chunked(productRows, 500, (chunk) => db.insertInto('product').values(chunk).execute());
  const products = (
    await db.selectFrom('product').select('id').where('code', 'like', `${prefix}B%`).orderBy('id').execute()
  ).map((r) => Number(r.id));
  return { db, send, call, supplier, locations, products };
}
