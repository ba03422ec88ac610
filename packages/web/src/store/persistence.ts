import type { TokenPair, UserInfo } from '@backroom/schema';
import { FIELD_GROUP_NAMES, THEMES, themePath } from '@backroom/schema';
import type { Cipher } from './cipher';
import type { ClientMenuGroup, ClientMenuItem, MenuState } from './menuSlice';
import type { PageState } from './pageSlice';
import { initialSettings, UNSAVED_FLAGS, type SettingsState } from './settingsSlice';
import type { ThemeState } from './themeSlice';
import type { UserState } from './userSlice';

export interface PersistableState {
  settings: SettingsState;
  theme: ThemeState;
  user: UserState;
  page: PageState;
  menu: MenuState;
}

/** The saved state lives under a key derived from the base path, the token under a second key. */
export interface StorageKeys {
  state: string;
  token: string;
}

export const storageKeys = (basePath: string): StorageKeys => {
  const base = `backroom:${basePath || '/'}`;
  return { state: base, token: `${base}:token` };
};

type UnsavedFlag = (typeof UNSAVED_FLAGS)[number];

export interface SavedState {
  settings: Omit<SettingsState, UnsavedFlag>;
  theme: ThemeState;
  user: { userInfo: UserInfo | null };
  page: PageState;
  menu: MenuState;
}

export function savedState(state: PersistableState): SavedState {
  const settings: Partial<SettingsState> = { ...state.settings };
  for (const flag of UNSAVED_FLAGS) delete settings[flag];
  return {
    settings: settings as Omit<SettingsState, UnsavedFlag>,
    theme: state.theme,
    user: { userInfo: state.user.userInfo },
    page: state.page,
    menu: state.menu,
  };
}

// ---- reading back: anything unknown is treated as empty ----

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isBool = (value: unknown): value is boolean => typeof value === 'boolean';
const isStr = (value: unknown): value is string => typeof value === 'string';
const isNum = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function readSettings(value: unknown): Partial<SettingsState> {
  if (!isObject(value)) return {};
  const out: Loose = {};
  for (const [name, fallback] of Object.entries(initialSettings)) {
    if ((UNSAVED_FLAGS as readonly string[]).includes(name) || name === 'webVersion') continue;
    if (typeof value[name] === typeof fallback) out[name] = value[name];
  }
  return out as Partial<SettingsState>;
}

const THEME_PATHS: readonly string[] = THEMES.map(themePath);

function readTheme(value: unknown): ThemeState | undefined {
  return isObject(value) && isStr(value.path) && THEME_PATHS.includes(value.path) ? { path: value.path } : undefined;
}

function readUserInfo(value: unknown): UserInfo | null {
  if (!isObject(value) || !isNum(value.userId) || !isStr(value.userName) || !isStr(value.role)) return null;
  return {
    userId: value.userId,
    userName: value.userName,
    displayName: isStr(value.displayName) ? value.displayName : value.userName,
    role: value.role,
    email: isStr(value.email) ? value.email : null,
    otpEnabled: isBool(value.otpEnabled) && value.otpEnabled,
    mustChangePassword: isBool(value.mustChangePassword) && value.mustChangePassword,
    ...(Array.isArray(value.fieldGroups)
      ? { fieldGroups: FIELD_GROUP_NAMES.filter((g) => (value.fieldGroups as unknown[]).includes(g)) }
      : {}),
  };
}

function readItem(value: unknown): ClientMenuItem | null {
  if (!isObject(value)) return null;
  const { id, name, path, ableToView, ableToEdit, ableToDelete, ableToSetTable, exportProcedure, label } = value;
  if (!isNum(id) || !isStr(name) || !isStr(path) || !path.startsWith('/')) return null;
  if (!isBool(ableToView) || !isBool(ableToEdit) || !isBool(ableToDelete) || !isBool(ableToSetTable)) return null;
  if (!(exportProcedure === null || isStr(exportProcedure))) return null;
  const item: ClientMenuItem = {
    id,
    name,
    path,
    ableToView,
    ableToEdit,
    ableToDelete,
    ableToSetTable,
    exportProcedure,
  };
  if (isObject(label) && isStr(label.value) && isStr(label.color))
    item.label = { value: label.value, color: label.color };
  return item;
}

