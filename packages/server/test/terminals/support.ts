import { expect } from 'vitest';
import type { ApiResponse } from '../support/server';
import type { Row, SignedInServer } from '../support/harness';
import { insert, openShop, type Shop } from '../pricing/shop';

let made = 0;

/** A shop with a store location and two payment modes, where terminals sell. */
export interface TillWorld extends Shop {
  location: Row;
  cash: Row;
  card: Row;
}

export async function openTills(t: SignedInServer): Promise<TillWorld> {
  const shop = await openShop(t);
  const n = ++made;
  const location = await insert(t, 'inventorylocation', {
    code: `ST${n}`,
    name: `Store ${n}`,
    kind: 'store',
    outlet: shop.outlet.id,
  });
  const cash = await insert(t, 'paymentmode', { code: `CASH${n}`, name: 'Cash', kind: 'cash' });
  const card = await insert(t, 'paymentmode', { code: `CARD${n}`, name: 'Card', kind: 'card' });
  return { ...shop, location, cash, card };
}

/** A terminal call with `Authorization: Terminal {token}`. */
export const asTerminal = <T = Row>(
  t: SignedInServer,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<ApiResponse<T>> => t.call<T>(method, path, { body, headers: { authorization: `Terminal ${token}` } });

/** `Execute/pointofsale {action: "pair"}`: the one-time code. */
export async function pairingCode(t: SignedInServer, terminalId: unknown): Promise<string> {
  const res = await t.post<{ code: string; expiresAt: string }>('/DataRepository/Execute/pointofsale', {
    action: 'pair',
    ids: [terminalId],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.code;
}

/** A new terminal of the outlet, paired: its row and token. */
export async function pairedTerminal(t: SignedInServer, outlet: unknown): Promise<{ terminal: Row; token: string }> {
  const n = ++made;
  const terminal = await insert(t, 'pointofsale', { code: `POS${n}`, name: `Till ${n}`, outlet });
  const code = await pairingCode(t, terminal.id);
  const res = await t.call<{ terminalToken: string }>('POST', '/pointofsale/Pair', {
    body: { code, deviceId: `device-${n}` },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { terminal, token: res.body.data.terminalToken };
}

let receipts = 0;
export const receiptNo = () => `R-${Date.now().toString(36)}-${++receipts}`;

/** One row through the generic fetch, as the console reads it. */
export async function getRow(t: SignedInServer, name: string, id: unknown): Promise<Row> {
  const res = await t.post<Row[]>(`/DataRepository/fetch/${name}`, {
    filters: [{ ColumnName: 'id', ColumnValue: id, Operator: 'EQ' }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data[0]!;
}
