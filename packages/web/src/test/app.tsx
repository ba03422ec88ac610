import type { DropdownItemDto } from '@backroom/schema';
import type { ReactElement } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { Provider } from 'react-redux';
import { Route, RouterProvider, Routes, createMemoryRouter, useLocation } from 'react-router-dom';
import { http } from '../api/http';
import { modules } from '../app/modules';
import { createQueryClient } from '../app/SignedInApp';
import { forgetLists } from '../screens/listMemory';
import { ModulesProvider } from '../screens/modules';
import { hasFormPair } from '../screens/screenRoutes';
import { createAppStore, type AppStore, type RootState } from '../store';
import type { ClientMenuItem } from '../store/menuSlice';
import type { Persister } from '../store/persistence';
import { attachSession } from '../store/session';
import { startTestI18n } from './i18n';

/**
 * The one harness of the component tests: a stubbed network under the app's HTTP client (its axios
 * adapter), the render-with-app helpers and the signed-in session fixtures.
 */

// ---- Session fixtures ----

export const adminInfo = {
  userId: 1,
  userName: 'admin',
  displayName: 'Ada Admin',
  role: 'Administrator',
  email: 'admin@example.com',
  otpEnabled: false,
  mustChangePassword: false,
  fieldGroups: ['costs' as const],
};
export const adminToken = { accessToken: 'access', refreshToken: 'refresh' };
/** The store's state of the signed-in administrator. */
export const signedIn = (): Partial<RootState> => ({ user: { userInfo: adminInfo, token: adminToken } });

/** A persister that keeps nothing, for sessions attached in tests. */
const noPersister = { flush: async () => undefined } as unknown as Persister;

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

// ---- The network ----

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

export const ok = (data: unknown, totalCount?: number): Reply => ({
  data: { resultCode: 200, message: 'OK', data, ...(totalCount === undefined ? {} : { totalCount }) },
});
/** A `GetDropDown/{entity}` answer, typed by the contract the server answers with. */
export const dropdown = (items: readonly DropdownItemDto[]): Reply => ok(items);
export const fail = (status: number, message: string, errors?: { field: string; message: string }[]): Reply => ({
  status,
  data: { resultCode: status, message, data: null, ...(errors ? { errors } : {}) },
});
/** The answer to a call no handler knows. */
export const notFound = fail(404, 'Not found');
/** An empty page of a list, for screens whose side calls (drop-downs, fields) need not be served. */
export const emptyList = ok([], 0);

/**
 * Stubs the network under the app's own HTTP client (its axios adapter): every call is recorded
 * and answered by `handler`; calls it does not answer get `otherwise` (404 unless told).
 */
export function stubServer(handler: Handler, { otherwise = notFound }: { otherwise?: Reply } = {}) {
  const calls: Call[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const body = typeof config.data === 'string' ? (JSON.parse(config.data) as unknown) : config.data;
    const call: Call = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      body,
      params: (config.params ?? {}) as Record<string, unknown>,
    };
    calls.push(call);
    const reply = (await handler(call)) ?? otherwise;
    const status = reply.status ?? 200;
    const response = { data: reply.data, status, statusText: String(status), headers: {}, config, request: {} };
    if (status >= 400)
      throw new AxiosError(
        `Request failed with status code ${status}`,
        AxiosError.ERR_BAD_RESPONSE,
        config,
        {},
        response,
      );
    return response;
  };
  http.defaults.adapter = adapter;
  return {
    calls,
    /** Bodies of the calls to one URL ending. */
    bodies: (urlEnd: string) =>
      calls.filter((c) => c.url.endsWith(urlEnd)).map((c) => c.body as Record<string, unknown>),
    /** Bodies of the POSTs to one URL ending. */
    posted: (urlEnd: string) => calls.filter((c) => c.method === 'POST' && c.url.endsWith(urlEnd)).map((c) => c.body),
  };
}

// ---- Rendering ----

/**
 * Renders a part of the app with a fresh store, query client, data router (as the app's: one splat
 * route, so `ui` may hold its own `<Routes>`) and the English texts.
 */
export async function renderWithApp(
  ui: ReactElement,
  { preloaded, route = '/home' }: { preloaded?: Partial<RootState>; route?: string } = {},
) {
  await startTestI18n();
  forgetLists();
  const store = createAppStore(preloaded);
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [route] });
  const result = render(
    <Provider store={store}>
      <QueryClientProvider client={createQueryClient()}>
        <ModulesProvider modules={modules}>
          <RouterProvider router={router} />
        </ModulesProvider>
      </QueryClientProvider>
    </Provider>,
  );
  return { store, router, ...result };
}

/** Renders `ui` as the signed-in administrator (with more of the store's state when given). */
export async function renderSignedIn(
  ui: ReactElement,
  { route, state }: { route?: string; state?: Partial<RootState> } = {},
) {
  const preloaded = { ...signedIn(), ...state };
  // The HTTP client reads the token from the session's store, so it is attached before the first call.
  attachSession(createAppStore(preloaded), noPersister);
  return renderWithApp(ui, { preloaded, route });
}

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

/** The signed-in state of a user whose role may view no field group (the demo Cashier: no costs). */
export const withoutFieldGroups = (): Partial<RootState> => ({
  user: { userInfo: { ...adminInfo, role: 'Cashier', fieldGroups: [] }, token: adminToken },
});

/**
 * Renders the routes of one menu item at `route` (list, and edit and add where the registry gives it
 * a form), as the signed-in admin or as `preloaded` says.
 */
export async function renderScreen(
  item: ClientMenuItem,
  route: string,
  { takePerRow, preloaded = signedIn() }: { takePerRow?: number; preloaded?: Partial<RootState> } = {},
) {
  // Loaded here, not at the top, so tests of other parts don't load the menu screens.
  const { default: Screen } =
    item.path.includes('listvalue') && !item.path.includes('listvaluecategory')
      ? await import('../screens/ListValueScreen')
      : await import('../screens/MenuScreen');
  const result = await renderWithApp(
    <>
      <Routes>
        <Route path={item.path} element={<Screen key="list" item={item} mode="list" />} />
        {hasFormPair(item.path) && (
          <Route path={`${item.path}/edit/:id`} element={<Screen key="edit" item={item} mode="edit" />} />
        )}
        {hasFormPair(item.path) && (
          <Route path={`${item.path}/add`} element={<Screen key="add" item={item} mode="add" />} />
        )}
        <Route path="*" element={<p>Elsewhere</p>} />
      </Routes>
      <LocationProbe />
    </>,
    { route, preloaded },
  );
  if (takePerRow) result.store.dispatch({ type: 'settings/setDefaultTakePerRow', payload: takePerRow });
  attachSession(result.store as AppStore, noPersister);
  return result;
}

/** Chooses a row in a server-searched picker (`Combobox`, `ReferencePicker`): types part of its label and clicks its option. */
export async function pickOption(combobox: HTMLElement, label: string, typed = label) {
  await userEvent.clear(combobox);
  await userEvent.type(combobox, typed);
  await userEvent.click(await screen.findByRole('option', { name: label }));
}
