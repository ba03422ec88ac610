import type { ReactElement } from 'react';
import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { http } from '../api/http';
import { createAppStore } from '../store';
import type { ClientMenuItem } from '../store/menuSlice';
import type { Persister } from '../store/persistence';
import { attachSession } from '../store/session';
import { adminInfo, adminToken, renderWithApp } from '../test/render';

/** Test helpers of the single screens: a stubbed network under the app's HTTP client, and a signed-in render. */
export interface Call {
  method: string;
  url: string;
  body: unknown;
  params: Record<string, unknown>;
}
export interface Reply {
  status?: number;
  data: unknown;
}

export const ok = (data: unknown): Reply => ({ data: { resultCode: 200, message: 'OK', data } });
export const fail = (status: number, message: string, errors?: { field: string; message: string }[]): Reply => ({
  status,
  data: { resultCode: status, message, data: null, ...(errors ? { errors } : {}) },
});

/** Answers every call with `handler` (404 when it has no answer) and records it. */
export function stubApi(handler: (call: Call) => Reply | undefined) {
  const calls: Call[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const body = typeof config.data === 'string' ? (JSON.parse(config.data) as unknown) : config.data;
    const call: Call = { method: (config.method ?? 'get').toUpperCase(), url: config.url ?? '', body, params: (config.params ?? {}) as Record<string, unknown> };
    calls.push(call);
    const reply = handler(call) ?? fail(404, 'Not found');
    const status = reply.status ?? 200;
    const response = { data: reply.data, status, statusText: String(status), headers: {}, config, request: {} };
    if (status >= 400) throw new AxiosError(`Request failed with status code ${status}`, AxiosError.ERR_BAD_RESPONSE, config, {}, response);
    return response;
  };
  http.defaults.adapter = adapter;
  return { calls, posted: (urlEnd: string) => calls.filter((c) => c.method === 'POST' && c.url.endsWith(urlEnd)).map((c) => c.body) };
}

export const singleItem = (path: string, flags: Partial<ClientMenuItem> = {}): ClientMenuItem => ({
  id: 1,
  name: path.slice(1),
  path,
  ableToView: true,
  ableToEdit: true,
  ableToDelete: true,
  ableToSetTable: true,
  exportProcedure: null,
  ...flags,
});

/** Renders a single screen as the signed-in administrator. */
export async function renderSignedIn(ui: ReactElement) {
  const preloaded = { user: { userInfo: adminInfo, token: adminToken } };
  // The HTTP client reads the token from the session's store, so it is attached before the first call.
  attachSession(createAppStore(preloaded), { flush: async () => undefined } as unknown as Persister);
  return renderWithApp(ui, { preloaded });
}
