import { webRoot } from '../config/webRoot';
import { expireSession, getStore } from '../store/session';
import { setToken } from '../store/userSlice';
import { createHttpClient } from './client';
import { errorModal } from './errorModal';
import type { AxiosError } from 'axios';

/** The id the server gave the failed request: its X-Request-Id header, else the error envelope's requestId. */
const requestIdOf = (error: AxiosError): string | undefined => {
  const header: unknown = error.response?.headers['x-request-id'];
  if (typeof header === 'string' && header !== '') return header;
  const body = (error.response?.data as { requestId?: unknown } | undefined)?.requestId;
  return typeof body === 'string' && body !== '' ? body : undefined;
};

/** The one HTTP client of the app, bound to the running session. */
export const http = createHttpClient({
  baseURL: webRoot.apiBase,
  getToken: () => getStore().getState().user.token,
  setToken: (token) => getStore().dispatch(setToken(token)),
  onSessionExpired: expireSession,
  onError: (error) => errorModal.show(requestIdOf(error)),
});