/** The stored menu, or `null` when it is present but cannot be read. */
function readMenu(value: unknown): ClientMenuGroup[] | null {
  if (value === undefined) return [];
  if (!isObject(value)) return null;
  const list = value.listMenu;
  if (list === undefined) return [];
  if (!Array.isArray(list)) return null;
  const groups: ClientMenuGroup[] = [];
  for (const group of list) {
    if (!isObject(group) || !isNum(group.id) || !isStr(group.name) || !isStr(group.icon) || !isBool(group.ableToView))
      return null;
    if (!Array.isArray(group.items)) return null;
    const items = group.items.map(readItem);
    if (items.some((item) => item === null)) return null;
    groups.push({
      id: group.id,
      name: group.name,
      icon: group.icon,
      ableToView: group.ableToView,
      items: items as ClientMenuItem[],
    });
  }
  return groups;
}

function readToken(value: unknown): TokenPair | null {
  return isObject(value) &&
    isStr(value.accessToken) &&
    isStr(value.refreshToken) &&
    value.accessToken &&
    value.refreshToken
    ? { accessToken: value.accessToken, refreshToken: value.refreshToken }
    : null;
}

export interface Rehydrated {
  preloaded: Partial<PersistableState>;
  /** The stored menu could not be read; the caller clears storage and goes to login. */
  menuUnreadable: boolean;
}

async function readJson(storage: Storage, key: string, cipher: Cipher): Promise<unknown> {
  const text = storage.getItem(key);
  if (text === null) return undefined;
  try {
    return JSON.parse(await cipher.decrypt(text));
  } catch {
    return undefined;
  }
}

export async function rehydrate(storage: Storage, keys: StorageKeys, cipher: Cipher): Promise<Rehydrated> {
  const [stored, storedToken] = await Promise.all([
    readJson(storage, keys.state, cipher),
    readJson(storage, keys.token, cipher),
  ]);
  if (!isObject(stored)) return { preloaded: {}, menuUnreadable: false };

  const listMenu = readMenu(stored.menu);
  if (listMenu === null) return { preloaded: {}, menuUnreadable: true };

  const userInfo = readUserInfo(isObject(stored.user) ? stored.user.userInfo : undefined);
  const token = readToken(storedToken);
  const page = isObject(stored.page) ? readItem(stored.page.pagePrivilege) : null;
  const theme = readTheme(stored.theme);
  return {
    preloaded: {
      settings: { ...initialSettings, ...readSettings(stored.settings) },
      ...(theme ? { theme } : {}),
      user: { userInfo, token: userInfo ? token : null },
      page: { pagePrivilege: page },
      menu: { listMenu },
    },
    menuUnreadable: false,
  };
}

// ---- writing: every change is saved, in order; clearing stops all further writes ----

export interface Persister {
  /** Removes both keys and stops saving (the page is about to be left). */
  clear(): void;
  /** Resolves once every scheduled write has been done. */
  flush(): Promise<void>;
}

export function persist(
  store: { getState(): PersistableState; subscribe(listener: () => void): () => void },
  storage: Storage,
  keys: StorageKeys,
  cipher: Cipher,
): Persister {
  let stopped = false;
  let chain = Promise.resolve();
  // What the store starts with is already saved (or is the empty state): only changes are written.
  let lastState = JSON.stringify(savedState(store.getState()));
  let lastToken = store.getState().user.token ? JSON.stringify(store.getState().user.token) : '';

  const write = (key: string, text: string | null) => {
    chain = chain
      .then(async () => {
        if (stopped) return;
        const sealed = text === null ? null : await cipher.encrypt(text);
        if (stopped) return;
        if (sealed === null) storage.removeItem(key);
        else storage.setItem(key, sealed);
      })
      .catch((error: unknown) => console.error('Could not save the session', error));
  };

  const save = () => {
    if (stopped) return;
    const state = store.getState();
    const token = state.user.token;
    const tokenText = token ? JSON.stringify(token) : '';
    if (tokenText !== lastToken) {
      lastToken = tokenText;
      write(keys.token, token ? tokenText : null);
    }
    // The saved session is a user's: an anonymous visit (the login page after logout) leaves storage empty.
    if (!state.user.userInfo) return;
    const stateText = JSON.stringify(savedState(state));
    if (stateText !== lastState) {
      lastState = stateText;
      write(keys.state, stateText);
    }
  };

  const unsubscribe = store.subscribe(save);

  return {
    clear() {
      stopped = true;
      unsubscribe();
      storage.removeItem(keys.state);
      storage.removeItem(keys.token);
    },
    flush: () => chain,
  };
}
