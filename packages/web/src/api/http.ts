import { webRoot } from '../config/webRoot';
import { expireSession, getStore } from '../store/session';
import { setToken } from '../store/userSlice';
import { createHttpClient } from './client';
import { errorModal } from './errorModal';

/** The one HTTP client of the app, bound to the running session. */
export const http = createHttpClient({
  baseURL: webRoot.apiBase,
  getToken: () => getStore().getState().user.token,
  setToken: (token) => getStore().dispatch(setToken(token)),
  onSessionExpired: expireSession,
  onError: () => errorModal.show(),
});
