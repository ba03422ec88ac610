import type { ApiEnvelope, FetchRequest } from '@backroom/schema';
import type { ConsoleServer } from './server';
import { BASE_PATH } from './server';

type Row = Record<string, unknown> & { id: number; version: number };

/** An order placed through a channel's order key, as its ordering site places one: two PST-002 for pickup at BGR. */
export async function placeOnlineOrder(
  server: ConsoleServer,
  orderKey: string,
  customer: string,
): Promise<{ id: number; orderNo: string }> {
  const answer = await fetch(`${server.origin}${BASE_PATH}/core/api/onlinesalesorder/Place`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-channel-key': orderKey },
    body: JSON.stringify({
      outlet: 'BGR',
      customer: { name: customer, phone: '0123456789' },
      items: [{ product: 'PST-002', quantity: 2 }],
      fulfilment: 'pickup',
    }),
  });
  const body = (await answer.json()) as { data: { id: number; orderNo: string }; message: string };
  if (!answer.ok) throw new Error(`Place: ${answer.status} ${body.message}`);
  return body.data;
}

/** The API as one user sees it: for setting up and reading back what a browser test did. */
export async function apiAs(server: ConsoleServer, user: { userName: string; password: string }) {
  const base = `${server.origin}${BASE_PATH}/core/api`;
  const call = async <T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    token?: string,
  ): Promise<ApiEnvelope<T>> => {
    const answer = await fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const envelope = (await answer.json()) as ApiEnvelope<T>;
    if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${envelope.message}`);
    return envelope;
  };
  const login = await call<{ token: { accessToken: string } }>('POST', '/Authentication/Login', user);
  const token = login.data.token.accessToken;
  const api = {
    get: async <T>(path: string) => (await call<T>('GET', path, undefined, token)).data,
    post: async <T>(path: string, body: unknown) => (await call<T>('POST', path, body, token)).data,
    rows: async (entity: string, body: FetchRequest) =>
      (await call<Row[]>('POST', `/DataRepository/fetch/${entity}`, body, token)).data,
    row: async (entity: string, id: number) =>
      (
        await api.rows(entity, { Skip: 0, Take: 1, filters: [{ ColumnName: 'id', ColumnValue: id, Operator: 'EQ' }] })
      )[0]!,
    insert: async (entity: string, row: Record<string, unknown>) =>
      (await call<Row>('POST', `/DataRepository/Insert/${entity}`, row, token)).data,
    update: async (entity: string, row: Record<string, unknown>) =>
      (await call<Row>('POST', `/DataRepository/Update/${entity}`, row, token)).data,
    /** A form action (`Execute/{entity} {action, ids, …}`): its answer's data. */
    execute: async <T>(entity: string, body: { action: string; ids: number[] } & Record<string, unknown>) =>
      (await call<T>('POST', `/DataRepository/Execute/${entity}`, body, token)).data,
    /** The audit entries of one row, newest first. */
    history: async (entity: string, id: number) =>
      api.rows('auditlog', {
        Skip: 0,
        Take: 100,
        filters: [
          { ColumnName: 'entity', ColumnValue: entity, Operator: 'EQ' },
          { ColumnName: 'rowId', ColumnValue: id, Operator: 'EQ' },
        ],
        sorts: [{ ColumnName: 'at', Direction: 'DESC' }],
      }),
  };
  return api;
}
