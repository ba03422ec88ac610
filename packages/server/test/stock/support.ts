import { wallClockText } from '@backroom/schema';
import { beforeAll, expect } from 'vitest';
import { catalogueOf, type Catalogue, type Row } from '../domain/support/catalogue';
import { useTestServer, type HarnessOptions } from '../support/harness';
import type { TestServer } from '../support/server';

export type { Catalogue, Row };

export const LEGACY = '/backoffice/WebAPI/deliveryorder';
export const VIRTUAL = '/OutletVirtualStockBalance';

let made = 0;

/** A test server with the administrator signed in and helpers for stock. */
export interface StockWorld extends Catalogue {
  /** An inventory location (a store unless told). */
  newLocation(overrides?: Row): Promise<Row>;
  /** A stock-out reason; `needsApproval` as given. */
  newReason(overrides?: Row): Promise<Row>;
  /** Puts `quantity` of the product on hand at the location (an adjustment with a reason needing no approval). */
  stock(product: number, location: number, quantity: string): Promise<void>;
  /** On hand from the balance the server keeps ("0.000" without one). */
  onHand(product: number, location: number): Promise<string>;
  /** The sum of the ledger's movements for the pair, as the API lists them. */
  ledgerSum(product: number, location: number): Promise<string>;
  /** A legacy call: `{origin}/backoffice/WebAPI/deliveryorder…`. */
  legacy<T = Row>(
    method: string,
    path: string,
    body?: unknown,
    token?: string,
  ): Promise<{
    status: number;
    body: { data: T; message: string; errors?: { field: string; message: string }[]; totalCount?: number };
  }>;
  /** A draft delivery order through the legacy API. */
  newOrder(from: number, to: number, lines: { product: number; quantity: string }[], token?: string): Promise<Row>;
  /** `POST /deliveryorder/{id} {action, version, …}` with the order's current version. */
  act(
    order: Row,
    action: string,
    extra?: Row,
    token?: string,
  ): Promise<{ status: number; body: { data: Row; message: string; errors?: { field: string; message: string }[] } }>;
}

const sum = (values: string[]) => {
  const total = values.reduce((acc, v) => acc + BigInt(Math.round(Number(v) * 1000)), 0n);
  const negative = total < 0n;
  const digits = (negative ? -total : total).toString().padStart(4, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -3)}.${digits.slice(-3)}`;
};

async function worldOf(t: Catalogue): Promise<Omit<StockWorld, keyof Catalogue>> {
  let plainReason: number | undefined;
  const legacy: StockWorld['legacy'] = async (method, path, body, token = t.tokens.admin) =>
    (await t.call(method, `${t.origin}${LEGACY}${path}`, { token, body })) as never;
  const world = {
    legacy,
    async newLocation(overrides: Row = {}) {
      const n = ++made;
      const res = await t.post('/DataRepository/Insert/inventorylocation', {
        code: `LOC${n}`,
        name: `Location ${n}`,
        kind: 'store',
        ...overrides,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data;
    },
    async newReason(overrides: Row = {}) {
      const n = ++made;
      const res = await t.post('/DataRepository/Insert/stockoutreason', {
        code: `R${n}`,
        name: `Reason ${n}`,
        ...overrides,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data;
    },
    async stock(product: number, location: number, quantity: string) {
      plainReason ??= (await world.newReason({ needsApproval: false })).id as number;
      const res = await t.post(`${VIRTUAL}/adjust`, { product, location, quantity, stockOutReason: plainReason });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    },
    async onHand(product: number, location: number) {
      const res = await t.post<Row[]>('/DataRepository/fetch/stockbalance', {
        filters: [
          { ColumnName: 'product', ColumnValue: product, Operator: 'EQ' },
          { ColumnName: 'location', ColumnValue: location, Operator: 'EQ' },
        ],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.data[0]?.quantity as string | undefined) ?? '0.000';
    },
    async ledgerSum(product: number, location: number) {
      const res = await t.post<Row[]>('/DataRepository/fetch/stockmovement', {
        Take: 9999,
        filters: [
          { ColumnName: 'product', ColumnValue: product, Operator: 'EQ' },
          { ColumnName: 'location', ColumnValue: location, Operator: 'EQ' },
        ],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return sum(res.body.data.map((m) => m.quantity as string));
    },
    async newOrder(from: number, to: number, lines: { product: number; quantity: string }[], token?: string) {
      const res = await legacy<Row>(
        'POST',
        '',
        { fromLocation: from, toLocation: to, date: '2025-03-01', lines },
        token,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data;
    },
    async act(order: Row, action: string, extra: Row = {}, token?: string) {
      const current = await legacy<Row>('GET', `/${String(order.id)}`);
      return legacy<Row>(
        'POST',
        `/${String(order.id)}`,
        { action, version: current.body.data.version, ...extra },
        token,
      );
    },
  };
  return world;
}

/** A stock world for the test file (or describe block): started in beforeAll, closed in afterAll. */
export const useStockWorld = (options: HarnessOptions = {}): StockWorld =>
  useTestServer({
    users: ['admin'],
    ...options,
    extend: async (t) => {
      const catalogue = catalogueOf(t);
      return { ...catalogue, ...(await worldOf({ ...t, ...catalogue })) };
    },
  });

/** A new outlet with a store location of its own, its default. */
export async function newOutletWithStore(w: StockWorld): Promise<{ outlet: number; store: number }> {
  const n = Math.floor(Math.random() * 1e9);
  const outlet = await w.post('/DataRepository/Insert/outlet', {
    code: `O${n}`,
    name: `Outlet ${n}`,
    timezone: 'Asia/Kuala_Lumpur',
  });
  expect(outlet.status, JSON.stringify(outlet.body)).toBe(200);
  const store = await w.newLocation({ outlet: outlet.body.data.id });
  await w.post('/DataRepository/Update/outlet', {
    id: outlet.body.data.id,
    version: 1,
    defaultInventoryLocation: store.id,
  });
  return { outlet: outlet.body.data.id as number, store: store.id as number };
}

/**
 * `01/03/2025 2:05 pm`: the wall-clock minute of `at` in `timeZone`, as printed papers show times in
 * the company's convention (en-MY once `useBaseCurrency(w, 'MYR')`).
 */
export const wallTime = (at: string, timeZone: string, locale = 'en-MY') => {
  const [date, time] = new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(new Date(at))
    .split(' ');
  return wallClockText(date!, time!, locale);
};

/** Makes `code` the company's base currency (added when missing): printed papers then follow its country's convention. */
export function useBaseCurrency(w: TestServer, code: string): void {
  beforeAll(async () => {
    const db = w.server.app.ctx.db;
    let currency = await db.selectFrom('currency').select('id').where('code', '=', code).executeTakeFirst();
    currency ??= await db
      .insertInto('currency')
      .values({ code, name: code, symbol: code, decimals: 2, is_base: false })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.updateTable('company').set({ base_currency_id: currency.id }).execute();
  });
}
