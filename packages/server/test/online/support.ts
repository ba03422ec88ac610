import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { HarnessOptions } from '../support/harness';
import { useStockWorld, type Row, type StockWorld } from '../stock/support';

export type { Row };

let made = 0;

/** A stock world with an online channel (and its order key), an outlet with a default location, and order helpers. */
export interface OnlineWorld extends StockWorld {
  /** A channel with a fresh order key. */
  newChannel(): Promise<{ id: number; code: string; key: string }>;
  /** An outlet whose default location is a new store location. */
  newOutlet(): Promise<{ id: number; code: string; location: number }>;
  place(
    key: string,
    body: unknown,
  ): Promise<{ status: number; body: { data: Row; message: string; errors?: { field: string; message: string }[] } }>;
  actOn(
    ids: number[],
    action: string,
    extra?: Row,
    token?: string,
  ): Promise<{ status: number; body: { data: Row; message: string; errors?: { field: string; message: string }[] } }>;
  order(id: number): Promise<Row>;
  reserved(product: number, location: number): Promise<string>;
}

export const useOnlineWorld = (options: HarnessOptions = {}): OnlineWorld => {
  const w = useStockWorld({ users: ['admin', 'manager'], ...options }) as OnlineWorld;
  const extra: Partial<OnlineWorld> = {
    async newChannel() {
      const n = ++made;
      const key = randomBytes(24).toString('base64url');
      const res = await w.post('/DataRepository/Insert/onlinesaleschannel', {
        code: `WEB${n}`,
        name: `Web ${n}`,
        kind: 'web',
        orderKey: key,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return { id: res.body.data.id as number, code: `WEB${n}`, key };
    },
    async newOutlet() {
      const n = ++made;
      const location = (await w.newLocation()).id as number;
      const res = await w.post('/DataRepository/Insert/outlet', {
        code: `OUT${n}`,
        name: `Outlet ${n}`,
        timezone: 'Asia/Kuala_Lumpur',
        defaultInventoryLocation: location,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return { id: res.body.data.id as number, code: `OUT${n}`, location };
    },
    place: async (key, body) =>
      (await w.call('POST', '/onlinesalesorder/Place', { body, headers: { 'x-channel-key': key } })) as never,
    actOn: async (ids, action, extra = {}, token) =>
      (await w.post('/DataRepository/Execute/onlinesalesorder', { action, ids, ...extra }, token)) as never,
    async order(id) {
      const res = await w.post<Row[]>('/DataRepository/fetch/onlinesalesorder', {
        filters: [{ ColumnName: 'id', ColumnValue: id, Operator: 'EQ' }],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data[0]!;
    },
    async reserved(product, location) {
      const res = await w.post<Row[]>('/OutletVirtualStockBalance/fetch', {
        filters: [
          { ColumnName: 'product', ColumnValue: product, Operator: 'EQ' },
          { ColumnName: 'location', ColumnValue: location, Operator: 'EQ' },
        ],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.data[0]?.reserved as string | undefined) ?? '0.000';
    },
  };
  return new Proxy(w, {
    get: (target, name) => (name in extra ? extra[name as keyof OnlineWorld] : target[name as keyof OnlineWorld]),
  });
};
