import { loginUrl, webRoot } from '../config/webRoot';
import { pageNavigation } from '../config/navigation';
import type { AppStore } from './index';
import type { Persister } from './persistence';
import { signOut } from './userSlice';

/**
 * The running app's store and its persister, set once by the bootstrap. Code outside React
 * (the HTTP client, logout) reaches the session through here.
 */
let current: { store: AppStore; persister: Persister } | undefined;

export function attachSession(store: AppStore, persister: Persister) {
  current = { store, persister };
}

export function getStore(): AppStore {
  if (!current) throw new Error('The session has not been started');
  return current.store;
}

/** Clears user and token in state and removes both storage keys. */
export function endSession() {
  if (!current) return;
  current.persister.clear();
  current.store.dispatch(signOut());
}

/** A failed token refresh clears the stored session and sends the user to the login page. */
export function expireSession() {
  endSession();
  const { pathname } = window.location;
  const here = pathname.startsWith(webRoot.routerBase) ? pathname.slice(webRoot.routerBase.length) || '/' : '/';
  pageNavigation.assign(`${loginUrl()}?redirect=${encodeURIComponent(here)}`);
}
