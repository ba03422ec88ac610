import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SETTING_KEYS } from '@backroom/schema';
import { pageNavigation } from '../config/navigation';
import { logoutUrl } from '../config/webRoot';
import { aesGcmCipher, generateKey } from '../store/cipher';
import { persist, storageKeys } from '../store/persistence';
import { attachSession } from '../store/session';
import { setPageName } from '../store/settingsSlice';
import { setToken } from '../store/userSlice';
import { adminInfo, adminToken, renderWithApp } from '../test/app';
import { UserMenu } from './UserMenu';

const api = vi.hoisted(() => ({
  settings: {} as Record<string, string>,
  logout: vi.fn(async () => undefined),
}));

vi.mock('../api/endpoints', () => ({
  fetchSettings: async (keys: string[]) => Object.fromEntries(keys.map((key) => [key, api.settings[key] ?? ''])),
  menuApi: {
    getTopMenu: async () => [
      { route: 'https://help.example/docs', menuText: 'Help centre' },
      { route: '/print/request', menuText: 'Print requests' },
    ],
  },
  authApi: { logout: api.logout },
}));

const keys = storageKeys('');

async function render() {
  const result = await renderWithApp(<UserMenu />, { preloaded: { user: { userInfo: adminInfo, token: adminToken } } });
  const persister = persist(result.store, localStorage, keys, aesGcmCipher(await generateKey()));
  attachSession(result.store, persister);
  result.store.dispatch(setToken({ accessToken: 'access-2', refreshToken: 'refresh-2' }));
  result.store.dispatch(setPageName('Home'));
  await persister.flush();
  return result;
}

beforeEach(() => {
  api.settings = {};
  api.logout.mockClear();
  localStorage.clear();
});

describe('user menu', () => {
  it('is a menu button that opens from the keyboard and closes with Escape', async () => {
    await render();
    const button = screen.getByRole('button', { name: 'User menu' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');

    button.focus();
    await userEvent.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveFocus());
    await userEvent.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('takes a key pressed right after it opens: Enter then End at once reach Logout', async () => {
    await render();
    screen.getByRole('button', { name: 'User menu' }).focus();
    await userEvent.keyboard('{Enter}{End}');
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toHaveFocus();
  });

  it('lists Profile, the API reference, the top menu links and Logout; portals only when their settings are set', async () => {
    await render();
    await userEvent.click(screen.getByRole('button', { name: 'User menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Help centre' })).toHaveAttribute(
      'href',
      'https://help.example/docs',
    );
    expect(screen.getByRole('menuitem', { name: 'Print requests' })).toHaveAttribute(
      'href',
      'http://localhost:3000/new/print/request',
    );
    expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/profil');
    expect(screen.getByRole('menuitem', { name: 'API reference' })).toHaveAttribute('href', '/api-docs');
    expect(screen.queryByRole('menuitem', { name: 'Report Portal' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Inventory Portal' })).toBeNull();
  });

  it('shows the portals when their settings are non-empty', async () => {
    api.settings = {
      [SETTING_KEYS.reportUrl]: 'https://reports.example/',
      [SETTING_KEYS.inventoryUrl]: 'https://inventory.example/',
    };
    await render();
    await userEvent.click(screen.getByRole('button', { name: 'User menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Report Portal' })).toHaveAttribute(
      'href',
      'https://reports.example/',
    );
    expect(screen.getByRole('menuitem', { name: 'Inventory Portal' })).toHaveAttribute(
      'href',
      'https://inventory.example/',
    );
  });

  it('asks before logging out; Escape and Cancel keep the session', async () => {
    await render();
    await userEvent.click(screen.getByRole('button', { name: 'User menu' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
    const dialog = screen.getByRole('dialog', { name: 'Are you sure want to logout?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Logout' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'User menu' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.logout).not.toHaveBeenCalled();
  });

  it('logs out: server call, session cleared, both keys removed, web URL loaded', async () => {
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    api.logout.mockRejectedValueOnce(new Error('Network Error'));
    const { store } = await render();
    expect(localStorage.getItem(keys.state)).not.toBeNull();
    expect(localStorage.getItem(keys.token)).not.toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'User menu' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith(logoutUrl()));
    expect(api.logout).toHaveBeenCalledTimes(1);
    expect(store.getState().user).toEqual({ userInfo: null, token: null });
    expect(localStorage.getItem(keys.state)).toBeNull();
    expect(localStorage.getItem(keys.token)).toBeNull();
    assign.mockRestore();
  });
});
