import './zod-without-eval';
import 'bootstrap/dist/css/bootstrap.min.css';
import 'bootstrap-icons/font/bootstrap-icons.css';
import './styles/main.scss';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { applyTheme } from './shell/layoutEffects';
import { LoginPage } from './app/publicRoutes';
import { createAppRouter } from './app/router';
import { startupAddress } from './app/startup';
import { pageNavigation } from './config/navigation';
import { loginUrl, webRoot } from './config/webRoot';
import { startI18n } from './i18n';
import { createAppStore } from './store';
import { indexedDbKeyStore, loadCipher, type Cipher } from './store/cipher';
import { persist, rehydrate, storageKeys, type Persister } from './store/persistence';
import { attachSession } from './store/session';

const keys = storageKeys(webRoot.basePath);

/** Web Crypto needs a secure context and the key needs IndexedDB; without them nothing is saved. */
async function openCipher(): Promise<Cipher | null> {
  if (!globalThis.crypto?.subtle || !globalThis.indexedDB) return null;
  try {
    return await loadCipher(indexedDbKeyStore(keys.state));
  } catch (error) {
    console.error('Session storage is unavailable', error);
    return null;
  }
}

const memoryOnly: Persister = {
  clear() {
    localStorage.removeItem(keys.state);
    localStorage.removeItem(keys.token);
  },
  flush: () => Promise.resolve(),
};

const insideRouter = () => window.location.pathname.startsWith(webRoot.routerBase);

async function bootstrap() {
  const cipher = await openCipher();
  const { preloaded, menuUnreadable } = cipher
    ? await rehydrate(localStorage, keys, cipher)
    : { preloaded: {}, menuUnreadable: false };
  if (menuUnreadable) {
    localStorage.removeItem(keys.state);
    localStorage.removeItem(keys.token);
    pageNavigation.assign(loginUrl());
    return;
  }

  const store = createAppStore(preloaded);
  attachSession(store, cipher ? persist(store, localStorage, keys, cipher) : memoryOnly);

  if (insideRouter()) {
    const target = startupAddress(window.location.search, store.getState().user.userInfo?.userName ?? null);
    if (target !== null) window.history.replaceState(null, '', `${webRoot.routerBase}${target}`);
  }

  applyTheme(document, store.getState().theme.path);
  // Without a session the guard will show the login page: fetch it while the translations load.
  if (!store.getState().user.token) void LoginPage.preload().catch(() => undefined);
  await startI18n();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App store={store} router={createAppRouter(webRoot.routerBase)} />
    </StrictMode>,
  );
}

void bootstrap();
