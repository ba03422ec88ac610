import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { Route, Routes, useLocation } from 'react-router-dom';
import { http } from '../api/http';
import type { AppStore } from '../store';
import type { ClientMenuItem } from '../store/menuSlice';
import { attachSession } from '../store/session';
import type { Persister } from '../store/persistence';
import { adminInfo, adminToken, renderWithApp } from '../test/render';
import ListValueScreen from './ListValueScreen';
import MenuScreen from './MenuScreen';

/** One request as the server would see it. */
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
export type Handler = (call: Call) => Reply | undefined | Promise<Reply | undefined>;

export const ok = (data: unknown, totalCount?: number): Reply => ({ data: { resultCode: 200, message: 'OK', data, ...(totalCount === undefined ? {} : { totalCount }) } });
export const fail = (status: number, message: string, errors?: { field: string; message: string }[]): Reply => ({
  status,
  data: { resultCode: status, message, data: null, ...(errors ? { errors } : {}) },
});

/**
 * Stubs the network under the app's own HTTP client (its axios adapter): every call is recorded
 * and answered by `handler`; calls it does not answer get an empty list.
 */
export function stubServer(handler: Handler) {
  const calls: Call[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const body = typeof config.data === 'string' ? (JSON.parse(config.data) as unknown) : config.data;
    const call: Call = { method: (config.method ?? 'get').toUpperCase(), url: config.url ?? '', body, params: (config.params ?? {}) as Record<string, unknown> };
    calls.push(call);
    const reply = (await handler(call)) ?? ok([], 0);
    const status = reply.status ?? 200;
    const response = { data: reply.data, status, statusText: String(status), headers: {}, config, request: {} };
    if (status >= 400) throw new AxiosError(`Request failed with status code ${status}`, AxiosError.ERR_BAD_RESPONSE, config, {}, response);
    return response;
  };
  http.defaults.adapter = adapter;
  return {
    calls,
    /** Bodies of the calls to one URL ending. */
    bodies: (urlEnd: string) => calls.filter((c) => c.url.endsWith(urlEnd)).map((c) => c.body as Record<string, unknown>),
  };
}

export const menuItem = (path: string, flags: Partial<ClientMenuItem> = {}): ClientMenuItem => ({
  id: 1,
  name: path.replace(/^\//, ''),
  path,
  ableToView: true,
  ableToEdit: true,
  ableToDelete: true,
  ableToSetTable: true,
  exportProcedure: null,
  ...flags,
});

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

/** Renders the list, edit and add routes of one menu item at `route`, as the signed-in admin. */
export async function renderScreen(item: ClientMenuItem, route: string, { takePerRow }: { takePerRow?: number } = {}) {
  const Screen = item.path.includes('listvalue') && !item.path.includes('listvaluecategory') ? ListValueScreen : MenuScreen;
  const result = await renderWithApp(
    <>
      <Routes>
        <Route path={item.path} element={<Screen key="list" item={item} mode="list" />} />
        <Route path={`${item.path}/edit/:id`} element={<Screen key="edit" item={item} mode="edit" />} />
        <Route path={`${item.path}/add`} element={<Screen key="add" item={item} mode="add" />} />
        <Route path="*" element={<p>Elsewhere</p>} />
      </Routes>
      <LocationProbe />
    </>,
    { route, preloaded: { user: { userInfo: adminInfo, token: adminToken } } },
  );
  if (takePerRow) result.store.dispatch({ type: 'settings/setDefaultTakePerRow', payload: takePerRow });
  attachSession(result.store as AppStore, { flush: async () => undefined } as unknown as Persister);
  return result;
}
