import { beforeEach, describe, expect, it } from 'vitest';
import { aesGcmCipher, generateKey, loadCipher, type Cipher, type KeyStore } from './cipher';
import { createAppStore } from './index';
import { setListMenu } from './menuSlice';
import { persist, rehydrate, savedState, storageKeys } from './persistence';
import { setSetting } from './settingsSlice';
import { setTheme } from './themeSlice';
import { signIn, signOut } from './userSlice';

const keys = storageKeys('/backoffice');
const userInfo = {
  userId: 1,
  userName: 'admin',
  displayName: 'Admin',
  role: 'Administrator',
  email: null,
  otpEnabled: false,
  mustChangePassword: false,
};
const token = { accessToken: 'access-1', refreshToken: 'refresh-1' };
const menu = [
  {
    id: 1,
    name: 'Catalogue',
    icon: 'box',
    ableToView: true,
    items: [
      {
        id: 2,
        name: 'Products',
        path: '/product',
        ableToView: true,
        ableToEdit: true,
        ableToDelete: false,
        ableToSetTable: false,
        exportProcedure: null,
      },
    ],
  },
];

let cipher: Cipher;
beforeEach(async () => {
  localStorage.clear();
  cipher = aesGcmCipher(await generateKey());
});

type Store = ReturnType<typeof createAppStore>;

function signIntoStore(store: Store = createAppStore()) {
  store.dispatch(signIn({ userInfo, token }));
  store.dispatch(setListMenu(menu));
  store.dispatch(setTheme('themes/theme-b.css'));
  store.dispatch(setSetting({ name: 'isBoxed', value: true }));
  store.dispatch(setSetting({ name: 'offsidebarOpen', value: true }));
  store.dispatch(setSetting({ name: 'asideToggled', value: true }));
  store.dispatch(setSetting({ name: 'horizontal', value: true }));
  return store;
}

describe('saved state', () => {
  it('derives both storage keys from the base path', () => {
    expect(keys).toEqual({ state: 'backroom:/backoffice', token: 'backroom:/backoffice:token' });
    expect(storageKeys('/shop/setup').state).not.toBe(keys.state);
  });

  it('leaves out offsidebarOpen, asideToggled and horizontal, and keeps the token apart', () => {
    const saved = savedState(signIntoStore().getState());
    expect(saved.settings).not.toHaveProperty('offsidebarOpen');
    expect(saved.settings).not.toHaveProperty('asideToggled');
    expect(saved.settings).not.toHaveProperty('horizontal');
    expect(saved.settings.isBoxed).toBe(true);
    expect(saved.user).toEqual({ userInfo });
  });

  it('stores opaque text and reads the session back through the encryption', async () => {
    const store = createAppStore();
    const persister = persist(store, localStorage, keys, cipher);
    signIntoStore(store);
    await persister.flush();
    const stored = localStorage.getItem(keys.state)!;
    expect(stored).not.toContain('admin');
    expect(localStorage.getItem(keys.token)).not.toContain('access-1');

    const { preloaded, menuUnreadable } = await rehydrate(localStorage, keys, cipher);
    expect(menuUnreadable).toBe(false);
    expect(preloaded.user).toEqual({ userInfo, token });
    expect(preloaded.menu).toEqual({ listMenu: menu });
    expect(preloaded.theme).toEqual({ path: 'themes/theme-b.css' });
    expect(preloaded.settings?.isBoxed).toBe(true);
    expect(preloaded.settings?.offsidebarOpen).toBe(false);
    expect(preloaded.settings?.asideToggled).toBe(false);
    expect(preloaded.settings?.horizontal).toBe(false);
  });

  it('treats text another key wrote as empty', async () => {
    const store = createAppStore();
    const persister = persist(store, localStorage, keys, cipher);
    signIntoStore(store);
    await persister.flush();
    const other = aesGcmCipher(await generateKey());
    expect(await rehydrate(localStorage, keys, other)).toEqual({ preloaded: {}, menuUnreadable: false });
  });

  it('treats unknown fields as empty', async () => {
    localStorage.setItem(
      keys.state,
      await cipher.encrypt(
        JSON.stringify({
          settings: { isBoxed: 'yes', pageName: 4 },
          theme: { path: 'https://evil/x.css' },
          user: { userInfo: { userName: 1 } },
        }),
      ),
    );
    const { preloaded } = await rehydrate(localStorage, keys, cipher);
    expect(preloaded.settings?.isBoxed).toBe(false);
    expect(preloaded.settings?.pageName).toBe('');
    expect(preloaded.theme).toBeUndefined();
    expect(preloaded.user).toEqual({ userInfo: null, token: null });
  });

  it('reports a stored menu that cannot be read', async () => {
    localStorage.setItem(keys.state, await cipher.encrypt(JSON.stringify({ menu: { listMenu: [{ id: 'x' }] } })));
    expect((await rehydrate(localStorage, keys, cipher)).menuUnreadable).toBe(true);
  });

  it('writes nothing until the state changes, and nothing for an anonymous visitor', async () => {
    const store = createAppStore();
    const persister = persist(store, localStorage, keys, cipher);
    await persister.flush();
    store.dispatch(setTheme('themes/theme-d.css'));
    await persister.flush();
    expect(localStorage.length).toBe(0);
  });

  it('removes the token key on sign-out and both keys on clear, saving nothing afterwards', async () => {
    const store = createAppStore();
    const persister = persist(store, localStorage, keys, cipher);
    signIntoStore(store);
    await persister.flush();
    expect(localStorage.getItem(keys.token)).not.toBeNull();
    store.dispatch(signOut());
    await persister.flush();
    expect(localStorage.getItem(keys.token)).toBeNull();

    persister.clear();
    store.dispatch(signIn({ userInfo, token }));
    await persister.flush();
    expect(localStorage.getItem(keys.state)).toBeNull();
    expect(localStorage.getItem(keys.token)).toBeNull();
  });

  it('creates the browser key once and reuses it', async () => {
    let saved: CryptoKey | undefined;
    const keyStore: KeyStore = { load: async () => saved, save: async (key) => void (saved = key) };
    const first = await loadCipher(keyStore);
    const text = await first.encrypt('hello');
    const second = await loadCipher(keyStore);
    expect(await second.decrypt(text)).toBe('hello');
    expect(saved?.extractable).toBe(false);
  });
});
